// The systems and the small weld that the conjugate-gradient tests solve on every path
// (cg-wasm.test.ts: WebAssembly against TypeScript; cg-threads.test.ts: two threads against one).

import { ThermalSolver, uniformAxis } from '../src/thermal/index.js';
import type { Preconditioner } from '../src/thermal/linear-solver.js';
import type { SevenPointMatrix } from '../src/numerics/seven-point-matrix.js';
import { beadWeld } from './thermal-bead-weld.js';
import { sequence } from './thermal-kernel-inputs.js';

/**
 * A diagonally dominant 7-point system on nx × ny × nz written into `into` (D, Ox, Oy, Oz, b, x):
 * couplings that leave their row, plane or the mesh set to zero as the solver's are, and about one
 * row in four decoupled (its couplings in and out zero), as the void rows of a welding box; the
 * last `emptyPlanes` planes decoupled whole (a box above the plate).
 */
export function fillSystem(into: { D: Float64Array; Ox: Float64Array; Oy: Float64Array; Oz: Float64Array; b: Float64Array; x: Float64Array }, nx: number, ny: number, nz: number, emptyPlanes = 0): SevenPointMatrix {
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

/** Waits (at most 10 s) until `ready` holds: a helper thread starts on its own, whatever this thread does. */
export function waitUntil(ready: () => boolean): void {
  const nap = new Int32Array(new SharedArrayBuffer(4));
  const start = Date.now();
  while (!ready() && Date.now() - start < 10_000) Atomics.wait(nap, 0, 0, 5);
}

/**
 * A small weld on S355 by backward Euler or explicit steps (melting, filler deposited behind a moving
 * Goldak source), on `threads` threads (the helper awaited before the first step, released after the
 * last).
 */
export async function smallWeld(options: { preconditioner?: Preconditioner; threads?: number; scheme?: 'backward-euler' | 'explicit'; layers?: number; top?: number; helperGranted?: () => boolean } = {}) {
  const { preconditioner = 'ic0', threads = 1, scheme = 'backward-euler', layers = 6, top = 0.002 } = options;
  const { problem, run } = beadWeld(
    { x: uniformAxis({ from: 0, to: 0.015, cells: 15 }), y: uniformAxis({ from: -0.006, to: 0.006, cells: 13 }), z: uniformAxis({ from: -0.004, to: top, cells: layers }) },
    { start: 0.003, offTime: 1.5 },
  );
  const solver = new ThermalSolver(problem, { scheme, linearSolver: { preconditioner, tolerance: 1e-10, maxIterations: 2000 }, nonlinear: { tolerance: 1e-4, maxIterations: 60 }, threads, ...(options.helperGranted ? { helperGranted: options.helperGranted } : {}) });
  if (threads > 1) waitUntil(() => solver.helperReady);
  const helper = solver.helperReady;
  let linear = 0;
  // Per step, whether its loops split (a held helper's do not).
  const split: boolean[] = [];
  await run(solver, {
    endTime: 2,
    timeStep: 0.1,
    onStep: (report) => {
      linear += report.linearIterations;
      split.push(solver.helperReady);
    },
  });
  solver.release();
  return { T: Float64Array.from(solver.T), E: Float64Array.from(solver.E), peak: Float64Array.from(solver.peak), linear, steps: solver.steps, balance: solver.balanceError(), helper, released: !solver.helperReady, split };
}
