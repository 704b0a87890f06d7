// Simple controls in the panel's terms: LINK x OPEN | CLOSED | setting, IF NODE y ABOVE | BELOW v, or
// AT TIME t (elapsed) or AT CLOCKTIME t (time of day). What a setting or a node value means depends
// on the element: a pump's relative speed, a valve's pressure, flow or loss coefficient; a junction's
// pressure, a tank's level. The document holds SI (Pa, m³/s, m, s); the panel shows kPa, L/s, m, h.
import type { NetworkDocument } from '@simforge/contracts';
import { findElement, isNodeKind, linksOf, nodesOf, type LinkKind, type NodeKind } from './editing';
import { fromSIIn, toSIIn, type Control } from './schedules';

/** A value's meaning: label, display unit and range (in the display unit). */
export interface ValueSpec {
  key: string;
  label: string;
  unit: string;
  min: number;
  max: number;
}

export function linkKindOf(network: NetworkDocument, id: string): LinkKind | undefined {
  return linksOf(network).find((l) => l.link.id === id)?.kind;
}

export function nodeKindOf(network: NetworkDocument, id: string): NodeKind | undefined {
  return nodesOf(network).find((n) => n.node.id === id)?.kind;
}

/** What a numerical setting of the link means, or null when the link takes OPEN or CLOSED only (pipes, GPVs). */
export function settingSpec(network: NetworkDocument, linkId: string): ValueSpec | null {
  const kind = linkKindOf(network, linkId);
  if (kind === 'pump') return { key: 'setting', label: 'Relative speed', unit: '', min: 0, max: 5 };
  if (kind !== 'valve') return null;
  const valve = findElement(network, { kind, id: linkId }) as { type: string };
  if (valve.type === 'PRV' || valve.type === 'PSV') return { key: 'setting', label: 'Pressure setting', unit: 'kPa', min: 0, max: 10_000 };
  if (valve.type === 'PBV') return { key: 'setting', label: 'Pressure drop', unit: 'kPa', min: 0, max: 10_000 };
  if (valve.type === 'FCV') return { key: 'setting', label: 'Flow setting', unit: 'L/s', min: 0, max: 100_000 };
  if (valve.type === 'TCV') return { key: 'setting', label: 'Loss coefficient', unit: '', min: 0, max: 100_000 };
  if (valve.type === 'PCV') return { key: 'setting', label: 'Opening (%)', unit: '', min: 0, max: 100 };
  return null;
}

/** A node condition's value: a junction's pressure, a tank's (or reservoir's) level above its bottom. */
export function conditionSpec(network: NetworkDocument, nodeId: string): ValueSpec {
  return nodeKindOf(network, nodeId) === 'junction'
    ? { key: 'value', label: 'Pressure', unit: 'kPa', min: -1000, max: 100_000 }
    : { key: 'value', label: 'Level', unit: 'm', min: 0, max: 1000 };
}

/**
 * The control with another link. A status stays; a setting keeps the number shown and is read in the
 * new link's terms, or becomes CLOSED when the new link takes no setting.
 */
export function withLink(network: NetworkDocument, control: Control, linkId: string): Control {
  const before = settingSpec(network, control.link);
  const after = settingSpec(network, linkId);
  let action = control.action;
  if (action.setting !== undefined) {
    action = after && before ? { setting: toSIIn(fromSIIn(action.setting, before.unit), after.unit) } : { status: 'closed' };
  }
  return { ...control, link: linkId, action };
}

/** The control watching another node: the number shown stays and is read in that node's terms (kPa or m). */
export function withNode(network: NetworkDocument, control: Control, nodeId: string): Control {
  if (control.condition.kind !== 'node') return control;
  const before = conditionSpec(network, control.condition.node);
  const after = conditionSpec(network, nodeId);
  return { ...control, condition: { ...control.condition, node: nodeId, value: toSIIn(fromSIIn(control.condition.value, before.unit), after.unit) } };
}

export type ConditionKind = Control['condition']['kind'];

/** Another kind of condition: a node (the first tank, else the first junction) or a time (1 h). */
export function withConditionKind(network: NetworkDocument, control: Control, kind: ConditionKind): Control {
  if (kind === control.condition.kind) return control;
  if (kind === 'node') {
    const node = network.tanks[0] ?? network.junctions[0] ?? network.reservoirs[0];
    if (!node) return control;
    const level = 'maxLevel' in node ? node.maxLevel : undefined;
    return { ...control, condition: { kind: 'node', node: node.id, comparison: level !== undefined ? 'above' : 'below', value: level ?? 200_000 } };
  }
  const time = control.condition.kind === 'node' ? 3600 : control.condition.time;
  return { ...control, condition: { kind, time: kind === 'clocktime' ? time % 86_400 : time } };
}

/** Hours as h:mm (or h:mm:ss), as EPANET writes times. */
export function formatHours(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return `${h}:${String(m).padStart(2, '0')}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** A typed time: decimal hours (1.5) or h:mm(:ss) (1:30); seconds, or null when it is not one. */
export function parseHours(text: string): number | null {
  const t = text.trim();
  if (/^\d+(\.\d+)?$/.test(t)) return Math.round(Number(t) * 3600);
  const m = /^(\d+):([0-5]?\d)(?::([0-5]?\d))?$/.exec(t);
  if (!m) return null;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0);
}

const shown = (si: number, spec: ValueSpec | null) => {
  const value = spec ? fromSIIn(si, spec.unit) : si;
  return `${Number(value.toPrecision(10))}${spec?.unit ? ` ${spec.unit}` : ''}`;
};

/** The control as one line in EPANET's words, with the panel's units: `LINK P9 CLOSED IF NODE T1 ABOVE 5.5 m`. */
export function describeControl(network: NetworkDocument, control: Control): string {
  const action = control.action.status ? control.action.status.toUpperCase() : shown(control.action.setting ?? 0, settingSpec(network, control.link));
  const c = control.condition;
  const condition =
    c.kind === 'node' ? `IF NODE ${c.node} ${c.comparison.toUpperCase()} ${shown(c.value, conditionSpec(network, c.node))}` : `AT ${c.kind === 'time' ? 'TIME' : 'CLOCKTIME'} ${formatHours(c.time)}`;
  return `LINK ${control.link} ${action} ${condition}${control.enabled ? '' : ' (disabled)'}`;
}

/** Problems of one control, in the editor's words (what the engine would refuse). */
export function controlProblems(network: NetworkDocument, control: Control): string[] {
  const problems: string[] = [];
  const kind = linkKindOf(network, control.link);
  if (!kind) problems.push(`Link ${control.link} does not exist`);
  else {
    const link = findElement(network, { kind, id: control.link }) as { status?: string };
    if (kind === 'pipe' && link.status === 'cv') problems.push(`Pipe ${control.link} is a check valve and cannot be controlled`);
    if (control.action.status === undefined) {
      if (control.action.setting === undefined) problems.push('Needs OPEN, CLOSED or a setting');
      else if (!settingSpec(network, control.link)) problems.push(`${kind === 'pipe' ? 'A pipe' : 'A GPV'} takes OPEN or CLOSED only`);
      else if (control.action.setting < 0) problems.push('The setting must be 0 or more');
    }
  }
  const c = control.condition;
  if (c.kind === 'node') {
    const nodeKind = nodeKindOf(network, c.node);
    if (!nodeKind || !isNodeKind(nodeKind)) problems.push(`Node ${c.node} does not exist`);
  } else if (c.kind === 'clocktime' && c.time >= 86_400) problems.push('A time of day is before 24:00');
  return problems;
}
