// Restart safety on both databases: a server closed during a run and a process that died during a
// run. Nothing stays running; the run is queued again and completes, or fails with a reason; the
// dead process's job does not stay active, and the run's duration counts every attempt.

import PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import type { SimulationRun } from '@simforge/contracts';
import type { Database } from '../src/db/database.js';
import type { JobMap } from '../src/jobs/job-map.js';
import { PgBossQueue } from '../src/jobs/pg-boss-queue.js';
import { pgliteDb } from '../src/jobs/pglite-db.js';
import { implementations } from './databases.js';
import { databaseForBlock, Harness, type Person } from './harness.js';
import { createSimulation, expectSimulationStatus, LONG_PIPE, runSimulation, waitForStatus, waitUntilRunning } from './simulation-harness.js';

async function signInAgain(h: Harness, person: Person): Promise<Person> {
  // Each test server has its own signing key: the same account signs in again.
  return { ...person, token: await h.loginAs(person.email) };
}

async function logOf(h: Harness, as: Person, id: string): Promise<string[]> {
  return (await h.get(`simulations/${id}/log`, { as })).json().lines.map((l: { message: string }) => l.message);
}

/**
 * A simulation-run job that a process took and then died with (kill -9): `active` in pg-boss. The
 * queue is created as the server creates it; a bare pg-boss instance takes the job and stops
 * without settling it.
 */
