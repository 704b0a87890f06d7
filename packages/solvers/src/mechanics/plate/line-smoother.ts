// Line Gauss–Seidel for a NodeBlockMatrix: the unknowns of a whole grid line (all nodes with the same
// iy for x-lines, the same ix for y-lines) are updated together by solving their block-tridiagonal
// system exactly (block Thomas algorithm, factors computed once), with the other lines' couplings
// moved to the right-hand side. Alternating x- and y-lines smooth errors that point smoothers leave
// on stretched cells (long thin columns, strongly graded grids), whichever way the cells are stretched.

import type { AbortCheck } from '../../run/types.js';
import { blockKernel, CENTRE, invertSymmetric, NEIGHBOUR_DX, NEIGHBOUR_DY, type Accumulate, type NodeBlockMatrix } from './node-block-matrix.js';

export type LineDirection = 'x' | 'y';

/** Neighbour slots along a line (previous, next) and across it. */
const ALONG: Record<LineDirection, [number, number]> = { x: [3, 5], y: [1, 7] };
const ACROSS: Record<LineDirection, Int32Array> = { x: Int32Array.of(0, 1, 2, 6, 7, 8), y: Int32Array.of(0, 2, 3, 5, 6, 8) };

interface LineFactors {
  /** Per node: the inverse of the eliminated pivot block M_i, and C_i = M_i⁻¹ U_i (U: coupling to the next node). */
  pivotInverse: Float64Array;
  next: Float64Array;
}

export class LineSmoother {
  private readonly factors: Record<LineDirection, LineFactors>;
  /** The forward-eliminated right-hand side y_i of the line being solved. */
  private readonly eliminated: Float64Array;
  private readonly work: Float64Array;
  private readonly accumulate: Accumulate;

  /** `checkAbort`: polled once per line of the factorisation (a block inversion per node). */
  constructor(
    private readonly A: NodeBlockMatrix,
    checkAbort?: AbortCheck,
  ) {
    this.factors = { x: this.factor('x', checkAbort), y: this.factor('y', checkAbort) };
    this.eliminated = new Float64Array(A.size);
    this.work = new Float64Array(A.dofs);
    this.accumulate = blockKernel(A.dofs);
  }

  /** Nodes of line `line` in order, and how many lines there are. */
  private lineNodes(direction: LineDirection, line: number): { first: number; stride: number; count: number } {
    const { nodesX, nodesY } = this.A;
    return direction === 'x' ? { first: line * nodesX, stride: 1, count: nodesX } : { first: line, stride: nodesX, count: nodesY };
  }

  private lineCount(direction: LineDirection): number {
    return direction === 'x' ? this.A.nodesY : this.A.nodesX;
  }

  private factor(direction: LineDirection, checkAbort: AbortCheck | undefined): LineFactors {
    const d = this.A.dofs;
    const dd = d * d;
    const pivotInverse = new Float64Array(this.A.nodeCount * dd);
    const next = new Float64Array(this.A.nodeCount * dd);
    const [previousSlot, nextSlot] = ALONG[direction];
    const { blocks } = this.A;
    const pivot = new Float64Array(dd);
    const inverse = new Float64Array(dd);
    for (let line = 0; line < this.lineCount(direction); line++) {
      checkAbort?.();
      const { first, stride, count } = this.lineNodes(direction, line);
      for (let i = 0; i < count; i++) {
        const n = first + i * stride;
        for (let e = 0; e < dd; e++) pivot[e] = blocks[(9 * n + CENTRE) * dd + e]!;
        if (i > 0) {
          // M_i = D_i − L_i C_{i−1}
          const L = (9 * n + previousSlot) * dd;
          const C = (n - stride) * dd;
          for (let a = 0; a < d; a++) for (let b = 0; b < d; b++) for (let c = 0; c < d; c++) pivot[a * d + b] -= blocks[L + a * d + c]! * next[C + c * d + b]!;
        }
        invertSymmetric(pivot, d, inverse);
        pivotInverse.set(inverse, n * dd);
        if (i < count - 1) {
          const U = (9 * n + nextSlot) * dd;
          for (let a = 0; a < d; a++) for (let b = 0; b < d; b++) {
            let sum = 0;
            for (let c = 0; c < d; c++) sum += inverse[a * d + c]! * blocks[U + c * d + b]!;
            next[n * dd + a * d + b] = sum;
          }
        }
      }
    }
    return { pivotInverse, next };
  }

  /** One sweep over the lines of `direction`, in increasing (forward) or decreasing (backward) order. */
  sweep(b: Float64Array, x: Float64Array, direction: LineDirection, order: 'forward' | 'backward'): void {
    const lines = this.lineCount(direction);
    for (let count = 0; count < lines; count++) this.solveLine(b, x, direction, order === 'forward' ? count : lines - 1 - count);
  }

  private solveLine(b: Float64Array, x: Float64Array, direction: LineDirection, line: number): void {
    const { A, eliminated, work, accumulate } = this;
    const d = A.dofs;
    const dd = d * d;
    const { nodesX, nodesY, blocks } = A;
    const { pivotInverse, next } = this.factors[direction];
    const previousSlot = ALONG[direction][0];
    const across = ACROSS[direction];
    const { first, stride, count } = this.lineNodes(direction, line);
    // Right-hand side: b minus the couplings to the other lines, then forward elimination.
    for (let i = 0; i < count; i++) {
      const n = first + i * stride;
      const ix = n % nodesX;
      const iy = (n - ix) / nodesX;
      for (let a = 0; a < d; a++) work[a] = b[n * d + a]!;
      for (let j = 0; j < across.length; j++) {
        const k = across[j]!;
        const jx = ix + NEIGHBOUR_DX[k]!;
        const jy = iy + NEIGHBOUR_DY[k]!;
        if (jx < 0 || jy < 0 || jx >= nodesX || jy >= nodesY) continue;
        accumulate(blocks, (9 * n + k) * dd, x, (jx + nodesX * jy) * d, work, 0, -1);
      }
      if (i > 0) accumulate(blocks, (9 * n + previousSlot) * dd, eliminated, (n - stride) * d, work, 0, -1);
      for (let a = 0; a < d; a++) eliminated[n * d + a] = 0;
      accumulate(pivotInverse, n * dd, work, 0, eliminated, n * d, 1);
    }
    // Back substitution: x_i = y_i − C_i x_{i+1}.
    for (let a = 0; a < d; a++) x[(first + (count - 1) * stride) * d + a] = eliminated[(first + (count - 1) * stride) * d + a]!;
    for (let i = count - 2; i >= 0; i--) {
      const n = first + i * stride;
      for (let a = 0; a < d; a++) x[n * d + a] = eliminated[n * d + a]!;
      accumulate(next, n * dd, x, (n + stride) * d, x, n * d, -1);
    }
  }
}
