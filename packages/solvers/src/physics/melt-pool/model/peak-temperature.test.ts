// The peak temperature of the 316L default laser (200 W × 0.35 on a 60 µm 1/e² radius at 1 m/s), on
// a smaller plate and a shorter track so that it runs in a few seconds (the peak of the full default
// case differed by 10 K when measured with the earlier defaults: 3960 K here, 3970 K there, coarse
// preset). The default is not a conduction case: its normalised enthalpy in King et al.'s
// convention, 13.1, is above the onset of boiling at the spot centre π T_b/T_m = 5.9 (below their
// keyhole threshold 30), and Gan et al. 2021's keyhole
// number, 3.3, is above the 1.4 where their vapour depression appears. A depression needs a vapour
// pressure above ambient, so the surface is expected above the boiling point, and below the
// temperature at which evaporation alone would carry the absorbed flux at the spot centre (no surface
// that also conducts heat away can be hotter). The evaporation loss must be taken from the top faces
// of the liquid surface cells only (not from the symmetry plane).
import { describe, expect, it } from 'vitest';
import { RunContext } from '../../../run/context.js';
import { evaporationFlux, evaporationLimitedTemperature } from '../../../thermal/evaporation.js';
import { CELL_SOLID, StructuredMesh } from '../../../thermal/mesh.js';
import { keyholeNumber, meanProperties, propertiesAt } from '../analytic/normalized-enthalpy.js';
import { meltPoolDefaults, readMeltPoolCase } from './parameters.js';
import { planMeltPool } from './plan.js';
import { explicitStep, thermalSolverOf } from './solver.js';

describe('melt-pool peak temperature, 316L default laser', () => {
  it('transition regime; the peak lies between the boiling point and the evaporation limit of the spot centre; evaporation only from liquid top faces', async () => {
    const c = readMeltPoolCase('LASER_RIGID_PLATE', {
      ...meltPoolDefaults('LASER_RIGID_PLATE'),
      laser: { power: 200, spot_radius: 60e-6, absorptivity: 0.35, scan_speed: 1, track_length: 0.6e-3 },
      plate: { thickness: 0.5e-3, width: 1.2e-3, length: 1.2e-3 },
      mesh_size: 'coarse',
    });
    const plan = planMeltPool(c);
    expect(plan.regime).toBe('transition');
    expect(plan.enthalpy.value).toBeCloseTo(13.14, 2);
    const ke = keyholeNumber({
      absorbedPower: plan.absorbedPower,
      speed: c.laser.scanSpeed,
      radius: c.laser.spotRadius,
      properties: meanProperties(c.material, c.preheat),
      liquidProperties: propertiesAt(c.material, c.material.liquidus),
      meltingTemperature: c.material.solidus,
      liquidusTemperature: c.material.liquidus,
      boilingTemperature: plan.boiling!,
      initialTemperature: c.preheat,
    });
    expect(ke).toBeGreaterThan(1.4);
    expect(ke).toBeLessThan(6);

    const mesh = new StructuredMesh(plan.axes.x, plan.axes.y, plan.axes.z);
    const solver = thermalSolverOf(c, plan, mesh);
    const dt = explicitStep(solver, plan.endTime);
    const ctx = new RunContext();
    while (solver.time < plan.endTime * (1 - 1e-9) - dt) {
      solver.step(Math.min(dt, plan.endTime - solver.time));
      await ctx.checkpoint(solver.time / plan.endTime);
    }
    // The last step: the evaporated energy is the Langmuir flux of each liquid top cell at its end
    // temperature (the loss is implicit) times its top face, nothing more.
    const before = solver.ledger.evaporated;
    solver.step(plan.endTime - solver.time);
    const top = mesh.nz - 1;
    let expected = 0;
    for (let iy = 0; iy < mesh.ny; iy++)
      for (let ix = 0; ix < mesh.nx; ix++) {
        const T = solver.T[mesh.index(ix, iy, top)]!;
        if (T > c.material.liquidus) expected += evaporationFlux(plan.evaporation!, T).flux * mesh.dx[ix]! * mesh.dy[iy]! * dt;
      }
    expect(expected).toBeGreaterThan(0);
    expect(Math.abs((solver.ledger.evaporated - before) / expected - 1)).toBeLessThan(1e-6);

    let peak = c.preheat;
    for (let i = 0; i < mesh.cellCount; i++) if (mesh.mask[i] === CELL_SOLID) peak = Math.max(peak, solver.T[i]!);
    const centreFlux = (2 * plan.absorbedPower) / (Math.PI * c.laser.spotRadius ** 2);
    const ceiling = evaporationLimitedTemperature(plan.evaporation!, centreFlux);
    // Measured: 3523 K (3960 K with the earlier 316L table and the liquid enhanced along the surface only); boiling point 3134 K, ceiling 4477 K.
    expect(peak).toBeGreaterThan(plan.boiling!);
    expect(peak).toBeLessThan(ceiling);
    expect(Math.abs(solver.balanceError())).toBeLessThan(1e-9);
  }, 60_000);
});
