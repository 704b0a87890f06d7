// metamodel_estimate_v2 for CIRCULAR_ANNULUS: fully developed correlations on the hydraulic
// diameter D_h = D_o − D_i with the properties at the inlet state (as the developing solver uses),
// the outlet temperature from the closed-form energy balance over the length, no marching.
//
// Laminar (Re ≤ 2300):
//   f·Re exact for the concentric annulus (Shah & London 1978; exact.ts);
//   Nu of the heated wall with the other insulated, uniform temperature or heat flux: the exact
//   fully developed ODE (exact.ts, `annulusOneSidedNusselt`; Incropera Table 8.2 to 3 digits).
// Turbulent (Re ≥ 4000), V. Gnielinski, "Heat transfer coefficients for turbulent flow in concentric
// annular ducts", Heat Transfer Eng. 30 (2009) 431-436:
//   Re* = Re·[(1 + a²)·ln a + 1 − a²] / [(1 − a)²·ln a]   (laminar-equivalent Reynolds number, a = D_i/D_o)
//   f   = Colebrook-White at Re* with roughness/D_h (smooth walls: Gnielinski's ξ = (1.8 log10 Re* − 1.5)⁻² within ~2 %)
//   Nu  = (ξ/8)·Re·Pr / (k1 + 12.7·√(ξ/8)·(Pr^(2/3) − 1))·F_ann,  k1 = 1.07 + 900/Re − 0.63/(1 + 10 Pr),
//   F_ann = 0.75·a^(−0.17) (inner wall heated, outer insulated), 0.9 − 0.15·a^0.6 (outer heated, inner insulated);
//   stated for 1e4 ≤ Re ≤ 1e6 and 0.1 ≤ Pr ≤ 1000; the mean over the length gains the factor 1 + (D_h/L)^(2/3).
// Between 2300 and 4000 every quantity is interpolated linearly in Re (duct-1d/regime.ts), unless the
// case forces a flow model. With both walls heated each wall takes its one-sided value: an
// approximation the validity list flags.

import { estimateResult, validityCheck } from '../../run/estimate-result.js';
import type { EstimateResult, ScalarResult, ValidityCheck } from '../../run/types.js';
import { colebrookFrictionFactor } from '../duct-1d/friction.js';
import { hydrodynamicEntranceLength, thermalEntranceLength } from '../duct-1d/heat-transfer.js';
import { STANDARD_GRAVITY } from '../duct-1d/march.js';
import { acrossRegimes, flowRegime, LAMINAR_REYNOLDS_LIMIT, TURBULENT_REYNOLDS_LIMIT, type FlowRegime } from '../duct-1d/regime.js';
import { annulusLaminarFrictionReynolds, annulusOneSidedNusselt, type AnnulusWall } from './exact.js';
import { crossSectionArea, hydraulicDiameter, innerRadius, outerRadius } from './grid.js';
import { MAX_RELATIVE_ROUGHNESS } from '../duct-1d/parameters.js';
import type { DevelopingDuctCase } from './parameters.js';
import type { WallThermal } from './problem.js';
import { developingWork } from './developing-runtime.js';

/** Gnielinski (2009): the range the annulus correlation was fitted in. */
export const GNIELINSKI_ANNULUS_VALIDITY = { reynolds: { min: 1e4, max: 1e6 }, prandtl: { min: 0.1, max: 1000 } } as const;
/** Fully developed correlations are trusted when the entrance region is at most this share of the duct. */
const MAX_ENTRANCE_SHARE = 0.1;
/** Runge-Kutta steps of the exact laminar Nusselt number (error ~1e-8 relative at 400). */
const EXACT_NUSSELT_STEPS = 400;

/** Gnielinski's laminar-equivalent Reynolds number of an annulus, a = D_i/D_o. */
export function laminarEquivalentReynolds(reynolds: number, a: number): number {
  const ln = Math.log(a);
  return (reynolds * ((1 + a * a) * ln + (1 - a) * (1 + a))) / ((1 - a) * (1 - a) * ln);
}

