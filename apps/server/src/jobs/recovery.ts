// Restart safety: nothing stays `running` forever and no run is lost.
//
// - A run `running` or `aborting` in a process that is gone is handed to the lifecycle:
//   `aborting` ends `aborted`; `running` is queued again as its next attempt (at most
//   SIM_MAX_ATTEMPTS executions, then `failed` with code WORKER_LOST and the reason in its log).
//   "Gone" means: on the embedded PGlite, at start-up, any run not executed by this process (only
//   one process can open the database); on PostgreSQL, no heartbeat for `staleMs` (other worker
//   processes may be alive and busy).
// - A `queued` run whose job the queue no longer holds (lost between the commit and the send, or
//   cancelled) gets a new job.
// - The job of a dead process stays `active` in pg-boss until its expiry (24 h): once its run is taken
//   over, the job is cancelled, so the queue shows what is really in flight (pg-boss keeps no reason on
//   a cancelled job: the reason is in the run's log and in this process's log).
// - The dead attempt's time counts in the run's duration up to its last heartbeat (the last moment the
//   process was known to be working on it).
// Every process that uses the queue sweeps at start-up and then every `intervalMs`.

import type { Repositories, RunRow } from '../repositories/index.js';
import type { SimulationLifecycle } from '../services/simulation-lifecycle.js';
import type { JobQueue } from './queue.js';

export interface RecoveryOptions {
  repos: Repositories;
  lifecycle: SimulationLifecycle;
  queue: JobQueue;
  worker: string;
  now: () => Date;
  /** No heartbeat for this long: the executing process is gone. */
  staleMs: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export interface RecoveryReport {
  requeued: number;
  failed: number;
  aborted: number;
  redispatched: number;
  /** Jobs of dead processes cancelled (they would have stayed `active` until their expiry). */
  jobsEnded: number;
}

// 'active' is not alive here: a worker claims its run within milliseconds of taking the job, so a job
// still active while its run waits in 'queued' belonged to a process that died in between.
const ALIVE_JOB_STATES = new Set(['created', 'retry']);

export async function recoverRuns(options: RecoveryOptions, mode: { everyOtherProcessIsGone: boolean }): Promise<RecoveryReport> {
  const { repos, lifecycle, queue, now } = options;
  const report: RecoveryReport = { requeued: 0, failed: 0, aborted: 0, redispatched: 0, jobsEnded: 0 };
  const staleBefore = mode.everyOtherProcessIsGone ? null : new Date(now().getTime() - options.staleMs);
  const orphans = await repos.runs.findOrphaned({ exceptWorker: options.worker, staleBefore });
  for (const run of orphans) {
    const reason = mode.everyOtherProcessIsGone
      ? 'The server stopped during the run (found at start-up)'
      : `The process running this simulation stopped answering (no heartbeat for ${Math.round(options.staleMs / 1000)} s)`;
    const outcome = await lifecycle.requeueOrFail(run, reason, run.heartbeat_at ?? run.started_at ?? now());
    if (!outcome) continue;
    report[outcome] += 1;
    if (await endDeadJob(options, run, reason)) report.jobsEnded += 1;
  }
  const queued = await repos.runs.findQueued(new Date(now().getTime() - options.staleMs));
  for (const run of queued) {
    const state = run.job_id ? await queue.stateOf('simulation-run', run.job_id).catch(() => null) : null;
    if (state && ALIVE_JOB_STATES.has(state)) continue;
    await lifecycle.redispatch(run);
    report.redispatched += 1;
    if (state === 'active' && (await endDeadJob(options, run, 'its process stopped before it claimed the run'))) report.jobsEnded += 1;
  }
  if (report.requeued + report.failed + report.aborted + report.redispatched > 0) options.log.info({ ...report }, 'Recovered runs of stopped processes');
  return report;
}

/** Cancels the job a dead process held for `run` (a failure is logged: the job then expires as before). */
async function endDeadJob(options: RecoveryOptions, run: Pick<RunRow, 'id' | 'job_id'>, reason: string): Promise<boolean> {
  if (!run.job_id) return false;
  try {
    await options.queue.cancel('simulation-run', run.job_id);
    options.log.info({ run_id: run.id, job_id: run.job_id, reason }, 'Cancelled the job of a stopped process');
    return true;
  } catch (error) {
    options.log.warn({ err: error, run_id: run.id, job_id: run.job_id }, 'Could not cancel the job of a stopped process');
    return false;
  }
}
