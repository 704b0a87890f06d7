// Executes simulation-run jobs in the process that took them: claims the attempt, runs the solver
// in the thread pool, persists the log as it arrives, publishes progress, log lines and residuals,
// stores the results, and ends the run completed, failed or aborted.
//
// Abort: an `abort` control message (bus; LISTEN/NOTIFY across processes), or the run's status
// turning `aborting` (polled every `abortPollMs` as a fallback), sets the solver's shared abort
// flag; a solver that has not stopped after `abortGraceMs` has its thread terminated. Heartbeats
// on the run tell other processes this one is alive (see recovery.ts).

import type { SimulationError, SimulationEventInput } from '@simforge/contracts';
import type { LogLine, Progress, Residuals } from '@simforge/solvers';
import { encodeFloat32 } from '@simforge/contracts';
import type { ControlMessage, EventBus } from '../events/bus.js';
import type { Repositories, RunRow } from '../repositories/index.js';
import type { SimulationLifecycle } from '../services/simulation-lifecycle.js';
import type { JobMap } from './job-map.js';
import type { RunningSolve, SolverPool } from './solver-pool.js';
import type { SolverOutcome } from './solver-thread.js';

export interface RunnerLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RunnerOptions {
  repos: Repositories;
  lifecycle: SimulationLifecycle;
  bus: EventBus;
  pool: SolverPool;
  /** This process's identity on the runs it executes. */
  worker: string;
  log: RunnerLogger;
  now?: () => Date;
  abortGraceMs?: number;
  abortPollMs?: number;
  heartbeatMs?: number;
  /** Minimum time between progress writes to the simulation row. */
  progressWriteMs?: number;
  /** Minimum time between residual events of a run (iterative solvers report every iteration). */
  residualIntervalMs?: number;
}

interface Execution {
  run: RunRow;
  solve: RunningSolve | null;
  abortRequested: boolean;
  shutdown: boolean;
  finished: Promise<void>;
}

/** Writes one run's log lines in order (seq continues across attempts) and publishes them. */
class RunLog {
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly repos: Repositories,
    private readonly lifecycle: SimulationLifecycle,
    private readonly run: RunRow,
    private seq: number,
    private readonly offsetSeconds: () => number,
    private readonly now: () => Date,
  ) {}

  write(line: Pick<LogLine, 'level' | 'message'> & { t?: number }): void {
    const seq = this.seq++;
    const t = line.t ?? this.offsetSeconds();
    this.enqueue(async () => {
      await this.repos.logs.append(this.run.id, [{ seq, t, level: line.level, message: line.message }]);
      await this.lifecycle.publish({ type: 'log', simulation_id: this.run.simulation_id, run_id: this.run.id, at: this.now().toISOString(), seq, t, level: line.level, message: line.message });
    });
  }

  enqueue(work: () => Promise<void>): void {
    this.chain = this.chain.then(work).catch(() => undefined);
  }

  drain(): Promise<void> {
    return this.chain;
  }
}

export class SimulationRunner {
  private readonly executions = new Map<string, Execution>();
  private readonly now: () => Date;
  private readonly abortGraceMs: number;
  private readonly abortPollMs: number;
  private readonly progressWriteMs: number;
  private readonly offControl: () => void;
  private readonly heartbeat: NodeJS.Timeout;
  private stopping = false;
  /** Jobs taken whose solver has not started yet (claiming their run, reading its log). */
  private starting = 0;

  constructor(private readonly options: RunnerOptions) {
    this.now = options.now ?? (() => new Date());
    this.abortGraceMs = options.abortGraceMs ?? 500;
    this.abortPollMs = options.abortPollMs ?? 1000;
    this.progressWriteMs = options.progressWriteMs ?? 500;
    this.offControl = options.bus.onControl((message) => this.onControl(message));
    this.heartbeat = setInterval(() => void this.beat(), options.heartbeatMs ?? 5000);
    this.heartbeat.unref();
  }

  get activeRuns(): string[] {
    return [...this.executions.keys()];
  }

  private onControl(message: ControlMessage): void {
    if (message.kind === 'abort') this.abort(message.run_id);
  }

  private abort(runId: string): void {
    const execution = this.executions.get(runId);
    if (!execution || execution.abortRequested) return;
    execution.abortRequested = true;
    execution.solve?.abort(this.abortGraceMs);
  }

  private async beat(): Promise<void> {
    try {
      await this.options.repos.runs.heartbeat(this.options.worker, this.activeRuns, this.now());
    } catch (error) {
      this.options.log.warn({ err: error }, 'Heartbeat failed');
    }
  }

  /** The job handler. Never throws for a simulation's own failure (that is recorded on the run). */
  async execute(data: JobMap['simulation-run']): Promise<void> {
    if (this.stopping) throw new Error('The worker is stopping; the job goes back to the queue');
    // Runs taken from the queue together start a few milliseconds apart (each claims its row first):
    // until each reaches its solver it counts as needing a core, so that the first does not take a
    // second thread from the next (three computing threads on two cores slow the event loop).
    this.starting++;
    const start = { counted: true };
    try {
      await this.executeCounted(data, start);
    } finally {
      if (start.counted) this.starting--;
    }
  }

