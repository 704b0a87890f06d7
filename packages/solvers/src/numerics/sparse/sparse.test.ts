// The sparse symmetric solver against dense Gaussian elimination (in the test only), on grid
// Laplacians with random conductances like the head equations of a looped network.

import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random.js';
import { LdltFactor } from './ldlt.js';
import { approximateMinimumDegreeOrder } from './approximate-minimum-degree.js';
import { graphFromEdges, minimumDegreeOrder, type AdjacencyGraph } from './minimum-degree.js';
import { SymmetricSystem } from './symmetric-system.js';

/** A rows x cols grid: edges between neighbours. */
function gridEdges(rows: number, cols: number): { a: Int32Array; b: Int32Array } {
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (c + 1 < cols) {
        a.push(r * cols + c);
        b.push(r * cols + c + 1);
      }
      if (r + 1 < rows) {
        a.push(r * cols + c);
        b.push((r + 1) * cols + c);
      }
    }
  }
  return { a: Int32Array.from(a), b: Int32Array.from(b) };
}

/** Off-diagonal entries of L for the graph eliminated in the given order. */
function fillOf(graph: AdjacencyGraph, order: Int32Array): number {
  const n = graph.n;
  const position = new Int32Array(n);
  order.forEach((node, k) => (position[node] = k));
  const entries: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < n; i++) {
    for (let t = graph.xadj[i]!; t < graph.xadj[i + 1]!; t++) {
      const j = graph.adj[t]!;
      if (position[i]! < position[j]!) entries[position[j]!]!.push(position[i]!);
    }
  }
  const colPtr = new Int32Array(n + 1);
  entries.forEach((list, col) => (colPtr[col + 1] = colPtr[col]! + list.length));
  return new LdltFactor({ n, colPtr, rowIdx: Int32Array.from(entries.flatMap((list) => list.sort((x, y) => x - y))) }).nonzeros;
}

