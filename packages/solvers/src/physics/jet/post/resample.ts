// Output of a curvilinear (σ-grid) flow field on tensor axes. The product's results, contour maps and
// VTK export take fields on xCentres × yCentres (x fastest) with a solid mask (1 inside the obstacle);
// a σ run (terrain-grid.ts) has no blocked cells, its ridge lies beyond the xmax wall. So each output
// point is either inside the mesh, and gets the field interpolated from the cells, or outside it (inside
// the ridge), and is masked.
//
// Interpolation is bilinear in the dual mesh: the quadrilaterals of nodes (a, b), (a+1, b), (a+1, b+1),
// (a, b+1) with a = 0 … nx, b = 0 … ny, whose nodes are the cell centroids and, on the halo ring, the
// boundary faces' midpoints with their ring values (the wall's values on the ridge). The point's (ξ, η)
// come from inverting the quadrilateral's bilinear map x(ξ, η) by Newton, so the interpolant is
//   φ = (1−ξ)(1−η) φ_ab + ξ(1−η) φ_(a+1)b + ξη φ_(a+1)(b+1) + (1−ξ)η φ_a(b+1),
// exact for φ linear in x, y (x and y are themselves bilinear in ξ, η) and second-order accurate. At a
// convex corner of the domain (the ridge's foot) the chord between two ring nodes cuts off a sliver of
// it, O(h) wide; points there extrapolate the nearest dual quadrilateral (exact for linear φ, O(h²)).
// The ring's corners belong to no face and hold no value: they take the plane through the corner cell's
// centroid and its two ring nodes (exact for linear φ).
//
// A masked point takes the value on the xmax ring at its y (linear between ring nodes): over a σ grid,
// the ridge's surface straight above the point — the solver's own wall values (the wall's temperature,
// zero velocity), finite because the API carries finite numbers only. model/results.ts then sets masked
// points as it sets the blocked cells of a staircase (0, the surface temperature, 1 for the mask).

import type { AbortCheck } from '../../../run/types.js';
import type { FlowGrid } from '../grid/grid.js';
import { cellIndex } from '../../../numerics/cell-index.js';

/** Output axes: cell faces and centres along x and y. */
export interface TensorAxes {
  xFaces: Float64Array;
  xCentres: Float64Array;
  yFaces: Float64Array;
  yCentres: Float64Array;
}

/** Corner coordinates of the grid's cells, index i + (nx+1)·j (the reference rectangles when not curvilinear). */
function corners(grid: FlowGrid): { cornerX: Float64Array; cornerY: Float64Array } {
  if (grid.mesh) return grid.mesh;
  const C = grid.nx + 1;
  const cornerX = new Float64Array(C * (grid.ny + 1));
  const cornerY = new Float64Array(C * (grid.ny + 1));
  for (let j = 0; j <= grid.ny; j++) {
    for (let i = 0; i <= grid.nx; i++) {
      cornerX[i + C * j] = grid.x.faces[i]!;
      cornerY[i + C * j] = grid.y.faces[j]!;
    }
  }
  return { cornerX, cornerY };
}

/**
 * The output axes of a grid: its reference columns (a σ grid's columns are exact), and along x its
 * reference (flat) rows, refined where the xmax side leaves the reference's last face (over a ridge).
 * The flat rows there are the plate's wall grading, up to 1.17 mm apart at the default ridge's apex
 * height where the staircase had steps of h/64 = 0.16 mm; so each reference row overlapping
 * [apex, plate] is split into equal rows no taller than the surface rises across one column. A sloped
 * face is then outlined by the mask one column at a time, as the staircase was, and the flow over it
 * is shown at the staircase's resolution. (A flat layer rises by 0: its rows are all masked, none added.)
 */
export function tensorAxesFor(grid: FlowGrid): TensorAxes {
  const { nx, ny } = grid;
  const { cornerX } = corners(grid);
  const C = nx + 1;
  const plate = grid.x.faces[nx]!;
  let apex = plate;
  let rise = 0;
  for (let j = 0; j <= ny; j++) {
    apex = Math.min(apex, cornerX[nx + C * j]!);
    if (j > 0) rise = Math.max(rise, Math.abs(cornerX[nx + C * j]! - cornerX[nx + C * (j - 1)]!));
  }
  const xFaces = [grid.x.faces[0]!];
  for (let i = 1; i <= nx; i++) {
    const [a, b] = [grid.x.faces[i - 1]!, grid.x.faces[i]!];
    // (The tolerance keeps a cell exactly `rise` tall from being split in two by round-off.)
    const parts = b > apex && rise > 0 ? Math.max(1, Math.ceil((b - a) / rise - 1e-9)) : 1;
    for (let k = 1; k < parts; k++) xFaces.push(a + ((b - a) * k) / parts);
    xFaces.push(b);
  }
  const centres = (faces: ArrayLike<number>) => Float64Array.from({ length: faces.length - 1 }, (_, k) => 0.5 * (faces[k]! + faces[k + 1]!));
  return { xFaces: Float64Array.from(xFaces), xCentres: centres(xFaces), yFaces: Float64Array.from(grid.y.faces), yCentres: Float64Array.from(grid.y.node.subarray(1, ny + 1)) };
}

