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
//   case      Re 250 / 500 / 1 000 (unsteady): 0.842 / 0.862 / 0.870-0.876; S/W 1 / 1.5 / 3: 0.80 / 0.862 /
//             0.88; T/W 0.25 / 1 / 3: 0.895 / 0.862 / 0.78 (a longer throat peaks the exit profile)
//   physics   the plate free-slip (no viscous boundary layer on it): 0.79 (round: 0.456)
//   inlet     fully developed (parabolic) instead of uniform at the throat's entry: slot 0.656 (Re
//             500) / 0.677 (Re 250), round 0.395 (Re 1 000) / 0.389 (Re 3 000), a W/U 2.3 and 7.8: both below their
//             bands, so the uniform entry (Marple's) is kept for both; only the slot misses with it
// Every stratum is caught at nearly the same √Stk (a step from 0 at 0.80 to 0.95 at 0.90): the axial
// motion in the stagnation region hardly depends on the distance from the axis (Hiemenz flow).
//
// Why the layer lifts the cut, and why it still rises with Re. Along the axis a particle
// obeys τ ξ'' + ξ' = u(ξ) (ξ the gap). In the inviscid stagnation flow u = −a ξ it reaches the plate
// only when τ a > 1/4 (tracking.test.ts). In the viscous one, u = −√(aν) f(η), η = ξ √(a/ν)
// (similarity.ts), the only parameters are τ a and the start η₀; its threshold (RK4 from η₀ at the
// fluid's velocity, f continued as η − 0.648 beyond η 12) is 0.522 / 0.434 / 0.401 / 0.377 / 0.360 /
// 0.342 / 0.322 / 0.288 at η₀ 5 / 10 / 15 / 22 / 31 / 50 / 100 / 1000: a particle below the inviscid
// threshold nears the plate ever more slowly and meets the layer with too little speed, and the lift
// falls only logarithmically with Re. The flow's strain a = max(−∂u/∂x) next to the axis
// (`axialStrain`) is 1.096 / 0.999 / 0.953 U/W at Re 250 / 500 / 1 000 (the throat's boundary
// layers thin and the exit profile flattens: centreline 1.096 / 1.054 / 1.029 U), the same within
// 0.8 % with the free-slip plate, so the layer does not change the flow, only the particles' last
// approach. The cuts 0.842 / 0.862 / 0.876 (Re 1 000 unsteady, stopped mid-oscillation) are τ a =
// Stk (a W/U) / 2 = 0.388 / 0.371 / 0.366: they fall with Re, as a thinner layer should, and lie
// within 1.6 % of the viscous threshold at η₀ = W √(a/ν) (0.395 / 0.377 / 0.361; the start one slot
// width from the plate is our choice, not derived). √Stk50 rises only because a falls, faster. Free-slip
// plate: 0.754 / 0.792 / 0.815, τ a 0.314 / 0.315 / 0.317, constant (no layer; above 1/4 because the
// strain is not uniform over the approach). Round (a the axial strain 2.14 / 2.01 U/D at Re 1 000 /
// 3 000): 0.522 / 0.536, τ a 0.291 / 0.289, the same mechanism.
// Checked on the way (Re 500): the axis profile u(ξ) next to the plate follows Hiemenz's within 8 % at
// ξ 0.016 W and 2.5 % at 0.028 W (a from above), but the wall cell's centre value (ξ 0.005 W) is 0.4
// of it; the sampler makes u linear in ξ between that centre and the plate, where continuity makes
// it quadratic, so its streamlines end on the plate: near-axis particles below the cut creep along the
// plate at ξ ≈ 0.003-0.005 W and are caught at y ≈ 3.6 W (stratum y₀ 0.006 W: caught from √Stk 0.836,
// against 0.872 for a particle exactly on the axis; strata at y₀ 0.13 / 0.26 / 0.38 / 0.48 W: 0.855 /
// 0.863 / 0.873 / 0.925). That errs towards capture (it lowers the cut); making u quadratic there
// moved the cuts up (slot 0.862 → 0.868, round 0.522 → 0.535) but left those particles stalled at ξ ≈
// 1e-13 W as "lost" (the discrete field still drifts them in), so it was not kept. Step control:
// above the cut a particle crosses the last cells with τ|v|/ξ > 1 (ballistic), below it τ|v|/ξ falls
// to 0.01 (it moves with the fluid); neither depends on the step (fraction 0.1 → 0.02: 0.865).
// So the gap to Marple's band is physical for this configuration: his √Stk50 0.77 with our a ≈ 1.0 U/W
// is τ a = 0.296, which the viscous threshold reaches only at η₀ ≈ 450 (Re ≈ 2·10⁵); in a laminar
// impactor it needs a ≈ 1.27 U/W (τ a 0.377 at Re 500), i.e. a more peaked exit profile (T/W 3 gives
// 0.78 here) or a smaller S/W, or his flow did not resolve the plate's layer. Which, only his
// configuration would tell: a search of the stored pages, docs and code (Marple & Liu 1974, Marple &
// Willeke 1976, Hinds, Rader & Marple 1985, Huang & Tsai, impactor CFD repositories; S/W, T/W, Re on W
// or 2W, inlet profile) found no readable statement of it (the Florida notes' "meeting the recommended
// design criteria", Romay & García-Ruiz 2023's round-nozzle review and the abstract of a NIOSH chapter
// "Theory and Design Guidelines", 1986, on onemine.org, only), so the slot case is reported as a documented deviation: the product's answer stands, and the
// configuration is not fitted to the band.

import { describe, expect, it } from 'vitest';
import { recordCase } from '../../../../test/verification/report/record.js';
import { joinAxes, uniformAxis } from '../grid/axes.js';
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

