// Particles in an impactor against Marple's theory (Marple & Liu 1974; Marple & Willeke 1976, as in
// Hinds, Aerosol Technology, 2nd ed., section 5.5): a laminar jet from a nozzle throat of length
// T = W (uniform velocity entering the throat, the nozzle plate a wall: blocked cells), the plate
// S = 1 W (round) or 1.5 W (slot) from the exit, Stokes drag, no gravity. 50 % of the particle flux is
// collected at √Stk50 = 0.49 ± 0.05 (round) and 0.77 ± 0.08 (slot), Stk = ρ_p d² U / (9 μ W): Stk50
// 0.24 (circular) and 0.59 (rectangular) "for impactors meeting the recommended design criteria"
// (University of Florida aerosol course notes, section 9, after Hinds); W is the nozzle diameter or
// the full slot width in both, as in drag.ts (τU/(W/2)), so there is no √2 between the definitions.
// The cut is found by bisection on the particle diameter: the efficiency curve is monotonic and,
// without dispersion, deterministic.
//
// Measured: round (Re 1 000) √Stk50 ≈ 0.52 on the coarse grid, 0.53 on the default one (0.535 at
// Re 3 000); the computed efficiency curve is steeper than Marple's (10 % to 90 % between √Stk 0.51
// and 0.56). Slot (Re 500, S/W 1.5; the laminar planar jet does not settle to a steady state at
// Re 1 000): 0.862, outside the band. Investigated (slot, coarse grid unless said):
//   numerics  grid 40×52 → 67×109: 0.862 → 0.866; step fraction 0.1 → 0.02: 0.865; domain edge 5 W →
//             10 W: 0.862; capture at one particle radius from the plate instead of its centre: 0.862
//   case      Re 250 / 500 / 1 000 (unsteady): 0.842 / 0.862 / 0.870; S/W 1 / 1.5 / 3: 0.80 / 0.862 /
//             0.88; T/W 0.25 / 1 / 3: 0.895 / 0.862 / 0.78 (a longer throat peaks the exit profile)
//   physics   the plate free-slip (no viscous boundary layer on it): 0.79 (round: 0.456)
// Every stratum is caught at nearly the same √Stk (a step from 0 at 0.80 to 0.95 at 0.90): the axial
// motion in the stagnation region hardly depends on the distance from the axis (Hiemenz flow), and a
// particle below the threshold does not get through the plate's boundary layer (δ ≈ 0.1 W at Re 500).
// That boundary layer accounts for the gap: without it both cuts fall inside Marple's bands (0.456,
// 0.79), with it both move up by about 0.07 (round 0.52, still inside; slot 0.862, outside). We found
// no numerical cause; whether Marple's 1974 grids resolved the plate's boundary layer we could not
// check, so the slot band stays a to-do and the test below pins the diagnosis. A later search of the
// stored pages, docs and code (Marple & Liu 1974, Marple & Willeke 1976, Hinds; impactor design
// criteria S/W, T/W, the Reynolds number on W or 2W) found no readable statement of the configuration
// the rectangular 0.77 belongs to (only the abstracts, Romay & García-Ruiz 2023's round-nozzle review,
// and the Florida notes' "meeting the recommended design criteria"), so nothing says our case is not it.

import { describe, expect, it } from 'vitest';
import { joinAxes, uniformAxis } from '../axes.js';
import type { BoundaryCondition, FlowCase } from '../case.js';
import { impingingJetCase } from '../impinging-jet.js';
import { FlowSolver } from '../solver.js';
import { ParticleTracker, type TrackingSettings } from './tracking.js';

const FULL = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.SIMFORGE_VERIFY === 'full';
const AIR = { density: 1.2, viscosity: 1.8e-5, conductivity: 0.026, specificHeat: 1007 };
const W = 1e-3;
const PARTICLE_DENSITY = 1000;

interface ImpactorOptions {
  nozzle: 'round' | 'slot';
  spacing: number;
  reynolds: number;
  fine: boolean;
  /** A free-slip plate (diagnostic: the flow without the plate's boundary layer). */
  slipPlate?: boolean;
}

