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
  private readonly lp: Int32Array;
  private readonly li: Int32Array;
  private readonly lx: Float64Array;
  private readonly d: Float64Array;
  private readonly y: Float64Array;
  /**
   * Row k of L: its nonzero columns in topological order of the elimination tree, reach[reachPtr[k]
   * .. reachPtr[k+1]). It depends only on the pattern, so it is found once here and the numeric
   * phase, run at every Newton trial, only does arithmetic.
   */
  private readonly reachPtr: Int32Array;
  private readonly reach: Int32Array;
  /**
   * Where each reach entry's L(k, i) goes in lx: column i's entries above row k end there. Known from
   * the pattern, it spares the numeric phase a per-column fill counter (a load and a store per entry
   * that made the factorisation twice as slow).
   */
  private readonly reachEnd: Int32Array;

  constructor(pattern: UpperPattern) {
    const n = pattern.n;
    this.n = n;
    this.pattern = pattern;
    const parent = new Int32Array(n);
    const flag = new Int32Array(n);
    // The arrays are used through locals: a property load per entry is slow while this first runs
    // interpreted (once per network, on the cold path).
    const lnz = new Int32Array(n);
    // Symbolic phase: the elimination tree and the number of entries in each column of L.
    const { colPtr, rowIdx } = pattern;
    for (let k = 0; k < n; k++) {
      parent[k] = -1;
      flag[k] = k;
      for (let p = colPtr[k]!; p < colPtr[k + 1]!; p++) {
        for (let i = rowIdx[p]!; flag[i] !== k; i = parent[i]!) {
          if (parent[i] === -1) parent[i] = k;
          lnz[i]!++;
          flag[i] = k;
        }
      }
    }
    const lp = new Int32Array(n + 1);
    this.lp = lp;
    for (let k = 0; k < n; k++) lp[k + 1] = lp[k]! + lnz[k]!;
    const nonzeros = lp[n]!;
    const li = new Int32Array(nonzeros);
    this.li = li;
    this.lx = new Float64Array(nonzeros);
    this.d = new Float64Array(n);
    this.y = new Float64Array(n);

    // The rows of L (each entry of row k is one of column i's), in the order the up-looking
    // factorisation visits them: the reach of column k's entries in the tree, pushed path by path.
    const reachPtr = new Int32Array(n + 1);
    const reach = new Int32Array(nonzeros);
    const reachEnd = new Int32Array(nonzeros);
    this.reachPtr = reachPtr;
    this.reach = reach;
    this.reachEnd = reachEnd;
    const stack = new Int32Array(n);
    const fill = new Int32Array(n);
    flag.fill(-1);
    let out = 0;
    for (let k = 0; k < n; k++) {
      let top = n;
      flag[k] = k;
      for (let p = colPtr[k]!; p < colPtr[k + 1]!; p++) {
        let len = 0;
        for (let i = rowIdx[p]!; flag[i] !== k; i = parent[i]!) {
          stack[len++] = i;
          flag[i] = k;
        }
        while (len > 0) stack[--top] = stack[--len]!;
      }
      for (; top < n; top++) {
        const i = stack[top]!;
        const at = lp[i]! + fill[i]!++;
        reachEnd[out] = at;
        reach[out++] = i;
        li[at] = k;
      }
      reachPtr[k + 1] = out;
    }
  }

  /** Number of off-diagonal entries of L (the fill-in included). */
  get nonzeros(): number {
    return this.lp[this.n]!;
  }

  /**
   * Numeric factorisation of the matrix whose k-th diagonal entry is diagonal[diagonalAt[k]] and
   * whose upper entry at the pattern's position p (rowIdx order) is upper[upperAt[p]]: the caller's
   * own arrays, read through the permutation instead of copied into the pattern's order first (two
   * fewer passes per Newton trial, slow while the first trials are interpreted). Returns -1, or the
   * first row whose pivot is not positive (matrix not positive definite: the caller decides what
   * that means for its problem). `pivotFloor` (by row, optional): a row whose pivot is not positive
   * takes this value instead, where it is positive, and the factorisation goes on.
   */
  factor(diagonal: Float64Array, diagonalAt: Int32Array, upper: Float64Array, upperAt: Int32Array, pivotFloor?: Float64Array): number {
    const n = this.n;
    const { colPtr, rowIdx } = this.pattern;
    const { lp, li, lx, d, y, reachPtr, reach, reachEnd } = this;
    for (let k = 0; k < n; k++) {
      // Scatter column k of the upper triangle into y, then eliminate row k of L over its reach.
      for (let p = colPtr[k]!, pEnd = colPtr[k + 1]!; p < pEnd; p++) y[rowIdx[p]!]! += upper[upperAt[p]!]!;
      let dk = diagonal[diagonalAt[k]!]!;
      for (let t = reachPtr[k]!, tEnd = reachPtr[k + 1]!; t < tEnd; t++) {
        const i = reach[t]!;
        const yi = y[i]!;
        y[i] = 0;
        const end = reachEnd[t]!;
        // Four at a time (rows distinct, so each y entry sees the same operations in the same order):
        // a fifth less time than one at a time.
        let p = lp[i]!;
        for (; p + 3 < end; p += 4) {
          const r0 = li[p]!;
          const r1 = li[p + 1]!;
          const r2 = li[p + 2]!;
          const r3 = li[p + 3]!;
          y[r0]! -= lx[p]! * yi;
          y[r1]! -= lx[p + 1]! * yi;
          y[r2]! -= lx[p + 2]! * yi;
          y[r3]! -= lx[p + 3]! * yi;
        }
        for (; p < end; p++) y[li[p]!]! -= lx[p]! * yi;
        const lki = yi / d[i]!;
        dk -= lki * yi;
        lx[end] = lki;
      }
      // y is clean again here (every entry of the reach was read and zeroed).
      if (!(dk > 0)) {
        const floor = pivotFloor ? pivotFloor[k]! : 0;
        if (!(floor > 0)) return k;
        dk = floor;
      }
      d[k] = dk;
    }
    return -1;
  }

  /** Solves L·D·Lᵀ·x = b in place (b becomes x). */
  solve(b: Float64Array): void {
    const n = this.n;
    const { lp, li, lx, d } = this;
    // Unrolled by four like the factorisation, every sum in its original order.
    for (let j = 0; j < n; j++) {
      const xj = b[j]!;
      const end = lp[j + 1]!;
      let p = lp[j]!;
      for (; p + 3 < end; p += 4) {
        const r0 = li[p]!;
        const r1 = li[p + 1]!;
        const r2 = li[p + 2]!;
        const r3 = li[p + 3]!;
        b[r0]! -= lx[p]! * xj;
        b[r1]! -= lx[p + 1]! * xj;
        b[r2]! -= lx[p + 2]! * xj;
        b[r3]! -= lx[p + 3]! * xj;
      }
      for (; p < end; p++) b[li[p]!]! -= lx[p]! * xj;
    }
    for (let j = 0; j < n; j++) b[j]! /= d[j]!;
    for (let j = n - 1; j >= 0; j--) {
      let xj = b[j]!;
      const end = lp[j + 1]!;
      let p = lp[j]!;
      for (; p + 3 < end; p += 4) {
        const t0 = lx[p]! * b[li[p]!]!;
        const t1 = lx[p + 1]! * b[li[p + 1]!]!;
        const t2 = lx[p + 2]! * b[li[p + 2]!]!;
        const t3 = lx[p + 3]! * b[li[p + 3]!]!;
        xj -= t0;
        xj -= t1;
        xj -= t2;
        xj -= t3;
      }
      for (; p < end; p++) xj -= lx[p]! * b[li[p]!]!;
      b[j] = xj;
    }
  }
}
