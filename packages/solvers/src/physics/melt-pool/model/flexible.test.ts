// A flexible plate through the whole model (a short track on a thin plate, coarse mesh): the plate
// mechanics receive the thermal moments and the inherent strain, and the summary carries both
// deflections. The mechanics themselves are verified in mechanics/plate.
import { describe, expect, it } from 'vitest';
import { RunContext } from '../../../run/context.js';
import { meltPoolDefaults, readMeltPoolCase } from './parameters.js';
import { solveMeltPool } from './solver.js';

describe('LASER_FLEXIBLE_PLATE', () => {
  it('reports transient and residual deflection, with fields on the plate nodes; clamped edges bend less than free ones', async () => {
    const run = async (support: string) => {
      const c = readMeltPoolCase('LASER_FLEXIBLE_PLATE', {
        ...meltPoolDefaults('LASER_FLEXIBLE_PLATE'),
        laser: { power: 200, spot_radius: 60e-6, absorptivity: 0.35, scan_speed: 1, track_length: 0.6e-3 },
        plate: { thickness: 0.3e-3, width: 2e-3, length: 1.5e-3, support },
        mesh_size: 'coarse',
      });
      return solveMeltPool(c, new RunContext());
    };
    const free = await run('free');
    expect(free.summary.max_deflection!.value as number).toBeGreaterThan(0);
    expect(free.summary.residual_deflection!.value as number).toBeGreaterThan(0);
    expect(free.fields.plate_deflection!.shape).toEqual([free.fields.plate_deflection!.grid.axes[0]!.values.length, free.fields.plate_deflection!.grid.axes[1]!.values.length]);
    expect(free.summary.melt_pool_width!.value as number).toBeGreaterThan(0);
    const clamped = await run('clamped');
    expect(clamped.summary.residual_deflection!.value as number).toBeLessThan(free.summary.residual_deflection!.value as number);
  }, 60_000);
});
