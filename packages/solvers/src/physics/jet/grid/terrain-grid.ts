// A terrain-following (σ) grid over a ridge on the plate of a planar impinging jet (docs/adr/0021);
// the product's ridges use it (impinging-jet.ts).
//
// The columns stay the flat grid's lines of constant s (its y-faces), so the y-faces' area vectors are
// exactly ±ŝ. Only the x-faces follow the ridge: with x from the nozzle plane x_top to the plate,
//   x_f(i, s) = x_top + σ_i (x_s(s) − x_top),   σ_i = (x_i − x_top)/(x_plate − x_top),
// x_i the flat grid's axial faces and x_s(s) = x_plate − z_s(|s|) the ridge's surface (the plate where
// there is no ridge). So the nozzle plane stays flat, the plate's wall grading is carried over the ridge
// (compressed by (x_s − x_top)/(x_plate − x_top)), and the non-orthogonality equals the surface slope.
//
// The polygon [s, z] (mirrored about the axis, as impinging-jet.ts does) must be a graph z_s(|s|) ≥ 0
// resting on the plate, with slopes of at most 65° (apex ≥ 50°) on [0, R]; any other polygon is answered
// with 'not-graph', and the caller keeps today's blocked cells. The polygon's vertices are moved onto
// column faces (the nearest interior face is snapped to each), so the surface is the polygon exactly.

import { quadFaceGeometry, quadMeshNodes, type FaceGeometry } from './face-geometry.js';

type Polygon = readonly (readonly [number, number])[];

/**
 * The steepest surface slope a σ grid accepts: 65° (apex ≥ 50°). The non-orthogonality equals the slope.
 * The Falkner–Skan wedge matches its similarity solution within 3 % up to 70° (falkner-skan-wedge.test.ts),
 * but the product's turbulent ridge on the fine preset diverges at 70° (a 40° apex, iteration 608) and
 * converges at 65° and 60° (2 221 and 1 930 iterations). The first limit chosen was 60°.
 */
export const MAX_TERRAIN_SLOPE_DEGREES = 65;

/** A ridge's surface z_s(s) on [0, R], piecewise linear between the breakpoints `s`. */
export interface RidgeGraph {
  kind: 'graph';
  s: number[];
  z: number[];
  /** Steepest segment (degrees). */
  maxSlopeDegrees: number;
}

export interface NotGraph {
  kind: 'not-graph';
  reason: string;
}

/** Where the vertical line at s crosses the polygon's edges: the heights, and the edge of each. */
function crossings(polygon: Polygon, s: number, mirrored: boolean): { z: number; edge: [number, number, number, number] }[] {
  const out: { z: number; edge: [number, number, number, number] }[] = [];
  for (let k = 0, m = polygon.length - 1; k < polygon.length; m = k++) {
    const sk = mirrored ? -polygon[k]![0] : polygon[k]![0];
    const sm = mirrored ? -polygon[m]![0] : polygon[m]![0];
    const zk = polygon[k]![1];
    const zm = polygon[m]![1];
    if (sk > s !== sm > s) out.push({ z: zk + ((s - sk) * (zm - zk)) / (sm - sk), edge: [sk, zk, sm, zm] });
  }
  return out.sort((a, b) => a.z - b.z);
}

/** The solid intervals [z_lo, z_hi] of the polygon on the vertical line at s (even-odd rule). */
function intervals(list: { z: number; edge: [number, number, number, number] }[]): { lo: number; hi: number; edge: [number, number, number, number] }[] {
  const out: { lo: number; hi: number; edge: [number, number, number, number] }[] = [];
  for (let k = 0; k + 1 < list.length; k += 2) out.push({ lo: list[k]!.z, hi: list[k + 1]!.z, edge: list[k + 1]!.edge });
  return out;
}

