// Checks before saving, in the editor's words: what the engine would refuse (no source of water,
// junctions that no path joins to a reservoir or tank, links to missing nodes, repeated ids, a pump
// without a curve, tank levels out of order; patterns, curves and controls the engine would refuse;
// pressure-driven demand values out of order; water-quality and energy settings the `.inp` reader or
// the engine would refuse). Each issue names its element (or its pattern, curve or control, or the
// network setting) so that the diagram and the panels can show the message beside it;
// issues naming none concern the whole network. The rules text is checked by the server, with the
// engine's own parser (see NetworkInpDiagram), not here.
import type { NetworkDocument } from '@simforge/contracts';
import { pdaProblems } from './demandModel';
import { energyIssues } from './energy';
import { linksOf, nodesOf, type ElementRef } from './editing';
import { qualityIssues } from './qualityChecks';
import { referenceIssues, scheduleIssues, type ScheduleKind } from './scheduleChecks';

/** The network settings an issue can name: the demand model's values, water quality, energy. */
export type NetworkSetting = 'demandModel' | 'quality' | 'energy';
const settingPlaces: Record<NetworkSetting, string> = { demandModel: 'demand model', quality: 'water quality', energy: 'energy' };

export interface NetworkIssue {
  element?: ElementRef;
  /** A pattern or curve by id, a control by its index. */
  schedule?: { kind: ScheduleKind; id: string };
  /** A network setting. */
  setting?: NetworkSetting;
  message: string;
}

export const NO_SOURCE = 'The network has no source: add a reservoir or a tank.';
export const NO_JUNCTION = 'The network has no junction: add one.';
export const DISCONNECTED = 'Not connected to any reservoir or tank';

export function validateNetwork(network: NetworkDocument): NetworkIssue[] {
  const issues: NetworkIssue[] = [];
  const nodes = nodesOf(network);
  const links = linksOf(network);
  if (network.junctions.length === 0) issues.push({ message: NO_JUNCTION });
  if (network.reservoirs.length + network.tanks.length === 0) issues.push({ message: NO_SOURCE });

  const seenNodes = new Set<string>();
  for (const { kind, node } of nodes) {
    if (seenNodes.has(node.id)) issues.push({ element: { kind, id: node.id }, message: `Another node is also called ${node.id}` });
    seenNodes.add(node.id);
  }
  const seenLinks = new Set<string>();
  for (const { kind, link } of links) {
    const element = { kind, id: link.id };
    if (seenLinks.has(link.id)) issues.push({ element, message: `Another link is also called ${link.id}` });
    seenLinks.add(link.id);
    for (const end of [link.from, link.to]) if (!seenNodes.has(end)) issues.push({ element, message: `Connects to node ${end}, which does not exist` });
    if (link.from === link.to) issues.push({ element, message: 'Starts and ends at the same node' });
  }
  for (const pump of network.pumps) {
    const curve = pump.headCurve ? network.curves.find((c) => c.id === pump.headCurve) : undefined;
    if (pump.headCurve && !curve) issues.push({ element: { kind: 'pump', id: pump.id }, message: `Head curve ${pump.headCurve} does not exist` });
    if (!pump.headCurve && !(pump.power && pump.power > 0)) issues.push({ element: { kind: 'pump', id: pump.id }, message: 'Needs a head curve or a power' });
  }
  for (const tank of network.tanks) {
    if (!(tank.minLevel <= tank.initialLevel && tank.initialLevel <= tank.maxLevel)) {
      issues.push({ element: { kind: 'tank', id: tank.id }, message: 'The initial level must lie between the minimum and maximum levels' });
    }
  }

  // Disconnected parts: junctions no path of links (whatever their status) joins to a source.
  if (network.reservoirs.length + network.tanks.length > 0) {
    const neighbours = new Map<string, string[]>(nodes.map((n) => [n.node.id, []]));
    for (const { link } of links) {
      neighbours.get(link.from)?.push(link.to);
      neighbours.get(link.to)?.push(link.from);
    }
    const reached = new Set<string>();
    const queue = [...network.reservoirs, ...network.tanks].map((n) => n.id);
    for (const id of queue) reached.add(id);
    while (queue.length > 0) {
      const id = queue.pop()!;
      for (const next of neighbours.get(id) ?? []) {
        if (!reached.has(next)) {
          reached.add(next);
          queue.push(next);
        }
      }
    }
    for (const junction of network.junctions) if (!reached.has(junction.id)) issues.push({ element: { kind: 'junction', id: junction.id }, message: DISCONNECTED });
  }
  issues.push(...referenceIssues(network), ...scheduleIssues(network));
  for (const { message } of pdaProblems(network)) issues.push({ setting: 'demandModel', message });
  issues.push(...qualityIssues(network), ...energyIssues(network));
  return issues;
}

/** Issues by element (`kind:id`), for the diagram and the panel. */
export function issuesByElement(issues: readonly NetworkIssue[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const issue of issues) {
    if (!issue.element) continue;
    const key = elementKey(issue.element);
    map.set(key, [...(map.get(key) ?? []), issue.message]);
  }
  return map;
}

export const elementKey = (ref: ElementRef): string => `${ref.kind}:${ref.id}`;

/** The messages of the issues of one pattern, curve or control (a control's id is its index). */
export function scheduleMessages(issues: readonly NetworkIssue[], kind: ScheduleKind, id: string): string[] {
  return issues.filter((i) => i.schedule?.kind === kind && i.schedule.id === id).map((i) => i.message);
}

/** Where an issue is, in words: `junction J2`, `pattern PAT1`, `control 3` (controls are counted from 1), `demand model`, `water quality`. */
export function issuePlace(issue: NetworkIssue): string | null {
  if (issue.element) return `${issue.element.kind} ${issue.element.id}`;
  if (issue.setting) return settingPlaces[issue.setting];
  if (issue.schedule) return issue.schedule.kind === 'control' ? `control ${Number(issue.schedule.id) + 1}` : `${issue.schedule.kind} ${issue.schedule.id}`;
  return null;
}
