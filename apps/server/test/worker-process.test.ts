// `npm run worker` as an operator meets it (the compiled worker, dist/worker.js): it refuses the
// embedded database; on PostgreSQL it takes the jobs an API server (that runs none itself) enqueues,
// and the API sees its events; when it is killed (kill -9) mid-run, the API takes the run over and
// tidies up after it.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import type { SimulationEvent } from '@simforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompiledServer, serverDir, type CompiledServer } from './compiled-build.js';
import { postgres } from './databases.js';
import { expectStatus, Harness } from './harness.js';
import { abortSimulation, createSimulation, expectSimulationStatus, LONG_PIPE, runSimulation, waitForStatus, waitUntilRunning } from './simulation-harness.js';

// A worker process started and two runs: 28 s measured on a loaded 2-core machine (when the worker
// still ran under tsx), too close to the default 30 s.
const WORKER_TEST_TIMEOUT = 120_000;

let compiled: CompiledServer;
beforeAll(() => {
  compiled = buildCompiledServer();
}, 60_000);
afterAll(() => compiled?.dispose());

/** `npm run worker` on `databaseUrl`, one simulation at a time; resolves once it takes jobs. */
async function startWorker(databaseUrl: string): Promise<{ process: ChildProcess; output: () => string }> {
  const worker = spawn(process.execPath, compiled.args('worker'), {
    cwd: serverDir,
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, SIM_CONCURRENCY: '1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  worker.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  worker.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (!output.includes('taking simulation jobs') && Date.now() < deadline) {
    if (worker.exitCode !== null) throw new Error(`The worker exited: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(output).toContain('SimForge worker is taking simulation jobs from PostgreSQL');
  return { process: worker, output: () => output };
}

describe('npm run worker', () => {
  it('refuses to start without PostgreSQL, with a clear message', () => {
    const result = spawnSync(process.execPath, compiled.args('worker'), {
      cwd: serverDir,
      env: { PATH: process.env.PATH },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('SimForge worker cannot start.');
    expect(result.stderr).toContain('DATABASE_URL is required: the worker takes jobs from PostgreSQL');
  });

  describe.skipIf(Boolean(postgres.skip))('on PostgreSQL', () => {
    it('takes the jobs the API enqueues; the API sees its events and its abort reaches it', async () => {
      const owned = await postgres.open();
      let api: Harness | undefined;
      let worker: ChildProcess | undefined;
      try {
        api = await Harness.on(owned.database, { app: { jobs: { runJobs: false } } });
        const engineer = await api.signUp();
        worker = (await startWorker(owned.database.url!)).process;

        const simulation = await createSimulation(api, engineer);
        const seen: SimulationEvent[] = [];
        const unsubscribe = api.simulationDeps!.bus.subscribe(simulation.id, (event) => seen.push(event));
        await runSimulation(api, engineer, simulation.id);
        const done = await waitForStatus(api, engineer, simulation.id, ['completed', 'failed', 'aborted'], 30_000);
        expectSimulationStatus(done, 'completed');
        await new Promise((resolve) => setTimeout(resolve, 200));
        unsubscribe();
        const statuses = seen.flatMap((e) => (e.type === 'status' ? [e.status] : []));
        expect(statuses).toEqual(['queued', 'running', 'completed']);
        expect(seen.some((e) => e.type === 'log')).toBe(true);
        expect(seen.some((e) => e.type === 'result')).toBe(true);
        const run = await api.repos.runs.findById(done.current_run_id!);
        expect(run?.worker).toMatch(new RegExp(`:${worker.pid}:`));
        expect(api.simulationDeps!.jobs!.activeRuns).toEqual([]);

        // Abort from the API reaches the solver in the worker process (NOTIFY) within a second.
        const long = await createSimulation(api, engineer, { parameters: LONG_PIPE });
        await runSimulation(api, engineer, long.id);
        await waitUntilRunning(api, engineer, long.id);
        const started = performance.now();
        expectStatus(await abortSimulation(api, engineer, long.id), 200);
        expectSimulationStatus(await waitForStatus(api, engineer, long.id, ['aborted', 'completed', 'failed'], 5000), 'aborted');
        expect(performance.now() - started).toBeLessThan(1000);

        worker.kill('SIGTERM');
        const code = await new Promise<number | null>((resolve) => worker!.once('exit', resolve));
        expect(code).toBe(0);
        worker = undefined;
      } finally {
        worker?.kill('SIGKILL');
        await api?.close();
        await owned.dispose();
      }
    }, WORKER_TEST_TIMEOUT);

    it('after kill -9 of the worker mid-run, the API takes the run over: its job is cancelled, its progress reset, its duration kept', async () => {
      const owned = await postgres.open();
      let api: Harness | undefined;
      let worker: ChildProcess | undefined;
      try {
        // One attempt only: the run the dead worker held fails WORKER_LOST at once (no other worker here).
        api = await Harness.on(owned.database, { app: { jobs: { runJobs: false, maxAttempts: 1, recoveryIntervalMs: 200 } } });
        const engineer = await api.signUp();
        worker = (await startWorker(owned.database.url!)).process;
        const queue = api.simulationDeps!.jobs!.queue;

        const long = await createSimulation(api, engineer, { parameters: LONG_PIPE });
        await runSimulation(api, engineer, long.id);
        const running = await waitUntilRunning(api, engineer, long.id);
        // The API writes the job's id once the queue has it, which can be after the worker started the run.
        let held = (await api.repos.runs.findById(running.current_run_id!))!;
        for (const deadline = Date.now() + 5000; !held.job_id && Date.now() < deadline; ) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          held = (await api.repos.runs.findById(running.current_run_id!))!;
        }
        expect(await queue.stateOf('simulation-run', held.job_id!)).toBe('active');
        worker.kill('SIGKILL');
        await new Promise((resolve) => worker!.once('exit', resolve));
        worker = undefined;
        const left = (await api.repos.runs.findById(held.id))!;

        // The API notices the silence after 30 s without a heartbeat: its clock moves on instead.
        api.clock.advance(60_000);
        const failed = await waitForStatus(api, engineer, long.id, ['failed', 'completed', 'aborted'], 20_000);
        expect(failed).toMatchObject({ status: 'failed', error: { code: 'WORKER_LOST' }, progress: 0 });
        // The job is cancelled right after the run is taken over (the sweep's next step).
        const deadline = Date.now() + 5000;
        while ((await queue.stateOf('simulation-run', held.job_id!)) === 'active' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(await queue.stateOf('simulation-run', held.job_id!)).toBe('cancelled');
        // The attempt counts up to its last heartbeat, the last moment it was known to be working.
        const lost = (await api.repos.runs.findById(held.id))!;
        expect(lost.duration_seconds).toBeCloseTo((left.heartbeat_at!.getTime() - left.started_at!.getTime()) / 1000, 6);
      } finally {
        worker?.kill('SIGKILL');
        await api?.close();
        await owned.dispose();
      }
    }, WORKER_TEST_TIMEOUT);
  });
});