async function impactorFlow(options: ImpactorOptions): Promise<{ solver: FlowSolver; velocity: number }> {
  const velocity = (options.reynolds * AIR.viscosity) / (AIR.density * W);
  const distance = options.spacing * W;
  const jet: FlowCase = impingingJetCase({
    nozzle: options.nozzle,
    diameter: W,
    distance,
    domainRadius: 5 * W,
    reynoldsNumber: options.reynolds,
    fluid: AIR,
    jetTemperature: 300,
    surfaceTemperature: 300,
    laminar: true,
    mesh: options.fine ? { wallCell: 5e-3, shearLayerCell: 0.01, largestCell: 0.1, ratio: 1.08 } : { wallCell: 1e-2, shearLayerCell: 0.025, largestCell: 0.2, ratio: 1.15 },
    numerics: { tolerance: 1e-6 },
  });
  const inlet: BoundaryCondition = { kind: 'inlet', velocity: { profile: 'uniform', mean: velocity }, temperature: 300 };
  const flowCase: FlowCase = {
    ...jet,
    // The throat (x from −W to 0) inside the nozzle plate, a solid block beyond the lip.
    grid: { ...jet.grid, xFaces: joinAxes(uniformAxis({ from: -W, to: 0, cells: options.fine ? 24 : 12 }), Float64Array.from(jet.grid.xFaces)) },
    boundaries: {
      ...jet.boundaries,
      ...(options.slipPlate ? { xmax: { kind: 'symmetry' } } : {}),
      xmin: [
        { from: 0, to: W / 2, condition: inlet },
        { from: W / 2, to: 5 * W, condition: { kind: 'wall' } },
      ],
      ymax: [
        { from: -W, to: 0, condition: { kind: 'wall' } },
        { from: 0, to: distance, condition: { kind: 'opening', pressure: 0, temperature: 300 } },
      ],
    },
    obstacle: { contains: (x, y) => x < 0 && y > W / 2 },
  };
  const solver = new FlowSolver(flowCase);
  await solver.run();
  expect(solver.converged).toBe(true);
  return { solver, velocity };
}

/** √Stk at 50 % impaction (bisection on √Stk between 0.2 and 1.5). */
async function sqrtStk50(options: ImpactorOptions & { count: number }): Promise<number> {
  const { solver, velocity } = await impactorFlow(options);
  const tracker = new ParticleTracker(solver, { nozzleHalfWidth: W / 2, plateX: options.spacing * W, edge: 5 * W, axisymmetric: options.nozzle === 'round', velocity, nozzle: W });
  const efficiency = async (sqrtStk: number): Promise<number> => {
    const diameter = Math.sqrt((9 * AIR.viscosity * W * sqrtStk * sqrtStk) / (PARTICLE_DENSITY * velocity));
    const settings: TrackingSettings = { diameter, density: PARTICLE_DENSITY, restitution: 0, dispersion: false, seed: 1, gravity: 0, count: options.count, massFlow: 1, flowStress: 1e9, freePath: 0, stokesDrag: true };
    return (await tracker.track(settings)).impactionEfficiency;
  };
  let [lo, hi] = [0.2, 1.5];
  expect(await efficiency(lo)).toBeLessThan(0.5);
  expect(await efficiency(hi)).toBeGreaterThan(0.5);
  for (let k = 0; k < 10; k++) {
    const mid = 0.5 * (lo + hi);
    if ((await efficiency(mid)) < 0.5) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}

describe('particle capture in an impactor (Marple)', () => {
  it('round jet, S/W = 1, Re 1 000: √Stk50 = 0.49 ± 0.05', async () => {
    const cut = await sqrtStk50({ nozzle: 'round', spacing: 1, reynolds: 1000, fine: false, count: 100 });
    expect(Math.abs(cut - 0.49)).toBeLessThan(0.05);
  }, 60_000);

  it('slot jet, S/W = 1.5, Re 500: the plate’s boundary layer lifts √Stk50 above Marple’s band (the diagnosis in the header)', async () => {
    const slot = { nozzle: 'slot', spacing: 1.5, reynolds: 500, fine: false, count: 40 } as const;
    const [wall, slip] = [await sqrtStk50(slot), await sqrtStk50({ ...slot, slipPlate: true })];
    // Measured 0.862 and 0.792 with 40 particles (the bisection resolves 1.3e-3).
    expect(slip).toBeGreaterThan(0.77 - 0.08);
    expect(slip).toBeLessThan(0.77 + 0.08);
    expect(wall - slip).toBeGreaterThan(0.04);
  }, 60_000);

  it.todo('slot jet, S/W = 1.5: √Stk50 = 0.77 ± 0.08 with the no-slip plate (fails today: 0.862 at Re 500, see the header)');

  describe.runIf(FULL)('default grading, 400 particles', () => {
    it('round jet within Marple’s band', async () => {
      const cut = await sqrtStk50({ nozzle: 'round', spacing: 1, reynolds: 1000, fine: true, count: 400 });
      expect(Math.abs(cut - 0.49)).toBeLessThan(0.05);
    }, 600_000);
  });
});
