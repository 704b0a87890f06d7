// Issue 20, section 1: every run has a work budget known before it starts. Create, a parameter
// update and run refuse a case over this server's limits (422, the message in the form's terms);
// run refuses a user's runs beyond the per-user cap (429); the estimate shows the plan against the limits.

import { defaultParametersOf, type EstimateResponse, type Simulation } from '@simforge/contracts';
import { expect, it } from 'vitest';
import { DEFAULT_RUN_LIMITS } from '../../src/config.js';
import { expectStatus } from '../harness.js';
import { abortSimulation, createSimulation, LONG_PIPE, runSimulation, waitForStatus } from '../simulation-harness.js';
import type { GetHarness } from '../harness.js';

const laser = (type: string, change: (p: Record<string, any>) => Record<string, unknown>) => change(structuredClone(defaultParametersOf(type)!) as Record<string, any>);
/** The issue's first request: 42 M cells, 8 080 s. */
const FINE_20_KW = laser('LASER_RIGID_PLATE', (p) => ({ ...p, mesh_size: 'fine', laser: { ...p.laser, power: 20000 } }));
/** The issue's second: 1 mm/s. */
const CRAWLING = laser('LASER_PLASMA_FLEXIBLE_PLATE', (p) => ({ ...p, laser: { ...p.laser, scan_speed: 0.001 } }));

export function workBudgetTests(h: GetHarness): void {
  it('refuses at create the fine 20 kW laser case with 422 naming the mesh, the need, the limit and the change', async () => {
    const engineer = await h().signUp();
    const res = await h().post('simulations/', { as: engineer, body: { title: 'Too fine', type: 'LASER_RIGID_PLATE', parameters: FINE_20_KW } });
    expectStatus(res, 422);
    const [issue] = res.json<{ detail: { loc: string[]; msg: string; type: string }[] }>().detail;
    expect(issue).toMatchObject({ loc: ['body', 'parameters', 'laser', 'power'], type: 'work_budget' });
    expect(issue!.msg).toMatch(/^With the Fine mesh this case needs 4\d\.\d M cells \(this server's limit: 2 M\)/);
    expect(issue!.msg).toMatch(/lower Laser power or Track length/);
    expect((await h().get('simulations/', { as: engineer })).json<{ count: number }>().count).toBe(0);
  });

  it('refuses at create the laser case at 1 mm/s: days of computing against the one-hour limit', async () => {
    const engineer = await h().signUp();
    const res = await h().post('simulations/', { as: engineer, body: { title: 'Crawling', type: 'LASER_PLASMA_FLEXIBLE_PLATE', parameters: CRAWLING } });
    expectStatus(res, 422);
    const msg = res.json<{ detail: { msg: string }[] }>().detail[0]!.msg;
    expect(msg).toMatch(/about [\d.]+ days of computing \(limit: 1 h\)/);
    expect(msg).toContain('raise Spot radius (1/e²) or Scan speed');
  });

  it('refuses new parameters over the limits, and a stored draft over them at run', async () => {
    const engineer = await h().signUp();
    const simulation = await createSimulation(h(), engineer, { type: 'LASER_RIGID_PLATE', parameters: laser('LASER_RIGID_PLATE', (p) => p) });
    const put = await h().put(`simulations/${simulation.id}`, { as: engineer, body: { parameters: FINE_20_KW } });
    expectStatus(put, 422);
    expect(put.json<{ detail: { msg: string }[] }>().detail[0]!.msg).toContain("this server's limit: 2 M");
    // A draft saved before the limits (or under larger ones) is checked again when it is run.
    await h().repos.simulations.update(simulation.id, { parameters: FINE_20_KW });
    const run = await h().get(`simulations/run/${simulation.id}`, { as: engineer });
    expectStatus(run, 422);
    expect(run.json<{ detail: string }>().detail).toMatch(/^With the Fine mesh this case needs 4\d\.\d M cells/);
    expect((await h().get(`simulations/${simulation.id}`, { as: engineer })).json<Simulation>().status).toBe('draft');
  });

  it('answers the estimate with the plan, the limits and the same message before Create', async () => {
    const engineer = await h().signUp();
    const within = (await h().post('simulations/metamodel_estimate_v2', { as: engineer, body: { type: 'LASER_RIGID_PLATE' } })).json<EstimateResponse>();
    expect(within.work_budget).toMatchObject({ within_limits: true, over: [], message: null, limits: { max_cells: DEFAULT_RUN_LIMITS.maxCells, max_seconds: DEFAULT_RUN_LIMITS.maxSeconds } });
    expect(within.work_budget!.plan).toEqual(within.work);
    expect(Object.keys(within.work_by_mesh!)).toEqual(['coarse', 'default', 'fine']);

    const over = await h().post('simulations/metamodel_estimate_v2', { as: engineer, body: { type: 'LASER_RIGID_PLATE', parameters: FINE_20_KW } });
    expectStatus(over, 200);
    const budget = over.json<EstimateResponse>().work_budget!;
    expect(budget).toMatchObject({ within_limits: false, over: expect.arrayContaining(['cells', 'seconds', 'memory']) });
    expect(budget.plan!.cells).toBeGreaterThan(40e6);
    expect(budget.message).toMatch(/^With the Fine mesh this case needs 4\d\.\d M cells/);
  });

  it('plans the fine ridge with a 10 m domain without building its grid (issue 20: 8.3 s on the request thread)', async () => {
    const engineer = await h().signUp();
    const parameters = { ...defaultParametersOf('JET_IMPINGING_RIDGE'), mesh_size: 'fine', domain_radius: 10 };
    const started = performance.now();
    const res = await h().post('simulations/metamodel_estimate_v2', { as: engineer, body: { type: 'JET_IMPINGING_RIDGE', parameters } });
    expectStatus(res, 200);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(res.json<EstimateResponse>().work_budget).toMatchObject({ within_limits: false, over: ['seconds'] });
  });

  it(`refuses a user's run beyond ${DEFAULT_RUN_LIMITS.maxActiveRunsPerUser} queued or running with 429 naming the cap`, async () => {
    const engineer = await h().signUp();
    const cap = DEFAULT_RUN_LIMITS.maxActiveRunsPerUser;
    const simulations = await Promise.all(Array.from({ length: cap + 1 }, (_, i) => createSimulation(h(), engineer, { title: `Long ${i}`, parameters: LONG_PIPE })));
    try {
      for (const simulation of simulations.slice(0, cap)) await runSimulation(h(), engineer, simulation.id);
      const refused = await h().get(`simulations/run/${simulations[cap]!.id}`, { as: engineer });
      expectStatus(refused, 429, `${cap} simulations are already queued or running for this user, and this server runs at most ${cap} per user at once: wait until one ends, or abort one`);
      // Someone else is not held up by this user's runs.
      const colleague = await h().signUp();
      const theirs = await createSimulation(h(), colleague, { parameters: LONG_PIPE });
      await runSimulation(h(), colleague, theirs.id);
      await abortSimulation(h(), colleague, theirs.id);
      // One ended: the next may run.
      await abortSimulation(h(), engineer, simulations[0]!.id);
      await waitForStatus(h(), engineer, simulations[0]!.id, ['aborted']);
      await runSimulation(h(), engineer, simulations[cap]!.id);
    } finally {
      for (const simulation of simulations) await abortSimulation(h(), engineer, simulation.id);
      for (const simulation of simulations) await waitForStatus(h(), engineer, simulation.id, ['aborted', 'completed', 'failed', 'draft']);
    }
  });
}
