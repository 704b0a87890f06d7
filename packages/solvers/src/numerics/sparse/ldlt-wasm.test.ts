// The sparse LDLᵀ factor's WebAssembly loops (wasm/sparse.ts) against its TypeScript loops (ldlt.ts,
// the reference): the same pivots, the same failing row, the same floor handling and every solution
// bit for bit, on grid Laplacians like a network's head equations; and the TypeScript loops wherever
// the module is switched off or cannot take the caller's arrays.

import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../random.js';
import { LdltFactor } from './ldlt.js';
import { useWasmLdlt, wasmLdltAvailable } from './ldlt-wasm.js';
import { SymmetricSystem } from './symmetric-system.js';

afterEach(() => useWasmLdlt(true));

/** A rows x cols grid with a random conductance on each edge and a few anchored nodes. */
function gridSystem(rows: number, cols: number, seed: number, wasm: boolean): SymmetricSystem {
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (c + 1 < cols) a.push(r * cols + c), b.push(r * cols + c + 1);
      if (r + 1 < rows) a.push(r * cols + c), b.push((r + 1) * cols + c);
    }
  }
  useWasmLdlt(wasm);
  const system = new SymmetricSystem(rows * cols, Int32Array.from(a), Int32Array.from(b));
  const random = seededRandom(seed);
  for (let e = 0; e < a.length; e++) {
    const g = 0.01 + random() * 10 ** (4 * random());
    system.offDiagonal[e] = -g;
    system.diagonal[a[e]!]! += g;
    system.diagonal[b[e]!]! += g;
  }
  for (let i = 0; i < rows * cols; i += 97) system.diagonal[i]! += 1;
  for (let i = 0; i < rows * cols; i++) system.rhs[i] = random() - 0.5;
  return system;
}

const sameBits = (x: Float64Array, y: Float64Array) => x.length === y.length && x.every((v, i) => Object.is(v, y[i]));

describe('the sparse factorisation in WebAssembly', () => {
  it('is built and runs here (npm install builds it; SIMFORGE_WASM=0 switches it off)', () => {
    expect(wasmLdltAvailable()).toBe(true);
    expect(gridSystem(12, 12, 1, true).factorInWasm).toBe(true);
    expect(gridSystem(12, 12, 1, false).factorInWasm).toBe(false);
    useWasmLdlt(false);
    expect(wasmLdltAvailable()).toBe(false);
  });

  it('solves grid Laplacians to the TypeScript solution bit for bit, factor after factor', () => {
    for (const [rows, cols, seed] of [
      [10, 10, 2],
      [31, 17, 3],
      [60, 60, 4],
    ] as const) {
      const wasm = gridSystem(rows, cols, seed, true);
      const ts = gridSystem(rows, cols, seed, false);
      expect(wasm.factorInWasm && !ts.factorInWasm).toBe(true);
      // Three Newton-like trials: new entries each time, the same factor objects.
      for (let trial = 0; trial < 3; trial++) {
        for (const system of [wasm, ts]) {
          system.diagonal.forEach((v, i) => (system.diagonal[i] = v * (1 + 0.1 * trial)));
          system.rhs.forEach((_, i) => (system.rhs[i] = Math.sin(i + trial)));
        }
        expect(wasm.solve()).toBe(-1);
        expect(ts.solve()).toBe(-1);
        expect(sameBits(wasm.rhs, ts.rhs)).toBe(true);
      }
    }
  });

  it('names the same row where the matrix stops being positive definite, and floors it the same way', () => {
    for (const floored of [false, true]) {
      const [wasm, ts] = [true, false].map((on) => {
        const system = gridSystem(20, 20, 5, on);
        // Node 150 given a negative diagonal: its pivot is negative, and so are some after it.
        system.diagonal[150] = -1;
        return system;
      });
      // A floor in the scale of the conductances keeps every pivot after it finite.
      const floor = floored ? new Float64Array(400).fill(1e3) : undefined;
      const failed = wasm!.solve(floor);
      expect(ts!.solve(floor)).toBe(failed);
      if (floored) {
        expect(failed).toBe(-1);
        expect(wasm!.rhs.every(Number.isFinite)).toBe(true);
        expect(sameBits(wasm!.rhs, ts!.rhs)).toBe(true);
      } else expect(failed).toBeGreaterThanOrEqual(0);
    }
  });

  it('runs the TypeScript loops on arrays it was not built for, with the same results', () => {
    // The upper triangle of a 1 x 200 chain, factorised from caller arrays one entry longer than its pattern.
    const n = 200;
    const colPtr = Int32Array.from({ length: n + 1 }, (_, k) => Math.max(0, k - 1));
    const rowIdx = Int32Array.from({ length: n - 1 }, (_, p) => p);
    const diagonal = Float64Array.from({ length: n }, (_, k) => 2 + k / n);
    const at = Int32Array.from({ length: n }, (_, k) => k);
    const upper = Float64Array.from({ length: n }, () => -1);
    const upperAt = Int32Array.from({ length: n - 1 }, (_, p) => p);
    const results = [0, Number.POSITIVE_INFINITY].map((wasmMinOrder) => {
      const factor = new LdltFactor({ n, colPtr, rowIdx }, wasmMinOrder);
      expect(factor.inWasm).toBe(wasmMinOrder === 0);
      expect(factor.factor(diagonal, at, upper, upperAt)).toBe(-1);
      const x = Float64Array.from({ length: n }, (_, i) => Math.cos(i));
      factor.solve(x);
      return x;
    });
    expect(sameBits(results[0]!, results[1]!)).toBe(true);
  });
});
