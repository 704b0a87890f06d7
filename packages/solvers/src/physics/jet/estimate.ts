// metamodel_estimate_v2 for the jet types: Martin's (1977) correlations for the average Nusselt number
// of a single nozzle, and Marple's 50 % cut Stokes number for the particle types; properties at the
// film temperature (the solver's). [RECALLED]: quoted from memory (Incropera et al., Fundamentals of
// Heat and Mass Transfer, 6th ed., section 7.7, which reproduces Martin; Hinds, Aerosol Technology,
// 2nd ed., section 5.5, which reproduces Marple), to be checked against the sources.
//
//   round:  Nu_D / Pr^0.42 = G(r/D, H/D) · 2 Re^½ (1 + 0.005 Re^0.55)^½,
//           G = (D/r)(1 − 1.1 D/r) / (1 + 0.1 (H/D − 6) D/r),
//           valid 2 000 ≤ Re ≤ 400 000, 2 ≤ H/D ≤ 12, 2.5 ≤ r/D ≤ 7.5
//   slot:   Nu_{2W} / Pr^0.42 = 3.06 / (x/W + H/W + 2.78) · Re_{2W}^m,
//           m = 0.695 − [x/(2W) + (H/(2W))^1.33 + 3.06]^−1, Re and Nu on the hydraulic diameter 2W,
//           valid 3 000 ≤ Re_{2W} ≤ 90 000, 2 ≤ H/W ≤ 10, 4 ≤ x/W ≤ 20
//   impaction: 50 % collected at √Stk50 = 0.49 (round) or 0.77 (rectangular), for impactor jets with
//           500 ≤ Re ≤ 3 000 and a nozzle-to-plate distance of at least 1 (round) or 1.5 (slot)
//           nozzle widths (Marple & Willeke 1976)
// The expected run time is the measured cost of the RANS solver (bench/jet-defaults.ts, CPU time of one
// core), plus the particle tracking (~2 ms per particle).
// Turbulent jets on the flat plate or on a ridge's terrain-following (σ) grid (the product's, docs/adr/0021)
// run at 0.9 / 0.8 under-relaxation (impinging-jet.ts), where the iterations grow slowly with the grid:
// measured coarse / default / fine, flat 480 / 776 / 710 iterations on 2 400 / 5 332 / 12 093 cells,
// 2.6 / 6.9 / 12.4 s of CPU (2.3 / 1.7 / 1.4 µs per cell iteration); σ ridge 602 / 971 / 871 on
// 2 976 / 9 176 / 22 446 cells (the reference axes' nx × ny), 3.4 / 15.5 / 40.0 s (1.9 / 1.7 / 2.0 µs;
// a σ cell iteration costs more: the deferred non-orthogonal parts, Gauss gradients, one
// non-orthogonal p′ corrector). The model: 75 N^¼ iterations at 1.64 µs flat, 90 N^¼ at 1.72 µs on σ
// (within 0.79–1.26 of each measurement). Those runs were on a machine about 1.5× slower than the one
// of the figures below (the C kernel of bench/conduction-kernel.ts at 225 against 345 M cell updates/s).
// A wider domain adds slow outer flow: coarse, R = 8 / 16 / 32 D, flat 480 / 748 / 860 iterations on
// 2 400 / 3 936 / 7 008 cells, σ ridge 598 / 628 / 630 on 2 976 / 4 512 / 7 584. The model multiplies
// by (R / 8 D)^¼ beyond 8 D (flat 625 and 970 against 748 and 860; on the ridge 790 and 1 185 against
// 628 and 630, on the safe side) and never exceeds the iteration limit: a domain far beyond the
// measured ones (10 m for a 20 mm nozzle) is planned at the limit rather than extrapolated below it.
// Laminar jets and ridges of blocked cells keep 0.7 / 0.7: about 16 √N iterations for N cells when
// turbulent, half that when laminar, at about 1.3 µs per cell iteration; a ridge of 128 staircase steps
// (the fine preset) takes twice the iterations per √N of one of 16-64 steps: measured iterations/√N,
// round coarse/default/fine 12.1 / 14.8 / 15.2 at 0.7 (592, 1 079, 1 670 on 2 400, 5 332, 12 093
// cells); ridge at 16 / 64 / 128 steps 11.8 / 13.6 / 24.4 (688, 1 754, 5 510 on 3 410, 16 576, 51 084
// cells), and with the coarse grading at 32 / 64 / 128 steps 7.4 / 7.5 / 15.5. Measured CPU: round
// 2.2 / 7.7 / 35.6 s, ridge 3.3 / 40-50 / 478 s. A laminar σ ridge: 6 √N iterations at 2.5 µs (the
// staircase's laminar-to-turbulent ratio, not measured on σ).