/**
 * The polygon's (mirrored) surface as a graph z_s(|s|) on [0, R], or why it is not one: between two
 * consecutive vertex abscissae the solid must be one interval from the plate up (no overhang, no gap
 * under the ridge), the surface continuous (no vertical edge inside the domain), and no steeper than
 * `maxSlopeDegrees`.
 */
export function ridgeGraph(polygon: Polygon, R: number, maxSlopeDegrees = MAX_TERRAIN_SLOPE_DEGREES): RidgeGraph | NotGraph {
  const height = Math.max(...polygon.map((q) => Math.abs(q[1])));
  const tolerance = 1e-9 * Math.max(height, R);
  const breaks = [...new Set([0, R, ...polygon.map((q) => Math.abs(q[0])).filter((s) => s < R)])].sort((a, b) => a - b);
  const s: number[] = [breaks[0]!];
  const z: number[] = [];
  let maxSlope = 0;
  for (let m = 0; m + 1 < breaks.length; m++) {
    const [a, b] = [breaks[m]!, breaks[m + 1]!];
    const mid = 0.5 * (a + b);
    // Union of the polygon's and its mirror's solid on the line; it must be [0, top] or empty.
    const solid = [...intervals(crossings(polygon, mid, false)), ...intervals(crossings(polygon, mid, true))].sort((p, q) => p.lo - q.lo);
    let left = 0;
    let right = 0;
    if (solid.length > 0) {
      if (Math.abs(solid[0]!.lo) > tolerance) return { kind: 'not-graph', reason: `at s = ${mid} m the ridge does not rest on the plate (lowest solid z = ${solid[0]!.lo} m)` };
      let top = solid[0]!;
      for (const piece of solid.slice(1)) {
        if (piece.lo > top.hi + tolerance) return { kind: 'not-graph', reason: `at s = ${mid} m the polygon has an overhang (solid pieces above a gap)` };
        if (piece.hi > top.hi) top = piece;
      }
      // The top edge is straight between consecutive vertex abscissae (its ends in the line's frame,
      // mirrored for the mirror's edges): evaluate it at both ends.
      const [s0, z0, s1, z1] = top.edge;
      left = z0 + ((a - s0) * (z1 - z0)) / (s1 - s0);
      right = z0 + ((b - s0) * (z1 - z0)) / (s1 - s0);
    }
    if (m === 0) z.push(left);
    else if (Math.abs(left - z[z.length - 1]!) > tolerance) return { kind: 'not-graph', reason: `the surface jumps at s = ${a} m (a vertical edge)` };
    s.push(b);
    z.push(right);
    maxSlope = Math.max(maxSlope, Math.abs(right - left) / (b - a));
  }
  // (A vertical edge at the ridge's foot shows as a jump to the plate's 0 above.)
  const steepest = (Math.atan(maxSlope) * 180) / Math.PI;
  if (steepest > maxSlopeDegrees * (1 + 1e-12)) return { kind: 'not-graph', reason: `a face is steeper (${steepest.toFixed(1)}°) than ${maxSlopeDegrees}°` };
  return { kind: 'graph', s, z, maxSlopeDegrees: steepest };
}

/** z_s(s) by linear interpolation in the graph (0 beyond its end); exact at the breakpoints. */
function surfaceHeight(graph: RidgeGraph, s: number): number {
  const k = graph.s.findIndex((b) => b >= s);
  if (k < 0) return 0;
  if (graph.s[k] === s) return graph.z[k]!;
  if (k === 0) return graph.z[0]!;
  const t = (s - graph.s[k - 1]!) / (graph.s[k]! - graph.s[k - 1]!);
  return graph.z[k - 1]! + t * (graph.z[k]! - graph.z[k - 1]!);
}

/** A σ grid's plan: its columns and surface, decided without building its O(cells) geometry. */
export interface TerrainPlan {
  kind: 'plan';
  nx: number;
  ny: number;
  /** The nozzle plane's x (the axial faces' first). */
  top: number;
  /** σ_i of the axial faces (0 at the nozzle plane, 1 at the surface). */
  sigma: Float64Array;
  /** Column faces (the flat grid's y-faces with the polygon's vertices snapped onto them). */
  columns: Float64Array;
  /** Surface x_s at each column face. */
  surface: Float64Array;
  /** Largest move of a column face onto a vertex (m). */
  snapped: number;
  graph: RidgeGraph;
}

