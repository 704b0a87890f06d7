// The PDF report of every simulation type, from a real run of its quickest case (quick-cases.ts)
// through the app (queue, solver threads, stored results), and every unit those runs, their
// estimates and the parameter forms use known to the contracts' unit table, so that no unit takes a
// report, a card or a plot down ("Unknown unit 'J/kg'" made every welding report a 500).

import { catalogueEntry, describeForm, exportPaths, units, type Simulation } from '@simforge/contracts';
import { estimate } from '@simforge/solvers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pglite } from '../databases.js';
import { API, expectStatus, Harness, type Person } from '../harness.js';
import { createSimulation, expectSimulationStatus, FINISHED, runSimulation, waitForStatus } from '../simulation-harness.js';
import { pdfText } from './parse-back.js';
import { quickCases } from './quick-cases.js';

const cases = quickCases();
let h: Harness;
let engineer: Person;
const finished = new Map<string, Simulation>();

/** Solver threads, and runs kept in flight: the machine's two cores. */
const THREADS = 2;

beforeAll(async () => {
  const owned = await pglite.open();
  h = await Harness.on(owned.database, { owned, app: { jobs: { concurrency: THREADS } } });
  engineer = await h.signUp();
  // A run is queued only when a thread is free: sending the job then wakes an idle slot at once
  // (jobs/pg-boss-queue.ts), and each run is waited for before the next is queued.
  const pending = [...cases];
  const runNext = async (): Promise<void> => {
    for (let c = pending.shift(); c; c = pending.shift()) {
      const simulation = await createSimulation(h, engineer, { title: `Report of ${c.label}`, type: c.type, parameters: c.parameters });
      await runSimulation(h, engineer, simulation.id);
      finished.set(c.label, await waitForStatus(h, engineer, simulation.id, FINISHED, 300_000));
    }
  };
  await Promise.all(Array.from({ length: THREADS }, runNext));
}, 900_000);

afterAll(async () => {
  await h?.close();
});

describe('the PDF report of every type', () => {
  it.each(cases.map((c) => [c.label]))('%s: a PDF with the inputs and every summary value', async (label) => {
    const simulation = finished.get(label)!;
    expectSimulationStatus(simulation, 'completed');
    const res = await h.get(`${API}${exportPaths.reportPdf(simulation.id)}`, { as: engineer });
    expectStatus(res, 200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(`Report of ${label}`);
    expect(text).toContain('Inputs');
    for (const name of Object.keys(simulation.summary ?? {})) expect(text).toContain(`(${name})`);
  });
});

describe('the unit table', () => {
  it('knows every unit of the runs (summary, series, fields), of their estimates and of every parameter form', async () => {
    const unknown = new Set<string>();
    const check = (unit: string | undefined, where: string) => {
      if (unit !== undefined && !units.has(unit)) unknown.add(`'${unit}' (${where})`);
    };
    for (const c of cases) {
      const simulation = finished.get(c.label)!;
      const runId = simulation.current_run_id!;
      const stored = await h.repos.results.find(runId);
      expect(stored, c.label).not.toBeNull();
      for (const [name, scalar] of Object.entries(stored!.summary)) check(scalar.unit, `${c.label} summary ${name}`);
      for (const [name, series] of Object.entries(stored!.series)) {
        check(series.x.unit, `${c.label} series ${name}`);
        for (const y of series.y) check(y.unit, `${c.label} series ${name}.${y.name}`);
      }
      for (const field of await h.repos.results.fieldIndex(runId)) {
        check(field.unit, `${c.label} field ${field.name}`);
        for (const axis of field.grid.axes) check(axis.unit, `${c.label} field ${field.name} axis ${axis.name}`);
      }
      for (const [name, result] of Object.entries(estimate(c.type, c.parameters).results)) check(result.unit, `${c.label} estimate ${name}`);
      for (const field of describeForm(catalogueEntry(c.type)!.parameters!).fields) {
        if (field.kind !== 'number') continue;
        check(field.unit, `${c.type} parameter ${field.path}`);
        check(field.displayUnit, `${c.type} parameter ${field.path}`);
      }
    }
    expect([...unknown]).toEqual([]);
  });
});
