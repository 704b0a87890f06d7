import { defaultParametersOf } from '@simforge/contracts';
import { describe, expect, it } from 'vitest';
import { ValidationFailed } from '../services/errors.js';
import { ComputeLimitExceeded, ComputePool } from './pool.js';

const BURNING_THREAD = new URL('../../test/fixtures/burning-compute-thread.ts', import.meta.url).href;
const ridge = { type: 'JET_IMPINGING_RIDGE', parameters: defaultParametersOf('JET_IMPINGING_RIDGE')!, preview: false };
const pipe = { type: 'CIRCULAR_PIPE', parameters: defaultParametersOf('CIRCULAR_PIPE')!, preview: false };
const roomy = { timeLimitMs: 60_000, queueLimitMs: 60_000 };

describe('compute pool', () => {
  it('stops a task over its time limit, refuses one that waits too long for a thread, and carries on', async () => {
    const pool = new ComputePool({ threads: 1, threadFile: BURNING_THREAD });
    try {
      expect(await pool.run('estimate', pipe, roomy)).toMatchObject({ ok: true, estimate: { results: { pressure_drop: { unit: 'Pa' } } } });
      const burning = pool.run('estimate', ridge, { timeLimitMs: 1500, queueLimitMs: 60_000 });
      const waiting = pool.run('estimate', pipe, { timeLimitMs: 60_000, queueLimitMs: 300 });
      await expect(waiting).rejects.toEqual(new ComputeLimitExceeded('busy', 300));
      await expect(burning).rejects.toEqual(new ComputeLimitExceeded('time-limit', 1500));
      // A fresh thread replaces the terminated one.
      expect(await pool.run('estimate', pipe, roomy)).toMatchObject({ ok: true });
    } finally {
      await pool.destroy();
    }
  }, 60_000);

  it("gives back a task's API errors as the same errors", async () => {
    const pool = new ComputePool({ threads: 1, warm: false });
    try {
      const refused = pool.run('networkToInpJson', JSON.stringify({ network: { pipes: 'none' } }), roomy);
      await expect(refused).rejects.toBeInstanceOf(ValidationFailed);
      await expect(refused).rejects.toMatchObject({ issues: expect.arrayContaining([expect.objectContaining({ loc: expect.arrayContaining(['body', 'network']) })]) });
    } finally {
      await pool.destroy();
    }
  }, 60_000);
});
