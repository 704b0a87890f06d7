// One database handle for the whole server: PGlite (embedded, the default) or PostgreSQL
// (DATABASE_URL). Both are Drizzle `PgDatabase`s over the same schema, so repositories do not know
// which one they talk to. Migrations from apps/server/drizzle/ run on both at start-up.

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { MIGRATIONS_FOLDER } from '../paths.js';
import { schema } from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHealth {
  ok: boolean;
  kind: DatabaseKind;
  latency_ms: number;
}

export interface Database {
  kind: DatabaseKind;
  db: Db;
  /** Applies pending migrations (idempotent). */
  migrate(): Promise<void>;
  /** A trivial query, timed: the health check's view of the database. */
  ping(): Promise<DatabaseHealth>;
  close(): Promise<void>;
  /** The embedded instance (PGlite only): the job queue runs on it too. */
  pglite?: PGlite;
  /** The connection URL (PostgreSQL only): the job queue and the event bridge open their own connections. */
  url?: string;
}

// Any fixed number: serialises migrations when several servers start against one PostgreSQL.
const MIGRATION_LOCK_ID = 815_004_221;

async function timedPing(kind: DatabaseKind, db: Db): Promise<DatabaseHealth> {
  const started = performance.now();
  try {
    await db.execute(sql`select 1`);
    return { ok: true, kind, latency_ms: Math.round((performance.now() - started) * 100) / 100 };
  } catch {
    return { ok: false, kind, latency_ms: Math.round((performance.now() - started) * 100) / 100 };
  }
}

/**
 * PGlite in `dataDir`, or in memory when `dataDir` is undefined (tests). PGlite has no lock between
 * processes: exactly one process (the server) may open a folder.
 */
const BYTEA_OID = 17;

/**
 * bytea as hex text, converted by Buffer (native). PGlite's own codec goes one byte at a time in
 * JavaScript on the event loop: 60 ms to store a 115 kB field, seconds for a few MB (results).
 */
export const pgliteByteaCodec = {
  serializers: {
    [BYTEA_OID]: (value: unknown) => {
      if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
      return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
    },
  },
  parsers: { [BYTEA_OID]: (text: string) => new Uint8Array(Buffer.from(text.slice(2), 'hex')) },
};

const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite executes each statement synchronously on this thread and resolves in microtasks, so a run
 * of awaited statements (storing a run's results, a log burst, pg-boss's fetch) held the event loop
 * for all of them: 100-500 ms stalls while runs ended on PGlite, with requests waiting. Each
 * statement now starts in a macrotask of its own, so timers and requests get in between.
 */
function yieldBetweenStatements(client: PGlite): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const yielding = <F extends (...args: never[]) => Promise<unknown>>(run: F) => (async (...args: Parameters<F>) => {
    await nextMacrotask();
    return run(...args);
  }) as F;
  client.query = yielding(query);
  client.exec = yielding(exec);
  client.transaction = ((callback: Parameters<typeof transaction>[0]) =>
    transaction((tx) =>
      callback(
        new Proxy(tx, {
          get: (target, key) => (key === 'query' || key === 'exec' || key === 'sql' ? yielding(Reflect.get(target, key).bind(target)) : Reflect.get(target, key)),
        }),
      ),
    )) as typeof client.transaction;
}

/**
 * `from`: an in-memory instance starts from this data directory (a tarball from `dumpDataDir`)
 * instead of running initdb: half a second instead of two to three (the tests' migrated template).
 */
export async function openPglite(dataDir?: string, options: { from?: Blob } = {}): Promise<Database> {
  if (dataDir) mkdirSync(dirname(dataDir), { recursive: true });
  const client = dataDir
    ? await PGlite.create(dataDir, pgliteByteaCodec)
    : await PGlite.create({ ...pgliteByteaCodec, ...(options.from ? { loadDataDir: options.from } : {}) });
  yieldBetweenStatements(client);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: () => timedPing('pglite', db),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

export interface PostgresOptions {
  /** Idle-client errors (a restarted server, a dropped connection) must not crash the process. */
  onError?: (error: Error) => void;
  max?: number;
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  pool.on('error', (error) => options.onError?.(error));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    url,
    async migrate() {
      // The advisory lock belongs to one connection, so migrate through that same connection.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        try {
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
        }
      } finally {
        client.release();
      }
    },
    ping: () => timedPing('postgres', db),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export function openDatabase(config: DatabaseConfig, options: PostgresOptions = {}): Promise<Database> {
  return config.kind === 'postgres' ? openPostgres(config.url, options) : openPglite(config.dataDir);
}
