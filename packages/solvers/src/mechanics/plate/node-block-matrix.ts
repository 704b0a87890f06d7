// A symmetric matrix on a structured grid of nodes with `dofs` unknowns per node, each node coupled to
// its 3×3 neighbourhood: the stiffness matrix of the rectangular plate elements (4 unknowns per node
// for bending, 2 for the membrane). Stored as dense dofs×dofs blocks, 9 per node (both triangles, so
// the product is one loop). The thermal core's ConjugateGradient takes only its 7-point scalar
// matrix, whose stencil cannot hold these couplings (diagonal neighbours, several unknowns per node),
// hence this matrix; the conjugate gradient for it is in conjugate-gradient.ts.

import { DivergedError } from '../../errors.js';
import type { AbortCheck } from '../../run/types.js';
import { elementNodes, type PlateGrid } from './grid.js';

/** Neighbour k = (dx + 1) + 3 (dy + 1); k = 4 is the node itself, 8 − k the opposite neighbour. */
export const CENTRE = 4;
export const NEIGHBOUR_DX = Int32Array.of(-1, 0, 1, -1, 0, 1, -1, 0, 1);
export const NEIGHBOUR_DY = Int32Array.of(-1, -1, -1, 0, 0, 0, 1, 1, 1);

/** out[o..o+d) += sign · block · x[x0..x0+d), the d×d block row-major at `base` of `blocks`. */
export type Accumulate = (blocks: Float64Array, base: number, x: Float64Array, x0: number, out: Float64Array, o: number, sign: number) => void;

function accumulate4(blocks: Float64Array, base: number, x: Float64Array, x0: number, out: Float64Array, o: number, sign: number): void {
  const x1 = x[x0]!;
  const x2 = x[x0 + 1]!;
  const x3 = x[x0 + 2]!;
  const x4 = x[x0 + 3]!;
  out[o] += sign * (blocks[base]! * x1 + blocks[base + 1]! * x2 + blocks[base + 2]! * x3 + blocks[base + 3]! * x4);
  out[o + 1] += sign * (blocks[base + 4]! * x1 + blocks[base + 5]! * x2 + blocks[base + 6]! * x3 + blocks[base + 7]! * x4);
  out[o + 2] += sign * (blocks[base + 8]! * x1 + blocks[base + 9]! * x2 + blocks[base + 10]! * x3 + blocks[base + 11]! * x4);
  out[o + 3] += sign * (blocks[base + 12]! * x1 + blocks[base + 13]! * x2 + blocks[base + 14]! * x3 + blocks[base + 15]! * x4);
}

function accumulate2(blocks: Float64Array, base: number, x: Float64Array, x0: number, out: Float64Array, o: number, sign: number): void {
  const x1 = x[x0]!;
  const x2 = x[x0 + 1]!;
  out[o] += sign * (blocks[base]! * x1 + blocks[base + 1]! * x2);
  out[o + 1] += sign * (blocks[base + 2]! * x1 + blocks[base + 3]! * x2);
}

/** The block-times-vector kernel for d×d blocks (unrolled for 2 and 4). */
export function blockKernel(d: number): Accumulate {
  return d === 4 ? accumulate4 : d === 2 ? accumulate2 : accumulateAny(d);
}

function accumulateAny(d: number): Accumulate {
  return (blocks, base, x, x0, out, o, sign) => {
    for (let a = 0; a < d; a++) {
      let sum = 0;
      for (let b = 0; b < d; b++) sum += blocks[base + a * d + b]! * x[x0 + b]!;
      out[o + a] += sign * sum;
    }
  };
}

export class NodeBlockMatrix {
  readonly nodeCount: number;
  readonly size: number;
  /** Block (node n, neighbour k), entry [a][b] at ((9 n + k) dofs + a) dofs + b. */
  readonly blocks: Float64Array;
  /** 1 where an unknown is fixed at zero (its row and column are those of the identity). */
  readonly fixed: Uint8Array;

  constructor(
    readonly nodesX: number,
    readonly nodesY: number,
    readonly dofs: number,
  ) {
    this.nodeCount = nodesX * nodesY;
    this.size = this.nodeCount * dofs;
    this.blocks = new Float64Array(this.nodeCount * 9 * dofs * dofs);
    this.fixed = new Uint8Array(this.size);
    this.accumulate = blockKernel(dofs);
  }

  private readonly accumulate: Accumulate;

