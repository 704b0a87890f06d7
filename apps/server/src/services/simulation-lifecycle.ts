// The life of a run, shared by the API (run, abort, delete), the job runner (start, finish) and
// crash recovery. Each step changes the run and its simulation together, in one transaction, with
// conditional updates (run first, then simulation), so concurrent actors cannot both win; after the
// commit it publishes the status event. No permission checks here: callers have done them.

import type { SimulationError, SimulationEventInput, SimulationStatus } from '@simforge/contracts';
import type { StoredScalar } from '../db/schema.js';
import type { EventBus } from '../events/bus.js';
import type { EventPublisher } from '../events/publisher.js';
import type { JobMap } from '../jobs/job-map.js';
import type { NewField, Repositories, RunRow, SimulationRow, StoredSeries } from '../repositories/index.js';

export interface RunDispatcher {
  /** Puts an attempt of a run on the queue; answers the job id. */
  enqueue(data: JobMap['simulation-run']): Promise<string>;
  cancel(jobId: string): Promise<void>;
}

export interface LifecycleLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface LifecycleDeps {
  repos: Repositories;
  events: EventPublisher;
  /** Carries the abort request to the process executing the run. */
  bus: Pick<EventBus, 'sendControl'>;
  dispatcher: RunDispatcher | null;
  now: () => Date;
  log: LifecycleLogger;
  /** Executions of one run before it is failed for good (a run is re-queued when its process dies). */
  maxAttempts: number;
}

export interface RunOutput {
  summary: Record<string, StoredScalar>;
  series: Record<string, StoredSeries>;
  fields: NewField[];
  solver_version: string;
}

const RUNNABLE: SimulationStatus[] = ['draft', 'completed', 'failed', 'aborted'];

export const workerLost = (attempts: number): SimulationError => ({
  code: 'WORKER_LOST',
  message: `The process running this simulation stopped ${attempts} times (server restart or crash); the run was given up`,
});

/**
 * The run's execution time over all its attempts (s): the earlier attempts' total (kept in
 * duration_seconds while the run is queued again) plus this attempt's, from its start to `end`.
 */
function totalDuration(run: Pick<RunRow, 'started_at' | 'duration_seconds'>, end: Date): number | null {
  if (!run.started_at) return run.duration_seconds;
  return (run.duration_seconds ?? 0) + Math.max(0, (end.getTime() - run.started_at.getTime()) / 1000);
}

export class SimulationLifecycle {
  constructor(private readonly deps: LifecycleDeps) {}

  private get repos() {
    return this.deps.repos;
  }

  async publishStatus(simulation: SimulationRow): Promise<void> {
    await this.publish({
      type: 'status',
      simulation_id: simulation.id,
      run_id: simulation.current_run_id,
      at: this.deps.now().toISOString(),
      status: simulation.status as SimulationStatus,
      progress: simulation.progress,
      error: simulation.error ?? null,
    });
  }

  async publish(input: SimulationEventInput): Promise<void> {
    try {
      await this.deps.events.publish(input);
    } catch (error) {
      // The simulation is gone (deleted meanwhile): its events have nowhere to go.
      this.deps.log.warn({ err: error, simulation_id: input.simulation_id, type: input.type }, 'Event not published');
    }
  }

  /** Appends lines the server writes itself (not the solver) to a run's log, and publishes them. */
  async systemLog(run: Pick<RunRow, 'id' | 'simulation_id' | 'started_at'>, level: 'info' | 'warn' | 'error', message: string): Promise<void> {
    const seq = await this.repos.logs.nextSeq(run.id);
    const t = run.started_at ? Math.max(0, (this.deps.now().getTime() - run.started_at.getTime()) / 1000) : 0;
    await this.repos.logs.append(run.id, [{ seq, t, level, message }]);
    await this.publish({ type: 'log', simulation_id: run.simulation_id, run_id: run.id, at: this.deps.now().toISOString(), seq, t, level, message });
  }

  private async dispatch(run: Pick<RunRow, 'id' | 'simulation_id' | 'attempt'>): Promise<void> {
    if (!this.deps.dispatcher) return;
    const jobId = await this.deps.dispatcher.enqueue({ simulation_id: run.simulation_id, run_id: run.id, attempt: run.attempt });
    // Whatever the run's status by now: a worker may take the job and start it before this line, and
    // recovery needs the job's id to cancel it if that worker dies. The attempt keeps a re-queued run's
    // newer job id from being overwritten.
    await this.repos.runs.update(run.id, { job_id: jobId }, { attempt: run.attempt });
  }