  /** execute() once counted among the runs starting; `start.counted` is cleared when the solver starts. */
  private async executeCounted(data: JobMap['simulation-run'], start: { counted: boolean }): Promise<void> {
    const { repos, lifecycle } = this.options;
    const claimed = await lifecycle.claim(data.run_id, data.attempt, this.options.worker);
    if (!claimed) return;
    const { run } = claimed;
    const startedAt = run.started_at ?? this.now();
    const elapsed = () => (this.now().getTime() - startedAt.getTime()) / 1000;
    const log = new RunLog(repos, lifecycle, run, await repos.logs.nextSeq(run.id), elapsed, this.now);
    let resolveFinished!: () => void;
    const execution: Execution = { run, solve: null, abortRequested: false, shutdown: false, finished: new Promise((r) => (resolveFinished = r)) };
    this.executions.set(run.id, execution);
    if (run.attempt > 1) log.write({ level: 'info', message: `Attempt ${run.attempt} started` });

    const poll = setInterval(() => void this.pollStatus(execution), this.abortPollMs);
    const residualIntervalMs = this.options.residualIntervalMs ?? 100;
    let lastResidualAt = Number.NEGATIVE_INFINITY;
    let pendingResidual: Residuals | null = null;
    const publishResidual = (residuals: Residuals) =>
      log.enqueue(() => lifecycle.publish({ type: 'residuals', simulation_id: run.simulation_id, run_id: run.id, at: this.now().toISOString(), iteration: residuals.iteration, values: residuals.values }));
    let outcome: SolverOutcome | { ok: false; terminated: true; error: SimulationError & { details: Record<string, unknown> } };
    try {
      let lastProgressWrite = 0;
      start.counted = false;
      this.starting--;
      execution.solve = this.options.pool.solve(
        { type: run.type, parameters: run.parameters },
        {
          onLog: (line) => log.write(line),
          onProgress: (progress: Progress) => {
            const nowMs = Date.now();
            const writeRow = nowMs - lastProgressWrite >= this.progressWriteMs || progress.fraction >= 1;
            if (writeRow) lastProgressWrite = nowMs;
            log.enqueue(async () => {
              if (writeRow) await lifecycle.recordProgress(run.simulation_id, run.id, progress.fraction);
              await lifecycle.publish(this.progressEvent(run, progress));
            });
          },
          onResiduals: (residuals: Residuals) => {
            const nowMs = Date.now();
            if (nowMs - lastResidualAt < residualIntervalMs) {
              pendingResidual = residuals;
              return;
            }
            lastResidualAt = nowMs;
            pendingResidual = null;
            publishResidual(residuals);
          },
        },
        this.starting,
      );
      if (execution.shutdown) execution.solve.abort(0);
      else if (execution.abortRequested) execution.solve.abort(this.abortGraceMs);
      outcome = await execution.solve.done;
    } finally {
      clearInterval(poll);
    }
    // The last residuals of a throttled burst are not lost.
    const lastResidual = pendingResidual as Residuals | null;
    if (lastResidual) publishResidual(lastResidual);

    try {
      if ('terminated' in outcome && outcome.terminated && !execution.shutdown) {
        log.write({ level: 'warn', message: `The solver did not stop within ${this.abortGraceMs} ms; its worker thread was terminated` });
      }
      await log.drain();
      if (execution.shutdown) {
        const current = await repos.runs.findById(run.id);
        if (current) await lifecycle.requeueOrFail(current, 'The server shut down during the run');
      } else if (execution.abortRequested || (!outcome.ok && outcome.error.code === 'ABORTED')) {
        await lifecycle.systemLog(run, 'info', `Aborted after ${elapsed().toFixed(2)} s`);
        await lifecycle.finishAborted(run);
      } else if (outcome.ok) {
        await lifecycle.complete(run, {
          summary: outcome.summary,
          series: outcome.series,
          fields: outcome.fields.map(({ values, ...meta }) => ({ ...meta, data: encodeFloat32(values) })),
          solver_version: outcome.solver_version,
        });
      } else {
        await lifecycle.fail(run, { code: outcome.error.code, message: outcome.error.message });
      }
    } catch (error) {
      this.options.log.error({ err: error, run_id: run.id }, 'Could not record the end of a run');
      await lifecycle.fail(run, { code: 'INTERNAL', message: 'The server could not record the result of the run' }).catch(() => undefined);
    } finally {
      this.executions.delete(run.id);
      resolveFinished();
    }
  }

  private progressEvent(run: RunRow, progress: Progress): SimulationEventInput {
    return {
      type: 'progress',
      simulation_id: run.simulation_id,
      run_id: run.id,
      at: this.now().toISOString(),
      fraction: Math.min(1, Math.max(0, progress.fraction)),
      eta_seconds: progress.etaSeconds ?? null,
      phase: progress.phase ?? null,
    };
  }

  /** Fallback for a lost control message: the run turned `aborting`, or the simulation was deleted. */
  private async pollStatus(execution: Execution): Promise<void> {
    if (execution.abortRequested) return;
    try {
      const status = await this.options.repos.runs.statusOf(execution.run.id);
      if (status === null || status === 'aborting' || status === 'aborted') this.abort(execution.run.id);
    } catch {
      // the next poll tries again
    }
  }

  /**
   * Stops taking work: runs in flight are stopped and queued again as their next attempt (another
   * process, or this server after its restart, executes them).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.offControl();
    clearInterval(this.heartbeat);
    const executions = [...this.executions.values()];
    for (const execution of executions) {
      execution.shutdown = true;
      execution.solve?.abort(0);
    }
    await Promise.all(executions.map((execution) => execution.finished));
  }
}
