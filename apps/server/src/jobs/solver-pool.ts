// The worker-thread pool that runs the solvers (piscina), so the event loop of the process never
// blocks on numerics. A run can be aborted cooperatively (the shared flag the solver polls) and, if
// the solver does not stop within the grace period, by terminating its thread.
//
// Threads run the built bundle (dist/solver-thread.js) under `npm start` and `npm run worker`; from
// the sources (vitest, `npm run dev`) they run TypeScript and get tsx's loader through execArgv.

import { availableParallelism, loadavg } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { LogLine, Progress, Residuals } from '@simforge/solvers';
import { threadFile } from '../paths.js';
import { outOfMemoryError, type SolverOutcome, type SolverTask, type ThreadMessage } from './solver-thread.js';
import { workerExecArgv } from './worker-exec-argv.js';

export { workerExecArgv };

const THREAD_FILE = threadFile('solver-thread');

export interface SolveHandlers {
  onProgress(progress: Progress): void;
  onLog(line: LogLine): void;
  onResiduals(residuals: Residuals): void;
}

export interface RunningSolve {
  /** Resolves with the solver's outcome; `terminated` when the thread had to be killed. */
  readonly done: Promise<SolverOutcome | { ok: false; terminated: true; error: { code: 'ABORTED'; message: string; details: Record<string, unknown> } }>;
  /** Asks the solver to stop; terminates its thread after `graceMs` if it has not. */
  abort(graceMs: number): void;
}

export interface SolverPoolOptions {
  concurrency?: number;
  progressIntervalMs?: number;
  /** How long an idle thread is kept (ms). */
  idleTimeoutMs?: number;
  /** The module threads run (default jobs/solver-thread.ts or its bundle; tests use a solver that ignores aborts). */
  threadFile?: string;
  /** Memory of one thread, MB (SIM_MAX_MEMORY_MB): its heap limit, and the ceiling its solver is stopped at. */
  memoryLimitMb?: number;
  /** Cores of the machine (default availableParallelism()): a run gets a second thread while one is idle. */
  cores?: number;
  /** The machine's load (default the 1-minute load average): other processes' work counts too. */
  load?: () => number;
}

export class SolverPool {
  private readonly pool: Piscina<SolverTask, SolverOutcome>;
  readonly concurrency: number;
  private readonly progressIntervalMs: number;
  private readonly memoryLimitMb: number | undefined;
  private readonly cores: number;
  private readonly load: () => number;
  /** Threads the runs in progress hold (a run one, or two with its helper while it is granted). */
  private threadsInUse = 0;
  /** The runs in progress that started a helper thread, oldest first, and whether each may use it. */
  private readonly helpers = new Set<HelperGrant>();

  constructor(options: SolverPoolOptions = {}) {
    this.concurrency = options.concurrency ?? availableParallelism();
    this.cores = options.cores ?? availableParallelism();
    this.load = options.load ?? (() => loadavg()[0]!);
    this.progressIntervalMs = options.progressIntervalMs ?? 250;
    this.memoryLimitMb = options.memoryLimitMb;
    const filename = options.threadFile ?? THREAD_FILE;
    this.pool = new Piscina<SolverTask, SolverOutcome>({
      filename,
      minThreads: 0,
      maxThreads: this.concurrency,
      idleTimeout: options.idleTimeoutMs ?? 60_000,
      execArgv: workerExecArgv(filename),
      // A solve that refuses to stop is terminated, never awaited at shutdown.
      closeTimeout: 1000,
      // A run that outgrows its plan stops its own thread (ERR_WORKER_OUT_OF_MEMORY), not the process.
      ...(options.memoryLimitMb ? { resourceLimits: { maxOldGenerationSizeMb: options.memoryLimitMb } } : {}),
    });
  }

  /**
   * Threads for a run starting now: two while the runs in progress, and the machine's load from
   * other processes, leave a core idle beside it; else one. A solver that can split its work uses the
   * second (the thermal core: results are the same on either), so a run on a quiet machine takes both
   * cores and runs that start while others hold them share. The two threads wait for each other by
   * spinning, which costs far more than it gains on a core that is busy elsewhere: hence the load.
   * Taken when the run starts and given back when it ends; a run that arrives while every core is
   * held takes a helper's core back from a run in progress (handBack), which returns it when a core is
   * free again (regrant). `startingBeside`: runs about to start beside this one (taken from the queue,
   * not yet solving), each of which will need a core.
   */
  threadsFor(startingBeside = 0): number {
    // A load under 0.75 (services idling, a shell) leaves the core to the run.
    const busy = Math.max(this.threadsInUse + startingBeside, Math.floor(this.load() + 0.25));
    return busy + 2 <= this.cores ? 2 : 1;
  }

