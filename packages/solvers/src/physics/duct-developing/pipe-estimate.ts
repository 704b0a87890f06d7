// metamodel_estimate_v2 for CIRCULAR_PIPE: the same correlations as the solver (Colebrook-White,
// 64/Re, Gnielinski, 3.66/4.364) evaluated once with properties at the mean bulk temperature
// (Incropera's textbook practice), the outlet temperature from the closed-form energy balance over
// the whole length, and no marching. Labelled an estimate; the solver marches with local properties.

import { estimateResult, validityCheck } from '../../run/estimate-result.js';
import { OutOfRangeError } from '../../errors.js';
import type { FluidState } from '../../materials/fluid.js';
import type { EstimateResult, ScalarResult, ValidityCheck } from '../../run/types.js';
import { GNIELINSKI_VALIDITY, hydrodynamicEntranceLength, thermalEntranceLength } from '../duct-1d/heat-transfer.js';
import { localFlow, pipeGeometry, STANDARD_GRAVITY, type LocalFlow, type PipeGeometry } from '../duct-1d/march.js';
import { MAX_RELATIVE_ROUGHNESS, type PipeCase } from '../duct-1d/parameters.js';
import { LAMINAR_REYNOLDS_LIMIT, TURBULENT_REYNOLDS_LIMIT } from '../duct-1d/regime.js';
import type { DevelopingDuctCase } from './parameters.js';
import { developingWork } from './developing-runtime.js';
import { lower, workPlan } from '../../run/work-plan.js';

/**
 * Measured cost of the full solver on the development machine (Node 20, one core): a first run in a
 * fresh process spends ~0.05 s compiling; then ~1e-4 s per segment with IAPWS water (about 5
 * fixed-point iterations of two property evaluations each) and ~2e-5 s with air or a user fluid.
 */
const SOLVER_FIXED_SECONDS = 0.05;
const SOLVER_SECONDS_PER_SEGMENT: Readonly<Record<string, number>> = { water: 1e-4, air: 2e-5, custom: 2e-5 };
/** Fully developed correlations are trusted when the entrance region is at most this share of the pipe. */
const MAX_ENTRANCE_SHARE = 0.1;

function outletTemperature(pipe: PipeCase, flow: LocalFlow, state: FluidState, geometry: PipeGeometry): number {
  const capacityRate = geometry.massFlowRate * state.specificHeat;
  const area = geometry.perimeter * pipe.length;
  switch (pipe.wall.condition) {
    case 'adiabatic':
      return pipe.inletTemperature;
    case 'temperature':
      return pipe.wall.temperature - (pipe.wall.temperature - pipe.inletTemperature) * Math.exp((-flow.heatTransferCoefficient * area) / capacityRate);
    case 'heat_flux':
      return pipe.inletTemperature + (pipe.wall.heatFlux * area) / capacityRate;
  }
}