import { estimateResult, validityCheck } from '../../run/estimate-result.js';
import type { EstimateResult, ScalarResult, ValidityCheck, WorkPlan } from '../../run/types.js';
import { lower, raise, workByMesh, workPlan } from '../../run/work-plan.js';
import { MAX_OUTER_ITERATIONS } from './impinging-jet.js';
import { JET_MESH_PRESETS, jetGridPlan } from './model/flow-case.js';
import { MESH_PRESETS, type JetCase, type JetMeshPreset } from './model/parameters.js';
import { particleSlip } from './particles/setup.js';
import { MAX_TERRAIN_SLOPE_DEGREES } from './grid/terrain-grid.js';
import { stokesNumber } from './particles/drag.js';

/** An upper bound that survives JSON (Infinity would become null and fail the response schema). */
const UNBOUNDED = 1e12;

export const MARTIN_ROUND_VALIDITY = { reynolds: [2000, 400_000], hOverD: [2, 12], rOverD: [2.5, 7.5] } as const;
export const MARTIN_SLOT_VALIDITY = { reynolds: [3000, 90_000], hOverW: [2, 10], xOverW: [4, 20] } as const;
export const MARPLE_SQRT_STK50 = { round: 0.49, slot: 0.77 } as const;
export const MARPLE_VALIDITY = { reynolds: [500, 3000], hOverW: { round: 1, slot: 1.5 } } as const;

const SECONDS_PER_CELL_ITERATION = 1.3e-6;
const ITERATIONS_PER_SQRT_CELL = { laminar: 8, turbulent: 16 } as const;
/** Ridge steps beyond which the iterations per √N grow in proportion to the steps. */
const RIDGE_STEPS_AT_BASE_ITERATIONS = 64;
const SECONDS_PER_PARTICLE = 2e-3;
const TERRAIN_LAMINAR_SECONDS_PER_CELL_ITERATION = 2.5e-6;
const TERRAIN_LAMINAR_ITERATIONS_PER_SQRT_CELL = 6;
/** The default domain's radius in nozzle diameters (0.16 m for 20 mm), where the presets were measured. */
const PRESET_DOMAIN_DIAMETERS = 8;
/** Turbulent jets on the flat plate and on σ ridges: iterations per N^¼ (N cells), and seconds per cell iteration. */
const TURBULENT = { flat: { iterationsPerQuarterPower: 75, seconds: 1.64e-6 }, terrain: { iterationsPerQuarterPower: 90, seconds: 1.72e-6 } } as const;

/** Martin's average Nusselt number of a round nozzle within r (based on D). */
export function martinRound(options: { reynolds: number; prandtl: number; hOverD: number; rOverD: number }): number {
  const { reynolds, prandtl, hOverD, rOverD } = options;
  const g = ((1 / rOverD) * (1 - 1.1 / rOverD)) / (1 + (0.1 * (hOverD - 6)) / rOverD);
  return g * 2 * Math.sqrt(reynolds) * Math.sqrt(1 + 0.005 * reynolds ** 0.55) * prandtl ** 0.42;
}

/** Martin's average Nusselt number of a slot within ±x (based on the hydraulic diameter 2W; Re on 2W too). */
export function martinSlot(options: { reynolds2W: number; prandtl: number; hOverW: number; xOverW: number }): number {
  const { reynolds2W, prandtl, hOverW, xOverW } = options;
  const m = 0.695 - 1 / (xOverW / 2 + (hOverW / 2) ** 1.33 + 3.06);
  return (3.06 / (xOverW + hOverW + 2.78)) * reynolds2W ** m * prandtl ** 0.42;
}

const check = (quantity: string, [min, max]: readonly [number, number], value: number): ValidityCheck => validityCheck(quantity, min, max, value);

/**
 * Bytes per cell of a RANS run (the flow, turbulence and temperature fields, their coefficients, the
 * face fluxes and geometry, the multigrid levels, the result fields), and per tracked particle (its
 * path samples); measured (bench: JET_* coarse and default, peak heap + array buffers over the cells).
 */
export const JET_BYTES_PER_CELL = 2500;
const BYTES_PER_PARTICLE = 20e3;
const CELL_FIELDS = [lower('mesh_size'), lower('domain_radius'), lower('nozzle_to_plate_distance'), raise('nozzle.diameter'), lower('reynolds_number')];

