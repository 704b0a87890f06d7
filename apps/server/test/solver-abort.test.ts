// Aborting a welding and a melt-pool run through the API: the solver stops on the cooperative flag
// (its thread is not terminated after the grace period) and the user's log records the abort at
// level info, with no ERROR line. The abort lands as the solve phase begins: the set-up of the
// thermal solver and its first implicit step are long stretches of work in one call.

import type { SimulationEvent } from '@simforge/contracts';
import { describe, expect, it } from 'vitest';
import { pglite } from './databases.js';
import { expectStatus, Harness, type Person } from './harness.js';
import { abortSimulation, createSimulation, expectSimulationStatus, runSimulation, waitForStatus } from './simulation-harness.js';

interface LogLine {
  level: string;
  message: string;
}

/** Resolves when the run's log shows `message` (events arrive as the runner stores them). */
function logShows(h: Harness, simulationId: string, message: string, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`the log did not show '${message}' within ${timeoutMs} ms`));
    }, timeoutMs);
    const unsubscribe = h.simulationDeps!.bus.subscribe(simulationId, (event: SimulationEvent) => {
      if (event.type !== 'log' || event.message !== message) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    });
  });
}

async function abortAsSolvingBegins(h: Harness, engineer: Person, type: string): Promise<void> {
  const simulation = await createSimulation(h, engineer, { title: `${type} to abort`, type });
  const solving = logShows(h, simulation.id, 'phase: solve');
  await runSimulation(h, engineer, simulation.id);
  await solving;
  expectStatus(await abortSimulation(h, engineer, simulation.id), 200);
  expectSimulationStatus(await waitForStatus(h, engineer, simulation.id, ['aborted', 'completed', 'failed'], 30_000), 'aborted');

  const lines = (await h.get(`simulations/${simulation.id}/log`, { as: engineer })).json().lines as LogLine[];
  expect(lines.filter((line) => line.message.includes('worker thread was terminated')), type).toEqual([]);
  expect(lines.filter((line) => line.level === 'error'), type).toEqual([]);
  expect(lines.find((line) => line.message.startsWith('aborted on request after')), type).toMatchObject({ level: 'info', message: expect.stringContaining('(phase: solve)') });
  expect(lines.at(-1), type).toMatchObject({ level: 'info', message: expect.stringMatching(/^Aborted after [\d.]+ s$/) });
}

describe('aborting a run through the API', () => {
  it('a welding and a melt-pool default end aborted by the solver itself, the abort logged as info', async () => {
    const h = await Harness.start(pglite);
    try {
      const engineer = await h.signUp();
      for (const type of ['SQUARE_BUTT_WELD', 'LASER_RIGID_PLATE']) await abortAsSolvingBegins(h, engineer, type);
    } finally {
      await h.close();
    }
  }, 240_000);
});
