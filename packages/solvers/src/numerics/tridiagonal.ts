// Tridiagonal systems: the Thomas algorithm (Gaussian elimination without pivoting), O(n). Stable
// without pivoting for diagonally dominant matrices, which the developing duct's radial transport
// operators are (diffusion plus a non-negative axial-convection capacity; radial convection is
// central only where the cell Peclet number is below 2, upwind beyond: duct-developing/transport.ts).

import { DivergedError } from '../errors.js';

/** Row i reads lower[i]·x[i-1] + diag[i]·x[i] + upper[i]·x[i+1] = rhs[i] (lower[0], upper[n-1] unused). */
export class TridiagonalSystem {
  readonly lower: Float64Array;
  readonly diag: Float64Array;
  readonly upper: Float64Array;
  readonly rhs: Float64Array;
  private readonly modifiedUpper: Float64Array;
  private readonly pivot: Float64Array;

  constructor(readonly size: number) {
    this.lower = new Float64Array(size);
    this.diag = new Float64Array(size);
    this.upper = new Float64Array(size);
    this.rhs = new Float64Array(size);
    this.modifiedUpper = new Float64Array(size);
    this.pivot = new Float64Array(size);
  }

  clear(): void {
    this.lower.fill(0);
    this.diag.fill(0);
    this.upper.fill(0);
    this.rhs.fill(0);
  }

  /** Row i applied to x: lower·x[i-1] + diag·x[i] + upper·x[i+1]. */
  applyRow(i: number, x: Float64Array): number {
    let value = this.diag[i] * x[i];
    if (i > 0) value += this.lower[i] * x[i - 1];
    if (i < this.size - 1) value += this.upper[i] * x[i + 1];
    return value;
  }

  /** LU-factors the matrix (call again after changing it); then solve() any number of right-hand sides. */
  factor(): void {
    const n = this.size;
    const { lower, diag, upper, modifiedUpper, pivot } = this;
    let p = diag[0];
    for (let i = 0; i < n; i++) {
      if (i > 0) p = diag[i] - lower[i] * modifiedUpper[i - 1];
      if (!(Math.abs(p) > 0) || !Number.isFinite(p)) {
        throw new DivergedError(`tridiagonal elimination met a zero or non-finite pivot at row ${i} of ${n}`, i);
      }
      pivot[i] = p;
      modifiedUpper[i] = upper[i] / p;
    }
  }

  /** Solves with the factored matrix for `rhs` (default: this.rhs) into `out`. */
  solve(out: Float64Array, rhs: Float64Array = this.rhs): Float64Array {
    const n = this.size;
    const { lower, modifiedUpper, pivot } = this;
    out[0] = rhs[0] / pivot[0];
    for (let i = 1; i < n; i++) out[i] = (rhs[i] - lower[i] * out[i - 1]) / pivot[i];
    for (let i = n - 2; i >= 0; i--) out[i] -= modifiedUpper[i] * out[i + 1];
    return out;
  }
}
