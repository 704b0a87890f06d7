// Which element of the canvas map is under the pointer: a uniform grid over the map, built once per
// network, with each node in the cell it lies in and each link segment in every cell its bounding box
// touches. A query reads the cells around the point only: the nearest node within a node radius wins,
// else the nearest link within a link radius (point–segment distance). Segments whose box spans many
// cells (a long pipe across the map) are kept in a short list every query reads, so that a few long
// links do not fill thousands of cells. A canvas point is picked through the view transform the
// map is drawn with, with radii in screen pixels, so that a click finds what is under it at any zoom.
import { emptyExtent, extendExtent, type PackedGeometry } from './mapGeometry';
import type { MapView } from './viewTransform';

/** A segment whose bounding box covers more cells than this is read by every query instead. */
const WIDE_SEGMENT_CELLS = 64;
/** The grid holds about this many elements a cell. */
const PER_CELL = 2;

export interface PickIndex {
  geometry: PackedGeometry;
  x0: number;
  y0: number;
  cell: number;
  nx: number;
  ny: number;
  /** Nodes of cell c: nodeItems[nodeStart[c] .. nodeStart[c + 1]). */
  nodeStart: Uint32Array;
  nodeItems: Uint32Array;
  /** Segments (by the index of their first point) of cell c: segmentItems[segmentStart[c] .. segmentStart[c + 1]). */
  segmentStart: Uint32Array;
  segmentItems: Uint32Array;
  wideSegments: Uint32Array;
  /** The link each point belongs to. */
  pointLink: Uint32Array;
}

export interface MapPick {
  elements: 'node' | 'link';
  /** Index into the geometry's nodeIds or linkIds. */
  index: number;
  /** Distance from the point, in map units. */
  distance: number;
}

function extent(g: PackedGeometry) {
  const e = emptyExtent();
  for (let i = 0; i < g.nodeX.length; i++) extendExtent(e, g.nodeX[i]!, g.nodeY[i]!);
  for (let i = 0; i < g.linkXY.length; i += 2) extendExtent(e, g.linkXY[i]!, g.linkXY[i + 1]!);
  return Number.isFinite(e.minX) ? e : { minX: 0, maxX: 1, minY: 0, maxY: 1 };
}

/** Prefix sums of per-cell counts, in place into a start array of nCells + 1 entries. */
function starts(counts: Uint32Array): Uint32Array {
  const start = new Uint32Array(counts.length + 1);
  for (let c = 0; c < counts.length; c++) start[c + 1] = start[c]! + counts[c]!;
  return start;
}

type Grid = Pick<PickIndex, 'x0' | 'y0' | 'cell' | 'nx' | 'ny'>;

function gridFor(g: PackedGeometry): Grid {
  const { minX, maxX, minY, maxY } = extent(g);
  const span = Math.max(maxX - minX, maxY - minY) || 1;
  const w = Math.max(maxX - minX, span * 1e-3);
  const h = Math.max(maxY - minY, span * 1e-3);
  const elements = g.nodeX.length + (g.linkXY.length / 2 - g.linkIds.length);
  const cell = Math.sqrt((w * h) / Math.max(1, elements / PER_CELL));
  return { x0: minX, y0: minY, cell, nx: Math.max(1, Math.ceil(w / cell)), ny: Math.max(1, Math.ceil(h / cell)) };
}

const column = (grid: Grid, x: number) => Math.min(grid.nx - 1, Math.max(0, Math.floor((x - grid.x0) / grid.cell)));
const row = (grid: Grid, y: number) => Math.min(grid.ny - 1, Math.max(0, Math.floor((y - grid.y0) / grid.cell)));

function bucketNodes(g: PackedGeometry, grid: Grid) {
  const n = g.nodeX.length;
  const cellOf = new Uint32Array(n);
  const counts = new Uint32Array(grid.nx * grid.ny);
  for (let i = 0; i < n; i++) {
    const c = row(grid, g.nodeY[i]!) * grid.nx + column(grid, g.nodeX[i]!);
    cellOf[i] = c;
    counts[c]!++;
  }
  const nodeStart = starts(counts);
  const fill = nodeStart.slice(0, -1);
  const nodeItems = new Uint32Array(n);
  for (let i = 0; i < n; i++) nodeItems[fill[cellOf[i]!]!++] = i;
  return { nodeStart, nodeItems };
}

/** Calls `visit(cell)` for each cell of the segment's box, or returns false (visiting none) if the box is wide. */
function segmentCells(g: PackedGeometry, grid: Grid, p: number, visit: (cell: number) => void): boolean {
  const ax = g.linkXY[2 * p]!;
  const ay = g.linkXY[2 * p + 1]!;
  const bx = g.linkXY[2 * p + 2]!;
  const by = g.linkXY[2 * p + 3]!;
  const c0 = column(grid, Math.min(ax, bx));
  const c1 = column(grid, Math.max(ax, bx));
  const r0 = row(grid, Math.min(ay, by));
  const r1 = row(grid, Math.max(ay, by));
  if ((c1 - c0 + 1) * (r1 - r0 + 1) > WIDE_SEGMENT_CELLS) return false;
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) visit(r * grid.nx + c);
  return true;
}

