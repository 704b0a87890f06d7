// Quantities along the duct derived from the marched stations: local Nusselt numbers, friction
// factors, and the entrance lengths measured against the fully developed state.
//
//   local Nusselt number     Nu = q_w D_h / (k (T_w - T_b))    (each non-adiabatic wall, and over
//                            all of them with perimeter-averaged q_w and T_w)
//   local friction factor    f = 8 τ̄_w / (ρ u_m²)              (Darcy; τ̄_w perimeter-averaged)
//   apparent friction factor f_app = (p(0) - p(x)) D_h / (x ρ u_m²/2)  (Darcy: the total pressure
//                            drop from the inlet, wall shear plus the change of momentum flux;
//                            Shah & London 1978 use the Fanning f_app = f_app,Darcy / 4)
//   hydrodynamic entrance length: where the maximum (pipe: centreline) velocity first reaches 99 %
//                            of its fully developed value (Shah & London 1978, Ch. V: L_hy);
//   thermal entrance length: from where the local Nusselt number of each heated wall stays within
//                            1 % of its fully developed value to the outlet (Shah & London use
//                            5 %: L_th).
// Positions of crossings are interpolated linearly between stations.

import { hydraulicDiameter, innerRadius, outerRadius } from './grid.js';
import type { DevelopingFlowSolution } from './march.js';
import { thermalWalls } from './fully-developed.js';

export interface LocalNusselt {
  inner?: Float64Array;
  outer?: Float64Array;
  overall?: Float64Array;
}

/** NaN at the inlet (no temperature difference yet) and where a wall is adiabatic. */
export function localNusselt(solution: DevelopingFlowSolution): LocalNusselt {
  const { stations, problem, grid } = solution;
  const count = stations.x.length;
  const dh = hydraulicDiameter(grid.shape);
  const k = problem.properties.conductivity;
  const conditions = thermalWalls(problem);
  const heated = {
    inner: conditions.inner !== undefined && conditions.inner.condition !== 'adiabatic',
    outer: conditions.outer.condition !== 'adiabatic',
  };
  if (!heated.inner && !heated.outer) return {};
  const ri = innerRadius(grid.shape);
  const ro = outerRadius(grid.shape);
  const result: LocalNusselt = {};
  if (heated.inner) result.inner = new Float64Array(count);
  if (heated.outer) result.outer = new Float64Array(count);
  result.overall = new Float64Array(count);
  const walls: ['inner' | 'outer', number][] = [];
  if (heated.inner && stations.inner) walls.push(['inner', ri]);
  if (heated.outer) walls.push(['outer', ro]);
  for (let i = 0; i < count; i++) {
    const bulk = stations.bulkTemperature[i];
    let flux = 0;
    let temperature = 0;
    let perimeter = 0;
    // The inner wall first, then the outer: the overall sums in that order.
    for (const [side, radius] of walls) {
      const q = stations[side]!.heatFlux[i];
      const tw = stations[side]!.temperature[i];
      result[side]![i] = i === 0 ? NaN : (q * dh) / (k * (tw - bulk));
      flux += radius * q;
      temperature += radius * tw;
      perimeter += radius;
    }
    result.overall[i] = i === 0 ? NaN : ((flux / perimeter) * dh) / (k * (temperature / perimeter - bulk));
  }
  return result;
}

/** Local Darcy friction factor from the perimeter-averaged wall shear (NaN at the inlet). */
export function localFrictionFactor(solution: DevelopingFlowSolution): Float64Array {
  const { stations, grid, problem, flow } = solution;
  const ri = innerRadius(grid.shape);
  const ro = outerRadius(grid.shape);
  const dynamic = 0.5 * problem.properties.density * flow.meanVelocity * flow.meanVelocity;
  return stations.x.map((_, i) => {
    if (i === 0) return NaN;
    const innerShear = stations.inner ? stations.inner.shear[i] : 0;
    const meanShear = (ri * innerShear + ro * stations.outer.shear[i]) / (ri + ro);
    return (4 * meanShear) / dynamic;
  });
}

/** Apparent (Darcy) friction factor from the inlet to each station (NaN at the inlet). */
export function apparentFrictionFactor(solution: DevelopingFlowSolution): Float64Array {
  const { stations, problem, flow } = solution;
  const dynamic = 0.5 * problem.properties.density * flow.meanVelocity * flow.meanVelocity;
  return stations.x.map((x, i) => (i === 0 ? NaN : (-stations.pressure[i] * flow.hydraulicDiameter) / (x * dynamic)));
}

function interpolateCrossing(x: Float64Array, values: ArrayLike<number>, i: number, level: number): number {
  const v0 = values[i - 1]!;
  const v1 = values[i]!;
  if (!(v1 !== v0)) return x[i];
  const s = Math.min(1, Math.max(0, (level - v0) / (v1 - v0)));
  return x[i - 1] + s * (x[i] - x[i - 1]);
}

export const HYDRODYNAMIC_ENTRANCE_FRACTION = 0.99;
export const THERMAL_ENTRANCE_TOLERANCE = 0.01;

/** Where the maximum velocity first reaches `fraction` of the fully developed one; undefined if it does not within the duct. */
export function hydrodynamicEntranceLength(solution: DevelopingFlowSolution, fraction = HYDRODYNAMIC_ENTRANCE_FRACTION): number | undefined {
  const { stations } = solution;
  const level = fraction * solution.fullyDeveloped.flow.maxVelocity;
  const v = stations.maxVelocity;
  for (let i = 1; i < v.length; i++) if (v[i] >= level) return interpolateCrossing(stations.x, v, i, level);
  return undefined;
}

function settlingLength(x: Float64Array, local: Float64Array, reference: number, tolerance: number): number | undefined {
  const signed = local.map((nu) => nu / reference - 1);
  const last = x.length - 1;
  if (!(Math.abs(signed[last]) <= tolerance)) return undefined;
  for (let i = last; i >= 2; i--) {
    const before = signed[i - 1];
    if (!(Math.abs(before) <= tolerance)) return interpolateCrossing(x, signed, i, before > 0 ? tolerance : -tolerance);
  }
  return x[1];
}

/**
 * Where the local Nusselt number of every non-adiabatic wall has entered, for good, the band of
 * ±tolerance about its fully developed value (the last wall to settle); undefined without heat
 * transfer or if a wall is still outside the band at the outlet.
 */
export function thermalEntranceLength(solution: DevelopingFlowSolution, tolerance = THERMAL_ENTRANCE_TOLERANCE, nusselt = localNusselt(solution)): number | undefined {
  const reference = solution.fullyDeveloped.heat.nusselt;
  let length: number | undefined;
  for (const side of ['inner', 'outer'] as const) {
    const local = nusselt[side];
    const developed = reference[side];
    if (!local || developed === undefined) continue;
    const settled = settlingLength(solution.stations.x, local, developed, tolerance);
    if (settled === undefined) return undefined;
    length = Math.max(length ?? 0, settled);
  }
  return length;
}

/** Length-averaged local Nusselt number (trapezoid; the first interval as Nu ∝ x^(-1/2) from the inlet). */
export function meanNusselt(solution: DevelopingFlowSolution, nusselt = localNusselt(solution)): number | undefined {
  const local = nusselt.overall;
  if (!local) return undefined;
  const x = solution.stations.x;
  let integral = 2 * local[1] * x[1];
  for (let i = 2; i < x.length; i++) integral += 0.5 * (local[i] + local[i - 1]) * (x[i] - x[i - 1]);
  return integral / x[x.length - 1];
}
