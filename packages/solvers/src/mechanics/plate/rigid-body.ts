// Rigid-body modes of a plate that its supports leave free. Bending has three, w = a + b (x − xc) +
// c (y − yc) (a translation and two rotations); the membrane three, u = a − c (y − yc),
// v = b + c (x − xc). A mode is a coefficient vector m ∈ R³. Each fixed unknown forbids the modes in
// which it moves: its "row" r (the unknown equals r · m) must be orthogonal to every free mode.
//
// The documented choice for modes the supports leave free: the solve fixes a few unknowns at the
// plate centre (enough to make the matrix non-singular), then the answer is taken relative to the
// free modes: their weighted least-squares fit to the solution is subtracted (for a free plate, the
// deflection is measured from the best-fit plane through it). The answer does not depend on which
// unknowns were fixed. The fit is in L² over the plate (∫ (w − mode)² dA minimal, integrated exactly).

import type { AbortCheck } from '../../run/types.js';
import { nearestFace, type PlateGrid } from './grid.js';
import type { NodeBlockMatrix } from './node-block-matrix.js';

export type Vector3 = [number, number, number];

/** Plate centre and half-size: modes are written in X = (x − xc)/ℓ, Y = (y − yc)/ℓ so all rows are O(1). */
export interface ModeFrame {
  xc: number;
  yc: number;
  scale: number;
}

export function modeFrame(grid: PlateGrid): ModeFrame {
  const x0 = grid.xFaces[0]!;
  const x1 = grid.xFaces[grid.xFaces.length - 1]!;
  const y0 = grid.yFaces[0]!;
  const y1 = grid.yFaces[grid.yFaces.length - 1]!;
  return { xc: 0.5 * (x0 + x1), yc: 0.5 * (y0 + y1), scale: 0.5 * Math.max(x1 - x0, y1 - y0) };
}

/**
 * The node nearest the plate centre, taken on the coarsest multigrid grid so that every finer grid has
 * it: the unknowns fixed there against rigid-body motion are then the same on every level.
 */
export function anchorNode(coarsest: PlateGrid): { x: number; y: number } {
  const frame = modeFrame(coarsest);
  return { x: coarsest.xFaces[nearestFace(coarsest.xFaces, frame.xc)]!, y: coarsest.yFaces[nearestFace(coarsest.yFaces, frame.yc)]! };
}

const RANK_TOLERANCE = 1e-9;

function dot(a: Vector3, b: Vector3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/** Orthonormalises `vector` against `basis` (modified Gram–Schmidt); null when it adds nothing. */
function orthogonalise(basis: readonly Vector3[], vector: Vector3): Vector3 | null {
  const length = Math.hypot(...vector);
  if (length === 0) return null;
  const v: Vector3 = [vector[0] / length, vector[1] / length, vector[2] / length];
  for (const q of basis) {
    const t = dot(q, v);
    for (let i = 0; i < 3; i++) v[i]! -= t * q[i]!;
  }
  const rest = Math.hypot(...v);
  if (rest < RANK_TOLERANCE) return null;
  return [v[0] / rest, v[1] / rest, v[2] / rest];
}

/** An orthonormal basis of the row space of the constraints. */
export function rowSpace(rows: Iterable<Vector3>): Vector3[] {
  const basis: Vector3[] = [];
  for (const row of rows) {
    if (basis.length === 3) break;
    const q = orthogonalise(basis, row);
    if (q) basis.push(q);
  }
  return basis;
}

/** The modes the constraints leave free: an orthonormal basis of the complement of their rows. */
export function freeModes(rows: Iterable<Vector3>): Vector3[] {
  const basis = rowSpace(rows);
  const modes: Vector3[] = [];
  for (const unit of [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ] as Vector3[]) {
    const q = orthogonalise([...basis, ...modes], unit);
    if (q) modes.push(q);
  }
  return modes;
}

/** The candidates (in order) that, added to the constraints, remove every free mode. */
export function extraFixes<T extends { row: Vector3 }>(rows: Iterable<Vector3>, candidates: readonly T[]): T[] {
  const basis = rowSpace(rows);
  const chosen: T[] = [];
  for (const candidate of candidates) {
    if (basis.length === 3) break;
    const q = orthogonalise(basis, candidate.row);
    if (!q) continue;
    basis.push(q);
    chosen.push(candidate);
  }
  return chosen;
}

/**
 * The combination of `modes` nearest to the solution in the least-squares sense. `gram` is the 3×3
 * matrix of the inner products between the fields of the unit coefficient vectors (row-major),
 * `projection` the inner products of those fields with the solution.
 */
export function bestFitMode(modes: readonly Vector3[], gram: Float64Array, projection: Vector3): Vector3 {
  const k = modes.length;
  if (k === 0) return [0, 0, 0];
  const G = new Float64Array(k * k);
  const r = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    const mi = modes[i]!;
    r[i] = dot(mi, projection);
    for (let j = 0; j < k; j++) {
      const mj = modes[j]!;
      let s = 0;
      for (let p = 0; p < 3; p++) for (let q = 0; q < 3; q++) s += mi[p]! * gram[3 * p + q]! * mj[q]!;
      G[i * k + j] = s;
    }
  }
  const t = solveSmall(G, r, k);
  const result: Vector3 = [0, 0, 0];
  for (let i = 0; i < k; i++) for (let p = 0; p < 3; p++) result[p]! += t[i]! * modes[i]![p]!;
  return result;
}