function denseSolve(matrix: number[][], rhs: number[]): number[] {
  const n = rhs.length;
  const m = matrix.map((row, i) => [...row, rhs[i]!]);
  for (let k = 0; k < n; k++) {
    let pivot = k;
    for (let i = k + 1; i < n; i++) if (Math.abs(m[i]![k]!) > Math.abs(m[pivot]![k]!)) pivot = i;
    [m[k], m[pivot]] = [m[pivot]!, m[k]!];
    for (let i = k + 1; i < n; i++) {
      const factor = m[i]![k]! / m[k]![k]!;
      for (let j = k; j <= n; j++) m[i]![j]! -= factor * m[k]![j]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let sum = m[i]![n]!;
    for (let j = i + 1; j < n; j++) sum -= m[i]![j]! * x[j]!;
    x[i] = sum / m[i]![i]!;
  }
  return x;
}

/** Fills the system with a weighted graph Laplacian plus a positive diagonal (fixed-head links). */
function assembleLaplacian(system: SymmetricSystem, a: Int32Array, b: Int32Array, random: () => number): number[][] {
  const n = system.n;
  const dense = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  system.clear();
  for (let e = 0; e < a.length; e++) {
    const w = 10 ** (4 * random() - 2);
    system.offDiagonal[e] = -w;
    system.diagonal[a[e]!]! += w;
    system.diagonal[b[e]!]! += w;
    dense[a[e]!]![b[e]!] = -w;
    dense[b[e]!]![a[e]!] = -w;
  }
  for (let i = 0; i < n; i++) {
    const anchor = i % 7 === 0 ? 1 + random() : 0;
    system.diagonal[i]! += anchor;
    dense[i]![i] = system.diagonal[i]!;
    system.rhs[i] = random() - 0.5;
  }
  return dense;
}

describe('sparse LDLᵀ with minimum degree ordering', () => {
  it('solves grid Laplacians like dense elimination', () => {
    const random = seededRandom(7);
    for (const [rows, cols] of [
      [1, 1],
      [3, 4],
      [8, 9],
      [15, 12],
    ] as const) {
      const { a, b } = gridEdges(rows, cols);
      const system = new SymmetricSystem(rows * cols, a, b);
      const dense = assembleLaplacian(system, a, b, random);
      const rhs = Array.from(system.rhs);
      const expected = denseSolve(dense, rhs);
      expect(system.solve()).toBe(-1);
      const scale = Math.max(...expected.map(Math.abs));
      system.rhs.forEach((x, i) => expect(Math.abs(x - expected[i]!)).toBeLessThan(1e-9 * scale));
    }
  });

  it('orders every node once and creates less fill than the natural order on a grid', () => {
    const rows = 30;
    const cols = 30;
    const { a, b } = gridEdges(rows, cols);
    const graph = graphFromEdges(rows * cols, a, b);
    const order = minimumDegreeOrder(graph);
    expect([...order].sort((x, y) => x - y)).toEqual(Array.from({ length: rows * cols }, (_, i) => i));
    const minimumDegree = new SymmetricSystem(rows * cols, a, b).factorNonzeros;
    // Natural (row-by-row) order: a band of width `cols`.
    const colPtr = new Int32Array(rows * cols + 1);
    const entries: number[][] = Array.from({ length: rows * cols }, () => []);
    for (let e = 0; e < a.length; e++) entries[Math.max(a[e]!, b[e]!)]!.push(Math.min(a[e]!, b[e]!));
    entries.forEach((list, col) => (colPtr[col + 1] = colPtr[col]! + list.length));
    const natural = new LdltFactor({ n: rows * cols, colPtr, rowIdx: Int32Array.from(entries.flatMap((list) => list.sort((x, y) => x - y))) }).nonzeros;
    expect(minimumDegree).toBeLessThan(natural / 2);
  });

  it('orders with the quotient-graph approximate minimum degree as well as the exact one', () => {
    const random = seededRandom(11);
    // A grid, the same grid with half its loops cut at random (a generated network's shape), and a
    // random tree, for which an elimination from the leaves up creates no fill at all.
    const grid = gridEdges(40, 40);
    const keep = Array.from(grid.a, () => random() < 0.6);
    const sparse = { a: grid.a.filter((_, e) => keep[e]), b: grid.b.filter((_, e) => keep[e]) };
    const treeA = Int32Array.from({ length: 799 }, (_, i) => i + 1);
    const treeB = Int32Array.from(treeA, (i) => Math.floor(random() * i));
    for (const [n, a, b] of [
      [1600, grid.a, grid.b],
      [1600, sparse.a, sparse.b],
      [800, treeA, treeB],
    ] as const) {
      const graph = graphFromEdges(n, a, b);
      const order = approximateMinimumDegreeOrder(graph);
      expect([...order].sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i));
      const approximate = fillOf(graph, order);
      const exact = fillOf(graph, minimumDegreeOrder(graph));
      // The degree bound is an upper bound, so ties break differently; the fill stays of the same size.
      expect(approximate).toBeLessThanOrEqual(1.1 * exact);
      if (n === 800) expect(approximate).toBe(799);
    }
  });

  it('names the node where the matrix stops being positive definite', () => {
    const { a, b } = gridEdges(1, 3);
    const system = new SymmetricSystem(3, a, b);
    system.diagonal.set([1, 2, 1]);
    system.offDiagonal.set([-1, -1]);
    system.rhs.set([1, 0, -1]);
    // A pure Laplacian (no anchor) is singular: the last pivot is zero.
    expect(system.solve()).toBeGreaterThanOrEqual(0);
  });

  it('goes on past a pivot that is not positive where a floor is given, and only there', () => {
    // The chain of three nodes with no anchor, as junctions cut off from every source: the last
    // pivot is 0 in exact arithmetic. With a floor ε there, x solves L·D·Lᵀ·x = b with that pivot.
    const build = () => {
      const { a, b } = gridEdges(1, 3);
      const system = new SymmetricSystem(3, a, b);
      system.diagonal.set([1, 2, 1]);
      system.offDiagonal.set([-1, -1]);
      system.rhs.set([1e-9, 0, 0]);
      return system;
    };
    const failing = build();
    const node = failing.solve();
    expect(node).toBeGreaterThanOrEqual(0);
    const elsewhere = new Float64Array(3);
    elsewhere[(node + 1) % 3] = 1e-8;
    expect(build().solve(elsewhere)).toBe(node);
    const floor = new Float64Array(3);
    floor[node] = 1e-8;
    const floored = build();
    expect(floored.solve(floor)).toBe(-1);
    const x = Array.from(floored.rhs);
    expect(x.every(Number.isFinite)).toBe(true);
    // The floored pivot adds ε on the last node's diagonal: A·x = b there up to ε·x.
    const ax = [x[0]! - x[1]!, 2 * x[1]! - x[0]! - x[2]!, x[2]! - x[1]!];
    const residual = ax.map((v, i) => v - [1e-9, 0, 0][i]!);
    expect(Math.max(...residual.map(Math.abs))).toBeLessThan(1e-8 * Math.max(...x.map(Math.abs)) + 1e-15);
  });
});
