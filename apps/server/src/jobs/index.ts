// The job system of a process: the durable queue (pg-boss), and when this process executes
// simulations, the solver thread pool and the runner; plus crash recovery sweeps.

import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import type { EventBus } from '../events/bus.js';
import type { Repositories } from '../repositories/index.js';
import type { RunDispatcher, SimulationLifecycle } from '../services/simulation-lifecycle.js';
import { PgBossQueue } from './pg-boss-queue.js';
import type { JobQueue } from './queue.js';
import { recoverRuns } from './recovery.js';
import { SimulationRunner } from './runner.js';
import { SolverPool } from './solver-pool.js';

export interface JobsLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobSettings {
  /** Execute simulations in this process (false: only enqueue; `npm run worker` executes). */
  runJobs: boolean;
  /** Simulations executed at once by this process (solver threads). */
  concurrency: number;
  maxAttempts: number;
  /** Memory of one solver thread, MB (SIM_MAX_MEMORY_MB); unset: no ceiling beyond Node's own. */
  memoryLimitMb?: number;
  /** No heartbeat for this long: the process executing a run is gone (PostgreSQL). */
  staleMs: number;
  heartbeatMs: number;
  recoveryIntervalMs: number;
  abortGraceMs: number;
  pollingIntervalSeconds: number;
}

export const defaultJobSettings = (concurrency: number): JobSettings => ({
  runJobs: true,
  concurrency,
  maxAttempts: 3,
  staleMs: 30_000,
  heartbeatMs: 5_000,
  recoveryIntervalMs: 15_000,
  abortGraceMs: 500,
  pollingIntervalSeconds: 1,
});

export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

export class JobSystem implements RunDispatcher {
  readonly worker = newWorkerId();
  readonly queue: JobQueue;
  private pool: SolverPool | null = null;
  private runner: SimulationRunner | null = null;
  private recoveryTimer: NodeJS.Timeout | null = null;
  private recovering: Promise<unknown> = Promise.resolve();
  private lifecycle: SimulationLifecycle | null = null;
  private started = false;

  constructor(
    private readonly deps: {
      database: Pick<Database, 'kind' | 'pglite' | 'url'>;
      repos: Repositories;
      bus: EventBus;
      log: JobsLogger;
      now: () => Date;
      settings: JobSettings;
    },
  ) {
    this.queue = new PgBossQueue({
      database: deps.database,
      pollingIntervalSeconds: deps.settings.pollingIntervalSeconds,
      onError: (error) => deps.log.error({ err: error }, 'Job queue error'),
      onSchemaReset: (version) => deps.log.warn({ version }, 'Job queue: dropped a queue schema written by a newer pg-boss; queued runs get new jobs'),
    });
  }

  get settings(): JobSettings {
    return this.deps.settings;
  }

  /** Runs in flight in this process. */
  get activeRuns(): string[] {
    return this.runner?.activeRuns ?? [];
  }

  enqueue: RunDispatcher['enqueue'] = (data) => this.queue.send('simulation-run', data);
  cancel: RunDispatcher['cancel'] = (jobId) => this.queue.cancel('simulation-run', jobId);

  async start(lifecycle: SimulationLifecycle): Promise<void> {
    const { repos, bus, log, now, settings, database } = this.deps;
    this.lifecycle = lifecycle;
    await this.queue.start();
    this.started = true;
    if (settings.runJobs) {
      this.pool = new SolverPool({ concurrency: settings.concurrency, ...(settings.memoryLimitMb ? { memoryLimitMb: settings.memoryLimitMb } : {}) });
      this.runner = new SimulationRunner({
        repos,
        lifecycle,
        bus,
        pool: this.pool,
        worker: this.worker,
        log,
        now,
        abortGraceMs: settings.abortGraceMs,
        heartbeatMs: settings.heartbeatMs,
      });
    }
    // Only one process can open PGlite: at start-up every run it finds running is an orphan.
    await this.recover(database.kind === 'pglite');
    if (this.runner) {
      const runner = this.runner;
      await this.queue.work('simulation-run', { concurrency: settings.concurrency }, (data) => runner.execute(data));
    }
    this.recoveryTimer = setInterval(() => void this.recover(false), settings.recoveryIntervalMs);
    this.recoveryTimer.unref();
  }

  private recover(everyOtherProcessIsGone: boolean): Promise<unknown> {
    const { repos, log, now, settings } = this.deps;
    const lifecycle = this.lifecycle;
    if (!lifecycle) return Promise.resolve();
    this.recovering = this.recovering
      .then(() => recoverRuns({ repos, lifecycle, queue: this.queue, worker: this.worker, now, staleMs: settings.staleMs, log }, { everyOtherProcessIsGone }))
      .catch((error: unknown) => log.warn({ err: error }, 'Recovery sweep failed'));
    return this.recovering;
  }

  async stop(): Promise<void> {
    if (this.recoveryTimer) clearInterval(this.recoveryTimer);
    this.recoveryTimer = null;
    await this.recovering;
    // Runs in flight are queued again before the queue stops (their new jobs are in the database).
    await this.runner?.stop();
    if (this.started) await this.queue.stop(5_000);
    this.started = false;
    await this.pool?.destroy();
    this.pool = null;
    this.runner = null;
  }
}
