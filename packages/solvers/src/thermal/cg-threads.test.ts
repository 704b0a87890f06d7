// The linear solve on two threads (thread-team.ts, wasm/threads.ts, the two-part sweeps of
// wasm/ic0.ts) against one thread: the same systems must give bit for bit the same iterates,
// iteration counts and residuals on mesh shapes whose cut between the parts falls in every kind of
// place (one row per plane, one plane, planes without coupled rows, decoupled rows on either side of
// the cut), converged or stopped early; a weld solved by the implicit scheme, whose coupled rows
// change as the bead is deposited, must end bitwise the same; without a shared WebAssembly memory
// the solver stays on one thread; and a released solver has no helper.
import { afterEach, describe, expect, it } from 'vitest';
import { s355 } from '../materials/solids/index.js';
import { CELL_FILLER, GoldakSource, StructuredMesh, ThermalSolver, uniformAxis } from './index.js';
import { ConjugateGradient, type LinearSolverSettings, type SevenPointMatrix } from './linear-solver.js';
import { useWasmKernel } from './wasm-kernel.js';
import { bits, sequence } from '../../test/thermal-kernel-inputs.js';

afterEach(() => useWasmKernel(true));

/** A diagonally dominant 7-point system with about one row in four decoupled (as cg-wasm.test.ts). */
function fill(into: { D: Float64Array; Ox: Float64Array; Oy: Float64Array; Oz: Float64Array; b: Float64Array; x: Float64Array }, nx: number, ny: number, nz: number, emptyPlanes = 0): SevenPointMatrix {
  const random = sequence(nx * 7919 + ny * 131 + nz);
  const plane = nx * ny;
  const n = plane * nz;
  const decoupled = Array.from({ length: n / nx }, (_, r) => random() < 0.25 || r * nx >= n - emptyPlanes * plane);
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

/** Waits (at most 10 s) until `ready` holds: the helper starts on its own thread, whatever this one does. */
async function until(ready: () => boolean): Promise<void> {
  const nap = new Int32Array(new SharedArrayBuffer(4));
  const start = Date.now();
  while (!ready() && Date.now() - start < 10_000) Atomics.wait(nap, 0, 0, 5);
}

/** Two solves (the second with the diagonal changed, the coupled rows kept) on `threads` threads. */
async function solveOn(threads: number, nx: number, ny: number, nz: number, settings: LinearSolverSettings, emptyPlanes = 0) {
  const cg = new ConjugateGradient(nx * ny * nz, undefined, nz);
  const used = cg.useThreads(threads);
  await until(() => threads < 2 || cg.helperReady);
  const helper = cg.helperReady;
  const system = cg.systemArrays();
  const A = fill(system, nx, ny, nz, emptyPlanes);
  const first = cg.solve(A, system.b, system.x, settings);
  for (let i = 0; i < A.D.length; i++) A.D[i] = A.D[i]! * 1.01;
  const second = cg.solve(A, system.b, system.x, settings, undefined, true);
  cg.release();
  return { first, second, x: Float64Array.from(system.x), used, helper };
}

const SHAPES: [number, number, number, number][] = [
  [1, 1, 1, 0],
  [5, 1, 4, 0],
  [3, 2, 2, 0],
  [7, 5, 4, 0],
  [8, 9, 1, 0],
  [13, 6, 5, 2],
  [16, 12, 7, 0],
  [31, 20, 9, 3],
];

describe('conjugate gradients on two threads', () => {
  for (const [preconditioner, maxIterations] of [['ic0', 500], ['ic0', 3], ['jacobi', 500]] as const) {
    it(`gives bitwise the one-thread iterates (${preconditioner}, at most ${maxIterations} iterations)`, async () => {
      for (const [nx, ny, nz, empty] of SHAPES) {
        const settings = { preconditioner, tolerance: 1e-13, maxIterations };
        const one = await solveOn(1, nx, ny, nz, settings, empty);
        const two = await solveOn(2, nx, ny, nz, settings, empty);
        const shape = `${nx}×${ny}×${nz}`;
        expect(two.used, shape).toBe(2);
        expect(two.helper, shape).toBe(true);
        expect(two.first, shape).toEqual(one.first);
        expect(two.second, shape).toEqual(one.second);
        expect(bits(two.x), shape).toEqual(bits(one.x));
      }
    }, 60_000);
  }

  it('stays on one thread without a shared WebAssembly memory', () => {
    useWasmKernel(false);
    const cg = new ConjugateGradient(60, undefined, 3);
    expect(cg.useThreads(2)).toBe(1);
    expect(cg.helperReady).toBe(false);
  });
});

/** A small weld on S355 by backward Euler, filler deposited behind a moving Goldak source (as cg-wasm.test.ts). */
async function weld(threads: number) {
  const mesh = new StructuredMesh(uniformAxis({ from: 0, to: 0.015, cells: 15 }), uniformAxis({ from: -0.006, to: 0.006, cells: 13 }), uniformAxis({ from: -0.004, to: 0.002, cells: 6 }));
  mesh.setMask(0, (_x, _y, z) => z > 0);
  mesh.setMask(CELL_FILLER, (_x, y, z) => z > 0 && z < 0.001 && Math.abs(y) < 0.002);
  const speed = 0.006;
  const torch = new GoldakSource({ power: 1500, frontLength: 2e-3, rearLength: 5e-3, halfWidth: 2.5e-3, depth: 2.5e-3, path: { start: { x: 0.003, y: 0, z: 0.001 }, speed, offTime: 1.5 } });
  const solver = new ThermalSolver(
    { mesh, materials: [s355], initialTemperature: 293.15, sources: [torch], surface: { convectionCoefficient: 15, emissivity: 0.8, ambientTemperature: 293.15 } },
    { scheme: 'backward-euler', linearSolver: { preconditioner: 'ic0', tolerance: 1e-10, maxIterations: 2000 }, nonlinear: { tolerance: 1e-4, maxIterations: 60 }, threads },
  );
  await until(() => threads < 2 || solver.helperReady);
  expect(solver.helperReady).toBe(threads >= 2);
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
  solver.release();
  expect(solver.helperReady).toBe(false);
  return { T: Float64Array.from(solver.T), E: Float64Array.from(solver.E), linear, balance: solver.balanceError() };
}

describe('implicit weld on two threads', () => {
  it('ends bitwise the same as on one thread', async () => {
    const one = await weld(1);
    const two = await weld(2);
    expect(two.linear).toBe(one.linear);
    expect(bits(two.T)).toEqual(bits(one.T));
    expect(bits(two.E)).toEqual(bits(one.E));
    expect(two.balance).toBe(one.balance);
  }, 60_000);
});