  /** draft/finished -> queued with a new run (parameters snapshot). Null when it is not runnable now. */
  async queueRun(simulation: SimulationRow): Promise<{ simulation: SimulationRow; run: RunRow } | null> {
    const now = this.deps.now();
    const queued = await this.repos
      .transaction(async (tx) => {
        const run = await tx.runs.create({ simulation_id: simulation.id, type: simulation.type, parameters: simulation.parameters, queued_at: now });
        const updated = await tx.simulations.update(
          simulation.id,
          { status: 'queued', current_run_id: run.id, progress: 0, error: null, summary: null, solver_version: null, started_at: null, finished_at: null },
          { statusIn: RUNNABLE },
        );
        if (!updated) throw new NotRunnable();
        return { simulation: updated, run };
      })
      .catch((error: unknown) => {
        if (error instanceof NotRunnable || isUniqueViolation(error)) return null;
        throw error;
      });
    if (!queued) return null;
    await this.repos.events.deleteOtherRuns(simulation.id, queued.run.id);
    await this.publishStatus(queued.simulation);
    try {
      await this.dispatch(queued.run);
    } catch (error) {
      // The run stays queued; recovery sends its job again.
      this.deps.log.error({ err: error, run_id: queued.run.id }, 'Could not put the run on the queue');
    }
    return queued;
  }

  /** queued -> running for this attempt, executed by `worker`. Null when the attempt is not to run. */
  async claim(runId: string, attempt: number, worker: string): Promise<{ run: RunRow; simulation: SimulationRow } | null> {
    const now = this.deps.now();
    const claimed = await this.repos.transaction(async (tx) => {
      const run = await tx.runs.update(runId, { status: 'running', worker, heartbeat_at: now, started_at: now }, { statusIn: ['queued'], attempt });
      if (!run) return null;
      const simulation = await tx.simulations.update(run.simulation_id, { status: 'running', started_at: now, progress: 0 }, { statusIn: ['queued'], currentRunId: run.id });
      if (!simulation) throw new NotRunnable();
      return { run, simulation };
    }).catch((error: unknown) => {
      if (error instanceof NotRunnable) return null;
      throw error;
    });
    if (claimed) await this.publishStatus(claimed.simulation);
    return claimed;
  }

  async complete(run: RunRow, output: RunOutput): Promise<SimulationRow | null> {
    const now = this.deps.now();
    const duration = totalDuration(run, now);
    // Progress events are pruned before the run ends, so whoever sees it finished sees them pruned.
    await this.repos.events.pruneProgress(run.id);
    const done = await this.repos.transaction(async (tx) => {
      const finished = await tx.runs.update(
        run.id,
        { status: 'completed', finished_at: now, duration_seconds: duration, summary: output.summary, solver_version: output.solver_version, error: null, heartbeat_at: null },
        { statusIn: ['running'], attempt: run.attempt },
      );
      if (!finished) return null;
      await tx.results.save(run.id, { summary: output.summary, series: output.series, fields: output.fields });
      return tx.simulations.update(
        run.simulation_id,
        { status: 'completed', finished_at: now, progress: 1, summary: output.summary, solver_version: output.solver_version, error: null },
        { statusIn: ['running'], currentRunId: run.id },
      );
    });
    if (!done) {
      // An abort arrived while the solver finished: the user asked for it to stop.
      return this.finishAborted(run);
    }
    await this.publish({ type: 'result', simulation_id: run.simulation_id, run_id: run.id, at: now.toISOString(), summary: output.summary });
    await this.publishStatus(done);
    return done;
  }

  /**
   * running/queued -> failed. `attemptEnd`: when the attempt stopped, if not now (a process that died).
   * The simulation's progress goes back to 0: it was the fraction of a result there will not be
   * (where the run stopped is in its log).
   */
  async fail(run: RunRow, error: SimulationError, attemptEnd?: Date): Promise<SimulationRow | null> {
    const now = this.deps.now();
    const duration = totalDuration(run, attemptEnd ?? now);
    await this.repos.events.pruneProgress(run.id);
    const failed = await this.repos.transaction(async (tx) => {
      const finished = await tx.runs.update(
        run.id,
        { status: 'failed', finished_at: now, duration_seconds: duration, error, heartbeat_at: null },
        { statusIn: ['running', 'queued'], attempt: run.attempt },
      );
      if (!finished) return null;
      return tx.simulations.update(run.simulation_id, { status: 'failed', finished_at: now, error, progress: 0 }, { statusIn: ['running', 'queued'], currentRunId: run.id });
    });
    if (!failed) return this.finishAborted(run, attemptEnd);
    await this.publishStatus(failed);
    return failed;
  }

  /** queued -> aborted at once (its job is cancelled; a worker that takes it anyway skips it). */
  async abortQueued(simulation: SimulationRow): Promise<SimulationRow | null> {
    if (!simulation.current_run_id) return null;
    const now = this.deps.now();
    const result = await this.repos.transaction(async (tx) => {
      const run = await tx.runs.update(simulation.current_run_id!, { status: 'aborted', finished_at: now }, { statusIn: ['queued'] });
      if (!run) return null;
      const updated = await tx.simulations.update(simulation.id, { status: 'aborted', finished_at: now }, { statusIn: ['queued'], currentRunId: run.id });
      return updated ? { run, simulation: updated } : null;
    });
    if (!result) return null;
    if (result.run.job_id && this.deps.dispatcher) {
      await this.deps.dispatcher.cancel(result.run.job_id).catch((error: unknown) => this.deps.log.warn({ err: error }, 'Could not cancel the job'));
    }
    await this.systemLog(result.run, 'info', 'Aborted while queued');
    await this.publishStatus(result.simulation);
    return result.simulation;
  }

