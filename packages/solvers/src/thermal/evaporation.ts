// Evaporation from a hot free surface, the loss that bounds a laser melt pool's peak temperature:
// the Hertz–Knudsen–Langmuir mass flux with the recondensation of Anisimov (1968) and Knight (1979),
// and the saturation pressure from Clausius–Clapeyron about the boiling point,
//   ṁ = (1 − β) p_sat(T) √(M / (2π R T)),   p_sat = p₀ exp(L_v M / R · (1/T_b − 1/T)),   q = L_v ṁ,
// β ≈ 0.18 the recondensed share (Knight 1979). The flux grows by about e per 100-300 K above T_b, so
// the surface settles a few hundred kelvin above the boiling point whatever the absorbed flux.

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