/** Cells of a case's grid (planned without its geometry; on a σ grid the reference axes' nx × ny). */
export function jetCellCount(jet: JetCase): number {
  const plan = jetGridPlan(jet);
  return (plan.xFaces.length - 1) * (plan.yFaces.length - 1);
}

/** The work of a jet run: its grid's cells, at most MAX_OUTER_ITERATIONS outer iterations. */
export function jetWork(jet: JetCase): WorkPlan {
  const plan = jetGridPlan(jet);
  const cells = (plan.xFaces.length - 1) * (plan.yFaces.length - 1);
  return workPlan({
    cells,
    steps: MAX_OUTER_ITERATIONS,
    bytesPerCell: JET_BYTES_PER_CELL,
    extraBytes: jet.particles ? BYTES_PER_PARTICLE * jet.particles.count : 0,
    seconds: expectedJetRuntime(jet, plan),
    cellFields: jet.particles ? [...CELL_FIELDS, lower('particles.count')] : CELL_FIELDS,
    stepFields: [],
  });
}

export function expectedJetRuntime(jet: JetCase, plan = jetGridPlan(jet)): number {
  const cells = (plan.xFaces.length - 1) * (plan.yFaces.length - 1);
  const particles = jet.particles ? SECONDS_PER_PARTICLE * jet.particles.count : 0;
  const terrain = plan.ridgeGrid?.kind === 'terrain';
  if (jet.flowModel === 'turbulent' && (terrain || !jet.ridge)) {
    const { iterationsPerQuarterPower, seconds } = TURBULENT[terrain ? 'terrain' : 'flat'];
    // A wider domain adds slow outer flow, the iteration's slowest part: × (R / 8 D)^¼ beyond the presets' 8 D.
    const domain = Math.max(1, jet.domainRadius / (PRESET_DOMAIN_DIAMETERS * jet.diameter)) ** 0.25;
    const iterations = Math.min(MAX_OUTER_ITERATIONS, iterationsPerQuarterPower * cells ** 0.25 * domain);
    return seconds * cells * iterations + particles;
  }
  if (terrain) return TERRAIN_LAMINAR_SECONDS_PER_CELL_ITERATION * cells * TERRAIN_LAMINAR_ITERATIONS_PER_SQRT_CELL * Math.sqrt(cells) + particles;
  const steps = jet.ridge ? JET_MESH_PRESETS[jet.mesh].ridgeSteps : 0;
  const iterations = ITERATIONS_PER_SQRT_CELL[jet.flowModel] * Math.sqrt(cells) * Math.max(1, steps / RIDGE_STEPS_AT_BASE_ITERATIONS);
  return SECONDS_PER_CELL_ITERATION * cells * iterations + particles;
}