/**
 * (ξ, η) of point (x, y) in the bilinear quadrilateral p0 p1 p2 p3 (counter-clockwise; p0 at ξ = η = 0,
 * p1 at ξ = 1), by Newton from its centre, written to `out`.
 */
function inverseBilinear(x0: number, y0: number, x1: number, y1: number, x2: number, y2: number, x3: number, y3: number, x: number, y: number, out: Float64Array): void {
  const ax = x1 - x0; // ∂/∂ξ at η = 0
  const ay = y1 - y0;
  const bx = x3 - x0; // ∂/∂η at ξ = 0
  const by = y3 - y0;
  const cx = x0 - x1 + x2 - x3; // the twist
  const cy = y0 - y1 + y2 - y3;
  let xi = 0.5;
  let eta = 0.5;
  for (let k = 0; k < 30; k++) {
    const rx = x0 + ax * xi + bx * eta + cx * xi * eta - x;
    const ry = y0 + ay * xi + by * eta + cy * xi * eta - y;
    const j11 = ax + cx * eta;
    const j12 = bx + cx * xi;
    const j21 = ay + cy * eta;
    const j22 = by + cy * xi;
    const det = j11 * j22 - j12 * j21;
    const dXi = (j22 * rx - j12 * ry) / det;
    const dEta = (j11 * ry - j21 * rx) / det;
    xi -= dXi;
    eta -= dEta;
    // Quadratic convergence: once a step is below 1e-15 the next one is at round-off.
    if (Math.abs(dXi) + Math.abs(dEta) < 1e-15) break;
  }
  out[0] = xi;
  out[1] = eta;
}

/** Offsets (a − i, b − j) of the dual quadrilaterals searched from cell (i, j): its node's four first. */
const SEARCH: readonly (readonly [number, number])[] = [-1, 0, -2, 1]
  .flatMap((db, r) => [-1, 0, -2, 1].map((da, s) => [da, db, Math.max(r, s) < 2 ? 0 : 1] as const))
  .sort((p, q) => p[2] - q[2])
  .map(([da, db]) => [da, db] as const);

/**
 * 0 when (x, y) lies in the dual quadrilateral with lower-left node I (nodes I, I+1, I+1+W, I+W,
 * counter-clockwise, convex; its edges included), else the distance to its nearest edge.
 */
function outsideDistance(nodeX: Float64Array, nodeY: Float64Array, I: number, W: number, x: number, y: number): number {
  const corner = (e: number): number => (e === 0 ? I : e === 1 ? I + 1 : e === 2 ? I + 1 + W : I + W);
  let inside = true;
  for (let e = 0; e < 4 && inside; e++) {
    const a = corner(e);
    const b = corner((e + 1) % 4);
    if ((nodeX[b]! - nodeX[a]!) * (y - nodeY[a]!) - (nodeY[b]! - nodeY[a]!) * (x - nodeX[a]!) < 0) inside = false;
  }
  if (inside) return 0;
  let distance = Infinity;
  for (let e = 0; e < 4; e++) {
    const [a, b] = [corner(e), corner((e + 1) % 4)];
    const [ex, ey] = [nodeX[b]! - nodeX[a]!, nodeY[b]! - nodeY[a]!];
    const t = Math.min(Math.max(((x - nodeX[a]!) * ex + (y - nodeY[a]!) * ey) / (ex * ex + ey * ey), 0), 1);
    distance = Math.min(distance, Math.hypot(x - nodeX[a]! - t * ex, y - nodeY[a]! - t * ey));
  }
  return distance;
}

/** Interpolation stencils from a grid's cells to tensor output points, shared by all fields. */
export interface Resampler {
  /** Output counts along x and y (values nxOut·nyOut, x fastest). */
  nxOut: number;
  nyOut: number;
  /** 1 where the output point lies outside the mesh (inside the ridge). */
  mask: Uint8Array;
  /** The field (halo layout, ring values up to date) at the output points. */
  apply(field: Float64Array, out?: Float64Array): Float64Array;
}

