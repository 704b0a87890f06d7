// The jets' RANS solver on two threads (physics/jet/threads/): every field after a number of outer
// iterations, and the residual history, must be the one-thread run's bit for bit — on a σ grid over a
// ridge (curvilinear faces, SST), on blocked cells (an immersed ridge), on a round jet's axisymmetric
// Cartesian grid and in laminar flow — and a whole run given two threads must report the one-thread
// summary, also when its helper is held for some iterations (its core handed back to the host), and
// a particle run's particles, which fly on both threads after the flow.
// Without a helper the run says so and solves on one thread.

import { describe, expect, it } from 'vitest';
import { nodeHelperThreads } from '../src/run/helper-threads.js';
import { solve } from '../src/run/solve.js';
import { AbortedError, parameterDefaults } from '../src/index.js';
import { SharedFieldArena } from '../src/numerics/field-arena.js';
import { readJetCase, type JetType } from '../src/physics/jet/model/parameters.js';
import { jetFlowOptions } from '../src/physics/jet/model/flow-case.js';
import { impingingJetCase, type ImpingingJetOptions } from '../src/physics/jet/impinging-jet.js';
import { FlowSolver } from '../src/physics/jet/solver.js';
import { JetTeam } from '../src/physics/jet/threads/team.js';

const helpers = nodeHelperThreads(new URL('../src/helper-thread.ts', import.meta.url), ['--import', 'tsx'])!;

function options(type: JetType, change: (parameters: Record<string, unknown>) => void = () => undefined): ImpingingJetOptions {
  const parameters = parameterDefaults(type) as Record<string, unknown>;
  parameters.mesh_size = 'coarse';
  change(parameters);
  return jetFlowOptions(readJetCase(type, parameters));
}

/** The fields a solver carries from iteration to iteration. */
function fields(solver: FlowSolver): Record<string, Float64Array> {
  return { u: solver.u, v: solver.v, T: solver.T, muT: solver.muT, Fx: solver.Fx, Fy: solver.Fy, p: solver.coupling.p, ...(solver.sst ? { k: solver.sst.k, omega: solver.sst.omega } : {}) };
}

const sameBits = (a: Float64Array, b: Float64Array): boolean => a.length === b.length && new Uint8Array(a.buffer, a.byteOffset, a.byteLength).every((byte, k) => byte === new Uint8Array(b.buffer, b.byteOffset, b.byteLength)[k]);

/** `iterations` outer iterations on one thread and on two; the fields and residual histories of both. */
function iterateBoth(jet: ImpingingJetOptions, iterations: number) {
  const alone = new FlowSolver(impingingJetCase(jet));
  for (let n = 0; n < iterations; n++) alone.iterate();
  const arena = SharedFieldArena.create()!;
  const paired = new FlowSolver(impingingJetCase(jet), undefined, { arena });
  const team = JetTeam.start(helpers, jet, arena.buffers)!;
  expect(team.waitReady(() => undefined)).toBe(true);
  paired.useTeam(team);
  try {
    for (let n = 0; n < iterations; n++) paired.iterate();
  } finally {
    paired.useTeam(undefined);
    team.stop();
  }
  return { alone, paired };
}

/**
 * Whole runs on one thread and with a helper that `useTeam` hands to the solver: both solvers, and the
 * threads each iteration left the next one (the helper may be set aside).
 */
async function runBoth(jet: ImpingingJetOptions, useTeam: (solver: FlowSolver, team: JetTeam) => void) {
  const alone = new FlowSolver(impingingJetCase(jet));
  await alone.run();
  const arena = SharedFieldArena.create()!;
  const paired = new FlowSolver(impingingJetCase(jet), undefined, { arena });
  const team = JetTeam.start(helpers, jet, arena.buffers)!;
  expect(team.waitReady(() => undefined)).toBe(true);
  useTeam(paired, team);
  const threads: number[] = [];
  try {
    await paired.run({ onResidual: () => threads.push(paired.parts.threads) });
  } finally {
    paired.useTeam(undefined);
    team.stop();
  }
  return { alone, paired, threads };
}

function expectSameRuns(alone: FlowSolver, paired: FlowSolver): void {
  for (const [name, field] of Object.entries(fields(alone))) expect(sameBits(field, fields(paired)[name]!), name).toBe(true);
  expect(paired.history).toEqual(alone.history);
}

