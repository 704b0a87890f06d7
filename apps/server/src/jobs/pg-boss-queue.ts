// JobQueue on pg-boss 12: on PGlite through `fromPglite` (the server process owns the database and
// is the only worker), on PostgreSQL with its own connection pool (any number of processes).
// NOTIFY wakes idle workers when a job is sent, and a worker whose job ended fetches the next one at
// once (see work); polling is the backstop (every second without NOTIFY). pg-boss retries a
// job whose handler throws (infrastructure trouble); simulation failures are not thrown: the runner
// records them on the run.

import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from '../db/database.js';
import type { JobHandler, JobMap, JobName, JobState } from './job-map.js';
import type { JobQueue } from './queue.js';

const QUEUES: Record<JobName, { retryLimit: number; expireInSeconds: number }> = {
  // pg-boss's longest expiry (24 h). A job whose process dies is recovered by the runs' heartbeats
  // (recovery.ts), not by this expiry; a redelivered job of a run already running is skipped.
  'simulation-run': { retryLimit: 2, expireInSeconds: 24 * 3600 },
};

export interface PgBossQueueOptions {
  database: Pick<Database, 'kind' | 'pglite' | 'url'>;
  onError?: (error: Error) => void;
  pollingIntervalSeconds?: number;
}

export function canRunQueue(database: Pick<Database, 'pglite' | 'url'>): boolean {
  return Boolean(database.pglite || database.url);
}

export class PgBossQueue implements JobQueue {
  private readonly boss: PgBoss;
  private started = false;

  constructor(private readonly options: PgBossQueueOptions) {
    const { database } = options;
    const common = { schedule: false, useListenNotify: true, migrate: true } as const;
    if (database.pglite) {
      this.boss = new PgBoss({ ...common, db: fromPglite(database.pglite as never), backend: 'pglite' });
    } else if (database.url) {
      this.boss = new PgBoss({ ...common, connectionString: database.url, max: 4, application_name: 'simforge-jobs' });
    } else {
      throw new Error('The job queue needs the embedded PGlite database or a DATABASE_URL');
    }
    this.boss.on('error', (error: Error) => options.onError?.(error));
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const [name, options] of Object.entries(QUEUES)) {
      const existing = await this.boss.getQueue(name);
      if (!existing) await this.boss.createQueue(name, { ...options, notify: true });
    }
  }

  async send<N extends JobName>(name: N, data: JobMap[N]): Promise<string> {
    const id = await this.boss.send(name, data);
    if (!id) throw new Error(`The queue refused a ${name} job`);
    return id;
  }

  async work<N extends JobName>(name: N, options: { concurrency: number }, handler: JobHandler<N>): Promise<void> {
    // One pg-boss worker per slot, woken by its own handler when its job ends. pg-boss 12 waits
    // `notifyPollingIntervalSeconds` (30 s while NOTIFY is on) before a worker's next fetch unless
    // a NOTIFY arrived during its job: runs queued together otherwise start 30 s apart per slot.
    for (let slot = 0; slot < options.concurrency; slot++) {
      let workerId = '';
      workerId = await this.boss.work<JobMap[N]>(
        name,
        { localConcurrency: 1, batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 1 },
        async (jobs) => {
          try {
            for (const job of jobs) await handler(job.data, { id: job.id, retryCount: job.retryCount });
          } finally {
            // The slot is free: it fetches the next job as soon as this batch is settled.
            this.boss.notifyWorker(workerId);
          }
        },
      );
    }
  }

  async cancel(name: JobName, id: string): Promise<void> {
    await this.boss.cancel(name, id);
  }

  async stateOf(name: JobName, id: string): Promise<JobState | null> {
    const job = await this.boss.getJobById(name, id);
    return (job?.state as JobState | undefined) ?? null;
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }
}
