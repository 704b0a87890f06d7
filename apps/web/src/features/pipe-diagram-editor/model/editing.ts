// Edits of a network document, each a pure function returning a new document (the editor keeps the
// old ones for undo). Nodes are junctions, reservoirs and tanks; links are pipes, pumps and valves
// (EPANET's model: a pump or a valve sits between two nodes). Positions are the document's map
// coordinates (EPANET's [COORDINATES]); SI values everywhere.
import type { NetworkDocument, NetworkJunction, NetworkPipe, NetworkPump, NetworkReservoir, NetworkTank, NetworkValve } from '@simforge/contracts';
import { dropMissingFromQuality, renameLinkInQuality, renameNodeInQuality } from './quality';

export type NodeKind = 'junction' | 'reservoir' | 'tank';
export type LinkKind = 'pipe' | 'pump' | 'valve';
export type ElementKind = NodeKind | LinkKind;

export const nodeCollections = { junction: 'junctions', reservoir: 'reservoirs', tank: 'tanks' } as const;
export const linkCollections = { pipe: 'pipes', pump: 'pumps', valve: 'valves' } as const;

export type NetworkNode = NetworkJunction | NetworkReservoir | NetworkTank;
export type NetworkLink = NetworkPipe | NetworkPump | NetworkValve;

/** An element by kind and id: how the editor names a selection. */
export interface ElementRef {
  kind: ElementKind;
  id: string;
}

export const isNodeKind = (kind: ElementKind): kind is NodeKind => kind in nodeCollections;

/** Id prefixes of new elements (J1, R1, T1, P1, PU1, V1). */
const prefixes: Record<ElementKind, string> = { junction: 'J', reservoir: 'R', tank: 'T', pipe: 'P', pump: 'PU', valve: 'V' };

/** New elements' values: a 100 m pipe of 150 mm, C 100 (or 0.1 mm roughness for Darcy-Weisbach); a 50 m reservoir... */
export function newNode(kind: NodeKind, id: string, position: { x: number; y: number }): NetworkNode {
  switch (kind) {
    case 'junction':
      return { id, elevation: 0, demands: [{ base: 0.001 }], position };
    case 'reservoir':
      return { id, head: 50, position };
    case 'tank':
      return { id, elevation: 30, initialLevel: 3, minLevel: 0.5, maxLevel: 6, diameter: 10, position };
  }
}

/** The pump curve new pumps use: one point, 20 m at 10 L/s (EPANET builds its three-point curve from it). */
export const NEW_PUMP_CURVE_POINT: [number, number] = [0.01, 20];

export function newLink(kind: LinkKind, id: string, from: string, to: string, network: NetworkDocument): NetworkLink {
  switch (kind) {
    case 'pipe':
      return { id, from, to, length: 100, diameter: 0.15, roughness: network.options.headloss === 'D-W' ? 0.0001 : network.options.headloss === 'C-M' ? 0.011 : 100, minorLoss: 0, status: 'open' };
    case 'pump':
      return { id, from, to, headCurve: id, speed: 1, status: 'open' };
    case 'valve':
      return { id, from, to, type: 'PRV', diameter: 0.15, setting: 200_000, minorLoss: 0, status: 'active' };
  }
}

export function nodesOf(network: NetworkDocument): { kind: NodeKind; node: NetworkNode }[] {
  return [
    ...network.junctions.map((node) => ({ kind: 'junction' as const, node })),
    ...network.reservoirs.map((node) => ({ kind: 'reservoir' as const, node })),
    ...network.tanks.map((node) => ({ kind: 'tank' as const, node })),
  ];
}

export function linksOf(network: NetworkDocument): { kind: LinkKind; link: NetworkLink }[] {
  return [
    ...network.pipes.map((link) => ({ kind: 'pipe' as const, link })),
    ...network.pumps.map((link) => ({ kind: 'pump' as const, link })),
    ...network.valves.map((link) => ({ kind: 'valve' as const, link })),
  ];
}

export function findElement(network: NetworkDocument, ref: ElementRef): NetworkNode | NetworkLink | undefined {
  const list = isNodeKind(ref.kind) ? network[nodeCollections[ref.kind]] : network[linkCollections[ref.kind as LinkKind]];
  return (list as { id: string }[]).find((e) => e.id === ref.id) as NetworkNode | NetworkLink | undefined;
}

/** The first free id of a kind: J1, J2, ... (ids are unique among nodes and among links). */
export function nextId(network: NetworkDocument, kind: ElementKind): string {
  const taken = new Set(isNodeKind(kind) ? nodesOf(network).map((n) => n.node.id) : [...linksOf(network).map((l) => l.link.id), ...network.curves.map((c) => c.id)]);
  for (let n = 1; ; n++) {
    const id = `${prefixes[kind]}${n}`;
    if (!taken.has(id)) return id;
  }
}

export function addNode(network: NetworkDocument, kind: NodeKind, position: { x: number; y: number }): { network: NetworkDocument; id: string } {
  const id = nextId(network, kind);
  const key = nodeCollections[kind];
  return { network: { ...network, [key]: [...network[key], newNode(kind, id, position)] }, id };
}

/** A link between two different nodes; a new pump gets its own one-point head curve. */
export function addLink(network: NetworkDocument, kind: LinkKind, from: string, to: string): { network: NetworkDocument; id: string } | null {
  const ids = new Set(nodesOf(network).map((n) => n.node.id));
  if (from === to || !ids.has(from) || !ids.has(to)) return null;
  const id = nextId(network, kind);
  const key = linkCollections[kind];
  const next: NetworkDocument = { ...network, [key]: [...network[key], newLink(kind, id, from, to, network)] };
  if (kind === 'pump') next.curves = [...network.curves, { id, kind: 'pump', points: [NEW_PUMP_CURVE_POINT] }];
  return { network: next, id };
}