async function jobLeftActive(database: Database, data: JobMap['simulation-run']): Promise<string> {
  const queue = new PgBossQueue({ database });
  await queue.start();
  await queue.stop();
  const common = { schedule: false, migrate: false, supervise: false } as const;
  const boss = database.pglite ? new PgBoss({ ...common, db: pgliteDb(database.pglite) as PgBoss.Db }) : new PgBoss({ ...common, connectionString: database.url!, max: 2 });
  await boss.start();
  try {
    await boss.send('simulation-run', data);
    // pg-boss hands out a job once `start_after < now()`; sent and fetched within the same tick of
    // the database clock, the job is not there yet: ask again for up to a second.
    for (let attempt = 0; attempt < 50; attempt++) {
      const [job] = await boss.fetch<JobMap['simulation-run']>('simulation-run');
      if (job) return job.id;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('no job to take');
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

/**
 * A start after a process died mid-run. `leaveBehind` writes what that process left (rows, jobs)
 * through a server that takes no jobs; then a server starts on the same database, as after the
 * crash, and `check` sees what it made of it. Both servers are closed whatever happens.
 */
async function startAfterDeadProcess<T>(
  database: Database,
  leaveBehind: (setup: Harness, engineer: Person) => Promise<T>,
  check: (server: Harness, me: Person, left: T) => Promise<void>,
): Promise<void> {
  const setup = await Harness.on(database, { app: { jobs: false } });
  let engineer: Person;
  let left: T;
  try {
    engineer = await setup.signUp();
    left = await leaveBehind(setup, engineer);
  } finally {
    await setup.close();
  }
  const server = await Harness.on(database);
  try {
    await check(server, await signInAgain(server, engineer), left);
  } finally {
    await server.close();
  }
}

// Two server starts and a real run per test: more than the default 30 s on a loaded 2-core machine.
const RESTART_TEST_TIMEOUT = 120_000;

for (const impl of implementations) {
  describe.skipIf(Boolean(impl.skip))(`restart during a run on ${impl.name}`, () => {
    // One database for both tests: servers come and go on it, as after a restart.
    const db = databaseForBlock(impl);

    it('a server closed mid-run queues the run again; the next server completes it', async () => {
      let first: Harness | undefined;
      let second: Harness | undefined;
      try {
        first = await Harness.on(db().database);
        let engineer = await first.signUp();
        // The long pipe (≈ 2.3 s of solver time on this machine): a 30 000-segment run (0.7 s) once finished
        // between being seen running and the server's close on a quiet machine, so nothing was re-queued.
        const simulation = await createSimulation(first, engineer, { parameters: LONG_PIPE });
        await runSimulation(first, engineer, simulation.id);
        await waitUntilRunning(first, engineer, simulation.id);
        await first.close();
        first = undefined;

        second = await Harness.on(db().database);
        engineer = await signInAgain(second, engineer);
        const done = await waitForStatus(second, engineer, simulation.id, ['completed', 'failed', 'aborted'], 90_000);
        expectSimulationStatus(done, 'completed');
        const runs = (await second.get(`simulations/${simulation.id}/runs`, { as: engineer })).json().data as SimulationRun[];
        expect(runs).toHaveLength(1);
        expect(runs[0]).toMatchObject({ status: 'completed' });
        const log = await logOf(second, engineer, simulation.id);
        expect(log).toContain('The server shut down during the run; the run is queued again (attempt 2 of 3)');
        expect(log).toContain('Attempt 2 started');
        expect(log.at(-1)).toMatch(/^completed in/);
        expect((await second.repos.runs.findById(runs[0]!.id))?.attempt).toBe(2);
      } finally {
        await first?.close();
        await second?.close();
      }
    }, RESTART_TEST_TIMEOUT);

    it('runs of a process that died are recovered at start-up: re-queued, aborted, or failed with a reason', async () => {
      await startAfterDeadProcess(
        db().database,
        // The database as a crashed process left it (written directly, no server running).
        async (setup, engineer) => {
          const crashed = async (title: string, status: 'running' | 'aborting', attempt: number) => {
            const simulation = await createSimulation(setup, engineer, { title });
            const run = await setup.repos.runs.create({ simulation_id: simulation.id, type: simulation.type, parameters: simulation.parameters, queued_at: new Date(Date.now() - 600_000) });
            await setup.repos.runs.update(run.id, { status, attempt, worker: 'crashed-host:4242:deadbeef', started_at: new Date(Date.now() - 600_000), heartbeat_at: new Date(Date.now() - 600_000) });
            await setup.repos.simulations.update(simulation.id, { status, current_run_id: run.id, started_at: new Date(Date.now() - 600_000) });
            return simulation.id;
          };
          return { interrupted: await crashed('Interrupted', 'running', 1), beingAborted: await crashed('Being aborted', 'aborting', 1), unlucky: await crashed('Third time', 'running', 3) };
        },
        async (server, me, { interrupted, beingAborted, unlucky }) => {
          expectSimulationStatus(await waitForStatus(server, me, interrupted, ['completed', 'failed', 'aborted'], 90_000), 'completed');
          expect(await logOf(server, me, interrupted)).toContain(
            impl.name === 'pglite'
              ? 'The server stopped during the run (found at start-up); the run is queued again (attempt 2 of 3)'
              : 'The process running this simulation stopped answering (no heartbeat for 30 s); the run is queued again (attempt 2 of 3)',
          );
          expectSimulationStatus(await waitForStatus(server, me, beingAborted, ['aborted', 'completed', 'failed']), 'aborted');
          const failed = await waitForStatus(server, me, unlucky, ['failed', 'completed', 'aborted']);
          expectSimulationStatus(failed, 'failed');
          expect(failed.error).toEqual({ code: 'WORKER_LOST', message: 'The process running this simulation stopped 3 times (server restart or crash); the run was given up' });
          expect((await logOf(server, me, unlucky)).at(-1)).toContain('the run was given up');
          const stillActive = await server.get('simulations/', { as: me, query: { status: 'queued,running,aborting' } });
          expect((await server.repos.runs.findOrphaned({ exceptWorker: '', staleBefore: null })).length).toBe(0);
          expect(stillActive.json().count).toBe(0);
        },
      );
    }, RESTART_TEST_TIMEOUT);

    it("a dead process's run is tidied: its job cancelled, its progress reset, its duration summed over the attempts", async () => {
      const now = Date.now();
      const ago = (seconds: number) => new Date(now - seconds * 1000);
      await startAfterDeadProcess(
        db().database,
        async (setup, engineer) => {
          // Its attempt `attempt` started 600 s ago and was last seen (heartbeat) `seen` s later;
          // the attempts before took `before` s in all. Its job is still active, as kill -9 leaves it.
          const died = async (title: string, o: { attempt: number; seen: number; before: number | null; progress: number }) => {
            const simulation = await createSimulation(setup, engineer, { title });
            const run = await setup.repos.runs.create({ simulation_id: simulation.id, type: simulation.type, parameters: simulation.parameters, queued_at: ago(900) });
            const jobId = await jobLeftActive(db().database, { simulation_id: simulation.id, run_id: run.id, attempt: o.attempt });
            await setup.repos.runs.update(run.id, { status: 'running', attempt: o.attempt, worker: 'killed-host:4343:deadbeef', job_id: jobId, started_at: ago(600), heartbeat_at: ago(600 - o.seen), duration_seconds: o.before });
            await setup.repos.simulations.update(simulation.id, { status: 'running', current_run_id: run.id, started_at: ago(600), progress: o.progress });
            return { id: simulation.id, runId: run.id, jobId };
          };
          return {
            lastChance: await died('Lost a third time', { attempt: 3, seen: 60, before: 200, progress: 0.43 }),
            firstTry: await died('Lost once', { attempt: 1, seen: 30, before: null, progress: 0.7 }),
          };
        },
        async (server, me, { lastChance, firstTry }) => {
          const queue = server.simulationDeps!.jobs!.queue;

          const failed = await waitForStatus(server, me, lastChance.id, ['failed', 'completed', 'aborted']);
          expect(failed).toMatchObject({ status: 'failed', error: { code: 'WORKER_LOST' }, progress: 0 });
          const lostRun = await server.repos.runs.findById(lastChance.runId);
          expect(lostRun?.duration_seconds).toBeCloseTo(260, 6);
          expect(await queue.stateOf('simulation-run', lastChance.jobId)).toBe('cancelled');

          const completed = await waitForStatus(server, me, firstTry.id, ['completed', 'failed', 'aborted'], 90_000);
          expectSimulationStatus(completed, 'completed');
          const rerun = await server.repos.runs.findById(firstTry.runId);
          expect(rerun?.attempt).toBe(2);
          expect(await queue.stateOf('simulation-run', firstTry.jobId)).toBe('cancelled');
          expect(rerun?.job_id).not.toBe(firstTry.jobId);
          // 30 s of the lost attempt plus the second one's run time (well under a minute).
          expect(rerun?.duration_seconds).toBeGreaterThan(30);
          expect(rerun?.duration_seconds).toBeLessThan(90);
          expect(rerun!.started_at!.getTime()).toBeGreaterThan(now);
        },
      );
    }, RESTART_TEST_TIMEOUT);
  });
}
