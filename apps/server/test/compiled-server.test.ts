// `npm start` runs the compiled server: the build script's bundles start under plain `node`, with
// no TypeScript loader, and everything that reads files or starts threads finds them. The server
// runs from a folder outside the repository, where `--import tsx` could not even be resolved, so a
// thread or module still needing TypeScript would fail here. It signs a user in through the
// built-in provider, answers a fast estimate (compute-thread bundle), runs a simulation
// (solver-thread bundle), and in production refuses default secrets as an operator meets it.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { exampleNetworkInp } from '@simforge/contracts';
import { nodeHelperThreads, solve } from '@simforge/solvers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './auth/support/browser.js';
import { finishLogin, signInUntilCallback, type SignInTarget } from './auth/support/flow.js';
import { freePort, jsonApi } from './auth/support/test-app.js';
import { buildCompiledServer, type CompiledServer } from './compiled-build.js';

/** The example network of the create screen with 24 h of chlorine decay from its reservoir. */
const CHLORINE_INP = exampleNetworkInp.replace('[END]', '[QUALITY]\n R1 1.0\n\n[REACTIONS]\n Global Bulk -0.5\n Global Wall -0.1\n\n[OPTIONS]\n Quality Chlorine mg/L\n\n[END]');

const ADMIN = { email: 'admin@compiled.test', password: 'Compiled-server-password-1' };
// The build, then PGlite creating a fresh database: seconds each on a loaded 2-core machine.
const START_TIMEOUT_MS = 90_000;

let compiled: CompiledServer | undefined;
let dataDir: string;
let server: ChildProcess | undefined;
let output = '';
let target: SignInTarget;

/** Polls until the server answers its public configuration. */
async function waitUntilServing(url: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`The server exited (${server?.exitCode}): ${output}`);
    const status = await fetch(url).then((r) => r.status, () => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer ${url}: ${output}`);
}

beforeAll(async () => {
  compiled = buildCompiledServer();
  dataDir = mkdtempSync(join(tmpdir(), 'simforge-compiled-'));
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, compiled.args('main'), {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      FIRST_SUPERUSER: ADMIN.email,
      FIRST_SUPERUSER_PASSWORD: ADMIN.password,
      SIM_CONCURRENCY: '1',
      COMPUTE_THREADS: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  target = { publicUrl, api: jsonApi(publicUrl) };
  await waitUntilServing(`${publicUrl}/api/v1/utils/config`);
}, START_TIMEOUT_MS + 60_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  compiled?.dispose();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server (npm start)', () => {
  it('has migrated its database, reads its version and finds the verification report', async () => {
    const health = await target.api('/api/v1/utils/health-check');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok', version: '0.1.0' });
    const report = await target.api('/api/v1/verification-report');
    expect(report.status).toBe(200);
  });

  it('signs the first superuser in, estimates in a compute thread and solves in a solver thread', async () => {
    const { login, params } = await signInUntilCallback(target, new Browser(), ADMIN.email, ADMIN.password);
    const signedIn = await finishLogin(target, login, params);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const headers = { authorization: `Bearer ${signedIn.body.access_token as string}` };
    const health = await target.api('/api/v1/utils/health-check', { headers });
    expect(health.body).toMatchObject({ database: { ok: true, kind: 'pglite' }, versions: { server: '0.1.0' } });

    const estimate = await target.api('/api/v1/simulations/metamodel_estimate_v2', { headers, body: { type: 'CIRCULAR_PIPE' } });
    expect(estimate.status, JSON.stringify(estimate.body)).toBe(200);
    expect(estimate.body).toMatchObject({ type: 'CIRCULAR_PIPE', inside_validity: true });

    const created = await target.api('/api/v1/simulations/', { headers, body: { title: 'Water pipe', type: 'CIRCULAR_PIPE' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect((await target.api(`/api/v1/simulations/run/${id}`, { headers })).status).toBe(202);
    const deadline = Date.now() + 60_000;
    let simulation = created.body;
    while (!['completed', 'failed', 'aborted'].includes(simulation.status) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      simulation = (await target.api(`/api/v1/simulations/${id}`, { headers })).body;
    }
    expect(simulation, output).toMatchObject({ status: 'completed', summary: { pressure_drop: { unit: 'Pa' } } });
  }, 90_000);

  it('runs a network\'s water quality on the helper-thread bundle beside its hydraulics, to the one-thread results', async () => {
    const helpers = nodeHelperThreads(pathToFileURL(join(compiled!.outdir, 'helper-thread.js')))!;
    const parameters = { inp: CHLORINE_INP };
    const one = await solve({ type: 'PIPE_NETWORK', parameters }, { threads: 1 });
    const lines: string[] = [];
    const two = await solve({ type: 'PIPE_NETWORK', parameters }, { threads: 2, helpers, onLog: (line) => lines.push(line.message) });
    expect(lines.filter((line) => line.startsWith('water quality'))).toEqual([expect.stringContaining('on a helper thread')]);
    expect(two.series).toEqual(one.series);
    expect(two.summary).toEqual(one.summary);
  }, 60_000);

  it('splits a jet\'s RANS loops over the helper-thread bundle, to the one-thread results', async () => {
    const helpers = nodeHelperThreads(pathToFileURL(join(compiled!.outdir, 'helper-thread.js')))!;
    const parameters = { mesh_size: 'coarse' };
    const one = await solve({ type: 'JET_IMPINGING_SURFACE', parameters }, { threads: 1 });
    const lines: string[] = [];
    const two = await solve({ type: 'JET_IMPINGING_SURFACE', parameters }, { threads: 2, helpers, onLog: (line) => lines.push(line.message) });
    expect(lines).toContain('flow on 2 threads (a helper thread takes half the rows of each split loop; the results are those of one thread)');
    expect(two.summary).toEqual(one.summary);
  }, 60_000);

  it('refuses to start in production with default or missing secrets: clear message, exit 1', () => {
    const result = spawnSync(process.execPath, compiled!.args('main'), {
      cwd: dataDir,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: join(dataDir, 'production'), SECRET_KEY: 'changethis', PORT: '0' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('SimForge cannot start.');
    expect(result.stderr).toContain('SECRET_KEY is a well-known default');
    expect(result.stderr).toContain('FIRST_SUPERUSER_PASSWORD must be set in production');
  });

  it('stops on SIGTERM with exit code 0, having needed no TypeScript', async () => {
    const exited = new Promise<number | null>((resolve) => server!.once('exit', resolve));
    server!.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).not.toMatch(/ERR_UNKNOWN_FILE_EXTENSION|ERR_MODULE_NOT_FOUND/);
  });
});