export function moveNodes(network: NetworkDocument, moves: ReadonlyMap<string, { x: number; y: number }>): NetworkDocument {
  const move = <T extends NetworkNode>(list: T[]): T[] => list.map((node) => (moves.has(node.id) ? { ...node, position: moves.get(node.id)! } : node));
  return { ...network, junctions: move(network.junctions), reservoirs: move(network.reservoirs), tanks: move(network.tanks) };
}

/**
 * Removes the elements, the links of removed nodes, their controls, their water-quality entries, and
 * the curves only they used (a pump's head curve, a tank's volume curve, a GPV's head-loss curve),
 * which would otherwise linger.
 */
export function deleteElements(network: NetworkDocument, refs: readonly ElementRef[]): NetworkDocument {
  const nodes = new Set(refs.filter((r) => isNodeKind(r.kind)).map((r) => r.id));
  const links = new Set(refs.filter((r) => !isNodeKind(r.kind)).map((r) => r.id));
  const keepLink = (link: NetworkLink) => !links.has(link.id) && !nodes.has(link.from) && !nodes.has(link.to);
  const pumps = network.pumps.filter(keepLink);
  const valves = network.valves.filter(keepLink);
  const tanks = network.tanks.filter((n) => !nodes.has(n.id));
  const curvesNamed = (p: NetworkPump[], t: NetworkTank[], v: NetworkValve[]) => new Set([...p.map((x) => x.headCurve), ...t.map((x) => x.volumeCurve), ...v.flatMap((x) => [x.headlossCurve, x.valveCurve])]);
  const usedBefore = curvesNamed(network.pumps, network.tanks, network.valves);
  const usedAfter = curvesNamed(pumps, tanks, valves);
  const allLinks = new Set([...network.pipes, ...pumps, ...valves].filter(keepLink).map((l) => l.id));
  return dropMissingFromQuality({
    ...network,
    junctions: network.junctions.filter((n) => !nodes.has(n.id)),
    reservoirs: network.reservoirs.filter((n) => !nodes.has(n.id)),
    tanks,
    pipes: network.pipes.filter(keepLink),
    pumps,
    valves,
    curves: network.curves.filter((c) => !usedBefore.has(c.id) || usedAfter.has(c.id)),
    controls: network.controls.filter((c) => allLinks.has(c.link) && (c.condition.kind !== 'node' || !nodes.has(c.condition.node))),
  });
}

/** Replaces one element's fields (an id change is carried to the links, the controls and the water-quality entries). */
export function updateElement(network: NetworkDocument, ref: ElementRef, patch: Record<string, unknown>): NetworkDocument {
  const newId = typeof patch['id'] === 'string' && patch['id'] !== ref.id ? (patch['id'] as string) : null;
  const replace = <T extends { id: string }>(list: T[]): T[] => list.map((e) => (e.id === ref.id ? ({ ...e, ...patch } as T) : e));
  let next: NetworkDocument;
  if (isNodeKind(ref.kind)) {
    const key = nodeCollections[ref.kind];
    next = { ...network, [key]: replace(network[key] as { id: string }[]) } as NetworkDocument;
    if (newId) {
      const rename = <T extends NetworkLink>(list: T[]): T[] => list.map((l) => ({ ...l, from: l.from === ref.id ? newId : l.from, to: l.to === ref.id ? newId : l.to }));
      next = {
        ...next,
        pipes: rename(next.pipes),
        pumps: rename(next.pumps),
        valves: rename(next.valves),
        controls: next.controls.map((c) => (c.condition.kind === 'node' && c.condition.node === ref.id ? { ...c, condition: { ...c.condition, node: newId } } : c)),
      };
      next = renameNodeInQuality(next, ref.id, newId, ref.kind === 'tank');
    }
  } else {
    const key = linkCollections[ref.kind as LinkKind];
    next = { ...network, [key]: replace(network[key] as { id: string }[]) } as NetworkDocument;
    if (newId) next = renameLinkInQuality({ ...next, controls: next.controls.map((c) => (c.link === ref.id ? { ...c, link: newId } : c)) }, ref.id, newId);
  }
  return next;
}

/** Sets the same fields on many elements of one kind (the bulk table). */
export function updateMany(network: NetworkDocument, kind: ElementKind, ids: readonly string[], patch: Record<string, unknown>): NetworkDocument {
  const wanted = new Set(ids);
  const key = isNodeKind(kind) ? nodeCollections[kind] : linkCollections[kind as LinkKind];
  return { ...network, [key]: (network[key] as { id: string }[]).map((e) => (wanted.has(e.id) ? { ...e, ...patch } : e)) } as NetworkDocument;
}

/**
 * Gives every node without a position one (on a grid right of the drawn ones), so that the diagram
 * can show an imported file without coordinates; the positions are written with the file.
 */
export function placeUnpositioned(network: NetworkDocument): NetworkDocument {
  const all = nodesOf(network);
  const missing = all.filter((n) => !n.node.position);
  if (missing.length === 0) return network;
  const placed = all.filter((n) => n.node.position).map((n) => n.node.position!);
  const x0 = placed.length ? Math.max(...placed.map((p) => p.x)) + 100 : 0;
  const y0 = placed.length ? Math.max(...placed.map((p) => p.y)) : 0;
  const columns = Math.ceil(Math.sqrt(missing.length));
  const moves = new Map(missing.map((n, i) => [n.node.id, { x: x0 + (i % columns) * 100, y: y0 - Math.floor(i / columns) * 100 }]));
  return moveNodes(network, moves);
}