export function estimateCircularPipe(pipe: PipeCase): EstimateResult {
  const inlet = pipe.fluid.state(pipe.inletTemperature, pipe.inletPressure);
  const geometry = pipeGeometry({ ...pipe, segments: 1 }, inlet.density);
  const range = pipe.fluid.temperatureRange;
  const clamp = (t: number): number => Math.min(range.max, Math.max(range.min, t));

  // Outlet temperature with inlet properties, then once more with properties at the mean temperature.
  let outlet = outletTemperature(pipe, localFlow(inlet, pipe, geometry), inlet, geometry);
  let state = inlet;
  let flow = localFlow(inlet, pipe, geometry);
  try {
    state = pipe.fluid.state(clamp((pipe.inletTemperature + outlet) / 2), pipe.inletPressure);
  } catch (error) {
    if (!(error instanceof OutOfRangeError)) throw error;
  }
  flow = localFlow(state, pipe, geometry);
  outlet = outletTemperature(pipe, flow, state, geometry);

  const velocity = pipe.flowRate / geometry.area;
  const pressureDrop =
    (flow.frictionFactor * pipe.length * geometry.massFlux * geometry.massFlux) / (2 * state.density * pipe.diameter) + state.density * STANDARD_GRAVITY * pipe.elevationChange;
  const heat = pipe.wall.condition === 'heat_flux' ? pipe.wall.heatFlux * geometry.perimeter * pipe.length : geometry.massFlowRate * state.specificHeat * (outlet - pipe.inletTemperature);
  const entrance = hydrodynamicEntranceLength(flow.reynolds, pipe.diameter);
  const heated = pipe.wall.condition !== 'adiabatic';

  const at = 'at the mean bulk temperature';
  const results: Record<string, ScalarResult> = {
    reynolds_number: { value: flow.reynolds, unit: '', label: `Reynolds number (${at})` },
    flow_regime: { value: flow.regime, unit: '', label: `Flow regime (${at})` },
    friction_factor: { value: flow.frictionFactor, unit: '', label: `Darcy friction factor (${at})` },
    pressure_drop: { value: pressureDrop, unit: 'Pa', label: 'Pressure drop (friction and elevation)' },
    mean_velocity: { value: velocity, unit: 'm/s', label: 'Mean velocity (inlet)' },
    entrance_length: { value: entrance, unit: 'm', label: 'Hydrodynamic entrance length' },
    nusselt_number: { value: flow.nusselt, unit: '', label: `Nusselt number (fully developed, ${at})` },
    outlet_temperature: { value: outlet, unit: 'K', label: 'Outlet bulk temperature' },
    heat_transfer_rate: { value: heat, unit: 'W', label: 'Heat transfer rate into the fluid' },
  };

  const validity: ValidityCheck[] = [];
  if (flow.regime === 'laminar') validity.push(validityCheck('reynolds_number', 0, LAMINAR_REYNOLDS_LIMIT, flow.reynolds));
  else validity.push(validityCheck('reynolds_number', TURBULENT_REYNOLDS_LIMIT, heated ? GNIELINSKI_VALIDITY.reynolds.max : 1e8, flow.reynolds));
  if (heated && flow.regime !== 'laminar') validity.push(validityCheck('prandtl_number', GNIELINSKI_VALIDITY.prandtl.min, GNIELINSKI_VALIDITY.prandtl.max, flow.prandtl));
  validity.push(validityCheck('relative_roughness', 0, MAX_RELATIVE_ROUGHNESS, pipe.roughness / pipe.diameter));
  validity.push(validityCheck('outlet_temperature', range.min, range.max, outlet));
  validity.push(validityCheck('entrance_length_ratio', 0, MAX_ENTRANCE_SHARE, entrance / pipe.length));
  if (heated) validity.push(validityCheck('thermal_entrance_length_ratio', 0, MAX_ENTRANCE_SHARE, thermalEntranceLength(flow.reynolds, flow.prandtl, pipe.diameter) / pipe.length));

  const seconds = SOLVER_FIXED_SECONDS + (SOLVER_SECONDS_PER_SEGMENT[pipe.fluid.id] ?? 1e-4) * pipe.segments;
  const friction = flow.regime === 'laminar' ? '64/Re' : flow.regime === 'turbulent' ? 'Colebrook-White' : '64/Re-Colebrook-White interpolation';
  const heatModel = !heated ? '' : flow.regime === 'laminar' ? (pipe.wall.condition === 'heat_flux' ? ' + Nu 4.364' : ' + Nu 3.66') : flow.regime === 'turbulent' ? ' + Gnielinski' : ' + laminar-Gnielinski interpolation';
  return estimateResult(`metamodel_estimate_v2: ${friction}${heatModel}, fully developed, properties of ${pipe.fluid.label} ${at}`, results, validity, {
    expected_runtime_seconds: seconds,
    // The march keeps each segment's state and series: a few hundred bytes a segment.
    work: workPlan({ cells: pipe.segments, steps: pipe.segments, bytesPerCell: 400, seconds, cellFields: [lower('n_segments')], stepFields: [lower('n_segments')] }),
  });
}

/**
 * The estimate of a CIRCULAR_PIPE run with the developing-flow model: the same fully developed
 * correlations (the validity checks say when the entrance region is too long a share of the pipe
 * for them), and the developing solver's run time.
 */
export function estimateDevelopingPipe(pipe: PipeCase, duct: DevelopingDuctCase): EstimateResult {
  const fullyDeveloped = estimateCircularPipe(pipe);
  const work = developingWork(duct);
  return { ...fullyDeveloped, expected_runtime_seconds: work.seconds, work };
}
