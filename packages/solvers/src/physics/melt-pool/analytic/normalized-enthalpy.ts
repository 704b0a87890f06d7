// Regime of laser melting from the normalised enthalpy (Hann, Iammi & Folkes 2011, "A simple
// methodology for predicting laser-weld properties from material and laser parameters", J. Phys. D
// 44:445401; used for powder-bed fusion by King et al. 2014, "Observation of keyhole-mode laser
// melting in laser powder-bed fusion additive manufacturing", J. Mater. Process. Technol.
// 214:2915-2925) [RECALLED: forms and thresholds quoted from memory, to be checked against the papers]:
//
//   ΔH/h_s = A P / (π h_s √(D v σ³)),   h_s = ρ c T_m,   σ the beam radius (here the 1/e² radius)
//
// King et al. derive the onset of boiling at the spot centre at ΔH/h_s ≈ π T_b / T_m and observed the
// keyhole in 316L above ΔH/h_s ≈ 30 ± 4. Here: conduction below π T_b/T_m, keyhole above 30,
// transition between (temperatures in K).
//
// Keyhole depth, the scaling of the volumetric source (after Gladush & Smurov 2011 as quoted by King
// et al. 2014, [RECALLED]): d = A P / (2π k (T_b − T0)) · ln((r₀ + D/v) / r₀).

import type { SolidMaterial } from '../../../materials/solids/solid.js';

export type MeltingRegime = 'conduction' | 'transition' | 'keyhole';

/** King et al. 2014's observed keyhole threshold (316L), [RECALLED]. */
export const KEYHOLE_THRESHOLD = 30;

/** Boiling points where the material library gives none: the base metal's [RECALLED, CRC Handbook]. */
export const BOILING_FALLBACK_K: Readonly<Record<string, number>> = {
  IN625: 3186, // nickel
  '316L': 3134, // iron
  AA6061: 2743, // aluminium
  S355: 3134, // iron
  Ti6Al4V: 3533, // materials.md [READ-2]
};

export function boilingTemperature(material: SolidMaterial): number | undefined {
  return material.boiling ?? BOILING_FALLBACK_K[material.id];
}

/**
 * Latent heat of evaporation (J/kg) and molar mass (kg/mol) of the base metal, for the evaporation
 * loss: [RECALLED, CRC Handbook] Ni 377.5 kJ/mol, Fe 340 kJ/mol, Al 294 kJ/mol; Ti-6Al-4V 9.83e6 J/kg
 * from materials.md [READ-2] with titanium's molar mass.
 */
export const EVAPORATION_DATA: Readonly<Record<string, { latentHeat: number; molarMass: number }>> = {
  IN625: { latentHeat: 377.5e3 / 0.058693, molarMass: 0.058693 },
  '316L': { latentHeat: 340e3 / 0.055845, molarMass: 0.055845 },
  S355: { latentHeat: 340e3 / 0.055845, molarMass: 0.055845 },
  AA6061: { latentHeat: 294e3 / 0.026982, molarMass: 0.026982 },
  Ti6Al4V: { latentHeat: 9.83e6, molarMass: 0.047867 },
};

/** Constant properties for the closed forms: the mean of the library's over [T0, T_solidus]. */
export interface MeanProperties {
  conductivity: number;
  density: number;
  specificHeat: number;
}

export function meanProperties(material: SolidMaterial, initialTemperature: number): MeanProperties {
  const n = 64;
  let k = 0;
  let rho = 0;
  let c = 0;
  for (let j = 0; j < n; j++) {
    const T = initialTemperature + ((j + 0.5) / n) * (material.solidus - initialTemperature);
    k += material.conductivity(T) / n;
    rho += material.density(T) / n;
    c += material.specificHeat(T) / n;
  }
  return { conductivity: k, density: rho, specificHeat: c };
}

export interface EnthalpyInput {
  /** Absorbed power A·P (W). */
  absorbedPower: number;
  /** m/s */
  speed: number;
  /** 1/e² radius (m). */
  radius: number;
  properties: MeanProperties;
  /** K */
  meltingTemperature: number;
  boilingTemperature: number;
  initialTemperature: number;
}

export function normalizedEnthalpy(input: EnthalpyInput): number {
  const { conductivity: k, density: rho, specificHeat: c } = input.properties;
  const D = k / (rho * c);
  const hs = rho * c * input.meltingTemperature;
  return input.absorbedPower / (Math.PI * hs * Math.sqrt(D * input.speed * input.radius ** 3));
}

export function transitionThreshold(input: Pick<EnthalpyInput, 'meltingTemperature' | 'boilingTemperature'>): number {
  return (Math.PI * input.boilingTemperature) / input.meltingTemperature;
}

export function meltingRegime(input: EnthalpyInput): { value: number; regime: MeltingRegime; transitionAt: number; keyholeAt: number } {
  const value = normalizedEnthalpy(input);
  const transitionAt = transitionThreshold(input);
  const keyholeAt = Math.max(KEYHOLE_THRESHOLD, transitionAt);
  const regime: MeltingRegime = value >= keyholeAt ? 'keyhole' : value >= transitionAt ? 'transition' : 'conduction';
  return { value, regime, transitionAt, keyholeAt };
}

/** The keyhole depth of the volumetric source (m). */
export function keyholeDepth(input: EnthalpyInput): number {
  const { conductivity: k, density: rho, specificHeat: c } = input.properties;
  const D = k / (rho * c);
  return (input.absorbedPower / (2 * Math.PI * k * (input.boilingTemperature - input.initialTemperature))) * Math.log((input.radius + D / input.speed) / input.radius);
}
