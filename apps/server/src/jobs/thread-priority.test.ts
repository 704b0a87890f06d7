import { getPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { lowerThisThreadPriority } from './thread-priority.js';

describe('compute thread priority', () => {
  // The server's main module imports solver-thread.ts, whose top level lowers the priority of the
  // thread it runs in: on the event loop's thread that must do nothing.
  it.runIf(isMainThread)('leaves the event loop thread at its priority', async () => {
    const before = getPriority();
    await import('./solver-pool.js');
    expect(lowerThisThreadPriority()).toBe(false);
    expect(getPriority()).toBe(before);
  });
});
