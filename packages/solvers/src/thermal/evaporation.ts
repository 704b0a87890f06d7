// Evaporation from a hot free surface, the loss that bounds a laser melt pool's peak temperature:
// the Hertz–Knudsen–Langmuir mass flux with the recondensation of Anisimov (1968, Sov. Phys. JETP
// 27:182) and Knight (1979, "Theoretical modeling of rapid surface vaporization with back pressure",
// AIAA J. 17(5):519-523), and the saturation pressure from Clausius–Clapeyron about the boiling point,
//   ṁ = (1 − β) p_sat(T) √(M / (2π R T)),   p_sat = p₀ exp(L_v M / R · (1/T_b − 1/T)),   q = L_v ṁ,
// β ≈ 0.18 the recondensed share at sonic outflow (Knight 1979; the same factor as the 0.54 p_sat
// recoil pressure of Anisimov's model) [RECALLED: the 0.18 is not checked against the paper's
// table]. The flux grows by about e per 100-300 K above T_b, so the surface settles a few hundred
// kelvin above the boiling point whatever the absorbed flux: evaporationLimitedTemperature gives the
// ceiling, the surface temperature at which evaporation alone carries a given absorbed flux.

import type { EnthalpyTable } from './enthalpy-table.js';

export const GAS_CONSTANT = 8.314462618; // J/(mol·K), CODATA 2018 (exact)

export interface EvaporationModel {
  /** Latent heat of evaporation L_v (J/kg). */
  latentHeat: number;
  /** Molar mass M (kg/mol). */
  molarMass: number;
  /** Boiling point at p₀ (K). */
  boilingTemperature: number;
  /** p₀ (Pa), default 101 325. */
  ambientPressure?: number;
  /** β, default 0.18. */
  recondensation?: number;
}

/** q (W/m²) and dq/dT (W/(m²·K)) at the surface temperature T (K). */
export function evaporationFlux(model: EvaporationModel, T: number): { flux: number; slope: number } {
  const { latentHeat: L, molarMass: M, boilingTemperature: Tb } = model;
  const p0 = model.ambientPressure ?? 101_325;
  const beta = model.recondensation ?? 0.18;
  const a = (L * M) / GAS_CONSTANT;
  const pressure = p0 * Math.exp(a * (1 / Tb - 1 / T));
  const flux = (1 - beta) * L * pressure * Math.sqrt(M / (2 * Math.PI * GAS_CONSTANT * T));
  return { flux, slope: flux * (a / (T * T) - 0.5 / T) };
}

/**
 * The surface temperature (K) at which evaporation alone carries the absorbed flux q (W/m²): no
 * surface that conducts part of q into the body can be hotter in a steady state, so this bounds the
 * peak temperature of a laser spot whose centre absorbs q (for a Gaussian, 2 A P / (π r₀²)). Newton's
 * method on ln q_evap(T) = ln q, which is nearly linear in 1/T; T_b when q is at most the flux there.
 */
export function evaporationLimitedTemperature(model: EvaporationModel, flux: number): number {
  const Tb = model.boilingTemperature;
  if (!(flux > evaporationFlux(model, Tb).flux)) return Tb;
  let T = Tb;
  for (let iteration = 0; iteration < 100; iteration++) {
    const { flux: q, slope } = evaporationFlux(model, T);
    const next = T - (Math.log(q) - Math.log(flux)) / (slope / q);
    if (Math.abs(next - T) < 1e-10 * T) return next;
    T = next;
  }
  return T;
}

/**
 * The evaporation loss of a step, implicit in the temperature: each cell above the liquidus with
 * exposed faces (area A) ends the step at the T that solves
 *   E(T) = E* − Δt A q(T) / V      (E* the enthalpy after conduction and sources),
 * by Newton's method on T within [liquidus, T*]. Implicit because q grows steeply with T: an intense
 * source can heat a surface cell by thousands of kelvin in one conduction-limited step, and a loss
 * taken at the step's start would lag behind it. Updates E and T of those cells; returns the energy
 * taken (J).
 */
export function evaporateSurface(
  model: EvaporationModel,
  dt: number,
  surface: { exposedCells: Int32Array; exposedArea: Float64Array },
  cells: { T: Float64Array; E: Float64Array; volume: Float64Array },
  tableOf: (cell: number) => EnthalpyTable,
): number {
  const { exposedCells, exposedArea } = surface;
  const { T, E, volume } = cells;
  let total = 0;
  for (let c = 0; c < exposedCells.length; c++) {
    const i = exposedCells[c]!;
    const table = tableOf(i);
    const hot = T[i]!;
    const floor = table.material.liquidus;
    if (hot <= floor) continue;
    const factor = (dt * exposedArea[c]!) / volume[i]!;
    const start = E[i]!;
    let t = hot;
    for (let iteration = 0; iteration < 50; iteration++) {
      const { flux, slope } = evaporationFlux(model, t);
      const residual = table.enthalpyAt(t) - start + factor * flux;
      const next = Math.min(hot, Math.max(floor, t - residual / (table.capacityAt(t) + factor * slope)));
      const done = Math.abs(next - t) < 1e-9 * t;
      t = next;
      if (done) break;
    }
    const taken = Math.min(factor * evaporationFlux(model, t).flux, start - table.enthalpyAt(floor));
    if (!(taken > 0)) continue;
    E[i] = start - taken;
    T[i] = table.temperatureAt(E[i]!, t);
    total += taken * volume[i]!;
  }
  return total;
}
