import { describe, expect, it } from 'vitest';
import { getHeapStatistics } from 'node:v8';
import { parameterDefaults } from '@simforge/solvers';
import { MessageChannel } from 'node:worker_threads';
import { SolverPool, workerExecArgv } from './solver-pool.js';
import runSolverTask from './solver-thread.js';

const pipe = { fluid: 'water', diameter: 0.025, length: 10, flow_rate: 0.0005, inlet_temperature: 293.15, inlet_pressure: 300_000 };
const quiet = { onLog: () => undefined, onProgress: () => undefined, onResiduals: () => undefined };

describe('solver thread pool', () => {
  it('gives threads that run TypeScript the loader once, and built threads none', () => {
    expect(workerExecArgv('file:///srv/src/jobs/solver-thread.ts', ['--conditions', 'node'])).toEqual(['--conditions', 'node', '--import', 'tsx']);
    expect(workerExecArgv('file:///srv/src/jobs/solver-thread.ts', ['--import', 'tsx'])).toEqual(['--import', 'tsx']);
    expect(workerExecArgv('file:///srv/dist/solver-thread.js', ['--enable-source-maps'])).toEqual(['--enable-source-maps']);
  });

  it('runs a solve in a thread, streaming log and progress, and stops it cooperatively on abort', async () => {
    const pool = new SolverPool({ concurrency: 1, progressIntervalMs: 10 });
    try {
      const log: string[] = [];
      const fractions: number[] = [];
      const ok = await pool.solve({ type: 'CIRCULAR_PIPE', parameters: pipe }, { ...quiet, onLog: (l) => log.push(l.message), onProgress: (p) => fractions.push(p.fraction) }).done;
      expect(ok).toMatchObject({ ok: true, summary: { pressure_drop: { unit: 'Pa' } }, fields: [] });
      expect(log.at(-1)).toMatch(/^completed in/);
      expect(fractions.at(-1)).toBe(1);

      const long = pool.solve({ type: 'CIRCULAR_PIPE', parameters: { ...pipe, n_segments: 100_000 } }, quiet);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = performance.now();
      long.abort(5000);
      expect(await long.done).toMatchObject({ ok: false, error: { code: 'ABORTED' } });
      expect(performance.now() - started).toBeLessThan(500);

      const invalid = await pool.solve({ type: 'CIRCULAR_PIPE', parameters: { ...pipe, colour: 'red' } }, quiet).done;
      expect(invalid).toMatchObject({ ok: false, error: { code: 'INVALID_PARAMETERS' } });
    } finally {
      await pool.destroy();
    }
  });

  it('gives a run a second thread while a core is idle, and the same results as on one', async () => {
    let load = 0;
    const pool = new SolverPool({ concurrency: 2, cores: 2, load: () => load });
    try {
      expect(pool.threadsFor()).toBe(2);
      // A run taken from the queue beside it will need the other core: one thread.
      expect(pool.threadsFor(1)).toBe(1);
      // Other processes keeping a core busy: one thread.
      load = 1;
      expect(pool.threadsFor()).toBe(1);
      load = 0;
      const weld = { ...(parameterDefaults('BUTT_WELD') as Record<string, unknown>), mesh_size: 'coarse' };
      const log: string[] = [];
      const running = pool.solve({ type: 'BUTT_WELD', parameters: weld }, { ...quiet, onLog: (l) => log.push(l.message) });
      // The run holds both cores: one starting now gets one thread.
      expect(pool.threadsFor()).toBe(1);
      const two = await running.done;
      expect(pool.threadsFor()).toBe(2);
      const channel = new MessageChannel();
      const one = await runSolverTask({ type: 'BUTT_WELD', parameters: weld, port: channel.port2, abortFlag: new SharedArrayBuffer(4), progressIntervalMs: 100, threads: 1 });
      channel.port1.close();
      expect(two).toMatchObject({ ok: true });
      expect(log).toContain('implicit step on 2 threads (a helper thread for the linear solve and the Newton loops; the results are those of one thread)');
      expect(one).toMatchObject({ ok: true });
      expect((two as { summary: unknown }).summary).toEqual((one as { summary: unknown }).summary);
    } finally {
      await pool.destroy();
    }
  }, 60_000);

  it('takes a helper’s core back for a run that arrives while both cores are held, and returns it when that run ends', async () => {
    const pool = new SolverPool({ concurrency: 2, cores: 2, load: () => 0 });
    const coarse = (type: string) => ({ ...(parameterDefaults(type) as Record<string, unknown>), mesh_size: 'coarse' });
    const until = async (done: () => boolean) => {
      const deadline = Date.now() + 60_000;
      while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    const handedBack = 'helper thread: handed back, another run needs its core (one thread from here on; the results are the same)';
    const freeAgain = 'helper thread: its core is free again, two threads from here on';
    try {
      const first: string[] = [];
      const ridge = pool.solve({ type: 'JET_IMPINGING_RIDGE', parameters: coarse('JET_IMPINGING_RIDGE') }, { ...quiet, onLog: (l) => first.push(l.message) });
      await until(() => first.some((m) => m.startsWith('flow on 2 threads')));
      expect(pool.threadsFor()).toBe(1);
      const second: string[] = [];
      const surface = pool.solve({ type: 'JET_IMPINGING_SURFACE', parameters: coarse('JET_IMPINGING_SURFACE') }, { ...quiet, onLog: (l) => second.push(l.message) });
      // The ridge goes on one thread, the newcomer has the other core.
      await until(() => first.includes(handedBack));
      expect(first).toContain(handedBack);
      expect(await surface.done).toMatchObject({ ok: true });
      expect(second.some((m) => m.startsWith('flow on'))).toBe(false);
      // The core is the ridge's again (two threads held): a run starting now gets one.
      expect(pool.threadsFor()).toBe(1);
      expect(await ridge.done).toMatchObject({ ok: true });
      expect(first.indexOf(freeAgain)).toBeGreaterThan(first.indexOf(handedBack));
      expect(pool.threadsFor()).toBe(2);
    } finally {
      await pool.destroy();
    }
  }, 120_000);

  it('terminates a thread whose solver ignores the abort after the grace period', async () => {
    const pool = new SolverPool({ concurrency: 1, threadFile: new URL('../../test/fixtures/stubborn-thread.ts', import.meta.url).href });
    try {
      const log: string[] = [];
      const run = pool.solve({ type: 'ANY', parameters: {} }, { ...quiet, onLog: (l) => log.push(l.message) });
      const deadline = Date.now() + 10_000;
      while (log.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      const started = performance.now();
      run.abort(200);
      expect(await run.done).toMatchObject({ ok: false, terminated: true, error: { code: 'ABORTED' } });
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(190);
      expect(elapsed).toBeLessThan(1000);
      expect(log).toEqual(['ignoring every abort']);
    } finally {
      await pool.destroy();
    }
  });

  it('fails a run whose thread reaches its memory limit with OUT_OF_MEMORY, and keeps the pool and the process', async () => {
    const greedy = new SolverPool({ concurrency: 1, memoryLimitMb: 128, threadFile: new URL('../../test/fixtures/greedy-thread.ts', import.meta.url).href });
    try {
      const outcome = await greedy.solve({ type: 'ANY', parameters: {} }, quiet).done;
      expect(outcome).toMatchObject({ ok: false, error: { code: 'OUT_OF_MEMORY', message: expect.stringContaining("this server's 128 MB") } });
      // The pool starts a new thread for the next run.
      expect(await greedy.solve({ type: 'ANY', parameters: {} }, quiet).done).toMatchObject({ ok: false, error: { code: 'OUT_OF_MEMORY' } });
    } finally {
      await greedy.destroy();
    }
    const pool = new SolverPool({ concurrency: 1, memoryLimitMb: 512 });
    try {
      expect(await pool.solve({ type: 'CIRCULAR_PIPE', parameters: pipe }, quiet).done).toMatchObject({ ok: true });
    } finally {
      await pool.destroy();
    }
    // Two threads fill 128 MB of heap until V8 gives up (garbage collections near the limit), then a
    // third starts: 8.6 s on a quiet machine, past 30 s on the 2-core machine under a full test run.
  }, 90_000);

  it('stops a solver whose typed arrays (outside the JS heap limit) pass the ceiling with OUT_OF_MEMORY', async () => {
    const channel = new MessageChannel();
    const heap = getHeapStatistics();
    // 40 MB above what this isolate holds now: the fine melt-pool mesh (about 240 000 cells) needs more.
    const limit = heap.used_heap_size + heap.external_memory + 40 * 2 ** 20;
    const fine = { ...(parameterDefaults('LASER_RIGID_PLATE') as Record<string, unknown>), mesh_size: 'fine' };
    const started = performance.now();
    const outcome = await runSolverTask({ type: 'LASER_RIGID_PLATE', parameters: fine, port: channel.port2, abortFlag: new SharedArrayBuffer(4), progressIntervalMs: 100, memoryLimitBytes: limit });
    channel.port1.close();
    expect(outcome).toMatchObject({ ok: false, error: { code: 'OUT_OF_MEMORY', details: { limit_mb: Math.round(limit / 2 ** 20) } } });
    expect(performance.now() - started).toBeLessThan(30_000);
  });
});
