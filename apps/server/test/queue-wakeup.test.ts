// A freed slot takes the next queued run at once, on both databases. pg-boss 12 waited
// `notifyPollingIntervalSeconds` (30 s) between fetches of a worker once NOTIFY is on, unless a
// notification arrived while its job ran: 20 runs queued at once then drained one run per slot
// every 30 s.

import type { SimulationRun } from '@simforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { implementations } from './databases.js';
import { Harness, type Person } from './harness.js';
import { createSimulation, expectSimulationStatus, getSimulation, runSimulation } from './simulation-harness.js';

const SLOTS = 2;
const RUNS = 6;
/** The longest a queued run may wait once a slot is free. */
const WAKE_UP_MS = 1000;

/**
 * With `slots` slots, the i-th run to start (0-based, i >= slots) can start once i - slots + 1 runs
 * have finished: its wait is measured from that finish.
 */
function waitsForAFreeSlot(runs: Pick<SimulationRun, 'started_at' | 'finished_at'>[], slots: number): number[] {
  const starts = runs.map((r) => Date.parse(r.started_at!)).sort((a, b) => a - b);
  const finishes = runs.map((r) => Date.parse(r.finished_at!)).sort((a, b) => a - b);
  return starts.slice(slots).map((start, i) => start - finishes[i]!);
}

for (const impl of implementations) {
  describe.skipIf(Boolean(impl.skip))(`the queue on ${impl.name}`, () => {
    let h: Harness;
    let engineer: Person;
    beforeAll(async () => {
      const owned = await impl.open();
      // The per-user cap on runs in flight is raised above RUNS: this test queues them all at once.
      h = await Harness.on(owned.database, { owned, env: { SIM_MAX_ACTIVE_RUNS_PER_USER: String(RUNS) }, app: { jobs: { concurrency: SLOTS } } });
      engineer = await h.signUp();
    });
    afterAll(async () => {
      await h?.close();
    });

    it(`a freed slot takes the next queued run within ${WAKE_UP_MS} ms (${RUNS} short runs on ${SLOTS} slots)`, async () => {
      const simulations = [];
      for (let i = 0; i < RUNS; i++) simulations.push(await createSimulation(h, engineer, { title: `Pipe ${i + 1}` }));
      for (const simulation of simulations) await runSimulation(h, engineer, simulation.id);
      // Polled gently: on PGlite every request competes with the runner for the one database.
      const deadline = Date.now() + 30_000;
      while ((await h.get('simulations/', { as: engineer, query: { status: 'queued,running,aborting' } })).json<{ count: number }>().count > 0) {
        if (Date.now() > deadline) throw new Error('The runs did not finish within 30 s');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      for (const simulation of simulations) expectSimulationStatus(await getSimulation(h, engineer, simulation.id), 'completed');

      const runs = await Promise.all(simulations.map(async (s) => (await h.get(`simulations/${s.id}/runs`, { as: engineer })).json<{ data: SimulationRun[] }>().data[0]!));
      const waits = waitsForAFreeSlot(runs, SLOTS);
      expect(waits).toHaveLength(RUNS - SLOTS);
      expect(Math.max(...waits), `waits for a free slot: ${waits.join(', ')} ms`).toBeLessThanOrEqual(WAKE_UP_MS);
    }, 60_000);
  });
}