export interface TerrainGrid extends Omit<TerrainPlan, 'kind'> {
  kind: 'grid';
  /** Corner coordinates, index i + (nx+1)·j. */
  cornerX: Float64Array;
  cornerY: Float64Array;
  faces: FaceGeometry;
}

/**
 * The σ grid's plan of a planar ridge case: `axialFaces` the flat grid's x-faces (nozzle plane first,
 * plate last), `columnFaces` its y-faces (axis first), `polygon` the ridge [s, z] on the plate. Costs
 * O(nx + ny): the estimate's work plan and the grid share it.
 */
export function planTerrainGrid(options: { axialFaces: ArrayLike<number>; columnFaces: ArrayLike<number>; polygon: Polygon }): TerrainPlan | NotGraph {
  const axial = Float64Array.from(options.axialFaces);
  const columns = Float64Array.from(options.columnFaces);
  const nx = axial.length - 1;
  const ny = columns.length - 1;
  const top = axial[0]!;
  const plate = axial[nx]!;
  const R = columns[ny]!;
  const graph = ridgeGraph(options.polygon, R);
  if (graph.kind !== 'graph') return graph;
  // Each vertex inside (0, R) takes the nearest interior column face.
  let snapped = 0;
  for (const s of graph.s) {
    if (s <= columns[0]! || s >= R) continue;
    let j = 1;
    for (let k = 2; k < ny; k++) if (Math.abs(columns[k]! - s) < Math.abs(columns[j]! - s)) j = k;
    snapped = Math.max(snapped, Math.abs(columns[j]! - s));
    columns[j] = s;
  }
  for (let j = 1; j <= ny; j++) if (!(columns[j]! > columns[j - 1]!)) throw new RangeError('terrainGrid: the columns are too coarse for the polygon (two vertices on one face)');
  const surface = columns.map((s) => plate - surfaceHeight(graph, s));
  if (surface.some((x) => !(x > top))) throw new RangeError('terrainGrid: the ridge reaches the nozzle plane');
  const sigma = axial.map((x) => (x - top) / (plate - top));
  return { kind: 'plan', nx, ny, top, sigma, columns, surface, snapped, graph };
}

/** The corners of a planned σ grid, index i + (nx+1)·j. */
export function terrainCorners(plan: TerrainPlan): { cornerX: Float64Array; cornerY: Float64Array } {
  const { nx, ny, top, sigma, surface, columns } = plan;
  const C = nx + 1;
  const cornerX = new Float64Array(C * (ny + 1));
  const cornerY = new Float64Array(C * (ny + 1));
  for (let j = 0; j <= ny; j++) {
    for (let i = 0; i <= nx; i++) {
      cornerX[i + C * j] = top + sigma[i]! * (surface[j]! - top);
      cornerY[i + C * j] = columns[j]!;
    }
  }
  return { cornerX, cornerY };
}

/** The σ grid with its corners and face geometry (planTerrainGrid's arguments). */
export function terrainGrid(options: { axialFaces: ArrayLike<number>; columnFaces: ArrayLike<number>; polygon: Polygon }): TerrainGrid | NotGraph {
  const plan = planTerrainGrid(options);
  if (plan.kind !== 'plan') return plan;
  const { nx, ny } = plan;
  const { cornerX, cornerY } = terrainCorners(plan);
  const { nodeX, nodeY } = quadMeshNodes(nx, ny, cornerX, cornerY);
  const faces = quadFaceGeometry({ geometry: 'planar', nx, ny, cornerX, cornerY, nodeX, nodeY });
  return { ...plan, kind: 'grid', cornerX, cornerY, faces };
}
