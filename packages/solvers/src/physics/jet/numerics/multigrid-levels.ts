// The level-wise loops of the pressure correction's multigrid (multigrid.ts) and its split solve
// (multigrid-split.ts): the 5-point product, the residual's restriction and the correction's
// prolongation, each on a range of rows.

import type { SevenPointMatrix } from '../../../numerics/seven-point-matrix.js';

export interface MultigridLevel {
  nx: number;
  ny: number;
  n: number;
  matrix: SevenPointMatrix;
  x: Float64Array;
  b: Float64Array;
}

/**
 * The residual b − A x of fine rows j0 … j1 − 1 (j0 and j1 even, or j1 = ny) restricted by summation
 * over each 2×2 block into the coarse level's b, whose rows j0/2 … are zeroed first; A x is the CG
 * product's own sum (productAt), so the bits are the same.
 */
export function restrictResidual(level: MultigridLevel, coarse: MultigridLevel, x: Float64Array, b: Float64Array, j0: number, j1: number): void {
  const { nx, ny } = level;
  const cb = coarse.b;
  const cnx = coarse.nx;
  cb.fill(0, cnx * (j0 >> 1), cnx * ((j1 + 1) >> 1));
  for (let j = j0; j < j1; j++) {
    const row = nx * j;
    const crow = cnx * (j >> 1);
    const south = j > 0;
    const north = j < ny - 1;
    for (let i = 0; i < nx; i++) {
      const f = row + i;
      cb[(i >> 1) + crow] += b[f]! - productAt(level.matrix, x, f, i, south, north);
    }
  }
}

/** x += P x_coarse on fine rows j0 … j1 − 1: each cell gets its 2×2 block's coarse correction. */
export function prolongCorrection(level: MultigridLevel, coarse: MultigridLevel, x: Float64Array, j0: number, j1: number): void {
  const { nx } = level;
  const cx = coarse.x;
  const cnx = coarse.nx;
  for (let j = j0; j < j1; j++) {
    const row = nx * j;
    const crow = cnx * (j >> 1);
    for (let i = 0; i < nx; i++) x[row + i] += cx[(i >> 1) + crow]!;
  }
}

/**
 * y = A x for the 5-point matrix (nz = 1), with multiply()'s terms in its order, in one pass; returns
 * x·y summed in index order (CG's p·Ap).
 */
export function multiply5(A: SevenPointMatrix, x: Float64Array, y: Float64Array): number {
  return multiplyRows(A, x, y, 0, A.ny);
}

/** multiply5() on rows j0 … j1 − 1; returns their part of x·y. */
export function multiplyRows(A: SevenPointMatrix, x: Float64Array, y: Float64Array, j0: number, j1: number): number {
  let dot = 0;
  const { nx, ny } = A;
  for (let j = j0; j < j1; j++) {
    const row = nx * j;
    const south = j > 0;
    const north = j < ny - 1;
    for (let i = 0; i < nx; i++) {
      const f = row + i;
      const ax = productAt(A, x, f, i, south, north);
      y[f] = ax;
      dot += x[f]! * ax;
    }
  }
  return dot;
}

/**
 * (A x)_f of cell f = i + nx j, with multiply()'s terms in its order (diagonal, west, east, south,
 * north): the residual restriction and the CG product both sum it this way, so their bits agree.
 */
export function productAt(A: SevenPointMatrix, x: Float64Array, f: number, i: number, south: boolean, north: boolean): number {
  const { nx, D, Ox, Oy } = A;
  let ax = D[f]! * x[f]!;
  if (i > 0) ax -= Ox[f - 1]! * x[f - 1]!;
  if (i < nx - 1) ax -= Ox[f]! * x[f + 1]!;
  if (south) ax -= Oy[f - nx]! * x[f - nx]!;
  if (north) ax -= Oy[f]! * x[f + nx]!;
  return ax;
}

/** Rows j0 … j1 − 1 of A's D, Ox and Oy into `to` (level 0's copy of the matrix). */
export function copyRows(A: SevenPointMatrix, to: SevenPointMatrix, j0: number, j1: number): void {
  const [from, end] = [A.nx * j0, A.nx * j1];
  to.D.set(A.D.subarray(from, end), from);
  to.Ox.set(A.Ox.subarray(from, end), from);
  to.Oy.set(A.Oy.subarray(from, end), from);
}

/**
 * The Galerkin operator Pᵀ A P of the coarse level from the fine rows j0 … j1 − 1 (j0 even, j1 even or
 * the last): the coarse rows j0/2 … are cleared, then each gets its 2×2 blocks' sums in the fine cells'
 * order (diagonal, then the couplings inside the block twice off it, or across it onto the coarse
 * coupling).
 */
export function coarsenRows(fine: MultigridLevel, coarse: MultigridLevel, j0: number, j1: number): void {
  const { D, Ox, Oy } = fine.matrix;
  const C = coarse.matrix;
  const [from, to] = [coarse.nx * (j0 >> 1), coarse.nx * ((j1 + 1) >> 1)];
  C.D.fill(0, from, to);
  C.Ox.fill(0, from, to);
  C.Oy.fill(0, from, to);
  for (let j = j0; j < j1; j++) {
    const J = j >> 1;
    for (let i = 0; i < fine.nx; i++) {
      const f = i + fine.nx * j;
      const c = (i >> 1) + coarse.nx * J;
      C.D[c] += D[f]!;
      if (i + 1 < fine.nx) {
        if ((i + 1) >> 1 === i >> 1) C.D[c] -= 2 * Ox[f]!;
        else C.Ox[c] += Ox[f]!;
      }
      if (j + 1 < fine.ny) {
        if ((j + 1) >> 1 === J) C.D[c] -= 2 * Oy[f]!;
        else C.Oy[c] += Oy[f]!;
      }
    }
  }
}