  /** The neighbour slot of node m as seen from node n (they must be neighbours). */
  private slot(n: number, m: number): number {
    const dx = (m % this.nodesX) - (n % this.nodesX);
    const dy = Math.floor(m / this.nodesX) - Math.floor(n / this.nodesX);
    return dx + 1 + 3 * (dy + 1);
  }

  /**
   * Adds an element matrix: `nodes` lists the element's nodes, `matrix` is square of side
   * nodes.length · dofs with the unknowns ordered node by node.
   */
  addElement(nodes: readonly number[], matrix: Float64Array): void {
    const d = this.dofs;
    const side = nodes.length * d;
    for (let p = 0; p < nodes.length; p++) {
      for (let q = 0; q < nodes.length; q++) {
        const base = (9 * nodes[p]! + this.slot(nodes[p]!, nodes[q]!)) * d * d;
        for (let a = 0; a < d; a++) for (let b = 0; b < d; b++) this.blocks[base + a * d + b] += matrix[(p * d + a) * side + q * d + b]!;
      }
    }
  }

  /** Fixes unknown `dof` of `node` at zero: clears its row and column, puts 1 on the diagonal. */
  fix(node: number, dof: number): void {
    const d = this.dofs;
    const ix = node % this.nodesX;
    const iy = Math.floor(node / this.nodesX);
    for (let k = 0; k < 9; k++) {
      const jx = ix + (k % 3) - 1;
      const jy = iy + Math.floor(k / 3) - 1;
      if (jx < 0 || jy < 0 || jx >= this.nodesX || jy >= this.nodesY) continue;
      const m = jx + this.nodesX * jy;
      const row = (9 * node + k) * d * d + dof * d;
      for (let b = 0; b < d; b++) this.blocks[row + b] = 0;
      const column = (9 * m + (8 - k)) * d * d + dof;
      for (let c = 0; c < d; c++) this.blocks[column + c * d] = 0;
    }
    this.blocks[(9 * node + CENTRE) * d * d + dof * d + dof] = 1;
    this.fixed[node * d + dof] = 1;
  }

  /** y = A x. */
  multiply(x: Float64Array, y: Float64Array): void {
    const d = this.dofs;
    const dd = d * d;
    const { nodesX, nodesY, blocks, accumulate } = this;
    for (let iy = 0; iy < nodesY; iy++) {
      for (let ix = 0; ix < nodesX; ix++) {
        const n = ix + nodesX * iy;
        for (let a = 0; a < d; a++) y[n * d + a] = 0;
        for (let k = 0; k < 9; k++) {
          const jx = ix + NEIGHBOUR_DX[k]!;
          const jy = iy + NEIGHBOUR_DY[k]!;
          if (jx < 0 || jy < 0 || jx >= nodesX || jy >= nodesY) continue;
          accumulate(blocks, (9 * n + k) * dd, x, (jx + nodesX * jy) * d, y, n * d, 1);
        }
      }
    }
  }

  /** The inverse of every diagonal block (symmetric positive definite), dofs×dofs per node. */
  invertDiagonalBlocks(): Float64Array {
    const d = this.dofs;
    const inverse = new Float64Array(this.nodeCount * d * d);
    const block = new Float64Array(d * d);
    for (let node = 0; node < this.nodeCount; node++) {
      block.set(this.blocks.subarray((9 * node + CENTRE) * d * d, (9 * node + CENTRE + 1) * d * d));
      invertSymmetric(block, d, inverse.subarray(node * d * d, (node + 1) * d * d));
    }
    return inverse;
  }

  /**
   * One block Gauss–Seidel sweep for A x = b, nodes in increasing order (forward) or decreasing
   * (backward): x_n ← D_n⁻¹ (b_n − Σ_{m ≠ n} A_nm x_m). `inverse` is from invertDiagonalBlocks.
   */
  gaussSeidel(inverse: Float64Array, b: Float64Array, x: Float64Array, direction: 'forward' | 'backward'): void {
    const d = this.dofs;
    const dd = d * d;
    const { nodesX, nodesY, blocks, accumulate } = this;
    const rest = new Float64Array(d);
    const step = direction === 'forward' ? 1 : -1;
    const start = direction === 'forward' ? 0 : this.nodeCount - 1;
    for (let count = 0, n = start; count < this.nodeCount; count++, n += step) {
      const ix = n % nodesX;
      const iy = (n - ix) / nodesX;
      for (let a = 0; a < d; a++) rest[a] = b[n * d + a]!;
      for (let k = 0; k < 9; k++) {
        if (k === CENTRE) continue;
        const jx = ix + NEIGHBOUR_DX[k]!;
        const jy = iy + NEIGHBOUR_DY[k]!;
        if (jx < 0 || jy < 0 || jx >= nodesX || jy >= nodesY) continue;
        accumulate(blocks, (9 * n + k) * dd, x, (jx + nodesX * jy) * d, rest, 0, -1);
      }
      const inv = n * dd;
      for (let a = 0; a < d; a++) {
        let sum = 0;
        for (let c = 0; c < d; c++) sum += inverse[inv + a * d + c]! * rest[c]!;
        x[n * d + a] = sum;
      }
    }
  }

