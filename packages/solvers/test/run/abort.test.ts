// Abort: the marching loop checks the signal every segment and stops within one iteration.

import { describe, expect, it } from 'vitest';
import { AbortedError, parameterDefaults, type Progress } from '../../src/index.js';
import { fakeClock, runPipe } from '../helpers.js';
import { RunContext } from '../../src/run/context.js';

const pipeCase = { ...(parameterDefaults('CIRCULAR_PIPE') as Record<string, unknown>), n_segments: 1000 };

describe('abort', () => {
  it('stops within one segment of the signal, with AbortedError and the log attached', async () => {
    const controller = new AbortController();
    const marchFractions: number[] = [];
    let abortedAt = -1;
    const onProgress = (p: Progress): void => {
      if (p.phase !== 'march') return;
      marchFractions.push(p.fraction);
      if (abortedAt < 0 && p.fraction >= 0.5) {
        abortedAt = marchFractions.length;
        controller.abort();
      }
    };
    const run = runPipe(pipeCase, { signal: controller.signal, onProgress, now: fakeClock(1), progressIntervalMs: 0 });
    const error = await run.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    expect((error as AbortedError).code).toBe('ABORTED');
    // No progress report after the one during which the abort arrived: the very next check threw.
    expect(marchFractions.length).toBe(abortedAt);
    // An abort is what the user asked for: the log ends with an info line saying so, not an error.
    expect((error as AbortedError).log!.at(-1)).toMatchObject({ level: 'info', message: expect.stringMatching(/^aborted on request after [\d.]+ s \(phase: march\)$/) });
  });

  it('honours the polled isAborted hook (for worker threads) the same way', async () => {
    let checks = 0;
    let marchReports = 0;
    const error = await runPipe(pipeCase, {
      isAborted: () => marchReports >= 10 && ++checks > 0,
      onProgress: (p) => {
        if (p.phase === 'march') marchReports++;
      },
      now: fakeClock(1),
      progressIntervalMs: 0,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    expect(marchReports).toBe(10);
  });

  it('an abort during a yield is seen right after it', async () => {
    const controller = new AbortController();
    let yields = 0;
    const error = await runPipe(pipeCase, {
      signal: controller.signal,
      now: fakeClock(100),
      yieldIntervalMs: 0,
      yieldToEventLoop: async () => {
        if (++yields === 3) controller.abort();
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    expect(yields).toBe(3);
  });

  it('a signal aborted before the start never runs the solver', async () => {
    const controller = new AbortController();
    controller.abort();
    const lines: string[] = [];
    await expect(runPipe(pipeCase, { signal: controller.signal, onLog: (l) => lines.push(l.message) })).rejects.toBeInstanceOf(AbortedError);
    expect(lines.some((line) => line.startsWith('phase:'))).toBe(false);
  });
});

describe('waiting for a helper thread', () => {
  const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  it('ends at an abort request while the helper has not answered, checking every pause', async () => {
    let aborted = false;
    const ctx = new RunContext({ isAborted: () => aborted, pause });
    setTimeout(() => (aborted = true), 60);
    const started = Date.now();
    // A helper that never answers (its thread busy or lost): only the abort check ends the wait.
    const error = await ctx.waitFor(new Promise<never>(() => {}), 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('gives the answer, or its error, when the helper answers first', async () => {
    const ctx = new RunContext({ isAborted: () => false, pause });
    await expect(ctx.waitFor(pause(30).then(() => 42), 10)).resolves.toBe(42);
    await expect(ctx.waitFor(pause(30).then(() => Promise.reject(new Error('helper failed'))), 10)).rejects.toThrow('helper failed');
  });
});