/** The strain of the stagnation flow, max(−∂u/∂x) along the first row of cells off the axis within W/2 of the plate (1/s). */
function axialStrain(solver: FlowSolver, plateX: number): number {
  const { x, stride, nx } = solver.grid;
  let strain = 0;
  for (let i = 1; i < nx; i++) {
    if (x.node[i]! < plateX - W / 2) continue;
    strain = Math.max(strain, -(solver.u[i + 1 + stride]! - solver.u[i + stride]!) / (x.node[i + 1]! - x.node[i]!));
  }
  return strain;
}

/** √Stk at 50 % impaction (bisection on √Stk between 0.2 and 1.5). */
async function sqrtStk50(options: ImpactorOptions & { count: number }): Promise<number> {
  return (await impactorCut(options)).cut;
}

/** √Stk50, and the flow's strain a W/U. */
async function impactorCut(options: ImpactorOptions & { count: number }): Promise<{ cut: number; strain: number }> {
  const { solver, velocity } = await impactorFlow(options);
  const strain = (axialStrain(solver, options.spacing * W) * W) / velocity;
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
  return { cut: 0.5 * (lo + hi), strain };
}

describe('particle capture in an impactor (Marple)', () => {
  it('round jet, S/W = 1, Re 1 000: √Stk50 = 0.49 ± 0.05', async () => {
    const cut = await sqrtStk50({ nozzle: 'round', spacing: 1, reynolds: 1000, fine: false, count: 100 });
    const error = recordCase({
      id: 'jet.impactor.round.sqrt-stk50',
      model: 'jet-rans-2d',
      kind: 'validation',
      compared: '√Stk50 of a round impactor, S/W 1, Re 1 000, laminar, coarse grid, 100 particles',
      reference: 'Marple & Willeke 1976 (Hinds, Aerosol Technology, 2nd ed., §5.5): 0.49 ± 0.05',
      value: cut,
      reference_value: 0.49,
      error_kind: 'absolute',
      tolerance: 0.05,
    });
    expect(error).toBeLessThan(0.05);
  }, 60_000);

  it('slot jet, S/W = 1.5, Re 500: the plate’s boundary layer lifts √Stk50 above Marple’s band (the diagnosis in the header)', async () => {
    const slot = { nozzle: 'slot', spacing: 1.5, reynolds: 500, fine: false, count: 40 } as const;
    const [wall, slip] = [await sqrtStk50(slot), await sqrtStk50({ ...slot, slipPlate: true })];
    // Measured 0.862 and 0.792 with 40 particles (the bisection resolves 1.3e-3).
    const reference = 'Marple & Willeke 1976 (Hinds, Aerosol Technology, 2nd ed., §5.5): 0.77 ± 0.08';
    recordCase({
      id: 'jet.impactor.slot.sqrt-stk50',
      model: 'jet-rans-2d',
      kind: 'validation',
      compared: '√Stk50 of a slot impactor, S/W 1.5, Re 500, laminar, the plate a no-slip wall (the product), coarse grid, 40 particles',
      reference,
      value: wall,
      reference_value: 0.77,
      error_kind: 'absolute',
      tolerance: 0.08,
      deviation:
        'The plate’s viscous boundary layer slows the particles’ last approach: with the plate free-slip the same flow gives 0.79, inside the band. ' +
        'Grid, time step, domain and capture rule move it by < 0.01; Marple’s configuration (throat length, inlet profile, Re) is not stated in a source we could read, so the case is not fitted to the band.',
    });
    const slipError = recordCase({
      id: 'jet.impactor.slot.sqrt-stk50-free-slip',
      model: 'jet-rans-2d',
      kind: 'validation',
      compared: '√Stk50 of the same slot impactor with the plate free-slip (no boundary layer on it): the diagnosis of the no-slip deviation',
      reference,
      value: slip,
      reference_value: 0.77,
      error_kind: 'absolute',
      tolerance: 0.08,
    });
    expect(slipError).toBeLessThan(0.08);
    expect(wall - slip).toBeGreaterThan(0.04);
    // The deviation is pinned: a change of the flow or the tracking that moves the no-slip cut shows here.
    expect(Math.abs(wall - 0.862)).toBeLessThan(0.01);
  }, 60_000);

  it('slot jet, Re 250 → 500: √Stk50 rises only because the strain falls; the critical τ a falls (a thinner layer)', async () => {
    const slot = { nozzle: 'slot', spacing: 1.5, fine: false, count: 40 } as const;
    const [low, high] = [await impactorCut({ ...slot, reynolds: 250 }), await impactorCut({ ...slot, reynolds: 500 })];
    // τ a = Stk · (a W/U) / 2 (Stk = 2 τ U / W). Measured: √Stk50 0.842 / 0.862, a W/U 1.096 / 0.999, τ a 0.388 / 0.371.
    const tauStrain = (c: { cut: number; strain: number }): number => (c.cut * c.cut * c.strain) / 2;
    expect(high.cut).toBeGreaterThan(low.cut);
    expect(high.strain).toBeLessThan(low.strain);
    expect(tauStrain(high)).toBeLessThan(tauStrain(low));
    // Above the inviscid threshold 1/4 in both: the viscous layer's lift (the header's table: 0.38-0.40 at η₀ 16-22).
    expect(tauStrain(high)).toBeGreaterThan(0.25);
  }, 60_000);


  describe.runIf(FULL)('default grading, 400 particles', () => {
    it('round jet within Marple’s band', async () => {
      const cut = await sqrtStk50({ nozzle: 'round', spacing: 1, reynolds: 1000, fine: true, count: 400 });
      expect(Math.abs(cut - 0.49)).toBeLessThan(0.05);
    }, 600_000);
  });
});
