// The conjugate-gradient loops in WebAssembly (wasm/cg.ts through cg-wasm.ts) against their
// reference, the TypeScript loops of linear-solver.ts: the same system must give bit for bit the same
// iterates, iteration count and residual on every mesh shape (rows of one cell, odd rows that end in
// a one-cell remainder, even rows, single layers and single rows, decoupled rows among coupled ones),
// with both preconditioners, converged or stopped early (the IC(0) sweeps take neighbouring rows in
// pairs and lone rows alone: both occur in these shapes); the TypeScript loops must run when the
// module is off or the system's arrays are not in the solver's memory; and a small weld solved by
// the implicit scheme must end bitwise the same on both paths.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { s355 } from '../materials/solids/index.js';
import { WasmCgLoops } from './cg-wasm.js';
import { ConjugateGradient, type LinearSolverSettings, type Preconditioner } from './linear-solver.js';
import { useWasmKernel, wasmKernelAvailable } from './wasm-kernel.js';
import { bits } from '../../test/thermal-kernel-inputs.js';
import { fillSystem, smallWeld } from '../../test/thermal-cg-systems.js';

beforeEach(() => useWasmKernel(true));
// The solver tests share a module graph: the next file starts with the kernel on.
afterEach(() => useWasmKernel(true));

/** The system solved by a fresh solver with its arrays in the solver's memory (the WebAssembly loops when on). */
function solveInPlace(nx: number, ny: number, nz: number, settings: LinearSolverSettings) {
  const cg = new ConjugateGradient(nx * ny * nz);
  const system = cg.systemArrays();
  const A = fillSystem(system, nx, ny, nz);
  const first = cg.solve(A, system.b, system.x, settings);
  // A second solve with the diagonal changed, the coupled rows kept (a Newton iteration's).
  for (let i = 0; i < A.D.length; i++) A.D[i] = A.D[i]! * 1.01;
  const second = cg.solve(A, system.b, system.x, settings, undefined, true);
  return { first, second, x: Float64Array.from(system.x), wasm: WasmCgLoops.for(system.x.buffer) !== undefined };
}

const SHAPES: [number, number, number][] = [
  [1, 1, 1],
  [1, 4, 3],
  [2, 2, 2],
  [3, 1, 1],
  [5, 4, 3],
  [6, 3, 2],
  [7, 5, 4],
  [8, 1, 6],
  [13, 6, 5],
  [16, 9, 1],
];

describe('conjugate gradients: WebAssembly loops against the TypeScript reference', () => {
  it('is built and runs here', () => {
    expect(wasmKernelAvailable()).toBe(true);
    expect(solveInPlace(3, 3, 3, { preconditioner: 'ic0', tolerance: 1e-10, maxIterations: 100 }).wasm).toBe(true);
  });

  for (const preconditioner of ['ic0', 'jacobi'] as Preconditioner[]) {
    for (const maxIterations of [500, 3]) {
      it(`gives bitwise the reference's iterates (${preconditioner}, at most ${maxIterations} iterations)`, () => {
        for (const [nx, ny, nz] of SHAPES) {
          const settings = { preconditioner, tolerance: 1e-13, maxIterations };
          useWasmKernel(true);
          const wasm = solveInPlace(nx, ny, nz, settings);
          useWasmKernel(false);
          const reference = solveInPlace(nx, ny, nz, settings);
          expect(wasm.wasm, `${nx}×${ny}×${nz}`).toBe(true);
          expect(reference.wasm).toBe(false);
          expect(wasm.first, `${nx}×${ny}×${nz}`).toEqual(reference.first);
          expect(wasm.second, `${nx}×${ny}×${nz}`).toEqual(reference.second);
          expect(bits(wasm.x), `${nx}×${ny}×${nz}`).toEqual(bits(reference.x));
          if (maxIterations > 100) expect(wasm.first.converged).toBe(true);
        }
      });
    }
  }

  it('runs the TypeScript loops on arrays outside its memory, with the same results', () => {
    const settings: LinearSolverSettings = { preconditioner: 'ic0', tolerance: 1e-12, maxIterations: 500 };
    const [nx, ny, nz] = [9, 5, 4];
    const n = nx * ny * nz;
    const outside = { D: new Float64Array(n), Ox: new Float64Array(n), Oy: new Float64Array(n), Oz: new Float64Array(n), b: new Float64Array(n), x: new Float64Array(n) };
    const A = fillSystem(outside, nx, ny, nz);
    const report = new ConjugateGradient(n).solve(A, outside.b, outside.x, settings);
    const inPlace = new ConjugateGradient(n);
    const system = inPlace.systemArrays();
    const B = fillSystem(system, nx, ny, nz);
    expect(WasmCgLoops.for(system.x.buffer)).toBeDefined();
    expect(inPlace.solve(B, system.b, system.x, settings)).toEqual(report);
    expect(bits(system.x)).toEqual(bits(outside.x));
  });

  it('falls back to an ArrayBuffer and the TypeScript loops when the module is off', () => {
    useWasmKernel(false);
    const cg = new ConjugateGradient(10);
    expect(cg.systemArrays().x.buffer).toBeInstanceOf(ArrayBuffer);
    expect(WasmCgLoops.for(cg.systemArrays().x.buffer)).toBeUndefined();
  });
});

describe('implicit weld: both paths', () => {
  for (const preconditioner of ['ic0', 'jacobi'] as Preconditioner[]) {
    it(`ends bitwise the same with the WebAssembly and the TypeScript loops (${preconditioner})`, async () => {
      useWasmKernel(true);
      const wasm = await smallWeld({ preconditioner });
      useWasmKernel(false);
      const reference = await smallWeld({ preconditioner });
      expect(Math.max(...wasm.peak)).toBeGreaterThan(s355.liquidus);
      expect(wasm.linear).toBe(reference.linear);
      expect(bits(wasm.T)).toEqual(bits(reference.T));
      expect(bits(wasm.E)).toEqual(bits(reference.E));
      expect(bits(wasm.peak)).toEqual(bits(reference.peak));
      expect(wasm.balance).toBe(reference.balance);
    }, 60_000);
  }
});
