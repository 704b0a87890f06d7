// The queue interface. The implementation is pg-boss (pg-boss-queue.ts), on the embedded PGlite or
// on PostgreSQL: jobs are rows in the database, so they survive restarts.

import type { JobHandler, JobMap, JobName, JobState } from './job-map.js';

export interface JobQueue {
  start(): Promise<void>;
  send<N extends JobName>(name: N, data: JobMap[N]): Promise<string>;
  /** Takes jobs of `name`, at most `concurrency` at a time in this process. */
  work<N extends JobName>(name: N, options: { concurrency: number }, handler: JobHandler<N>): Promise<void>;
  cancel(name: JobName, id: string): Promise<void>;
  /** The job's state, or null when the queue no longer knows it. */
  stateOf(name: JobName, id: string): Promise<JobState | null>;
  /** Stops taking jobs; waits up to `timeoutMs` for handlers in flight. */
  stop(timeoutMs?: number): Promise<void>;
}
