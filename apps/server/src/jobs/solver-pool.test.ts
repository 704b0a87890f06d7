import { describe, expect, it } from 'vitest';
import { SolverPool, workerExecArgv } from './solver-pool.js';

const pipe = { fluid: 'water', diameter: 0.025, length: 10, flow_rate: 0.0005, inlet_temperature: 293.15, inlet_pressure: 300_000 };
const quiet = { onLog: () => undefined, onProgress: () => undefined, onResiduals: () => undefined };

describe('solver thread pool', () => {
  it('gives worker threads the TypeScript loader once', () => {
    expect(workerExecArgv(['--conditions', 'node'])).toEqual(['--conditions', 'node', '--import', 'tsx']);
    expect(workerExecArgv(['--import', 'tsx'])).toEqual(['--import', 'tsx']);
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
});
