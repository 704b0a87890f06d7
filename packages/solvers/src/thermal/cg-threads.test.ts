// The thermal core on two threads (thread-team.ts and its helper loop, the two-part sweeps of
// wasm/ic0.ts) against one thread: the same systems must give bit for bit the same iterates,
// iteration counts and residuals on mesh shapes whose cut between the parts falls in every kind of
// place (one row per plane, one plane, planes without coupled rows, decoupled rows on either side of
// the cut), converged or stopped early; a weld, whose coupled rows change as the bead is deposited,
// must end bitwise the same by the implicit scheme (linear solve, Newton loops) and by explicit
// steps (the kernel, T(E), the peaks, the conductivity scan), and so must the face conductances of
// a long list of cells, also with its helper held for some steps (its core handed back to the host);
// without a shared WebAssembly memory the solver stays on one thread; a released solver has no
// helper; and a helper whose part fails makes the join throw at once.
import { afterEach, describe, expect, it } from 'vitest';
import { ConjugateGradient, type LinearSolverSettings } from './linear-solver.js';
import { useWasmKernel } from './wasm-kernel.js';
import { thermalStateBlock } from './step-wasm.js';
import { OP_PEAKS, type ThreadTeam } from './thread-team.js';
import { seededRandom } from '../numerics/random.js';
import { bits } from '../../test/thermal-kernel-inputs.js';
import { fillSystem, smallWeld, waitUntil } from '../../test/thermal-cg-systems.js';

afterEach(() => useWasmKernel(true));

/** Two solves (the second with the diagonal changed, the coupled rows kept) on `threads` threads. */
async function solveOn(threads: number, nx: number, ny: number, nz: number, settings: LinearSolverSettings, emptyPlanes = 0) {
  const cg = new ConjugateGradient(nx * ny * nz, undefined, nz);
  const used = cg.useThreads(threads);
  if (threads > 1) waitUntil(() => cg.helperReady);
  const helper = cg.helperReady;
  const system = cg.systemArrays();
  const A = fillSystem(system, nx, ny, nz, emptyPlanes);
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

describe('a weld on two threads', () => {
  it('ends bitwise the same as on one thread', async () => {
    const one = await smallWeld({ threads: 1 });
    const two = await smallWeld({ threads: 2 });
    expect(two.helper).toBe(true);
    expect(two.released).toBe(true);
    expect(two.linear).toBe(one.linear);
    expect(bits(two.T)).toEqual(bits(one.T));
    expect(bits(two.E)).toEqual(bits(one.E));
    expect(two.balance).toBe(one.balance);
  }, 60_000);

  it('holds its helper for the steps the host wants the core back, and still ends bitwise the same', async () => {
    // The host takes the core back for the 6th to 12th steps (as the server's pool does when another run starts).
    let asked = 0;
    const helperGranted = () => {
      asked++;
      return asked <= 5 || asked > 12;
    };
    const one = await smallWeld({ threads: 1 });
    const two = await smallWeld({ threads: 2, helperGranted });
    expect(two.split).toEqual([...Array<boolean>(5).fill(true), ...Array<boolean>(7).fill(false), ...Array<boolean>(two.split.length - 12).fill(true)]);
    expect(two.linear).toBe(one.linear);
    expect(bits(two.T)).toEqual(bits(one.T));
    expect(bits(two.E)).toEqual(bits(one.E));
  }, 60_000);

  it('ends bitwise the same as on one thread by explicit steps (the kernel on two ranges of layers, T(E), the peaks, the conductivity scan)', async () => {
    // An odd number of layers, the top one (not in a pair) the bead's.
    const one = await smallWeld({ threads: 1, scheme: 'explicit', layers: 5, top: 0.001 });
    const two = await smallWeld({ threads: 2, scheme: 'explicit', layers: 5, top: 0.001 });
    expect(two.helper).toBe(true);
    expect(two.steps).toBe(one.steps);
    expect(Math.max(...two.peak)).toBeGreaterThan(1700);
    expect(bits(two.T)).toEqual(bits(one.T));
    expect(bits(two.E)).toEqual(bits(one.E));
    expect(bits(two.peak)).toEqual(bits(one.peak));
    expect(two.balance).toBe(one.balance);
  }, 60_000);
});

describe('the face conductances of listed cells on two threads', () => {
  // Neighbours in the list both recompute the face between them: the two threads may both write it,
  // with the one value its expression gives.
  function updated(threads: number): Float64Array[] {
    const [nx, ny, nz] = [40, 30, 10];
    const n = nx * ny * nz;
    const block = thermalStateBlock(6, n, undefined, ConjugateGradient.bytes(n, nz), nx + ny + nz);
    const cg = new ConjugateGradient(n, block.region, nz);
    if (threads > 1) {
      expect(cg.useThreads(threads)).toBe(2);
      waitUntil(() => cg.helperReady);
      block.loops!.useTeam(cg.threadTeam);
    }
    const random = seededRandom(7);
    const [k, ky, kz, Gx, Gy, Gz] = block.arrays as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
    for (let i = 0; i < n; i++) {
      k[i] = 10 + 40 * random();
      ky[i] = k[i]! * (1 + random());
      kz[i] = k[i]! * (1 + random());
      block.mask[i] = random() < 0.8 ? 1 : 0;
    }
    for (let j = 0; j < nx + ny + nz; j++) block.widths[j] = 1e-4 * (1 + random());
    const cells = block.changed;
    let count = 0;
    for (let i = 0; i < n && count < cells.length; i++) if (i % 5 !== 0) cells[count++] = i;
    expect(count).toBeGreaterThan(2000);
    block.loops!.updateCellConductances({ k, ky, kz, Gx, Gy, Gz, mask: block.mask, widths: block.widths }, { nx, ny, nz }, cells, count);
    cg.release();
    return [Gx, Gy, Gz].map((G) => Float64Array.from(G));
  }

  it('are the one-thread values bit for bit', () => {
    const one = updated(1);
    const two = updated(2);
    expect(Math.max(...one[0]!)).toBeGreaterThan(0);
    two.forEach((G, axis) => expect(bits(G)).toEqual(bits(one[axis]!)));
  });
});

/** Posts `command` (its arguments from the team) to a fresh helper and checks that the join throws at once, naming the command. */
function joinFailing(command: number, args: (team: ThreadTeam) => number[]): { cg: ConjugateGradient; team: ThreadTeam } {
  const cg = new ConjugateGradient(1000, undefined, 4);
  expect(cg.useThreads(2)).toBe(2);
  waitUntil(() => cg.helperReady);
  const team = cg.threadTeam!;
  team.post(command, args(team));
  const started = Date.now();
  expect(() => team.join()).toThrow(`the helper thread of the thermal solver failed in its part of command ${command}`);
  expect(Date.now() - started).toBeLessThan(5000);
  return { cg, team };
}

describe('a helper whose part fails', () => {
  it('makes the join throw at once, naming the command, and ends the helper', () => {
    // Arrays far outside the memory: the module traps in the helper's part.
    const { cg, team } = joinFailing(OP_PEAKS, (t) => [2 ** 31, 2 ** 31, 2 ** 31, 0, 1000, t.next, 4096]);
    expect(team.ready).toBe(false);
    cg.release();
  });
});

describe('a helper sent a command it does not know', () => {
  it('makes the join throw at once as well', () => {
    joinFailing(999, () => []).cg.release();
  });
});