/** The resampler from `grid`'s cells to the points xOut × yOut (x fastest); `checkAbort` is polled per output row. */
// Long function: builds the axis stencils and the closure that applies them to every field.
export function resampler(grid: FlowGrid, xOut: ArrayLike<number>, yOut: ArrayLike<number>, checkAbort?: AbortCheck): Resampler {
  const { nx, ny, stride: W, size } = grid;
  const { nodeX, nodeY } = grid.faces;
  const { cornerX, cornerY } = corners(grid);
  const C = nx + 1;
  const [nxOut, nyOut] = [xOut.length, yOut.length];

  // Cells by bucket: buckets are the reference rectangles, a cell is listed in every one its bounding
  // box meets (compressed σ cells over the ridge meet a few).
  const [bx, by] = [grid.x.faces, grid.y.faces];
  const cells = nx * ny;
  /** Corner e = 0 … 3 (counter-clockwise from (i−1, j−1)) of cell c = i−1 + nx·(j−1). */
  const cornerOf = (c: number, e: number): number => {
    const i = (c % nx) + 1;
    const j = (c - (i - 1)) / nx + 1;
    return e === 0 ? i - 1 + C * (j - 1) : e === 1 ? i + C * (j - 1) : e === 2 ? i + C * j : i - 1 + C * j;
  };
  const box = new Int32Array(4 * cells); // bucket ranges: x from, x to, y from, y to
  const start = new Int32Array(cells + 1);
  for (let c = 0; c < cells; c++) {
    let x0 = Infinity;
    let x1 = -Infinity;
    let y0 = Infinity;
    let y1 = -Infinity;
    for (let e = 0; e < 4; e++) {
      const k = cornerOf(c, e);
      x0 = Math.min(x0, cornerX[k]!);
      x1 = Math.max(x1, cornerX[k]!);
      y0 = Math.min(y0, cornerY[k]!);
      y1 = Math.max(y1, cornerY[k]!);
    }
    box[4 * c] = cellIndex(bx, x0);
    box[4 * c + 1] = cellIndex(bx, x1);
    box[4 * c + 2] = cellIndex(by, y0);
    box[4 * c + 3] = cellIndex(by, y1);
    for (let q = box[4 * c + 2]!; q <= box[4 * c + 3]!; q++) for (let p = box[4 * c]!; p <= box[4 * c + 1]!; p++) start[p + nx * q + 1]!++;
  }
  for (let b = 0; b < cells; b++) start[b + 1]! += start[b]!;
  const list = new Int32Array(start[cells]!);
  const next = Int32Array.from(start);
  for (let c = 0; c < cells; c++) {
    for (let q = box[4 * c + 2]!; q <= box[4 * c + 3]!; q++) for (let p = box[4 * c]!; p <= box[4 * c + 1]!; p++) list[next[p + nx * q]!++] = c;
  }

  /** Whether (x, y) lies in cell c (convex, counter-clockwise; its edges included). */
  const inCell = (c: number, x: number, y: number): boolean => {
    for (let e = 0; e < 4; e++) {
      const a = cornerOf(c, e);
      const b = cornerOf(c, (e + 1) % 4);
      if ((cornerX[b]! - cornerX[a]!) * (y - cornerY[a]!) - (cornerY[b]! - cornerY[a]!) * (x - cornerX[a]!) < 0) return false;
    }
    return true;
  };

  const N = nxOut * nyOut;
  const node = new Int32Array(4 * N);
  const weight = new Float64Array(4 * N);
  const mask = new Uint8Array(N);
  const ringY = Float64Array.from({ length: ny }, (_, j) => nodeY[nx + 1 + W * (j + 1)]!);
  const xiEta = new Float64Array(2);
  for (let q = 0; q < nyOut; q++) {
    checkAbort?.();
    const y = yOut[q]!;
    const row = nx * cellIndex(by, y);
    for (let p = 0; p < nxOut; p++) {
      const x = xOut[p]!;
      const n = p + nxOut * q;
      const b = cellIndex(bx, x) + row;
      let cell = -1;
      for (let m = start[b]!; m < start[b + 1]! && cell < 0; m++) if (inCell(list[m]!, x, y)) cell = list[m]!;
      if (cell < 0) {
        // Outside the mesh: the xmax ring's value at this y.
        mask[n] = 1;
        const j = ny === 1 ? 0 : Math.min(cellIndex(ringY, y), ny - 2);
        const t = ny === 1 ? 0 : Math.min(Math.max((y - ringY[j]!) / (ringY[j + 1]! - ringY[j]!), 0), 1);
        node[4 * n] = nx + 1 + W * (j + 1);
        node[4 * n + 1] = nx + 1 + W * Math.min(j + 2, ny);
        weight[4 * n] = 1 - t;
        weight[4 * n + 1] = t;
        continue;
      }
      // The dual quadrilateral containing the point: first the four around the cell's node, then the
      // ring of twelve beyond (where the mesh shears abruptly, at a kink of the surface, a cell's node's
      // four need not cover the cell); none (a sliver at a kink of the boundary) → the nearest one.
      const ci = (cell % nx) + 1;
      const cj = (cell - (ci - 1)) / nx + 1;
      let best = Infinity;
      let quad = 0; // lower-left node of the chosen dual quadrilateral
      for (const [da, db] of SEARCH) {
        const a = ci + da;
        const b2 = cj + db;
        if (a < 0 || a > nx || b2 < 0 || b2 > ny) continue;
        const distance = outsideDistance(nodeX, nodeY, a + W * b2, W, x, y);
        if (distance < best) {
          best = distance;
          quad = a + W * b2;
        }
        if (best === 0) break;
      }
      const k = 4 * n;
      node[k] = quad;
      node[k + 1] = quad + 1;
      node[k + 2] = quad + 1 + W;
      node[k + 3] = quad + W;
      inverseBilinear(nodeX[quad]!, nodeY[quad]!, nodeX[quad + 1]!, nodeY[quad + 1]!, nodeX[quad + 1 + W]!, nodeY[quad + 1 + W]!, nodeX[quad + W]!, nodeY[quad + W]!, x, y, xiEta);
      const xi = xiEta[0]!;
      const eta = xiEta[1]!;
      weight[k] = (1 - xi) * (1 - eta);
      weight[k + 1] = xi * (1 - eta);
      weight[k + 2] = xi * eta;
      weight[k + 3] = (1 - xi) * eta;
    }
  }

  // Ring corners: φ_c = φ_P + α (φ_A − φ_P) + β (φ_B − φ_P), c = P + α (A − P) + β (B − P), with P the
  // corner cell's node and A, B its ring nodes on the x side and the y side.
  const cornerRule = [0, nx + 1].flatMap((ci) =>
    [0, ny + 1].map((cj) => {
      const [i, j] = [ci === 0 ? 1 : nx, cj === 0 ? 1 : ny];
      const [c, P, A, B] = [ci + W * cj, i + W * j, ci + W * j, i + W * cj];
      const [ax, ay, bx2, by2] = [nodeX[A]! - nodeX[P]!, nodeY[A]! - nodeY[P]!, nodeX[B]! - nodeX[P]!, nodeY[B]! - nodeY[P]!];
      const [rx, ry] = [nodeX[c]! - nodeX[P]!, nodeY[c]! - nodeY[P]!];
      const det = ax * by2 - bx2 * ay;
      return { c, P, A, B, alpha: (rx * by2 - bx2 * ry) / det, beta: (ax * ry - rx * ay) / det };
    }),
  );
  const work = new Float64Array(size);

  return {
    nxOut,
    nyOut,
    mask,
    apply(field, out = new Float64Array(N)) {
      if (field.length !== size) throw new RangeError(`resample: a halo field of ${size} values is needed`);
      work.set(field);
      for (const { c, P, A, B, alpha, beta } of cornerRule) work[c] = field[P]! + alpha * (field[A]! - field[P]!) + beta * (field[B]! - field[P]!);
      for (let n = 0; n < N; n++) {
        const k = 4 * n;
        out[n] = weight[k]! * work[node[k]!]! + weight[k + 1]! * work[node[k + 1]!]! + weight[k + 2]! * work[node[k + 2]!]! + weight[k + 3]! * work[node[k + 3]!]!;
      }
      return out;
    },
  };
}

/** One field (halo layout, ring values up to date) on xOut × yOut, and the mask (1 inside the ridge). */
export function resampleCells(grid: FlowGrid, cellField: Float64Array, xOut: ArrayLike<number>, yOut: ArrayLike<number>): { values: Float64Array; mask: Uint8Array } {
  const r = resampler(grid, xOut, yOut);
  return { values: r.apply(cellField), mask: r.mask };
}
