// A symmetric positive definite system A·x = b assembled by node and edge (as the hydraulic solver
// assembles its head equations), factorised with a fill-reducing order and sparse LDLᵀ. The caller
// writes `diagonal`, `offDiagonal` (one value per distinct edge) and `rhs` in its own node numbering;
// `solve()` returns x in the same numbering.

import { LdltFactor, type UpperPattern } from './ldlt.js';
import { approximateMinimumDegreeOrder } from './approximate-minimum-degree.js';
import { graphFromEdges } from './minimum-degree.js';

export class SymmetricSystem {
  readonly n: number;
  readonly diagonal: Float64Array;
  readonly offDiagonal: Float64Array;
  readonly rhs: Float64Array;
  /** order[k] = node eliminated k-th; position[node] = k. */
  readonly order: Int32Array;
  readonly position: Int32Array;
  /** The edge whose value sits at each position of the permuted upper triangle's pattern. */
  private readonly slotEdge: Int32Array;
  private readonly factorization: LdltFactor;
  private readonly work: Float64Array;
  private floorByPosition: Float64Array | undefined;

  /** `edgeA[e]`, `edgeB[e]`: the two distinct nodes of edge e (edges must be distinct pairs). */
  constructor(n: number, edgeA: Int32Array, edgeB: Int32Array) {
    this.n = n;
    const edges = edgeA.length;
    this.diagonal = new Float64Array(n);
    this.offDiagonal = new Float64Array(edges);
    this.rhs = new Float64Array(n);
    const order = approximateMinimumDegreeOrder(graphFromEdges(n, edgeA, edgeB));
    const position = new Int32Array(n);
    this.order = order;
    this.position = position;
    for (let k = 0; k < n; k++) position[order[k]!] = k;

    // Upper triangle of the permuted matrix by columns: edge (a, b) sits in column max(pa, pb), row
    // min(pa, pb). A counting sort by column, then rows sorted within each (short) column.
    const colPtr = new Int32Array(n + 1);
    const edgeRow = new Int32Array(edges);
    const edgeCol = new Int32Array(edges);
    for (let e = 0; e < edges; e++) {
      const pa = position[edgeA[e]!]!;
      const pb = position[edgeB[e]!]!;
      edgeRow[e] = pa < pb ? pa : pb;
      edgeCol[e] = pa < pb ? pb : pa;
      colPtr[edgeCol[e]! + 1]!++;
    }
    for (let k = 0; k < n; k++) colPtr[k + 1]! += colPtr[k]!;
    const next = colPtr.slice(0, n);
    const slotEdge = new Int32Array(edges);
    for (let e = 0; e < edges; e++) slotEdge[next[edgeCol[e]!]!++] = e;
    const rowIdx = new Int32Array(edges);
    this.slotEdge = slotEdge;
    for (let col = 0; col < n; col++) {
      const first = colPtr[col]!;
      for (let slot = first; slot < colPtr[col + 1]!; slot++) {
        const e = slotEdge[slot]!;
        const row = edgeRow[e]!;
        let q = slot;
        for (; q > first && rowIdx[q - 1]! > row; q--) {
          rowIdx[q] = rowIdx[q - 1]!;
          slotEdge[q] = slotEdge[q - 1]!;
        }
        rowIdx[q] = row;
        slotEdge[q] = e;
      }
    }
    const pattern: UpperPattern = { n, colPtr, rowIdx };
    this.factorization = new LdltFactor(pattern);
    this.work = new Float64Array(n);
  }

  /** Entries of L beyond the diagonal, a measure of the ordering's fill. */
  get factorNonzeros(): number {
    return this.factorization.nonzeros;
  }

  /** Whether the factorisation runs in WebAssembly (ldlt-wasm.ts). */
  get factorInWasm(): boolean {
    return this.factorization.inWasm;
  }

  clear(): void {
    this.diagonal.fill(0);
    this.offDiagonal.fill(0);
    this.rhs.fill(0);
  }

  /**
   * Factorises and solves; the solution replaces `rhs`. Returns -1, or the node whose pivot was not
   * positive (the matrix is not positive definite there). `pivotFloor` (by node, optional): a node
   * whose pivot is not positive takes this value instead, where it is positive.
   */
  solve(pivotFloor?: Float64Array): number {
    // Arrays in locals: a property load per element is slow while the first solve is interpreted.
    const { n, order, position, diagonal, offDiagonal, rhs, slotEdge, work } = this;
    let floor: Float64Array | undefined;
    if (pivotFloor) {
      floor = (this.floorByPosition ??= new Float64Array(n));
      for (let k = 0; k < n; k++) floor[k] = pivotFloor[order[k]!]!;
    }
    const failed = this.factorization.factor(diagonal, order, offDiagonal, slotEdge, floor);
    if (failed >= 0) return order[failed]!;
    for (let k = 0; k < n; k++) work[k] = rhs[order[k]!]!;
    this.factorization.solve(work);
    for (let i = 0; i < n; i++) rhs[i] = work[position[i]!]!;
    return -1;
  }
}
