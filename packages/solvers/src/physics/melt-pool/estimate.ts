// metamodel_estimate_v2 for the four melt-pool types (simulations.md, "Fast estimates"): the laser's
// melt pool from Rosenthal's point source (width) and Eagar–Tsai's travelling Gaussian (width, depth,
// length), with the library's properties averaged from the preheat to the solidus, and the normalised
// enthalpy with its regime (King et al. 2014). Both closed forms assume a semi-infinite body in the
// conduction regime, quasi-steady, without latent heat, melt flow or the plasma arc; the validity list
// says where the case leaves that. The expected run time follows the model's own mesh plan (cells ×
// explicit steps) at the measured throughput of the conduction core.

import { estimateResult, validityCheck } from '../../run/estimate-result.js';
import { thickPlateFusionHalfWidth } from '../welding/analytic/rosenthal.js';
import type { MeltPoolCase } from './model/parameters.js';
import { MESH_PRESETS } from './model/parameters.js';
import { planMeltPool, type MeltPoolPlan } from './model/plan.js';
import { meanProperties } from './analytic/normalized-enthalpy.js';
import type { EstimateResult, ScalarResult, ValidityCheck, WorkPlan } from '../../run/types.js';
import { lower, raise, workByMesh, workPlan } from '../../run/work-plan.js';

/**
 * Cell updates per second of the explicit melt-pool run (the whole step: conduction, properties with
 * the liquid enhancement, stability limit, enthalpy inversion), measured on the development machine
 * (bench: LASER_* default cases); plus a fixed cost for planning and the plate mechanics.
 */
export const MELT_POOL_CELL_UPDATES_PER_SECOND = 1.6e7;
const FIXED_SECONDS = 1;
/**
 * Bytes per cell of a melt-pool run: the thermal core's fields, coefficients and scratch (about 30
 * Float64 arrays), the peak-temperature field and the result frames; measured (LASER_RIGID_PLATE coarse and default: 28.1 and 45.4 MB on 64 400 and 103 488 cells, 440 B a cell;
 * and default, peak heap + array buffers over the cells).
 */
export const MELT_POOL_BYTES_PER_CELL = 550;
const CELL_FIELDS = [lower('mesh_size'), lower('laser.power'), lower('laser.track_length'), raise('laser.spot_radius')];
const STEP_FIELDS = [raise('laser.scan_speed'), lower('laser.track_length'), lower('mesh_size'), raise('laser.spot_radius')];

/** The work of a melt-pool run from its plan (plan.ts): cells × explicit steps. */
export function meltPoolWork(plan: Pick<MeltPoolPlan, 'cells' | 'steps'>): WorkPlan {
  return workPlan({
    cells: plan.cells,
    steps: plan.steps,
    bytesPerCell: MELT_POOL_BYTES_PER_CELL,
    seconds: FIXED_SECONDS + (plan.cells * plan.steps) / MELT_POOL_CELL_UPDATES_PER_SECOND,
    cellFields: CELL_FIELDS,
    stepFields: STEP_FIELDS,
  });
}

/** Semi-infinite body: the plate at least this many pool depths thick; quasi-steady: the track this many pool lengths. */
const MIN_THICKNESS_PER_DEPTH = 3;
const MIN_TRACK_PER_LENGTH = 2;
/** An upper bound that survives JSON (Infinity would become null). */
const UNBOUNDED = 1e12;

export function estimateMeltPool(c: MeltPoolCase): EstimateResult {
  const plan = planMeltPool(c);
  const properties = meanProperties(c.material, c.preheat);
  const pointHalfWidth = thickPlateFusionHalfWidth({ power: plan.absorbedPower, travelSpeed: c.laser.scanSpeed, ...properties, initialTemperature: c.preheat }, c.material.solidus);
  const gaussian = plan.analytic;
  const results: Record<string, ScalarResult> = {
    absorbed_power: { value: plan.absorbedPower, unit: 'W', label: 'Absorbed laser power A·P' },
    melt_pool_width: { value: gaussian.width, unit: 'm', label: 'Melt-pool width (Eagar–Tsai, Gaussian source)' },
    melt_pool_depth: { value: gaussian.depth, unit: 'm', label: 'Melt-pool depth (Eagar–Tsai, Gaussian source)' },
    melt_pool_length: { value: gaussian.length, unit: 'm', label: 'Melt-pool length (Eagar–Tsai, Gaussian source)' },
    rosenthal_width: { value: 2 * pointHalfWidth, unit: 'm', label: 'Melt-pool width (Rosenthal point source)' },
    normalized_enthalpy: { value: plan.enthalpy.value, unit: '', label: 'Normalised enthalpy ΔH/h_s (King et al. 2014)' },
    regime: { value: plan.regime, unit: '', label: 'Melting regime' },
    mean_conductivity: { value: properties.conductivity, unit: 'W/(m·K)', label: 'Conductivity used (mean from preheat to solidus)' },
  };
  if (plan.keyholeDepth !== undefined) results.keyhole_depth = { value: plan.keyholeDepth, unit: 'm', label: 'Keyhole depth (Gan et al. 2021)' };
  if (plan.plasmaPower > 0) results.plasma_power = { value: plan.plasmaPower, unit: 'W', label: 'Plasma arc power η·U·I (not in the closed forms)' };
  const check = (quantity: string, value: number, min: number, max: number): ValidityCheck => validityCheck(quantity, min, max, value);
  const validity: ValidityCheck[] = [
    check('normalized_enthalpy (conduction regime)', plan.enthalpy.value, 0, plan.enthalpy.transitionAt),
    check('plate thickness / pool depth (semi-infinite body)', c.plate.thickness / Math.max(gaussian.depth, 1e-12), MIN_THICKNESS_PER_DEPTH, UNBOUNDED),
    check('track length / pool length (quasi-steady pool)', c.laser.trackLength / Math.max(gaussian.length, 1e-12), MIN_TRACK_PER_LENGTH, UNBOUNDED),
  ];
  if (c.plasma) validity.push(check('plasma arc power η·U·I, W (the closed forms are laser-only)', plan.plasmaPower, 0, 0));
  return estimateResult(
    'Eagar–Tsai travelling Gaussian source and Rosenthal point source (semi-infinite body, mean properties); normalised enthalpy (Hann et al. 2011, King et al. 2014)',
    results,
    validity,
    workByMesh(MESH_PRESETS, c.meshSize, (preset) => meltPoolWork(preset === c.meshSize ? plan : planMeltPool({ ...c, meshSize: preset }, plan))),
  );
}
