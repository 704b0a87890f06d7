// JobQueue on pg-boss 10 (the last major that supports Node 20, the README's version; ADR 0030): on
// PGlite through `pgliteDb` (the server process owns the database and is the only worker), on
// PostgreSQL with its own connection pool (any number of processes). Workers poll (every second by
// default); a job sent by this process wakes this process's idle workers at once, and a worker whose
// job ended fetches the next one at once (see work). pg-boss retries a job whose handler throws
// (infrastructure trouble); simulation failures are not thrown: the runner records them on the run.

import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database.js';
import type { JobHandler, JobMap, JobName, JobState } from './job-map.js';
import { pgliteDb } from './pglite-db.js';
import type { JobQueue } from './queue.js';

const QUEUES: Record<JobName, { retryLimit: number; expireInSeconds: number }> = {
  // Just under pg-boss's longest expiry (24 h, exclusive). A job whose process dies is recovered by the
  // runs' heartbeats (recovery.ts), not by this expiry; a redelivered job of a run already running is skipped.
  'simulation-run': { retryLimit: 2, expireInSeconds: 24 * 3600 - 60 },
};

const SCHEMA = 'pgboss';
/** The schema version this pg-boss creates; a database holding a newer one was used by a later pg-boss. */
const SUPPORTED_SCHEMA_VERSION = (createRequire(import.meta.url)('pg-boss/version.json') as { schema: number }).schema;

export interface PgBossQueueOptions {
  database: Pick<Database, 'kind' | 'pglite' | 'url'>;
  onError?: (error: Error) => void;
  /** A queue schema left by a newer pg-boss was dropped (its jobs are re-sent by recovery). */
  onSchemaReset?: (version: number) => void;
  pollingIntervalSeconds?: number;
}

export function canRunQueue(database: Pick<Database, 'pglite' | 'url'>): boolean {
  return Boolean(database.pglite || database.url);
}

export class PgBossQueue implements JobQueue {
  private readonly boss: PgBoss;
  private started = false;
  /** This process's workers by queue: a job sent here wakes them without waiting for their poll. */
  private readonly workers = new Map<JobName, string[]>();

  constructor(private readonly options: PgBossQueueOptions) {
    const { database } = options;
    const common = { schema: SCHEMA, schedule: false, supervise: true, migrate: true } as const;
    if (database.pglite) {
      this.boss = new PgBoss({ ...common, db: pgliteDb(database.pglite) as PgBoss.Db });
    } else if (database.url) {
      this.boss = new PgBoss({ ...common, connectionString: database.url, max: 4, application_name: 'simforge-jobs' });
    } else {
      throw new Error('The job queue needs the embedded PGlite database or a DATABASE_URL');
    }
    this.boss.on('error', (error: Error) => options.onError?.(error));
  }

  async start(): Promise<void> {
    await this.resetNewerSchema();
    await this.boss.start();
    this.started = true;
    for (const [name, options] of Object.entries(QUEUES)) {
      const existing = await this.boss.getQueue(name);
      if (!existing) await this.boss.createQueue(name, { name, ...options });
    }
  }

  /**
   * pg-boss 10 neither reads nor migrates down a schema written by a later major (the embedded
   * database of an earlier build of this server held pg-boss 12's): such a schema is dropped and
   * created again. Its queued jobs are not lost: recovery.ts gives every queued run whose job the
   * queue no longer holds a new job, and re-queues runs that were in flight.
   */
  private async resetNewerSchema(): Promise<void> {
    // pg-boss opens its own pool in start(), and skips that when it is open already.
    const db = (this.boss as unknown as { getDb(): PgBoss.Db & { isOurs?: boolean; opened?: boolean; open(): Promise<void> } }).getDb();
    if (db.isOurs && !db.opened) await db.open();
    const table = await db.executeSql(`SELECT to_regclass('${SCHEMA}.version') AS name`, []);
    if (!(table.rows[0] as { name: string | null } | undefined)?.name) return;
    const found = await db.executeSql(`SELECT version FROM ${SCHEMA}.version`, []);
    const version = Number((found.rows[0] as { version: number } | undefined)?.version);
    if (!(version > SUPPORTED_SCHEMA_VERSION)) return;
    await db.executeSql(`DROP SCHEMA ${SCHEMA} CASCADE`, []);
    this.options.onSchemaReset?.(version);
  }

  async send<N extends JobName>(name: N, data: JobMap[N]): Promise<string> {
    const id = await this.boss.send(name, data);
    if (!id) throw new Error(`The queue refused a ${name} job`);
    for (const workerId of this.workers.get(name) ?? []) this.boss.notifyWorker(workerId);
    return id;
  }

  async work<N extends JobName>(name: N, options: { concurrency: number }, handler: JobHandler<N>): Promise<void> {
    // One pg-boss worker per slot (pg-boss 10 runs a worker's batch to its end before the next fetch),
    // woken by its own handler when its job ends: otherwise the slot waits out its polling interval.
    const ids: string[] = [];
    for (let slot = 0; slot < options.concurrency; slot++) {
      let workerId = '';
      workerId = await this.boss.work<JobMap[N]>(
        name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 1 },
        async (jobs) => {
          try {
            for (const job of jobs) await handler(job.data, { id: job.id, retryCount: job.retryCount });
          } finally {
            this.boss.notifyWorker(workerId);
          }
        },
      );
      ids.push(workerId);
    }
    this.workers.set(name, [...(this.workers.get(name) ?? []), ...ids]);
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
    this.workers.clear();
    // The embedded database belongs to the server (it closes it); pg-boss closes only its own pool.
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true, wait: true });
  }
}
