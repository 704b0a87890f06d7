// A migrated, empty PGlite data directory written once per test run (vitest's globalSetup) and
// loaded by every test database: PGlite's initdb takes two to three seconds of CPU per instance,
// loading the template half a second, and the server suite opens dozens of them.

import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const database = await openPglite();
  await database.migrate();
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = join(tmpdir(), `simforge-pglite-template-${process.pid}.tar`);
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