describe('the jet solver on two threads', () => {
  const cases: [string, ImpingingJetOptions][] = [
    ['a σ grid over a ridge (curvilinear, k-ω SST)', options('JET_IMPINGING_RIDGE')],
    ['an immersed ridge on blocked cells', { ...options('JET_IMPINGING_RIDGE'), ridge: { ...options('JET_IMPINGING_RIDGE').ridge!, grid: 'blocked' } }],
    ['a round jet on a plate (axisymmetric, Cartesian)', options('JET_IMPINGING_SURFACE')],
    ['a laminar slot jet', options('JET_IMPINGING_SURFACE', (p) => Object.assign(p, { flow_model: 'laminar', reynolds_number: 600, nozzle: { ...(p.nozzle as object), shape: 'slot' } }))],
  ];
  it.each(cases)('%s: every field and residual bit for bit after 30 iterations', (_name, jet) => {
    const { alone, paired } = iterateBoth(jet, 30);
    expect(paired.parts.threads).toBe(1);
    expectSameRuns(alone, paired);
  }, 120_000);

  it('a late helper (its core busy) is left aside for a pause, then tried again, with the same bits', async () => {
    // Every iteration reports the helper late: the pauses are 20, 40, 80 … iterations on one thread.
    const { alone, paired, threads } = await runBoth(options('JET_IMPINGING_SURFACE'), (solver, team) => {
      team.lateShare = () => 1;
      solver.useTeam(team);
    });
    expect(threads.slice(0, 64)).toEqual([...Array<number>(20).fill(1), 2, ...Array<number>(40).fill(1), 2, 1, 1]);
    expectSameRuns(alone, paired);
  }, 120_000);

  it('a helper whose core the host wants back is held for those iterations, with the same bits', async () => {
    // Asked after each iteration: the host wants the core from the 11th to the 25th. The helper is
    // never late here (under npm test another file may hold the second core).
    let asked = 0;
    const { alone, paired, threads } = await runBoth(options('JET_IMPINGING_SURFACE'), (solver, team) => {
      team.lateShare = () => 0;
      solver.useTeam(team, () => {
        asked++;
        return asked <= 10 || asked > 25;
      });
    });
    expect(threads.slice(0, 30)).toEqual([...Array<number>(10).fill(2), ...Array<number>(15).fill(1), ...Array<number>(5).fill(2)]);
    expectSameRuns(alone, paired);
  }, 120_000);

  it('a whole run given two threads reports the one-thread results and says it ran on two', async () => {
    const parameters = parameterDefaults('JET_IMPINGING_RIDGE') as Record<string, unknown>;
    parameters.mesh_size = 'coarse';
    const one = await solve({ type: 'JET_IMPINGING_RIDGE', parameters }, { threads: 1 });
    const two = await solve({ type: 'JET_IMPINGING_RIDGE', parameters }, { threads: 2, helpers });
    expect(two.summary).toEqual(one.summary);
    expect(two.log.some((line) => line.message.startsWith('flow on 2 threads'))).toBe(true);
  }, 120_000);

  it('particles fly on both threads after the flow (every other one on the helper), with the one-thread results', async () => {
    const parameters = parameterDefaults('JET_WITH_PARTICLES_IMPINGING_RIDGE') as Record<string, unknown>;
    parameters.mesh_size = 'coarse';
    const one = await solve({ type: 'JET_WITH_PARTICLES_IMPINGING_RIDGE', parameters }, { threads: 1 });
    const two = await solve({ type: 'JET_WITH_PARTICLES_IMPINGING_RIDGE', parameters }, { threads: 2, helpers });
    expect(two.log.some((line) => line.message.startsWith('particles on 2 threads'))).toBe(true);
    expect(two.summary).toEqual(one.summary);
    expect(two.series).toEqual(one.series);
  }, 120_000);

  it('an abort stops a two-thread run within 2 s, and the helper serves the next run', async () => {
    // The flag is polled, as the worker thread's shared flag is; it turns true 300 ms into the split
    // iterations. (One thread stops within 0.5 s: test/run/abort-every-type.test.ts. Two wait for each
    // other at every split loop, and under npm test another test file runs on the second core.)
    const parameters = parameterDefaults('JET_IMPINGING_RIDGE') as Record<string, unknown>;
    parameters.mesh_size = 'coarse';
    let flaggedAt = Number.POSITIVE_INFINITY;
    const onLog = (line: { message: string }) => {
      if (line.message.startsWith('flow on 2 threads')) flaggedAt = performance.now() + 300;
    };
    const error = await solve({ type: 'JET_IMPINGING_RIDGE', parameters }, { threads: 2, helpers, onLog, isAborted: () => performance.now() >= flaggedAt }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    expect(performance.now() - flaggedAt).toBeLessThan(2000);
    const surface = parameterDefaults('JET_IMPINGING_SURFACE') as Record<string, unknown>;
    surface.mesh_size = 'coarse';
    const next = await solve({ type: 'JET_IMPINGING_SURFACE', parameters: surface }, { threads: 2, helpers });
    expect(next.log.some((line) => line.message.startsWith('flow on 2 threads'))).toBe(true);
  }, 120_000);

  it('without a helper thread a run given two threads says so and solves on one', async () => {
    const parameters = parameterDefaults('JET_IMPINGING_SURFACE') as Record<string, unknown>;
    parameters.mesh_size = 'coarse';
    const alone = await solve({ type: 'JET_IMPINGING_SURFACE', parameters }, { threads: 2 });
    expect(alone.log.some((line) => line.message.startsWith('flow on 1 thread (no helper thread'))).toBe(true);
  }, 120_000);
});
