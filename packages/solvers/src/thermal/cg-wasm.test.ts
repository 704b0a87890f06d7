// The conjugate-gradient loops in WebAssembly (wasm/cg.ts through cg-wasm.ts) against their
// reference, the TypeScript loops of linear-solver.ts: the same system must give bit for bit the same
// iterates, iteration count and residual on every mesh shape (rows of one cell, odd rows that end in
// a one-cell remainder, even rows, single layers and single rows, decoupled rows among coupled ones),
// with both preconditioners, converged or stopped early (the IC(0) sweeps take neighbouring rows in
// pairs and lone rows alone: both occur in these shapes); the TypeScript loops must run when the
// module is off or the system's arrays are not in the solver's memory; and a small weld solved by
// the implicit scheme must end bitwise the same on both paths.
import { beforeEach, describe, expect, it } from 'vitest';
import { s355 } from '../materials/solids/index.js';
import { WasmCgLoops } from './cg-wasm.js';
import { CELL_FILLER, GoldakSource, StructuredMesh, ThermalSolver, uniformAxis } from './index.js';
import { ConjugateGradient, type LinearSolverSettings, type Preconditioner, type SevenPointMatrix } from './linear-solver.js';
import { useWasmKernel, wasmKernelAvailable } from './wasm-kernel.js';
import { bits, sequence } from '../../test/thermal-kernel-inputs.js';

beforeEach(() => useWasmKernel(true));

/**
 * A diagonally dominant 7-point system on nx × ny × nz written into `into` (D, Ox, Oy, Oz, b, x):
 * couplings that leave their row, plane or the mesh set to zero as the solver's are, and about one
 * row in four decoupled (its couplings in and out zero), as the void rows of a welding box.
 */
function fill(into: { D: Float64Array; Ox: Float64Array; Oy: Float64Array; Oz: Float64Array; b: Float64Array; x: Float64Array }, nx: number, ny: number, nz: number): SevenPointMatrix {
  const random = sequence(nx * 7919 + ny * 131 + nz);
  const plane = nx * ny;
  const n = plane * nz;
  const rows = n / nx;
  const decoupled = Array.from({ length: rows }, () => random() < 0.25);
  const row = (i: number) => Math.floor(i / nx);
  for (let i = 0; i < n; i++) {
    const live = (j: number) => j < n && !decoupled[row(i)] && !decoupled[row(j)];
    into.Ox[i] = (i % nx) + 1 < nx && live(i + 1) ? 0.5 + random() : 0;
    into.Oy[i] = (i % plane) + nx < plane && live(i + nx) ? 0.5 + random() : 0;
    into.Oz[i] = i + plane < n && live(i + plane) ? 0.5 + random() : 0;
  }
  for (let i = 0; i < n; i++) {
    let sum = into.Ox[i]! + into.Oy[i]! + into.Oz[i]!;
    if (i % nx > 0) sum += into.Ox[i - 1]!;
    if (i % plane >= nx) sum += into.Oy[i - nx]!;
    if (i >= plane) sum += into.Oz[i - plane]!;
    into.D[i] = sum + 0.01 + random();
    into.b[i] = 1000 * (random() - 0.3);
    into.x[i] = 300 + 100 * random();
  }
  return { nx, ny, nz, D: into.D, Ox: into.Ox, Oy: into.Oy, Oz: into.Oz };
}

/** The system solved by a fresh solver with its arrays in the solver's memory (the WebAssembly loops when on). */
function solveInPlace(nx: number, ny: number, nz: number, settings: LinearSolverSettings) {
  const cg = new ConjugateGradient(nx * ny * nz);
  const system = cg.systemArrays();
  const A = fill(system, nx, ny, nz);
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
    const A = fill(outside, nx, ny, nz);
    const report = new ConjugateGradient(n).solve(A, outside.b, outside.x, settings);
    const inPlace = new ConjugateGradient(n);
    const system = inPlace.systemArrays();
    const B = fill(system, nx, ny, nz);
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

/** A small weld on S355 by backward Euler (melting, filler deposited behind a moving Goldak source). */
async function weld(preconditioner: Preconditioner) {
  const mesh = new StructuredMesh(uniformAxis({ from: 0, to: 0.015, cells: 15 }), uniformAxis({ from: -0.006, to: 0.006, cells: 13 }), uniformAxis({ from: -0.004, to: 0.002, cells: 6 }));
  mesh.setMask(0, (_x, _y, z) => z > 0);
  mesh.setMask(CELL_FILLER, (_x, y, z) => z > 0 && z < 0.001 && Math.abs(y) < 0.002);
  const speed = 0.006;
  const torch = new GoldakSource({ power: 1500, frontLength: 2e-3, rearLength: 5e-3, halfWidth: 2.5e-3, depth: 2.5e-3, path: { start: { x: 0.003, y: 0, z: 0.001 }, speed, offTime: 1.5 } });
  const solver = new ThermalSolver(
    { mesh, materials: [s355], initialTemperature: 293.15, sources: [torch], surface: { convectionCoefficient: 15, emissivity: 0.8, ambientTemperature: 293.15 } },
    { scheme: 'backward-euler', linearSolver: { preconditioner, tolerance: 1e-10, maxIterations: 2000 }, nonlinear: { tolerance: 1e-4, maxIterations: 60 } },
  );
  let linear = 0;
  await solver.run({
    endTime: 2,
    timeStep: 0.1,
    onStep: (report, s) => {
      linear += report.linearIterations;
      const front = torch.options.path.start.x + speed * Math.min(s.time, 1.5);
      const cells: number[] = [];
      for (let i = 0; i < mesh.cellCount; i++) if (mesh.mask[i] === CELL_FILLER && mesh.xc[i % mesh.nx]! < front) cells.push(i);
      s.activate(cells, 1550 + 273.15);
    },
  });
  return { T: Float64Array.from(solver.T), E: Float64Array.from(solver.E), peak: Float64Array.from(solver.peak), linear, balance: solver.balanceError() };
}

describe('implicit weld: both paths', () => {
  for (const preconditioner of ['ic0', 'jacobi'] as Preconditioner[]) {
    it(`ends bitwise the same with the WebAssembly and the TypeScript loops (${preconditioner})`, async () => {
      useWasmKernel(true);
      const wasm = await weld(preconditioner);
      useWasmKernel(false);
      const reference = await weld(preconditioner);
      expect(Math.max(...wasm.peak)).toBeGreaterThan(s355.liquidus);
      expect(wasm.linear).toBe(reference.linear);
      expect(bits(wasm.T)).toEqual(bits(reference.T));
      expect(bits(wasm.E)).toEqual(bits(reference.E));
      expect(bits(wasm.peak)).toEqual(bits(reference.peak));
      expect(wasm.balance).toBe(reference.balance);
    }, 60_000);
  }
});
