// Benchmark (not a timed test): POST /simulations/metamodel_estimate_v2 must answer in under 50 ms
// on the server (simulations.md, "Speed"). Runs the real app on an in-memory PGlite and prints the
// median and 95th percentile of the whole request (app.inject: routing, auth, validation, estimate,
// serialisation) and of the estimate itself (`elapsed_ms`).
//
//   npm run bench:estimate -w apps/server

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { buildConfig } from '../src/config.js';
import { openPglite } from '../src/db/database.js';
import { createRepositories } from '../src/repositories/index.js';
import { createAccessTokens } from '../src/security/tokens.js';

const TARGET_MS = 50;
const dir = mkdtempSync(join(tmpdir(), 'simforge-bench-'));
const database = await openPglite();
await database.migrate();
const config = await buildConfig({ DATA_DIR: join(dir, 'data'), WEB_DIST: join(dir, 'none'), LOG_LEVEL: 'silent' });
const app = await buildApp({ config, database, logger: false, jobs: false, registerAuth: false });
await app.ready();
const user = await createRepositories(database.db).users.create({ email: 'bench@example.com', full_name: null, hashed_password: null, is_active: true, is_superuser: false });
const token = await createAccessTokens({ secretKey: config.secretKey, expireMinutes: 10 }).issue(user);

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))]!;
const request: number[] = [];
const estimate: number[] = [];
for (let i = 0; i < 220; i++) {
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/simulations/metamodel_estimate_v2',
    headers: { authorization: `Bearer ${token}` },
    payload: { type: 'CIRCULAR_PIPE', parameters: { diameter: 0.01 + (i % 50) * 0.002, flow_rate: 0.0002 + (i % 7) * 0.0001 } },
  });
  const wall = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(res.body);
  if (i >= 20) {
    request.push(wall);
    estimate.push(res.json<{ elapsed_ms: number }>().elapsed_ms);
  }
}
const line = (name: string, values: number[]) => `${name.padEnd(28)} median ${percentile(values, 0.5).toFixed(2).padStart(7)} ms   p95 ${percentile(values, 0.95).toFixed(2).padStart(7)} ms`;
process.stdout.write(`metamodel_estimate_v2, CIRCULAR_PIPE, ${request.length} requests (target < ${TARGET_MS} ms)\n`);
process.stdout.write(`${line('whole request (inject)', request)}\n${line('estimate (elapsed_ms)', estimate)}\n`);
const ok = percentile(request, 0.95) < TARGET_MS;
process.stdout.write(ok ? 'OK: p95 under the target\n' : 'SLOW: p95 over the target\n');
await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
process.exit(ok ? 0 : 1);