  /** Starts a run; `startingBeside` as in threadsFor(). */
  solve(input: { type: string; parameters: Record<string, unknown> }, handlers: SolveHandlers, startingBeside = 0): RunningSolve {
    this.handBack(1 + startingBeside);
    const threads = this.threadsFor(startingBeside);
    this.threadsInUse += threads;
    const helper = threads > 1 ? grantedHelper() : undefined;
    if (helper) this.helpers.add(helper);
    const channel = new MessageChannel();
    const abortFlag = new SharedArrayBuffer(4);
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // The thread's last message is `end`: messages are ordered on one port, so once it arrives every
    // log line has been handed over (the task's result travels on piscina's own channel).
    let ended!: () => void;
    const drained = new Promise<void>((resolve) => (ended = resolve));
    channel.port1.on('message', (message: ThreadMessage) => {
      if (message.kind === 'end') ended();
      else if (message.kind === 'progress') handlers.onProgress(message.progress);
      else if (message.kind === 'log') handlers.onLog(message.line);
      else handlers.onResiduals(message.residuals);
    });
    const task: SolverTask = {
      ...input,
      port: channel.port2,
      abortFlag,
      progressIntervalMs: this.progressIntervalMs,
      threads,
      ...(helper ? { helperGrant: helper.grant.buffer as SharedArrayBuffer } : {}),
      ...(this.memoryLimitMb ? { memoryLimitBytes: this.memoryLimitMb * 2 ** 20 } : {}),
    };
    const memoryLimitMb = this.memoryLimitMb;
    const outcome = this.pool
      .run(task, { transferList: [channel.port2], signal: controller.signal })
      .then(
        (outcome) => outcome,
        (error: unknown) => {
          if (controller.signal.aborted) {
            return { ok: false as const, terminated: true as const, error: { code: 'ABORTED' as const, message: 'the solver thread was terminated', details: {} } };
          }
          if (memoryLimitMb && (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') return { ok: false as const, error: outOfMemoryError(memoryLimitMb) };
          const message = error instanceof Error ? error.message : String(error);
          return { ok: false as const, error: { code: 'INTERNAL', message: `the solver thread failed: ${message}`, details: {} } };
        },
      )
      .finally(() => {
        if (timer) clearTimeout(timer);
        this.threadsInUse -= helper && !helper.granted ? 1 : threads;
        if (helper) this.helpers.delete(helper);
        this.regrant();
      });
    const done = outcome.then(async (result) => {
      // A terminated thread sends nothing more.
      if (!('terminated' in result)) {
        const late = setTimeout(ended, 1000);
        await drained;
        clearTimeout(late);
      }
      channel.port1.close();
      return result;
    });
    return {
      done,
      abort(graceMs) {
        Atomics.store(new Int32Array(abortFlag), 0, 1);
        if (!timer && !controller.signal.aborted) timer = setTimeout(() => controller.abort(new Error('abort grace period over')), graceMs);
      },
    };
  }

  /**
   * Takes helpers' cores back, the latest run's first, until `needed` more threads fit on the cores
   * (each run held goes on one thread from its next iteration or step, with the same results).
   */
  private handBack(needed: number): void {
    for (const helper of [...this.helpers].reverse()) {
      if (this.threadsInUse + needed <= this.cores) return;
      if (!helper.granted) continue;
      helper.granted = false;
      Atomics.store(helper.grant, 0, 0);
      this.threadsInUse--;
    }
  }

  /** Gives held helpers their cores again, the oldest run's first, while a core is free. */
  private regrant(): void {
    for (const helper of this.helpers) {
      if (this.threadsInUse + 1 > this.cores) return;
      if (helper.granted) continue;
      helper.granted = true;
      Atomics.store(helper.grant, 0, 1);
      this.threadsInUse++;
    }
  }

  async destroy(): Promise<void> {
    await this.pool.destroy();
  }
}

/** A run's helper thread: whether it may use its core (the flag its solver reads, and the pool's count). */
interface HelperGrant {
  grant: Int32Array;
  granted: boolean;
}

function grantedHelper(): HelperGrant {
  const grant = new Int32Array(new SharedArrayBuffer(4));
  Atomics.store(grant, 0, 1);
  return { grant, granted: true };
}
