// The abort contract of every simulation type (docs/adr/0005-solver-abort-and-run-recovery.md): a run
// whose abort flag turns true stops by itself within 0.5 s, with AbortedError, and its log records
// the abort at level info, with no error line. The flag turns true 300 ms into the run and is only
// polled, as the worker thread's shared flag is: nothing reaches the solver through the event loop.
// Where the default case ends before 300 ms, a longer case of the same model runs instead.

import { describe, expect, it } from 'vitest';
import { AbortedError, parameterDefaults, solve, solverTypes, type LogLine } from '../../src/index.js';

const FLAG_AFTER_MS = 300;
const STOPS_WITHIN_MS = 500;

/** Longer cases for the types whose default takes well under a second. */
const LONGER: Readonly<Record<string, Record<string, unknown>>> = {
  CIRCULAR_PIPE: { n_segments: 100_000 },
  CIRCULAR_ANNULUS: { numerics: { radial_cells: 2000 } },
  PIPE_NETWORK: { period: 'extended', duration: 30 * 86_400, hydraulic_step: 30 },
  PIPE_NETWORK_2: { period: 'extended', duration: 30 * 86_400, hydraulic_step: 30 },
};

function caseOf(type: string): { type: string; parameters: Record<string, unknown> } {
  return { type, parameters: { ...(parameterDefaults(type) as Record<string, unknown>), ...LONGER[type] } };
}

describe('abort of every type', () => {
  it.each(solverTypes())('%s: stops within 0.5 s of the flag, the abort logged as info', async (type) => {
    const start = performance.now();
    const flaggedAt = start + FLAG_AFTER_MS;
    const error = await solve(caseOf(type), { isAborted: () => performance.now() >= flaggedAt }).catch((e: unknown) => e);
    const stoppedAfterMs = performance.now() - flaggedAt;
    expect(error, 'the run ended before the flag: its case is too short for this test').toBeInstanceOf(AbortedError);
    expect(stoppedAfterMs).toBeLessThan(STOPS_WITHIN_MS);
    const log = (error as AbortedError).log!;
    expect(log.filter((line: LogLine) => line.level === 'error')).toEqual([]);
    expect(log.at(-1)).toMatchObject({ level: 'info', message: expect.stringMatching(/^aborted on request after [\d.]+ s/) });
  });
});