/** Gnielinski (2009) fully developed turbulent Nusselt number of one heated wall of an annulus, the other insulated. */
export function gnielinskiAnnulusNusselt(reynolds: number, prandtl: number, a: number, heated: AnnulusWall): number {
  const xi = (1.8 * Math.log10(laminarEquivalentReynolds(reynolds, a)) - 1.5) ** -2;
  const k1 = 1.07 + 900 / reynolds - 0.63 / (1 + 10 * prandtl);
  const fAnn = heated === 'inner' ? 0.75 * a ** -0.17 : 0.9 - 0.15 * a ** 0.6;
  return ((xi / 8) * reynolds * prandtl * fAnn) / (k1 + 12.7 * Math.sqrt(xi / 8) * (prandtl ** (2 / 3) - 1));
}

function laminarNusselt(a: number, wall: AnnulusWall, condition: WallThermal['condition']): number {
  return annulusOneSidedNusselt(a, wall, condition === 'heat_flux' ? 'heat_flux' : 'temperature', EXACT_NUSSELT_STEPS);
}

export function estimateCircularAnnulus(duct: DevelopingDuctCase): EstimateResult {
  const { problem, inletState: state } = duct;
  const { shape } = problem;
  const ri = innerRadius(shape);
  const ro = outerRadius(shape);
  const a = ri / ro;
  const dh = hydraulicDiameter(shape);
  const area = crossSectionArea(shape);
  const velocity = problem.massFlowRate / (state.density * area);
  const reynolds = (state.density * velocity * dh) / state.viscosity;
  const prandtl = (state.viscosity * state.specificHeat) / state.conductivity;
  const relativeRoughness = problem.roughness / dh;

  // The solver's flow model when forced; by Re (with the transition band) when chosen automatically.
  const regime: FlowRegime = duct.flowModelChoice === 'laminar' || duct.flowModelChoice === 'turbulent' ? duct.flowModelChoice : flowRegime(reynolds);
  const turbulent = regime !== 'laminar';
  const regimes = (laminar: (re: number) => number, turbulent: (re: number) => number): number =>
    duct.flowModelChoice === 'laminar' ? laminar(reynolds) : duct.flowModelChoice === 'turbulent' ? turbulent(reynolds) : acrossRegimes(reynolds, laminar, turbulent);
  const friction = regimes(
    (re) => annulusLaminarFrictionReynolds(a) / re,
    (re) => colebrookFrictionFactor(laminarEquivalentReynolds(re, a), relativeRoughness),
  );
  const nusseltOf = (wall: AnnulusWall, condition: WallThermal['condition']): number =>
    regimes(
      () => laminarNusselt(a, wall, condition),
      (re) => gnielinskiAnnulusNusselt(re, prandtl, a, wall),
    );

  const walls = [
    { name: 'inner' as const, thermal: problem.walls.inner, perimeter: 2 * Math.PI * ri },
    { name: 'outer' as const, thermal: problem.walls.outer, perimeter: 2 * Math.PI * ro },
  ];
  const heated = walls.filter((w) => w.thermal.condition !== 'adiabatic');
  const nusselt = Object.fromEntries(heated.map((w) => [w.name, nusseltOf(w.name, w.thermal.condition)])) as Partial<Record<AnnulusWall, number>>;
  // The mean over the length: Gnielinski's entrance factor in turbulent flow (none for laminar: the validity list flags a long entrance).
  const entranceFactor = turbulent ? 1 + (dh / problem.length) ** (2 / 3) : 1;

  // ṁ c_p dT/dx = Σ_T h P (T_w − T) + Σ_q q P  → exponential approach to T_eq = B/A.
  const capacityRate = problem.massFlowRate * state.specificHeat;
  let conductancePerLength = 0;
  let sourcePerLength = 0;
  for (const wall of heated) {
    if (wall.thermal.condition === 'heat_flux') sourcePerLength += wall.thermal.heatFlux * wall.perimeter;
    if (wall.thermal.condition === 'temperature') {
      const h = (nusselt[wall.name]! * entranceFactor * state.conductivity) / dh;
      conductancePerLength += h * wall.perimeter;
      sourcePerLength += h * wall.perimeter * wall.thermal.temperature;
    }
  }
  const inlet = problem.inletTemperature;
  const outlet =
    conductancePerLength > 0
      ? sourcePerLength / conductancePerLength + (inlet - sourcePerLength / conductancePerLength) * Math.exp((-conductancePerLength * problem.length) / capacityRate)
      : inlet + (sourcePerLength * problem.length) / capacityRate;
  const heat = capacityRate * (outlet - inlet);
  const pressureDrop = (friction * problem.length * state.density * velocity * velocity) / (2 * dh) + state.density * STANDARD_GRAVITY * duct.elevationChange;
  const entrance = hydrodynamicEntranceLength(reynolds, dh);

  const at = 'at the inlet state';
  const results: Record<string, ScalarResult> = {
    reynolds_number: { value: reynolds, unit: '', label: 'Reynolds number (hydraulic diameter)' },
    flow_regime: { value: regime, unit: '', label: 'Flow regime' },
    friction_factor: { value: friction, unit: '', label: `Darcy friction factor (fully developed, ${at})` },
    pressure_drop: { value: pressureDrop, unit: 'Pa', label: 'Pressure drop (friction and elevation)' },
    mean_velocity: { value: velocity, unit: 'm/s', label: 'Mean velocity' },
    entrance_length: { value: entrance, unit: 'm', label: 'Hydrodynamic entrance length' },
    hydraulic_diameter: { value: dh, unit: 'm', label: 'Hydraulic diameter' },
  };
  if (nusselt.inner !== undefined || nusselt.outer !== undefined) {
    results['nusselt_number'] = { value: nusselt.inner ?? nusselt.outer!, unit: '', label: `Nusselt number (fully developed, ${nusselt.inner !== undefined ? 'inner' : 'outer'} wall)` };
  }
  if (nusselt.inner !== undefined) results['nusselt_number_inner'] = { value: nusselt.inner, unit: '', label: 'Inner-wall Nusselt number (fully developed)' };
  if (nusselt.outer !== undefined) results['nusselt_number_outer'] = { value: nusselt.outer, unit: '', label: 'Outer-wall Nusselt number (fully developed)' };
  results['outlet_temperature'] = { value: outlet, unit: 'K', label: 'Outlet bulk temperature' };
  results['heat_transfer_rate'] = { value: heat, unit: 'W', label: 'Heat transfer rate into the fluid' };

  const range = duct.fluid.temperatureRange;
  const validity: ValidityCheck[] = [];
  if (!turbulent) validity.push(validityCheck('reynolds_number', 0, LAMINAR_REYNOLDS_LIMIT, reynolds));
  else validity.push(validityCheck('reynolds_number', heated.length > 0 ? GNIELINSKI_ANNULUS_VALIDITY.reynolds.min : TURBULENT_REYNOLDS_LIMIT, heated.length > 0 ? GNIELINSKI_ANNULUS_VALIDITY.reynolds.max : 1e8, reynolds));
  if (turbulent && heated.length > 0) validity.push(validityCheck('prandtl_number', GNIELINSKI_ANNULUS_VALIDITY.prandtl.min, GNIELINSKI_ANNULUS_VALIDITY.prandtl.max, prandtl));
  if (heated.length > 1) validity.push(validityCheck('heated_walls', 0, 1, heated.length));
  validity.push(validityCheck('relative_roughness', 0, MAX_RELATIVE_ROUGHNESS, relativeRoughness));
  validity.push(validityCheck('outlet_temperature', range.min, range.max, outlet));
  validity.push(validityCheck('entrance_length_ratio', 0, MAX_ENTRANCE_SHARE, entrance / problem.length));
  if (heated.length > 0 && !turbulent) validity.push(validityCheck('thermal_entrance_length_ratio', 0, MAX_ENTRANCE_SHARE, thermalEntranceLength(reynolds, prandtl, dh) / problem.length));

  const work = developingWork(duct);
  const frictionModel = turbulent ? 'Colebrook-White at the laminar-equivalent Re*' : 'exact annulus f·Re';
  const heatModel = heated.length === 0 ? '' : turbulent ? ' + Gnielinski (2009) annulus' : ' + exact one-sided annulus Nu';
  return estimateResult(`metamodel_estimate_v2: ${frictionModel}${heatModel}, fully developed, hydraulic diameter D_o − D_i, properties of ${duct.fluid.label} ${at}`, results, validity, {
    expected_runtime_seconds: work.seconds,
    work,
  });
}
