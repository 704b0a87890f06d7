// The worker-thread pool for the heavy parts of requests (the fast estimate behind create, update and
// metamodel_estimate_v2; image analysis; `.inp` files; exports), so that no request keeps the event
// loop busy for long. It is separate from the solver pool: queued runs never delay a request.
//
// Each call has two limits: how long it may wait for a free thread (`queueLimitMs`: the pool is
// busy) and how long it may compute once a thread took it (`timeLimitMs`: the input is too costly).
// A task over its time limit has its thread terminated; piscina starts a fresh one. The thread
// tells the start through a shared flag (Atomics), so the two cases are told apart without a
// message round trip.

import { Piscina } from 'piscina';
import { ApiError, ValidationFailed } from '../services/errors.js';
import { workerExecArgv } from '../jobs/solver-pool.js';
import { threadFile } from '../paths.js';
import type { ComputeInput, ComputeOutput, ComputeReply, ComputeRequest, ComputeTaskName } from './tasks.js';

const THREAD_FILE = threadFile('compute-thread');

/** Tasks waiting per thread before more are refused at once as `busy` (the simulator's sweep asks 10 at a time). */
const MAX_QUEUED_PER_THREAD = 32;

export interface ComputePoolOptions {
  threads: number;
  /** Start the threads now and keep them (true), or start them on the first task (tests). */
  warm?: boolean;
  /** The module threads run (default compute/thread.ts or its bundle; tests use one that burns CPU). */
  threadFile?: string;
}

export interface ComputeLimits {
  /** Longest computation once a thread took the task, ms. */
  timeLimitMs: number;
  /** Longest wait for a free thread, ms. */
  queueLimitMs: number;
}

export type LimitReason = 'busy' | 'time-limit';

/** The task waited `queueLimitMs` for a thread (`busy`) or computed for `timeLimitMs` (`time-limit`). */
export class ComputeLimitExceeded extends Error {
  constructor(
    readonly reason: LimitReason,
    readonly limitMs: number,
  ) {
    super(reason === 'busy' ? `no compute thread was free within ${limitMs} ms` : `the computation took longer than ${limitMs} ms and was stopped`);
    this.name = 'ComputeLimitExceeded';
  }
}

/** `Atomics.waitAsync` (ES2024; in Node since 16): resolves when the flag leaves `value`, or on the timeout. */
type WaitAsync = (array: Int32Array, index: number, value: number, timeoutMs: number) => { async: false; value: 'not-equal' | 'timed-out' } | { async: true; value: Promise<'ok' | 'timed-out'> };
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync;

export class ComputePool {
  private readonly pool: Piscina<ComputeRequest<ComputeTaskName>, ComputeReply<ComputeTaskName>>;
  readonly threads: number;

  constructor(options: ComputePoolOptions) {
    this.threads = options.threads;
    const warm = options.warm ?? true;
    const filename = options.threadFile ?? THREAD_FILE;
    this.pool = new Piscina({
      filename,
      minThreads: warm ? options.threads : 0,
      maxThreads: options.threads,
      // Warm threads are kept: starting one loads the solvers.
      idleTimeout: warm ? Number.POSITIVE_INFINITY : 30_000,
      execArgv: workerExecArgv(filename),
      closeTimeout: 1000,
      maxQueue: MAX_QUEUED_PER_THREAD * options.threads,
    });
  }

  async run<N extends ComputeTaskName>(task: N, input: ComputeInput<N>, limits: ComputeLimits): Promise<ComputeOutput<N>> {
    const started = new Int32Array(new SharedArrayBuffer(4));
    const controller = new AbortController();
    let exceeded: ComputeLimitExceeded | null = null;
    let settled = false;
    let runTimer: NodeJS.Timeout | undefined;
    const stop = (reason: LimitReason, limitMs: number) => {
      exceeded = new ComputeLimitExceeded(reason, limitMs);
      controller.abort(exceeded);
    };
    const onStart = (result: string) => {
      if (settled) return;
      if (result === 'timed-out') stop('busy', limits.queueLimitMs);
      else runTimer = setTimeout(() => stop('time-limit', limits.timeLimitMs), limits.timeLimitMs);
    };
    const waiting = waitAsync(started, 0, 0, limits.queueLimitMs);
    if (waiting.async) void waiting.value.then(onStart);
    else onStart(waiting.value);
    try {
      const reply = (await this.pool.run({ task, input, started: started.buffer as SharedArrayBuffer }, { signal: controller.signal })) as ComputeReply<N>;
      if (reply.ok) return reply.value;
      throw reply.error.kind === 'validation' ? new ValidationFailed(reply.error.issues) : new ApiError(reply.error.statusCode, reply.error.detail, reply.error.headers);
    } catch (error) {
      if (exceeded) throw exceeded;
      // piscina refuses a task when its queue is full.
      if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new ComputeLimitExceeded('busy', 0);
      throw error;
    } finally {
      settled = true;
      clearTimeout(runTimer);
      // Releases the start wait of a task that never started (its timeout would linger otherwise).
      Atomics.store(started, 0, 1);
      Atomics.notify(started, 0);
    }
  }

  async destroy(): Promise<void> {
    await this.pool.destroy();
  }
}
