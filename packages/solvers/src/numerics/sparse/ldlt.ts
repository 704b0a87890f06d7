// Sparse LDLᵀ factorisation of a symmetric matrix, up-looking (row by row) with the elimination tree
// (T. A. Davis, Direct Methods for Sparse Linear Systems, SIAM 2006, ch. 4). The symbolic phase runs
// once per sparsity pattern; the numeric phase runs at every Newton trial of the hydraulic solver.
//
// Input: the strictly upper triangle in compressed columns (column k holds rows i < k) and the
// diagonal, both already in the fill-reducing order.
//
// The factor's arrays live in one block (ldlt-wasm.ts); where the WebAssembly module runs, the numeric
// phase and the solves run in it on the same arrays, bit for bit the loops below, about twice as fast.

import { at, ldltBlock, type LdltExports } from './ldlt-wasm.js';

/** Below this order the factorisation takes microseconds either way: no WebAssembly memory of its own. */
export const WASM_MIN_ORDER = 100;

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
  private readonly block: ReturnType<typeof ldltBlock>;

  constructor(pattern: UpperPattern, wasmMinOrder = WASM_MIN_ORDER) {
    const n = pattern.n;
    this.n = n;
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
    let nonzeros = 0;
    for (let k = 0; k < n; k++) nonzeros += lnz[k]!;
    const block = ldltBlock(n, rowIdx.length, nonzeros, n >= wasmMinOrder);
    this.block = block;
    block.colPtr.set(colPtr);
    block.rowIdx.set(rowIdx);
    this.pattern = { n, colPtr: block.colPtr, rowIdx: block.rowIdx };
    const lp = block.lp;
    this.lp = lp;
    for (let k = 0; k < n; k++) lp[k + 1] = lp[k]! + lnz[k]!;
    const li = block.li;
    this.li = li;
    this.lx = block.lx;
    this.d = block.d;
    this.y = block.y;

    // The rows of L (each entry of row k is one of column i's), in the order the up-looking
    // factorisation visits them: the reach of column k's entries in the tree, pushed path by path.
    const { reachPtr, reach, reachEnd } = block;
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

  /** Whether the numeric phase and the solves run in WebAssembly (ldlt-wasm.ts). */
  get inWasm(): boolean {
    return this.block.wasm !== undefined;
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
    const block = this.block;
    if (block.wasm && diagonal.length === n && upper.length === block.upper.length) return this.factorWasm(block.wasm, diagonal, diagonalAt, upper, upperAt, pivotFloor);
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

  private factorWasm(wasm: LdltExports, diagonal: Float64Array, diagonalAt: Int32Array, upper: Float64Array, upperAt: Int32Array, pivotFloor?: Float64Array): number {
    const b = this.block;
    b.diagonal.set(diagonal);
    b.diagonalAt.set(diagonalAt);
    b.upper.set(upper);
    b.upperAt.set(upperAt);
    if (pivotFloor) b.floor.set(pivotFloor);
    return wasm.factor(this.n, at(b.colPtr), at(b.rowIdx), at(b.lp), at(b.li), at(b.lx), at(b.d), at(b.y), at(b.reachPtr), at(b.reach), at(b.reachEnd), at(b.diagonal), at(b.diagonalAt), at(b.upper), at(b.upperAt), pivotFloor ? at(b.floor) : 0);
  }

  /** Solves L·D·Lᵀ·x = b in place (b becomes x). */
  solve(b: Float64Array): void {
    const n = this.n;
    const block = this.block;
    if (block.wasm && b.length === n) {
      block.b.set(b);
      block.wasm.solve(n, at(block.lp), at(block.li), at(block.lx), at(block.d), at(block.b));
      b.set(block.b);
      return;
    }
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
