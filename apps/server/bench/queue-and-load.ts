// Benchmark (not a timed test) of the job queue and of the API under load, through a real server
// (buildApp listening on a local port) with real runs: SQUARE_BUTT_WELD on the coarse mesh (about
// 2 s of solver time each) on 2 solver threads.
//
// - queue drain: 20 runs queued at once drain in ≤ 25 s (a freed slot takes the next run at once);
// - load: GET /users/me at 20 requests a second for 20 s while 2 runs execute and 20 or more are
//   queued answers with a p99 ≤ 50 ms (the solvers never hold the event loop).
//
// On PGlite the server runs the jobs itself; with DATABASE_URL (or TEST_DATABASE_URL) set, the same
// on a fresh PostgreSQL database, where an `npm run worker` process (2 slots) runs them beside an
// API server that runs none. The load generator has its own thread (test/load-probe.ts).
//
//   npm run bench:queue -w apps/server

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SimulationRun } from '@simforge/contracts';
import { buildApp } from '../src/app.js';
import { buildConfig } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { createRepositories } from '../src/repositories/index.js';
import { createAccessTokens } from '../src/security/tokens.js';
import { percentile, startLoad } from '../test/load-probe.js';

if (!process.env.TEST_DATABASE_URL && process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
const { pglite, postgres } = await import('../test/databases.js');

const SLOTS = 2;
const DRAIN_RUNS = 20;
const DRAIN_TARGET_S = 25;
const LOAD_RATE = 20;
const LOAD_SECONDS = 20;
const LOAD_QUEUED = 20;
const LOAD_TARGET_P99_MS = 50;
/** One user queues every run of the bench: the per-user cap on runs in flight is raised above them. */
const QUEUED_RUNS = DRAIN_RUNS + LOAD_QUEUED + SLOTS;
const WELD = { type: 'SQUARE_BUTT_WELD', parameters: { mesh_size: 'coarse' } };
const serverDir = fileURLToPath(new URL('..', import.meta.url));

interface Server {
  base: string;
  token: string;
  request<T>(method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

async function startServer(database: Database, runJobs: boolean): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'simforge-bench-'));
  const config = await buildConfig({ DATA_DIR: join(dir, 'data'), WEB_DIST: join(dir, 'none'), LOG_LEVEL: 'silent', SIM_CONCURRENCY: String(SLOTS), SIM_RUN_JOBS: String(runJobs), SIM_MAX_ACTIVE_RUNS_PER_USER: String(QUEUED_RUNS), ...(database.url ? { DATABASE_URL: database.url } : {}) });
  const app = await buildApp({ config, database, logger: false, registerAuth: false });
  const base = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  const user = await createRepositories(database.db).users.create({ email: `bench-${Date.now()}@example.com`, full_name: null, hashed_password: null, is_active: true, is_superuser: false });
  const token = await createAccessTokens({ secretKey: config.secretKey, expireMinutes: 60 }).issue(user);
  return {
    base,
    token,
    async request<T>(method: string, path: string, body?: unknown) {
      const res = await fetch(`${base}/api/v1/${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `npm run worker` on the database, with SLOTS solver threads; resolves once it takes jobs. */
async function startWorker(url: string): Promise<ChildProcess> {
  const worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, DATABASE_URL: url, SIM_CONCURRENCY: String(SLOTS), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error(`the worker did not start within 60 s: ${output}`)), 60_000);
    worker.once('exit', (code) => reject(new Error(`the worker exited (${code}): ${output}`)));
    worker.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('taking simulation jobs')) {
        clearTimeout(deadline);
        resolve();
      }
    });
  });
  return worker;
}

async function queueWelds(server: Server, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await server.request<{ id: string }>('POST', 'simulations/', { title: `Weld ${i + 1}`, ...WELD })).id);
  for (const id of ids) await server.request('GET', `simulations/run/${id}`);
  return ids;
}

async function activeCount(server: Server, statuses: string): Promise<number> {
  return (await server.request<{ count: number }>('GET', `simulations/?status=${statuses}`)).count;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function latestRun(server: Server, id: string): Promise<SimulationRun> {
  return (await server.request<{ data: SimulationRun[] }>('GET', `simulations/${id}/runs`)).data[0]!;
}

/** 20 runs queued at once: from the first queued to the last finished, and each run's wait for a free slot. */
async function drain(server: Server, label: string): Promise<boolean> {
  // Two runs first, untimed: the solver threads start (seconds under tsx) as in a running service.
  await queueWelds(server, SLOTS);
  await waitUntil(async () => (await activeCount(server, 'queued,running')) === 0, 120_000, 'the warm-up runs');
  const ids = await queueWelds(server, DRAIN_RUNS);
  await waitUntil(async () => (await activeCount(server, 'queued,running')) === 0, 600_000, 'the drain');
  const runs = await Promise.all(ids.map((id) => latestRun(server, id)));
  const ms = (at: string | null) => Date.parse(at!);
  const seconds = (Math.max(...runs.map((r) => ms(r.finished_at))) - Math.min(...runs.map((r) => ms(r.queued_at)))) / 1000;
  const starts = runs.map((r) => ms(r.started_at)).sort((a, b) => a - b);
  const finishes = runs.map((r) => ms(r.finished_at)).sort((a, b) => a - b);
  const waits = starts.slice(SLOTS).map((start, i) => (start - finishes[i]!) / 1000);
  const meanRun = runs.reduce((sum, r) => sum + (r.duration_seconds ?? 0), 0) / runs.length;
  const ok = seconds <= DRAIN_TARGET_S && runs.every((r) => r.status === 'completed');
  process.stdout.write(
    `queue drain, ${label}: ${DRAIN_RUNS} runs (${WELD.type} coarse, mean run ${meanRun.toFixed(2)} s, ideal ${((meanRun * DRAIN_RUNS) / SLOTS).toFixed(1)} s) on ${SLOTS} slots in ${seconds.toFixed(1)} s (target ≤ ${DRAIN_TARGET_S} s); longest wait for a free slot ${Math.max(...waits).toFixed(2)} s ${ok ? 'OK' : 'MISSED'}\n`,
  );
  return ok;
}

/** GET /users/me at LOAD_RATE a second for `seconds`: the latencies and failures. */
async function loadUsersMe(server: Server, seconds: number) {
  const load = startLoad({ url: `${server.base}/api/v1/users/me`, headers: { authorization: `Bearer ${server.token}` }, requestsPerSecond: LOAD_RATE });
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const { latencies, failures } = await load.stop();
  const p = (q: number) => `${percentile(latencies, q).toFixed(1)} ms`;
  return { latencies, failures, text: `${latencies.length} answers, ${failures} failed, p50 ${p(0.5)}, p95 ${p(0.95)}, p99 ${p(0.99)}, max ${Math.max(...latencies).toFixed(1)} ms` };
}

/**
 * GET /users/me at LOAD_RATE a second while SLOTS runs execute and LOAD_QUEUED or more wait; first
 * for a while with nothing running, which tells what the machine itself adds (a shared machine).
 */
async function loadWhileBusy(server: Server, label: string): Promise<boolean> {
  const idle = await loadUsersMe(server, LOAD_SECONDS / 2);
  process.stdout.write(`load, ${label}: GET /users/me at ${LOAD_RATE}/s for ${LOAD_SECONDS / 2} s with nothing running: ${idle.text}\n`);
  // Enough runs that LOAD_QUEUED are still waiting when the load ends (about one run a second drains).
  const ids = await queueWelds(server, SLOTS + LOAD_QUEUED + LOAD_SECONDS);
  await waitUntil(async () => (await activeCount(server, 'running')) === SLOTS, 120_000, `${SLOTS} runs executing`);
  const { latencies, failures, text } = await loadUsersMe(server, LOAD_SECONDS);
  const queued = await activeCount(server, 'queued');
  const running = await activeCount(server, 'running');
  for (const id of ids) await server.request('DELETE', `simulations/${id}`);
  const ok = percentile(latencies, 0.99) <= LOAD_TARGET_P99_MS && failures === 0;
  process.stdout.write(
    `load, ${label}: GET /users/me at ${LOAD_RATE}/s for ${LOAD_SECONDS} s while ${SLOTS} runs execute (at the end: ${running} running, ${queued} queued): ${text} (target p99 ≤ ${LOAD_TARGET_P99_MS} ms) ${ok ? 'OK' : 'MISSED'}\n`,
  );
  return ok;
}

async function benchOn(impl: typeof pglite): Promise<boolean> {
  const owned = await impl.open();
  const worker = impl.name === 'postgres' ? await startWorker(owned.database.url!) : null;
  const server = await startServer(owned.database, worker === null);
  const label = worker ? 'PostgreSQL (npm run worker, 2 slots)' : 'PGlite (the server runs the jobs)';
  try {
    const drained = await drain(server, label);
    const loaded = await loadWhileBusy(server, label);
    return drained && loaded;
  } finally {
    await server.close();
    if (worker) {
      worker.kill('SIGTERM');
      await new Promise((resolve) => worker.once('exit', resolve));
    }
    await owned.dispose();
  }
}

process.stdout.write(`queue and load (machine: load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)})\n`);
let ok = await benchOn(pglite);
if (!postgres.skip) ok = (await benchOn(postgres)) && ok;
else process.stdout.write('PostgreSQL: skipped (set DATABASE_URL or TEST_DATABASE_URL)\n');
process.exit(ok ? 0 : 1);