function bucketSegments(g: PackedGeometry, grid: Grid) {
  const links = g.linkIds.length;
  const pointLink = new Uint32Array(g.linkXY.length / 2);
  const counts = new Uint32Array(grid.nx * grid.ny);
  const wide: number[] = [];
  const count = (cell: number) => void counts[cell]!++;
  for (let k = 0; k < links; k++) {
    const end = g.linkStart[k + 1]!;
    for (let p = g.linkStart[k]!; p < end; p++) {
      pointLink[p] = k;
      if (p < end - 1 && !segmentCells(g, grid, p, count)) wide.push(p);
    }
  }
  const segmentStart = starts(counts);
  const fill = segmentStart.slice(0, -1);
  const segmentItems = new Uint32Array(segmentStart[counts.length]!);
  let current = 0;
  const put = (cell: number) => void (segmentItems[fill[cell]!++] = current);
  for (let k = 0; k < links; k++) {
    const end = g.linkStart[k + 1]! - 1;
    for (let p = g.linkStart[k]!; p < end; p++) {
      current = p;
      segmentCells(g, grid, p, put);
    }
  }
  return { segmentStart, segmentItems, wideSegments: Uint32Array.from(wide), pointLink };
}

/** The picking index of a packed network: linear in its nodes and segments (short segments). */
export function buildPickIndex(geometry: PackedGeometry): PickIndex {
  const grid = gridFor(geometry);
  return { geometry, ...grid, ...bucketNodes(geometry, grid), ...bucketSegments(geometry, grid) };
}

/** Squared distance from (x, y) to the segment from (ax, ay) to (bx, by). */
export function segmentDistance2(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 > 0 ? Math.min(1, Math.max(0, ((x - ax) * dx + (y - ay) * dy) / length2)) : 0;
  const ex = ax + t * dx - x;
  const ey = ay + t * dy - y;
  return ex * ex + ey * ey;
}

/** Calls `visit(cell)` for every cell that meets the square of half-side r around (x, y). */
function nearbyCells(index: PickIndex, x: number, y: number, r: number, visit: (cell: number) => void) {
  const c0 = column(index, x - r);
  const c1 = column(index, x + r);
  const r0 = row(index, y - r);
  const r1 = row(index, y + r);
  for (let j = r0; j <= r1; j++) for (let i = c0; i <= c1; i++) visit(j * index.nx + i);
}

function nearestNode(index: PickIndex, x: number, y: number, radius: number): MapPick | null {
  const g = index.geometry;
  let best = -1;
  let bestD2 = radius * radius;
  nearbyCells(index, x, y, radius, (cell) => {
    for (let s = index.nodeStart[cell]!; s < index.nodeStart[cell + 1]!; s++) {
      const i = index.nodeItems[s]!;
      const dx = g.nodeX[i]! - x;
      const dy = g.nodeY[i]! - y;
      const d2 = dx * dx + dy * dy;
      if (d2 < bestD2 || (d2 === bestD2 && (best < 0 || i < best))) {
        best = i;
        bestD2 = d2;
      }
    }
  });
  return best < 0 ? null : { elements: 'node', index: best, distance: Math.sqrt(bestD2) };
}

function nearestLink(index: PickIndex, x: number, y: number, radius: number): MapPick | null {
  const g = index.geometry;
  const xy = g.linkXY;
  let best = -1;
  let bestD2 = radius * radius;
  const consider = (p: number) => {
    const d2 = segmentDistance2(x, y, xy[2 * p]!, xy[2 * p + 1]!, xy[2 * p + 2]!, xy[2 * p + 3]!);
    const k = index.pointLink[p]!;
    if (d2 < bestD2 || (d2 === bestD2 && (best < 0 || k < best))) {
      best = k;
      bestD2 = d2;
    }
  };
  nearbyCells(index, x, y, radius, (cell) => {
    for (let s = index.segmentStart[cell]!; s < index.segmentStart[cell + 1]!; s++) consider(index.segmentItems[s]!);
  });
  for (const p of index.wideSegments) consider(p);
  return best < 0 ? null : { elements: 'link', index: best, distance: Math.sqrt(bestD2) };
}

/**
 * The element at (x, y) (map units, screen axes): the nearest node within `nodeRadius`, else the
 * nearest link within `linkRadius`, else null. Equal distances go to the element first in the
 * network's order.
 */
export function pickAt(index: PickIndex, x: number, y: number, nodeRadius: number, linkRadius: number): MapPick | null {
  return nearestNode(index, x, y, nodeRadius) ?? nearestLink(index, x, y, linkRadius);
}

/**
 * The element at the canvas point (px, py) (CSS px) of a map drawn through `view`. The radii are in
 * CSS pixels: zoomed in, they cover less of the map, so close elements can be told apart.
 */
export function pickOnScreen(index: PickIndex, view: MapView, px: number, py: number, nodeRadiusPx: number, linkRadiusPx: number): MapPick | null {
  return pickAt(index, (px - view.dx) / view.scale, (py - view.dy) / view.scale, nodeRadiusPx / view.scale, linkRadiusPx / view.scale);
}