  /** running -> aborting; the process executing the run stops the solver (see runner.ts). */
  async requestAbort(simulation: SimulationRow): Promise<SimulationRow | null> {
    if (!simulation.current_run_id) return null;
    const result = await this.repos.transaction(async (tx) => {
      const run = await tx.runs.update(simulation.current_run_id!, { status: 'aborting' }, { statusIn: ['running'] });
      if (!run) return null;
      const updated = await tx.simulations.update(simulation.id, { status: 'aborting' }, { statusIn: ['running'], currentRunId: run.id });
      return updated ? { run, simulation: updated } : null;
    });
    if (!result) return null;
    await this.publishStatus(result.simulation);
    await this.deps.bus
      .sendControl({ kind: 'abort', simulation_id: simulation.id, run_id: result.run.id })
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'Abort message not sent; the runner notices the status instead'));
    return result.simulation;
  }

  /**
   * running/aborting -> aborted (the solver stopped, or its thread was terminated). The log stays;
   * the progress goes back to 0, as for a failure.
   */
  async finishAborted(run: RunRow, attemptEnd?: Date): Promise<SimulationRow | null> {
    const now = this.deps.now();
    const duration = totalDuration(run, attemptEnd ?? now);
    await this.repos.events.pruneProgress(run.id);
    const aborted = await this.repos.transaction(async (tx) => {
      const finished = await tx.runs.update(run.id, { status: 'aborted', finished_at: now, duration_seconds: duration, heartbeat_at: null }, { statusIn: ['running', 'aborting'] });
      if (!finished) return null;
      return tx.simulations.update(run.simulation_id, { status: 'aborted', finished_at: now, progress: 0 }, { statusIn: ['running', 'aborting'], currentRunId: run.id });
    });
    if (!aborted) return null;
    await this.publishStatus(aborted);
    return aborted;
  }

  /**
   * The process executing a run is gone (or shutting down): `aborting` ends `aborted`; `running` is
   * queued again as the next attempt, or failed with WORKER_LOST after maxAttempts executions.
   * `attemptEnd`: when the attempt stopped (a dead process: its last heartbeat; default now). Its
   * time counts in the run's duration_seconds, which sums the attempts.
   */
  async requeueOrFail(run: RunRow, reason: string, attemptEnd: Date = this.deps.now()): Promise<'requeued' | 'failed' | 'aborted' | null> {
    if (run.status === 'aborting') {
      await this.systemLog(run, 'warn', `${reason}; the abort is complete`);
      return (await this.finishAborted(run, attemptEnd)) ? 'aborted' : null;
    }
    if (run.status !== 'running') return null;
    if (run.attempt >= this.deps.maxAttempts) {
      const error = workerLost(run.attempt);
      await this.systemLog(run, 'error', `${reason}; ${error.message}`);
      return (await this.fail(run, error, attemptEnd)) ? 'failed' : null;
    }
    const next = run.attempt + 1;
    const requeued = await this.repos.transaction(async (tx) => {
      // The next attempt starts afresh (started_at at its claim); the earlier ones' time is kept.
      const updated = await tx.runs.update(
        run.id,
        { status: 'queued', attempt: next, worker: null, heartbeat_at: null, job_id: null, started_at: null, duration_seconds: totalDuration(run, attemptEnd) },
        { statusIn: ['running'], attempt: run.attempt },
      );
      if (!updated) return null;
      const simulation = await tx.simulations.update(run.simulation_id, { status: 'queued', progress: 0 }, { statusIn: ['running'], currentRunId: run.id });
      return simulation ? { run: updated, simulation } : null;
    });
    if (!requeued) return null;
    await this.systemLog(run, 'warn', `${reason}; the run is queued again (attempt ${next} of ${this.deps.maxAttempts})`);
    await this.publishStatus(requeued.simulation);
    await this.dispatch(requeued.run).catch((error: unknown) => this.deps.log.error({ err: error, run_id: run.id }, 'Could not put the run on the queue'));
    return 'requeued';
  }

  /** A queued run whose job the queue no longer holds gets a new job (nothing is lost). */
  async redispatch(run: RunRow): Promise<void> {
    await this.dispatch(run);
  }

  async recordProgress(simulationId: string, runId: string, fraction: number): Promise<void> {
    await this.repos.simulations.setProgress(simulationId, runId, fraction);
  }
}

class NotRunnable extends Error {
  constructor() {
    super('The simulation cannot change now');
  }
}

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export { RUNNABLE as runnableStatuses };
