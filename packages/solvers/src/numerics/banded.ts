// Banded linear systems: Gaussian elimination with partial (row) pivoting inside the band, LINPACK
// style (row interchanges are applied to the right-hand side step by step; the multipliers stay in
// the rows where they were formed). For a matrix with kl sub- and ku super-diagonals, pivoting fills
// at most kl further super-diagonals, so each row stores the columns i - kl .. i + ku + kl. O(n kl (kl + ku)).

import { DivergedError } from '../errors.js';

export class BandedSystem {
  private readonly width: number;
  private readonly entries: Float64Array;
  private readonly pivots: Int32Array;

  constructor(
    readonly size: number,
    readonly lowerBandwidth: number,
    readonly upperBandwidth: number,
  ) {
    this.width = 2 * lowerBandwidth + upperBandwidth + 1;
    this.entries = new Float64Array(size * this.width);
    this.pivots = new Int32Array(size);
  }

  clear(): void {
    this.entries.fill(0);
  }

  private index(i: number, j: number): number {
    return i * this.width + (j - i + this.lowerBandwidth);
  }

  /** A[i][j] += value; j - i must lie within [-kl, ku]. */
  add(i: number, j: number, value: number): void {
    if (j - i < -this.lowerBandwidth || j - i > this.upperBandwidth || j < 0 || j >= this.size) {
      throw new RangeError(`entry (${i}, ${j}) lies outside the band [-${this.lowerBandwidth}, ${this.upperBandwidth}]`);
    }
    this.entries[this.index(i, j)] += value;
  }

  get(i: number, j: number): number {
    return this.entries[this.index(i, j)];
  }

  /** Clears row i (within its band) and sets A[i][i] = 1. */
  identityRow(i: number): void {
    for (let j = Math.max(0, i - this.lowerBandwidth); j <= Math.min(this.size - 1, i + this.upperBandwidth); j++) this.entries[this.index(i, j)] = 0;
    this.entries[this.index(i, i)] = 1;
  }

  factor(): void {
    const n = this.size;
    const kl = this.lowerBandwidth;
    const w = this.width;
    const reach = this.upperBandwidth + kl;
    const a = this.entries;
    // Entry (i, j) lives at i·w + j - i + kl = i·(w - 1) + j + kl.
    const at = (i: number, j: number): number => i * (w - 1) + j + kl;
    for (let k = 0; k < n; k++) {
      const last = Math.min(n - 1, k + kl);
      let pivot = k;
      let largest = Math.abs(a[at(k, k)]);
      for (let i = k + 1; i <= last; i++) {
        const v = Math.abs(a[at(i, k)]);
        if (v > largest) {
          largest = v;
          pivot = i;
        }
      }
      if (!(largest > 0) || !Number.isFinite(largest)) throw new DivergedError(`banded elimination met a singular or non-finite pivot in column ${k} of ${n}`, k);
      this.pivots[k] = pivot;
      const end = Math.min(n - 1, k + reach);
      if (pivot !== k) {
        for (let c = k; c <= end; c++) {
          const p = at(pivot, c);
          const q = at(k, c);
          const t = a[p];
          a[p] = a[q];
          a[q] = t;
        }
      }
      const rowK = at(k, 0);
      const diagonal = a[rowK + k];
      for (let i = k + 1; i <= last; i++) {
        const rowI = at(i, 0);
        const multiplier = a[rowI + k] / diagonal;
        a[rowI + k] = multiplier;
        if (multiplier === 0) continue;
        for (let c = k + 1; c <= end; c++) a[rowI + c] -= multiplier * a[rowK + c];
      }
    }
  }

  /** Solves the factored system for `rhs` into `out` (which may be `rhs`). */
  solve(rhs: Float64Array, out: Float64Array): Float64Array {
    const n = this.size;
    const kl = this.lowerBandwidth;
    const w = this.width;
    const reach = this.upperBandwidth + kl;
    const a = this.entries;
    if (out !== rhs) out.set(rhs);
    for (let k = 0; k < n; k++) {
      const p = this.pivots[k];
      if (p !== k) {
        const t = out[p];
        out[p] = out[k];
        out[k] = t;
      }
      const xk = out[k];
      const end = Math.min(n - 1, k + kl);
      for (let i = k + 1; i <= end; i++) out[i] -= a[i * (w - 1) + k + kl] * xk;
    }
    for (let i = n - 1; i >= 0; i--) {
      const row = i * (w - 1) + kl;
      let s = out[i];
      const end = Math.min(n - 1, i + reach);
      for (let c = i + 1; c <= end; c++) s -= a[row + c] * out[c];
      out[i] = s / a[row + i];
    }
    return out;
  }
}
