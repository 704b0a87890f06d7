// The runner's share of the cores: runs taken from the queue together count each other as needing a
// core until their solvers start (so the first does not take a second thread from the next). The
// runner's collaborators are small fakes here: what is under test is the order of its calls.
import { describe, expect, it } from 'vitest';
import type { EventBus } from '../events/bus.js';
import type { Repositories, RunRow } from '../repositories/index.js';
import type { SimulationLifecycle } from '../services/simulation-lifecycle.js';
import { SimulationRunner } from './runner.js';
import type { SolverPool } from './solver-pool.js';

const job = (id: string) => ({ simulation_id: `s-${id}`, run_id: id, attempt: 1 });
const failed = { ok: false as const, error: { code: 'INVALID_PARAMETERS', message: 'not a case', details: {} } };

function fakes(claimDelayMs: (runId: string) => number) {
  const startingBeside: Record<string, number> = {};
  const ended: string[] = [];
  const run = (id: string) => ({ id, simulation_id: `s-${id}`, type: 'BUTT_WELD', parameters: {}, attempt: 1, started_at: new Date() }) as unknown as RunRow;
  const lifecycle = {
    claim: (runId: string) =>
      new Promise((resolve, reject) => setTimeout(() => (runId === 'bad' ? reject(new Error('the database went away')) : resolve({ run: run(runId) })), claimDelayMs(runId))),
    publish: async () => undefined,
    fail: async (r: RunRow) => void ended.push(r.id),
  } as unknown as SimulationLifecycle;
  const repos = { logs: { nextSeq: async () => 1, append: async () => undefined }, runs: { heartbeat: async () => undefined } } as unknown as Repositories;
  const bus = { onControl: () => () => undefined } as unknown as EventBus;
  const pool = {
    solve: (input: { type: string }, _handlers: unknown, beside = 0) => {
      startingBeside[input.type === 'BUTT_WELD' ? `${Object.keys(startingBeside).length}` : 'other'] = beside;
      return { done: Promise.resolve(failed), abort: () => undefined };
    },
  } as unknown as SolverPool;
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const runner = new SimulationRunner({ repos, lifecycle, bus, pool, worker: 'test', log, heartbeatMs: 60_000, abortPollMs: 60_000 });
  return { runner, startingBeside, ended };
}

describe('SimulationRunner and the cores', () => {
  it('counts a run taken beside another as needing a core until its solver starts', async () => {
    // Run a claims first; b is still claiming when a's solver starts.
    const { runner, startingBeside, ended } = fakes((id) => (id === 'a' ? 5 : 40));
    try {
      await Promise.all([runner.execute(job('a')), runner.execute(job('b'))]);
      expect(startingBeside).toEqual({ 0: 1, 1: 0 });
      expect(ended.sort()).toEqual(['a', 'b']);
    } finally {
      await runner.stop();
    }
  });

  it('counts nothing beside a run taken alone, nor a run whose claim failed', async () => {
    const { runner, startingBeside } = fakes((id) => (id === 'bad' ? 1 : 20));
    try {
      await runner.execute(job('a'));
      const [bad] = await Promise.allSettled([runner.execute(job('bad')), runner.execute(job('b'))]);
      expect(bad.status).toBe('rejected');
      expect(startingBeside).toEqual({ 0: 0, 1: 0 });
    } finally {
      await runner.stop();
    }
  });
});