export function estimateJet(jet: JetCase): EstimateResult {
  const { properties, diameter: D, distance: H } = jet;
  const prandtl = (properties.viscosity * properties.specificHeat) / properties.conductivity;
  const results: Record<string, ScalarResult> = {
    reynolds_number: { value: jet.reynoldsNumber, unit: '', label: 'Reynolds number (nozzle diameter or slot width, film temperature)' },
    jet_velocity: { value: jet.velocity, unit: 'm/s', label: 'Mean jet velocity' },
    prandtl_number: { value: prandtl, unit: '', label: 'Prandtl number (film temperature)' },
  };
  const validity: ValidityCheck[] = [];
  const models: string[] = [];
  if (jet.nozzle === 'round') {
    const rOverD = jet.averageRadius / D;
    const nu = martinRound({ reynolds: jet.reynoldsNumber, prandtl, hOverD: H / D, rOverD });
    results['average_nusselt'] = { value: nu, unit: '', label: `Average Nusselt number within r = ${fmt(jet.averageRadius)} m (Martin 1977, based on D)` };
    results['average_heat_transfer_coefficient'] = { value: (nu * properties.conductivity) / D, unit: 'W/(m²·K)', label: 'Average heat transfer coefficient (Martin 1977)' };
    validity.push(check('reynolds_number', MARTIN_ROUND_VALIDITY.reynolds, jet.reynoldsNumber), check('h_over_d', MARTIN_ROUND_VALIDITY.hOverD, H / D), check('average_radius_over_d', MARTIN_ROUND_VALIDITY.rOverD, rOverD));
    models.push('Martin (1977) single round nozzle');
  } else {
    const W = D;
    const reynolds2W = 2 * jet.reynoldsNumber;
    const xOverW = jet.averageRadius / W;
    const nu = martinSlot({ reynolds2W, prandtl, hOverW: H / W, xOverW });
    results['average_nusselt'] = { value: nu, unit: '', label: `Average Nusselt number within x = ${fmt(jet.averageRadius)} m (Martin 1977, based on the hydraulic diameter 2W)` };
    results['average_heat_transfer_coefficient'] = { value: (nu * properties.conductivity) / (2 * W), unit: 'W/(m²·K)', label: 'Average heat transfer coefficient (Martin 1977)' };
    validity.push(check('reynolds_number_2w', MARTIN_SLOT_VALIDITY.reynolds, reynolds2W), check('h_over_w', MARTIN_SLOT_VALIDITY.hOverW, H / W), check('average_radius_over_w', MARTIN_SLOT_VALIDITY.xOverW, xOverW));
    models.push('Martin (1977) single slot nozzle');
  }
  if (jet.ridge) {
    // Which grid the run will give the ridge: the user sees before running whether its faces will be
    // wall-resolved (the σ grid) or a staircase (faces steeper than MAX_TERRAIN_SLOPE_DEGREES, vertical
    // faces, overhangs).
    const ridgeGrid = jetGridPlan(jet).ridgeGrid;
    const terrain = ridgeGrid?.kind === 'terrain';
    const why = ridgeGrid?.kind === 'blocked' ? `${ridgeGrid.reason}; ` : '';
    results['ridge_grid'] = {
      value: terrain ? 'terrain-following, faces wall-resolved' : 'staircase, faces under-resolved',
      unit: '',
      label: terrain
        ? 'Grid of the ridge in the simulation: terrain-following, its faces wall-resolved (first cells at the plate’s wall-cell size)'
        : `Grid of the ridge in the simulation: a blocked-cell staircase whose first cells are a step high (${why}the terrain-following grid takes faces up to ${MAX_TERRAIN_SLOPE_DEGREES}°)`,
    };
    validity.push({ quantity: 'ridge_height', min: 0, max: 0, value: jet.ridge.height, inside: false });
    models.push('(a flat-plate correlation: the ridge is outside it)');
  }
  if (jet.particles) {
    const q = jet.particles;
    const slip = particleSlip(jet, q.diameter);
    const stk = stokesNumber({ particleDensity: q.density, diameter: q.diameter, slip, viscosity: properties.viscosity, velocity: jet.velocity, nozzle: D });
    const stk50 = MARPLE_SQRT_STK50[jet.nozzle] ** 2;
    results['stokes_number'] = { value: stk, unit: '', label: 'Stokes number ρ_p d² C_c U / (9 μ D)' };
    results['sqrt_stokes_number'] = { value: Math.sqrt(stk), unit: '', label: '√Stk' };
    results['stk50'] = { value: stk50, unit: '', label: `Stokes number of 50 % capture (Marple: √Stk50 = ${MARPLE_SQRT_STK50[jet.nozzle]})` };
    results['cut_diameter'] = { value: cutDiameter(jet, stk50), unit: 'm', label: 'Particle diameter captured at 50 % (d50, Marple)' };
    results['expected_capture'] = {
      value: stk >= stk50 ? 'above the cut (mostly captured)' : 'below the cut (mostly carried past)',
      unit: '',
      label: 'Expected capture on the plate (against Marple’s 50 % cut)',
    };
    validity.push(check('impactor_reynolds_number', MARPLE_VALIDITY.reynolds, jet.reynoldsNumber), { quantity: 'h_over_w_impactor', min: MARPLE_VALIDITY.hOverW[jet.nozzle], max: UNBOUNDED, value: H / D, inside: H / D >= MARPLE_VALIDITY.hOverW[jet.nozzle] });
    models.push('Marple & Willeke (1976) Stk50');
  }
  return estimateResult(
    `metamodel_estimate_v2: ${models.join(', ')}; properties of ${jet.fluid.label} at the film temperature ${fmt(jet.filmTemperature)} K`,
    results,
    validity,
    workByMesh(MESH_PRESETS, jet.mesh, (mesh: JetMeshPreset) => jetWork({ ...jet, mesh })),
  );
}

/** The diameter whose Stokes number is stk50 (fixed point on the slip correction). */
function cutDiameter(jet: JetCase, stk50: number): number {
  const q = jet.particles!;
  let d = Math.sqrt((9 * jet.properties.viscosity * jet.diameter * stk50) / (q.density * jet.velocity));
  for (let k = 0; k < 50; k++) d = Math.sqrt((9 * jet.properties.viscosity * jet.diameter * stk50) / (q.density * jet.velocity * particleSlip(jet, d)));
  return d;
}

function fmt(value: number): string {
  return String(Number(value.toPrecision(4)));
}