/** Gaussian elimination with partial pivoting for a k×k system (k ≤ 3). */
function solveSmall(A: Float64Array, b: Float64Array, k: number): Float64Array {
  const a = Float64Array.from(A);
  const x = Float64Array.from(b);
  for (let c = 0; c < k; c++) {
    let pivot = c;
    for (let i = c + 1; i < k; i++) if (Math.abs(a[i * k + c]!) > Math.abs(a[pivot * k + c]!)) pivot = i;
    if (pivot !== c) {
      for (let j = 0; j < k; j++) [a[c * k + j], a[pivot * k + j]] = [a[pivot * k + j]!, a[c * k + j]!];
      [x[c], x[pivot]] = [x[pivot]!, x[c]!];
    }
    for (let i = c + 1; i < k; i++) {
      const f = a[i * k + c]! / a[c * k + c]!;
      for (let j = c; j < k; j++) a[i * k + j]! -= f * a[c * k + j]!;
      x[i]! -= f * x[c]!;
    }
  }
  for (let i = k - 1; i >= 0; i--) {
    let s = x[i]!;
    for (let j = i + 1; j < k; j++) s -= a[i * k + j]! * x[j]!;
    x[i] = s / a[i * k + i]!;
  }
  return x;
}

/** How an unknown (its index within the node) at (x, y) sees the modes: its row. */
export type ModeRow = (dof: number, x: number, y: number, frame: ModeFrame) => Vector3;

/**
 * Fixes `fixedDofs` (global unknown indices, node × dofsPerNode + dof) in K, then those of the
 * `candidates` that the supports leave needed to remove every free mode; returns the free modes.
 */
export function fixSupports(K: NodeBlockMatrix, grid: PlateGrid, o: { fixedDofs: Set<number>; dofsPerNode: number; modeRow: ModeRow; candidates: number[] }): Vector3[] {
  const nodesX = grid.xFaces.length;
  const frame = modeFrame(grid);
  const rowOf = (index: number): Vector3 => {
    const n = Math.floor(index / o.dofsPerNode);
    return o.modeRow(index % o.dofsPerNode, grid.xFaces[n % nodesX]!, grid.yFaces[Math.floor(n / nodesX)]!, frame);
  };
  const supportRows = [...o.fixedDofs].map(rowOf);
  const modes = freeModes(supportRows);
  const candidates = o.candidates.map((index) => ({ index, row: rowOf(index) }));
  for (const extra of extraFixes(supportRows, candidates)) o.fixedDofs.add(extra.index);
  for (const index of [...o.fixedDofs].sort((a, b) => a - b)) K.fix(Math.floor(index / o.dofsPerNode), index % o.dofsPerNode);
  return modes;
}

/** The inner products of the L² fit: the modes' Gram matrix (3×3, row-major) and their projection on the solution. */
export interface ModeFit {
  gram: Float64Array;
  projection: Vector3;
}

export function newModeFit(): ModeFit {
  return { gram: new Float64Array(9), projection: [0, 0, 0] };
}

/** Adds one quadrature point: the mode row phi and the solution's value there, with its weight. */
export function addToFit(fit: ModeFit, weight: number, phi: Vector3, value: number): void {
  for (let p = 0; p < 3; p++) {
    fit.projection[p] += weight * phi[p]! * value;
    for (let q = 0; q < 3; q++) fit.gram[3 * p + q] += weight * phi[p]! * phi[q]!;
  }
}

/** Subtracts the best-fit combination of the free modes from the listed unknowns of every node. */
export function subtractBestFit(unknowns: Float64Array, grid: PlateGrid, o: { fit: ModeFit; modes: readonly Vector3[]; dofs: readonly number[]; dofsPerNode: number; modeRow: ModeRow }): void {
  const frame = modeFrame(grid);
  const m = bestFitMode(o.modes, o.fit.gram, o.fit.projection);
  const nodesX = grid.xFaces.length;
  for (let iy = 0; iy < grid.yFaces.length; iy++) {
    for (let ix = 0; ix < nodesX; ix++) {
      const n = ix + nodesX * iy;
      for (const dof of o.dofs) {
        const r = o.modeRow(dof, grid.xFaces[ix]!, grid.yFaces[iy]!, frame);
        unknowns[n * o.dofsPerNode + dof] -= r[0] * m[0] + r[1] * m[1] + r[2] * m[2];
      }
    }
  }
}

/** One column of the plate grid, (ix, iy), and its sides a (along x) and b (along y). */
export interface FitColumn {
  ix: number;
  iy: number;
  a: number;
  b: number;
}

/**
 * Subtracts the free modes' L² best fit from the listed unknowns; `addColumn` adds one column's
 * quadrature points to the fit (the element's own interpolation and rule).
 */
export function removeFreeModes(
  unknowns: Float64Array,
  grid: PlateGrid,
  o: { modes: readonly Vector3[]; dofs: readonly number[]; dofsPerNode: number; modeRow: ModeRow; checkAbort?: AbortCheck | undefined },
  addColumn: (fit: ModeFit, frame: ModeFrame, column: FitColumn) => void,
): void {
  if (o.modes.length === 0) return;
  const frame = modeFrame(grid);
  const fit = newModeFit();
  const nx = grid.xFaces.length - 1;
  const ny = grid.yFaces.length - 1;
  for (let iy = 0; iy < ny; iy++) {
    o.checkAbort?.();
    for (let ix = 0; ix < nx; ix++) {
      const a = grid.xFaces[ix + 1]! - grid.xFaces[ix]!;
      const b = grid.yFaces[iy + 1]! - grid.yFaces[iy]!;
      addColumn(fit, frame, { ix, iy, a, b });
    }
  }
  subtractBestFit(unknowns, grid, { fit, modes: o.modes, dofs: o.dofs, dofsPerNode: o.dofsPerNode, modeRow: o.modeRow });
}
