// The network map's geometry from the document's coordinates (EPANET's map, y up), turned to screen
// axes (x right, y down) in map units. One linear pass packs it into typed arrays — node positions and
// kinds, each link's polyline as a run of points — which the canvas draws and the picking index
// reads for networks of 100 000 junctions and more; the SVG's element lists are made from the same
// packing. Bounds are found with loops: spreading 100 000 numbers into Math.min throws RangeError.
import type { NetworkDocument } from '@simforge/contracts';

export const NODE_KINDS = ['junction', 'reservoir', 'tank'] as const;
export const LINK_KINDS = ['pipe', 'pump', 'valve'] as const;
export type NodeKind = (typeof NODE_KINDS)[number];
export type LinkKind = (typeof LINK_KINDS)[number];

/** The view box (screen axes, map units) and the size the SVG scales its dots by. */
export interface MapBounds {
  x: number;
  y: number;
  width: number;
  height: number;
  size: number;
}

/** The drawable network: the placed nodes, and the links whose both ends are placed. */
export interface PackedGeometry {
  nodeIds: string[];
  nodeX: Float64Array;
  nodeY: Float64Array;
  /** Index into NODE_KINDS. */
  nodeKind: Uint8Array;
  linkIds: string[];
  /** Index into LINK_KINDS. */
  linkKind: Uint8Array;
  /** Link k's points are linkXY[2 i], linkXY[2 i + 1] for i in [linkStart[k], linkStart[k + 1]). */
  linkStart: Uint32Array;
  /** The links' points, x and y interleaved: from node, vertices, to node. */
  linkXY: Float64Array;
  /** Nodes without coordinates (not drawn, nor their links). */
  unplaced: number;
  bounds: MapBounds;
}

