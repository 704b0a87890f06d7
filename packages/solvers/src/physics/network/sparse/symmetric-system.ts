// A symmetric positive definite system A·x = b assembled by node and edge (as the hydraulic solver
// assembles its head equations), factorised with a fill-reducing order and sparse LDLᵀ. The caller
// writes `diagonal`, `offDiagonal` (one value per distinct edge) and `rhs` in its own node numbering;
// `solve()` returns x in the same numbering.

import { LdltFactor, type UpperPattern } from './ldlt.js';
import { graphFromEdges, minimumDegreeOrder } from './minimum-degree.js';

export class SymmetricSystem {
  readonly n: number;
  readonly diagonal: Float64Array;
  readonly offDiagonal: Float64Array;
  readonly rhs: Float64Array;
  /** order[k] = node eliminated k-th; position[node] = k. */
  readonly order: Int32Array;
  readonly position: Int32Array;
  private readonly edgeSlot: Int32Array;
  private readonly factorization: LdltFactor;
  private readonly permutedDiagonal: Float64Array;
  private readonly permutedUpper: Float64Array;
  private readonly work: Float64Array;

  /** `edgeA[e]`, `edgeB[e]`: the two distinct nodes of edge e (edges must be distinct pairs). */
  constructor(n: number, edgeA: Int32Array, edgeB: Int32Array) {
    this.n = n;
    const edges = edgeA.length;
    this.diagonal = new Float64Array(n);
    this.offDiagonal = new Float64Array(edges);
    this.rhs = new Float64Array(n);
    this.order = minimumDegreeOrder(graphFromEdges(n, edgeA, edgeB));
    this.position = new Int32Array(n);
    for (let k = 0; k < n; k++) this.position[this.order[k]!] = k;

    // Upper triangle of the permuted matrix by columns: edge (a, b) sits in column max(pa, pb).
    const colPtr = new Int32Array(n + 1);
    for (let e = 0; e < edges; e++) {
      const col = Math.max(this.position[edgeA[e]!]!, this.position[edgeB[e]!]!);
      colPtr[col + 1]!++;
    }
    for (let k = 0; k < n; k++) colPtr[k + 1]! += colPtr[k]!;
    const byColumn = Array.from({ length: n }, () => [] as number[]);
    for (let e = 0; e < edges; e++) {
      const col = Math.max(this.position[edgeA[e]!]!, this.position[edgeB[e]!]!);
      byColumn[col]!.push(e);
    }
    const rowIdx = new Int32Array(edges);
    this.edgeSlot = new Int32Array(edges);
    for (let col = 0; col < n; col++) {
      const rowOf = (e: number) => Math.min(this.position[edgeA[e]!]!, this.position[edgeB[e]!]!);
      const list = byColumn[col]!.sort((e1, e2) => rowOf(e1) - rowOf(e2));
      let slot = colPtr[col]!;
      for (const e of list) {
        rowIdx[slot] = rowOf(e);
        this.edgeSlot[e] = slot;
        slot++;
      }
    }
    const pattern: UpperPattern = { n, colPtr, rowIdx };
    this.factorization = new LdltFactor(pattern);
    this.permutedDiagonal = new Float64Array(n);
    this.permutedUpper = new Float64Array(edges);
    this.work = new Float64Array(n);
  }

  /** Entries of L beyond the diagonal, a measure of the ordering's fill. */
  get factorNonzeros(): number {
    return this.factorization.nonzeros;
  }

  clear(): void {
    this.diagonal.fill(0);
    this.offDiagonal.fill(0);
    this.rhs.fill(0);
  }

  /**
   * Factorises and solves; the solution replaces `rhs`. Returns -1, or the node whose pivot was not
   * positive (the matrix is not positive definite there).
   */
  solve(): number {
    const { n, order, position } = this;
    for (let k = 0; k < n; k++) this.permutedDiagonal[k] = this.diagonal[order[k]!]!;
    for (let e = 0; e < this.offDiagonal.length; e++) this.permutedUpper[this.edgeSlot[e]!] = this.offDiagonal[e]!;
    const failed = this.factorization.factor(this.permutedDiagonal, this.permutedUpper);
    if (failed >= 0) return order[failed]!;
    for (let k = 0; k < n; k++) this.work[k] = this.rhs[order[k]!]!;
    this.factorization.solve(this.work);
    for (let i = 0; i < n; i++) this.rhs[i] = this.work[position[i]!]!;
    return -1;
  }
}
