// Every database implementation the server runs on, for the shared API suite: PGlite (in memory)
// always, PostgreSQL when TEST_DATABASE_URL is set. Each PostgreSQL run gets a database of its own,
// created with a random name next to TEST_DATABASE_URL's and dropped afterwards.

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../src/db/database.js';

export interface DatabaseUnderTest {
  database: Database;
  /** Closes the connection and removes whatever the run created. */
  dispose(): Promise<void>;
}

export interface DatabaseImplementation {
  name: 'pglite' | 'postgres';
  /** Why it is skipped, when it is. */
  skip?: string;
  open(): Promise<DatabaseUnderTest>;
}

let template: Promise<Blob | undefined> | undefined;

/** The migrated template of this test run (see pglite-template.ts); none outside vitest (the benches). */
function pgliteTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    if (!process.env.VITEST) return undefined;
    const { inject } = await import('vitest');
    const file = inject('pgliteTemplate');
    return file ? new Blob([readFileSync(file)]) : undefined;
  })();
  return template;
}

export const pglite: DatabaseImplementation = {
  name: 'pglite',
  async open() {
    const from = await pgliteTemplate();
    const database = await openPglite(undefined, from ? { from } : {});
    await database.migrate();
    return { database, dispose: () => database.close() };
  },
};

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

export const postgres: DatabaseImplementation = {
  name: 'postgres',
  ...(testDatabaseUrl ? {} : { skip: 'TEST_DATABASE_URL is not set' }),
  async open() {
    const adminUrl = new URL(testDatabaseUrl!);
    const name = `simforge_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${name}"`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString(), { max: 5 });
    await database.migrate();
    return {
      database,
      async dispose() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: adminUrl.toString() });
        await cleanup.connect();
        try {
          await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        } finally {
          await cleanup.end();
        }
      },
    };
  },
};

export const implementations = [pglite, postgres];