/** The smallest rectangle (screen axes, map units) around the points given to `extendExtent`. */
export interface Extent {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** An extent around no point yet: its minima are +Infinity until a point is added. */
export const emptyExtent = (): Extent => ({ minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity });

/** Grows the extent, in place, to take in the point (x, y). */
export function extendExtent(e: Extent, x: number, y: number): void {
  if (x < e.minX) e.minX = x;
  if (x > e.maxX) e.maxX = x;
  if (y < e.minY) e.minY = y;
  if (y > e.maxY) e.maxY = y;
}

/**
 * The view box around the nodes with a margin of 5 % of `size`. `size` is the larger side of the
 * box spanned by the nodes and the origin (with at least one unit each way): the SVG has always
 * measured it so and sizes its dots by it; it is kept so the SVG draws as before.
 */
export function mapBounds(xs: ArrayLike<number>, ys: ArrayLike<number>): MapBounds {
  const n = xs.length;
  if (n === 0) return { x: 0, y: 0, width: 1, height: 1, size: 1 };
  const e = emptyExtent();
  for (let i = 0; i < n; i++) extendExtent(e, xs[i]!, ys[i]!);
  const { minX, maxX, minY, maxY } = e;
  // The extent of the nodes alone: coordinates far from the origin (national-grid metres) would
  // otherwise make the dots and the margin as large as the distance to 0.
  const size = Math.max(maxX - minX, maxY - minY) || 1;
  const pad = size * 0.05;
  return { x: minX - pad, y: minY - pad, width: maxX - minX + 2 * pad || size, height: maxY - minY + 2 * pad || size, size };
}

interface Placed {
  id: string;
  position?: { x: number; y: number };
}
interface Joined {
  id: string;
  from: string;
  to: string;
  vertices?: { x: number; y: number }[];
}

function packNodes(network: NetworkDocument) {
  const lists: readonly (readonly Placed[])[] = [network.junctions, network.reservoirs, network.tanks];
  let placed = 0;
  for (const list of lists) for (const n of list) if (n.position) placed++;
  const nodeIds: string[] = new Array<string>(placed);
  const nodeX = new Float64Array(placed);
  const nodeY = new Float64Array(placed);
  const nodeKind = new Uint8Array(placed);
  const where = new Map<string, number>();
  let i = 0;
  lists.forEach((list, kind) => {
    for (const n of list) {
      if (!n.position) continue;
      nodeIds[i] = n.id;
      nodeX[i] = n.position.x;
      nodeY[i] = -n.position.y;
      nodeKind[i] = kind;
      where.set(n.id, i);
      i++;
    }
  });
  const total = network.junctions.length + network.reservoirs.length + network.tanks.length;
  return { nodeIds, nodeX, nodeY, nodeKind, where, unplaced: total - placed };
}

function packLinks(network: NetworkDocument, where: ReadonlyMap<string, number>, nodeX: Float64Array, nodeY: Float64Array) {
  const lists: readonly (readonly Joined[])[] = [network.pipes, network.pumps, network.valves];
  // First pass: which links are drawn and how many points they take.
  let links = 0;
  let points = 0;
  for (const list of lists) {
    for (const l of list) {
      if (!where.has(l.from) || !where.has(l.to)) continue;
      links++;
      points += 2 + (l.vertices?.length ?? 0);
    }
  }
  const linkIds: string[] = new Array<string>(links);
  const linkKind = new Uint8Array(links);
  const linkStart = new Uint32Array(links + 1);
  const linkXY = new Float64Array(2 * points);
  let k = 0;
  let p = 0;
  const put = (x: number, y: number) => {
    linkXY[2 * p] = x;
    linkXY[2 * p + 1] = y;
    p++;
  };
  lists.forEach((list, kind) => {
    for (const l of list) {
      const a = where.get(l.from);
      const b = where.get(l.to);
      if (a === undefined || b === undefined) continue;
      linkIds[k] = l.id;
      linkKind[k] = kind;
      linkStart[k] = p;
      put(nodeX[a]!, nodeY[a]!);
      for (const v of l.vertices ?? []) put(v.x, -v.y);
      put(nodeX[b]!, nodeY[b]!);
      k++;
    }
  });
  linkStart[links] = p;
  return { linkIds, linkKind, linkStart, linkXY };
}

/** The network packed into typed arrays, in linear time (the engine's order: junctions, reservoirs, tanks; pipes, pumps, valves). */
export function packGeometry(network: NetworkDocument): PackedGeometry {
  const { nodeIds, nodeX, nodeY, nodeKind, where, unplaced } = packNodes(network);
  const links = packLinks(network, where, nodeX, nodeY);
  return { nodeIds, nodeX, nodeY, nodeKind, ...links, unplaced, bounds: mapBounds(nodeX, nodeY) };
}

/** What the SVG draws: a viewBox, and an element per node and per link. */
export interface Geometry {
  viewBox: string;
  size: number;
  nodes: { id: string; x: number; y: number; kind: NodeKind }[];
  links: { id: string; points: string; kind: LinkKind }[];
  unplaced: number;
}

/** Screen geometry for the SVG: x right, y down (the map's y flipped), in map units. */
export function mapGeometry(network: NetworkDocument): Geometry {
  const g = packGeometry(network);
  const nodes: Geometry['nodes'] = g.nodeIds.map((id, i) => ({ id, x: g.nodeX[i]!, y: g.nodeY[i]!, kind: NODE_KINDS[g.nodeKind[i]!]! }));
  const links: Geometry['links'] = g.linkIds.map((id, k) => {
    const parts: string[] = [];
    for (let p = g.linkStart[k]!; p < g.linkStart[k + 1]!; p++) parts.push(`${g.linkXY[2 * p]},${g.linkXY[2 * p + 1]}`);
    return { id, kind: LINK_KINDS[g.linkKind[k]!]!, points: parts.join(' ') };
  });
  const b = g.bounds;
  return { viewBox: [b.x, b.y, b.width, b.height].join(' '), size: b.size, nodes, links, unplaced: g.unplaced };
}