  /** The matrix as a dense row-major array (for the coarsest multigrid level). */
  toDense(): Float64Array {
    const d = this.dofs;
    const dense = new Float64Array(this.size * this.size);
    for (let n = 0; n < this.nodeCount; n++) {
      const ix = n % this.nodesX;
      const iy = (n - ix) / this.nodesX;
      for (let k = 0; k < 9; k++) {
        const jx = ix + (k % 3) - 1;
        const jy = iy + Math.floor(k / 3) - 1;
        if (jx < 0 || jy < 0 || jx >= this.nodesX || jy >= this.nodesY) continue;
        const m = jx + this.nodesX * jy;
        for (let a = 0; a < d; a++) for (let b = 0; b < d; b++) dense[(n * d + a) * this.size + m * d + b] = this.blocks[(9 * n + k) * d * d + a * d + b]!;
      }
    }
    return dense;
  }
}

/** Inverse of a small symmetric positive definite matrix by Cholesky (a = L Lᵀ, overwritten). */
export function invertSymmetric(a: Float64Array, d: number, out: Float64Array): void {
  choleskyInPlace(a, d);
  const column = new Float64Array(d);
  for (let c = 0; c < d; c++) {
    column.fill(0);
    column[c] = 1;
    choleskySolveInPlace(a, d, column);
    for (let i = 0; i < d; i++) out[i * d + c] = column[i]!;
  }
}

/** Dense Cholesky a = L Lᵀ, L written into the lower triangle of a (row-major n×n). */
export function choleskyInPlace(a: Float64Array, n: number): void {
  for (let j = 0; j < n; j++) {
    let s = a[j * n + j]!;
    for (let k = 0; k < j; k++) s -= a[j * n + k]! * a[j * n + k]!;
    if (!(s > 0)) throw new DivergedError('plate solver: the stiffness matrix is not positive definite (is the plate held against rigid-body motion?)');
    const l = Math.sqrt(s);
    a[j * n + j] = l;
    for (let i = j + 1; i < n; i++) {
      let t = a[i * n + j]!;
      for (let k = 0; k < j; k++) t -= a[i * n + k]! * a[j * n + k]!;
      a[i * n + j] = t / l;
    }
  }
}

/** Solves L Lᵀ x = b in place with the factor from choleskyInPlace. */
export function choleskySolveInPlace(l: Float64Array, n: number, b: Float64Array): void {
  for (let i = 0; i < n; i++) {
    let t = b[i]!;
    for (let k = 0; k < i; k++) t -= l[i * n + k]! * b[k]!;
    b[i] = t / l[i * n + i]!;
  }
  for (let i = n - 1; i >= 0; i--) {
    let t = b[i]!;
    for (let k = i + 1; k < n; k++) t -= l[k * n + i]! * b[k]!;
    b[i] = t / l[i * n + i]!;
  }
}

/** The matrix of `grid` summed from the element matrices of its columns; `element` fills one, (4 dofs)² entries. */
export function assembleOnGrid(grid: PlateGrid, dofs: number, element: (ix: number, iy: number, out: Float64Array) => void, checkAbort?: AbortCheck): NodeBlockMatrix {
  const nx = grid.xFaces.length - 1;
  const ny = grid.yFaces.length - 1;
  const K = new NodeBlockMatrix(nx + 1, ny + 1, dofs);
  const out = new Float64Array(16 * dofs * dofs);
  for (let iy = 0; iy < ny; iy++) {
    checkAbort?.();
    for (let ix = 0; ix < nx; ix++) {
      element(ix, iy, out);
      K.addElement(elementNodes(ix, iy, nx + 1), out);
    }
  }
  return K;
}
