// The queue on the embedded database: pg-boss 10 through pgliteDb, a job sent and worked in this
// process without waiting for a poll, and a queue schema left by a newer pg-boss replaced.

import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { PgBossQueue } from './pg-boss-queue.js';
import { pgliteDb } from './pglite-db.js';

let pglite: PGlite | undefined;
let queue: PgBossQueue | undefined;

afterEach(async () => {
  await queue?.stop(2000);
  await pglite?.close();
  queue = undefined;
  pglite = undefined;
});

describe('pgliteDb', () => {
  it('runs parameterised statements and multi-statement scripts, and recovers from a failed transaction', async () => {
    pglite = new PGlite();
    const db = pgliteDb(pglite);
    expect((await db.executeSql('SELECT $1::int + 1 AS n', [41])).rows).toEqual([{ n: 42 }]);
    const script = await db.executeSql('CREATE TABLE t (n int); INSERT INTO t VALUES (1), (2) RETURNING n; SELECT count(*)::int AS c FROM t');
    expect(script.rows).toEqual([{ n: 1 }, { n: 2 }, { c: 2 }]);
    await expect(db.executeSql('BEGIN; INSERT INTO t VALUES (3); SELECT 1/0; COMMIT')).rejects.toThrow(/division by zero/);
    // Without the rollback every later statement would fail with "current transaction is aborted".
    expect((await db.executeSql('SELECT count(*)::int AS c FROM t', [])).rows).toEqual([{ c: 2 }]);
  });
});

describe('PgBossQueue on PGlite', () => {
  it('delivers a sent job to this process at once, with its retry count', async () => {
    pglite = new PGlite();
    // A polling interval far longer than the test: only the wake-up on send can deliver in time.
    queue = new PgBossQueue({ database: { kind: 'pglite', pglite }, pollingIntervalSeconds: 30 });
    await queue.start();
    const delivered: { data: unknown; retryCount: number; at: number }[] = [];
    await queue.work('simulation-run', { concurrency: 1 }, async (data, job) => {
      delivered.push({ data, retryCount: job.retryCount, at: Date.now() });
    });
    // The worker's first fetch finds nothing; it then sleeps for its interval.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sentAt = Date.now();
    const id = await queue.send('simulation-run', { simulation_id: 's', run_id: 'r', attempt: 1 });
    const deadline = Date.now() + 5000;
    while (delivered.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.data).toEqual({ simulation_id: 's', run_id: 'r', attempt: 1 });
    expect(delivered[0]!.retryCount).toBe(0);
    expect(delivered[0]!.at - sentAt).toBeLessThan(2000);
    while ((await queue.stateOf('simulation-run', id)) !== 'completed' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await queue.stateOf('simulation-run', id)).toBe('completed');
  });

  it('replaces a queue schema written by a newer pg-boss', async () => {
    pglite = new PGlite();
    await pglite.exec('CREATE SCHEMA pgboss; CREATE TABLE pgboss.version (version int); INSERT INTO pgboss.version VALUES (99); CREATE TABLE pgboss.job (unrelated text)');
    const resets: number[] = [];
    queue = new PgBossQueue({ database: { kind: 'pglite', pglite }, onSchemaReset: (version) => resets.push(version) });
    await queue.start();
    expect(resets).toEqual([99]);
    const version = await pglite.query<{ version: number }>('SELECT version FROM pgboss.version');
    expect(version.rows[0]!.version).toBeLessThan(99);
    const id = await queue.send('simulation-run', { simulation_id: 's', run_id: 'r', attempt: 1 });
    expect(await queue.stateOf('simulation-run', id)).toBe('created');
  });
});
