// pg-boss's database interface (`executeSql`) on the embedded PGlite, so the queue lives in the same
// database as the runs. PGlite's `query` runs one statement with parameters; pg-boss also sends
// parameterless scripts of several statements (its schema, its locked maintenance blocks), which go
// through `exec`, the simple protocol node-postgres uses for them, with the rows of every statement.
// PGlite has a single connection: a statement that fails inside a transaction would leave it
// aborted for every later query, where a pool would hand out a fresh connection; it is rolled back.

import type { PGlite } from '@electric-sql/pglite';

export interface PgBossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export function pgliteDb(pglite: PGlite): PgBossDb {
  const run = async (text: string, values?: unknown[]): Promise<{ rows: unknown[] }> => {
    if (values?.length) return pglite.query(text, values as unknown[]);
    const results = await pglite.exec(text);
    return { rows: results.flatMap((r) => r.rows ?? []) };
  };
  return {
    async executeSql(text, values) {
      try {
        return await run(text, values);
      } catch (error) {
        if (pglite.isInTransaction()) await pglite.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
}
