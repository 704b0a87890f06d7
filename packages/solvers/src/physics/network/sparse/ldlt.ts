// Sparse LDLᵀ factorisation of a symmetric matrix, up-looking (row by row) with the elimination tree
// (T. A. Davis, Direct Methods for Sparse Linear Systems, SIAM 2006, ch. 4). The symbolic phase runs
// once per sparsity pattern; the numeric phase runs at every Newton trial of the hydraulic solver.
//
// Input: the strictly upper triangle in compressed columns (column k holds rows i < k) and the
// diagonal, both already in the fill-reducing order.

export interface UpperPattern {
  n: number;
  /** Column pointers, length n + 1. */
  colPtr: Int32Array;
  /** Row indices (each < its column), sorted within a column. */
  rowIdx: Int32Array;
}

export class LdltFactor {
  readonly n: number;
  private readonly pattern: UpperPattern;
  private readonly parent: Int32Array;
  private readonly lp: Int32Array;
  private readonly lnz: Int32Array;
  private readonly li: Int32Array;
  private readonly lx: Float64Array;
  private readonly d: Float64Array;
  private readonly y: Float64Array;
  private readonly flag: Int32Array;
  private readonly stack: Int32Array;

  constructor(pattern: UpperPattern) {
    const n = pattern.n;
    this.n = n;
    this.pattern = pattern;
    this.parent = new Int32Array(n);
    this.lnz = new Int32Array(n);
    this.flag = new Int32Array(n);
    // Symbolic phase: the elimination tree and the number of entries in each column of L.
    const { colPtr, rowIdx } = pattern;
    for (let k = 0; k < n; k++) {
      this.parent[k] = -1;
      this.flag[k] = k;
      for (let p = colPtr[k]!; p < colPtr[k + 1]!; p++) {
        for (let i = rowIdx[p]!; this.flag[i] !== k; i = this.parent[i]!) {
          if (this.parent[i] === -1) this.parent[i] = k;
          this.lnz[i]!++;
          this.flag[i] = k;
        }
      }
    }
    this.lp = new Int32Array(n + 1);
    for (let k = 0; k < n; k++) this.lp[k + 1] = this.lp[k]! + this.lnz[k]!;
    this.li = new Int32Array(this.lp[n]!);
    this.lx = new Float64Array(this.lp[n]!);
    this.d = new Float64Array(n);
    this.y = new Float64Array(n);
    this.stack = new Int32Array(n);
  }

  /** Number of off-diagonal entries of L (the fill-in included). */
  get nonzeros(): number {
    return this.lp[this.n]!;
  }

  /**
   * Numeric factorisation of the matrix with the given diagonal and upper values (same order as the
   * pattern's rowIdx). Returns -1, or the first row whose pivot is not positive (matrix not positive
   * definite: the caller decides what that means for its problem).
   */
  factor(diagonal: Float64Array, upper: Float64Array): number {
    const n = this.n;
    const { colPtr, rowIdx } = this.pattern;
    const { parent, lp, lnz, li, lx, d, y, flag, stack } = this;
    for (let k = 0; k < n; k++) {
      // Scatter column k of the upper triangle into y and find the nonzero pattern of row k of L
      // (the reach of its entries in the elimination tree), in topological order on the stack.
      y[k] = 0;
      let top = n;
      flag[k] = k;
      lnz[k] = 0;
      for (let p = colPtr[k]!; p < colPtr[k + 1]!; p++) {
        let i = rowIdx[p]!;
        y[i]! += upper[p]!;
        let len = 0;
        for (; flag[i] !== k; i = parent[i]!) {
          stack[len++] = i;
          flag[i] = k;
        }
        while (len > 0) stack[--top] = stack[--len]!;
      }
      let dk = diagonal[k]! + y[k]!;
      y[k] = 0;
      for (; top < n; top++) {
        const i = stack[top]!;
        const yi = y[i]!;
        y[i] = 0;
        const end = lp[i]! + lnz[i]!;
        for (let p = lp[i]!; p < end; p++) y[li[p]!]! -= lx[p]! * yi;
        const lki = yi / d[i]!;
        dk -= lki * yi;
        li[end] = k;
        lx[end] = lki;
        lnz[i]!++;
      }
      if (!(dk > 0)) return k;
      d[k] = dk;
    }
    return -1;
  }

  /** Solves L·D·Lᵀ·x = b in place (b becomes x). */
  solve(b: Float64Array): void {
    const n = this.n;
    const { lp, li, lx, d } = this;
    for (let j = 0; j < n; j++) {
      const xj = b[j]!;
      for (let p = lp[j]!; p < lp[j + 1]!; p++) b[li[p]!]! -= lx[p]! * xj;
    }
    for (let j = 0; j < n; j++) b[j]! /= d[j]!;
    for (let j = n - 1; j >= 0; j--) {
      let xj = b[j]!;
      for (let p = lp[j]!; p < lp[j + 1]!; p++) xj -= lx[p]! * b[li[p]!]!;
      b[j] = xj;
    }
  }
}
