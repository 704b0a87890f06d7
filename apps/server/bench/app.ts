// The real app on an in-memory PGlite with one signed-in user, for the benchmarks (not the tests'
// harness: no vitest here).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { buildConfig } from '../src/config.js';
import { openPglite } from '../src/db/database.js';
import { createRepositories } from '../src/repositories/index.js';
import { createAccessTokens } from '../src/security/tokens.js';

export async function benchApp() {
  const dir = mkdtempSync(join(tmpdir(), 'simforge-bench-'));
  const database = await openPglite();
  await database.migrate();
  const config = await buildConfig({ DATA_DIR: join(dir, 'data'), WEB_DIST: join(dir, 'none'), LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, logger: false, jobs: false, registerAuth: false });
  await app.ready();
  const user = await createRepositories(database.db).users.create({ email: 'bench@example.com', full_name: null, hashed_password: null, is_active: true, is_superuser: false });
  const token = await createAccessTokens({ secretKey: config.secretKey, expireMinutes: 10 }).issue(user);
  const close = async () => {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { app, config, headers: { authorization: `Bearer ${token}` }, close };
}
