// LASER_RIGID_PLATE through the API: created (defaults filled in), estimated, run and read. The run
// is the default case on the coarse mesh with a short track (the full default takes tens of seconds).

import { describe, expect, it } from 'vitest';
import { pglite } from './databases.js';
import { harnessForBlock, type Person } from './harness.js';
import { createSimulation, expectSimulationStatus, runAndWait } from './simulation-harness.js';

describe('melt pool API', () => {
  let engineer: Person;
  const h = harnessForBlock(pglite, async (started) => {
    engineer = await started.signUp();
  });

  it('LASER_RIGID_PLATE: created with its defaults, estimated, run, and serves the melt-pool summary, series and fields', async () => {
    const created = await createSimulation(h(), engineer, { title: 'Single track', type: 'LASER_RIGID_PLATE', parameters: { mesh_size: 'coarse', laser: { track_length: 0.0008 } } });
    expect(created).toMatchObject({
      family: 'melt-pool',
      parameters: { material: '316L', laser: { power: 200, spot_radius: 60e-6, absorptivity: 0.35, scan_speed: 1, track_length: 0.0008 }, plate: { thickness: 0.002 }, mesh_size: 'coarse' },
    });
    const estimate = await h().post('simulations/metamodel_estimate_v2', { as: engineer, body: { type: 'LASER_RIGID_PLATE', parameters: created.parameters } });
    expect(estimate.json()).toMatchObject({ model: expect.stringContaining('Eagar–Tsai'), results: { regime: { value: 'transition' }, melt_pool_width: { unit: 'm' } } });

    const done = await runAndWait(h(), engineer, created.id, 180_000);
    expectSimulationStatus(done, 'completed');
    expect(done.solver_version).toContain('melt-pool-thermal-3d');
    for (const key of ['melt_pool_width', 'melt_pool_depth', 'melt_pool_length', 'peak_temperature', 'cooling_rate', 'thermal_gradient', 'solidification_rate', 'normalized_enthalpy', 'regime'])
      expect(done.summary, key).toHaveProperty(key);
    const width = (done.summary as Record<string, { value: number }>).melt_pool_width!.value;
    expect(width).toBeGreaterThan(80e-6);
    expect(width).toBeLessThan(250e-6);
    const index = (await h().get(`simulations/${created.id}/results`, { as: engineer })).json();
    expect(index.series.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(['thermal_history', 'solidification_map']));
    expect(index.fields.map((f: { name: string }) => f.name)).toEqual(expect.arrayContaining(['top_temperature', 'cross_section_temperature', 'longitudinal_temperature']));

    const bad = await h().post('simulations/', { as: engineer, body: { title: 'Bad', type: 'LASER_RIGID_PLATE', parameters: { laser: { absorptivity: 2 } } } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({ loc: ['body', 'parameters', 'laser', 'absorptivity'], msg: 'This field must be between 0.01 and 1' });
  }, 240_000);
});
