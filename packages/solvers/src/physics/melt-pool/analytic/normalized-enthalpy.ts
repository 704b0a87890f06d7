// Regime of laser melting from the normalised enthalpy (Hann, Iammi & Folkes 2011, Lasers Eng.
// 22:309-317; applied to powder-bed fusion by King et al. 2014, "Observation of keyhole-mode laser
// melting in laser powder-bed fusion additive manufacturing", J. Mater. Process. Technol.
// 214:2915-2925, accepted manuscript OSTI 1502044):
//
//   ΔH/h_s = A P / (h_s √(π D v σ³)),   h_s = ρ c T_m,   σ the Gaussian's standard deviation,
//   I = I₀ exp(−r²/(2σ²)), so σ = r₀/2 with r₀ the 1/e² radius (the D4σ diameter is 4σ).
//
// [SECONDARY] The form (π under the root), σ's definition and King's 316L threshold are as
// transcribed from King's Eq. 2.6, Table 3, §3.2.1 and §5 and from Hann's Eq. 4 / Table 1 in
// github.com/canerganis/Metalliksa, data/benchmark/keyhole-reference-relations-2026/
// published_relations.csv (rows king2014-keyhole-threshold-316l, hann2011-normalized-enthalpy); the
// papers themselves were not read. An earlier version here had π outside the root and σ = r₀,
// 1/(√π·2√2) ≈ 1/5.0 of King's value, while comparing it with King's threshold of 30.
//
// King et al. observed keyhole mode (pool deeper than half its width) in 316L from ΔH/h_s ≈ 30 ± 4.
// The onset of boiling at the spot centre, ΔH/h_s ≈ π T_b/T_m, is King's scaling estimate
// [RECALLED: not in the transcription]. Conduction below π T_b/T_m, keyhole from 30, transition between
// (temperatures in K).
//
// Keyhole depth, the depth of the volumetric source: the keyhole (vapour-depression) aspect ratio of
// Gan et al. 2021 ("Universal scaling laws of keyhole stability and porosity in 3D printing of
// metals", Nat. Commun. 12:2379, Eqs. 1-2; fitted to synchrotron X-ray depths of Ti-6Al-4V, Al6061
// and SS316 at 100-520 W, 0.3-1.2 m/s, spots 44-70 µm):
//   Ke = A P / ((T_l − T0) π ρ c √(D v r₀³)),   e/r₀ = 0.4 (Ke − 1.4),   r₀ the 1/e² radius,
// [SECONDARY: Eqs. 1-2 and the 1/e² radius as transcribed in the file above, rows gan2021-*; the
// figure caption's ranges read on nature.com]. It replaces the Gladush–Smurov line-source depth
// A P/(2π k (T_b − T0)) ln((r₀ + D/v)/r₀) (as quoted by King et al.), which is about 64 % shallower
// than the measured Ti-6Al-4V keyholes of Gan's Supplementary Data 1 at LPBF speeds, where Gan's law
// with the library's properties at the liquidus is within 8 % RMS
// (test/verification/melt-pool-keyhole-depth.test.ts); gladushSmurovDepth keeps it for comparison.

import type { SolidMaterial } from '../../../materials/solids/solid.js';

export type MeltingRegime = 'conduction' | 'transition' | 'keyhole';

/** King et al. 2014's observed keyhole threshold (316L, 30 ± 4), [SECONDARY] as above. */
export const KEYHOLE_THRESHOLD = 30;

/** Boiling points where the material library gives none: the base metal's [RECALLED, CRC Handbook]. */
export const BOILING_FALLBACK_K: Readonly<Record<string, number>> = {
  IN625: 3186, // nickel
  '316L': 3134, // iron
  AA6061: 2743, // aluminium (2467-2470 °C in older tables; 2519 °C = 2792 K in current ones, both [UNVERIFIED] web pages only)
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

/** The library's properties at one temperature (the liquidus, for Gan's keyhole number). */
export function propertiesAt(material: SolidMaterial, temperature: number): MeanProperties {
  return { conductivity: material.conductivity(temperature), density: material.density(temperature), specificHeat: material.specificHeat(temperature) };
}

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
  /** Properties at the liquidus, Gan et al.'s convention for Ke (their Ti-6Al-4V set is the liquid's); default `properties`. */
  liquidProperties?: MeanProperties;
  /** K: T_m of h_s (the solidus here) and, for Gan's keyhole number, the liquidus T_l (default T_m). */
  meltingTemperature: number;
  liquidusTemperature?: number;
  boilingTemperature: number;
  initialTemperature: number;
}

export function normalizedEnthalpy(input: EnthalpyInput): number {
  const { conductivity: k, density: rho, specificHeat: c } = input.properties;
  const D = k / (rho * c);
  const hs = rho * c * input.meltingTemperature;
  const sigma = input.radius / 2;
  return input.absorbedPower / (hs * Math.sqrt(Math.PI * D * input.speed * sigma ** 3));
}

/** Gan et al. 2021's keyhole number Ke (Eq. 1), with the 1/e² radius. */
export function keyholeNumber(input: EnthalpyInput): number {
  const { conductivity: k, density: rho, specificHeat: c } = input.liquidProperties ?? input.properties;
  const D = k / (rho * c);
  const rise = (input.liquidusTemperature ?? input.meltingTemperature) - input.initialTemperature;
  return input.absorbedPower / (rise * Math.PI * rho * c * Math.sqrt(D * input.speed * input.radius ** 3));
}

/** Gan et al. 2021's keyhole aspect-ratio law (Eq. 2): e/r₀ = 0.4 (Ke − 1.4), none below Ke = 1.4. */
export const GAN_KEYHOLE = { slope: 0.4, onset: 1.4 } as const;

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

/**
 * The line power (W per metre of depth) of the keyhole: the power that holds the wall of a vapour
 * depression one spot radius wide (its wall r₀/2 from the axis) at the boiling point. Rosenthal's
 * moving line source in the high-Péclet limit raises the cross-section at y by at most
 * (q'/v)/(ρ c √(2πe) y) (the energy q'/v per unit area diffusing sideways), so with y = r₀/2 and a rise
 * T_b − T0:  q' = √(2πe) ρ v c (T_b − T0) r₀/2.
 * A depression exists because its wall boils (the vapour's recoil holds it open: Swift-Hook & Gick
 * 1973, Kaplan 1994 take the keyhole wall at the evaporation temperature), so the melt around it and
 * below its tip reaches further than the column: the melt half-width is r₀/2 · c (T_b − T0)/(c (T_m − T0) + L)
 * (0.78 r₀ for 316L). An earlier form sized q' to melt only the column (its wall at the solidus,
 * c ΔT + L in place of c (T_b − T0)): the pools of the transition and keyhole rows came out shallow
 * (docs/physics/melt-pool.md, "Validation").
 */
export function keyholeLinePower(input: { density: number; specificHeat: number; boilingRise: number; speed: number; radius: number }): number {
  return Math.sqrt(2 * Math.PI * Math.E) * input.density * input.speed * input.specificHeat * input.boilingRise * (input.radius / 2);
}

/**
 * The share of the absorbed power that the keyhole's volumetric source carries; the rest heats the
 * surface as a Gaussian. The keyhole takes the power that holds its wall at the boiling point down its
 * depth d (keyholeLinePower × d, at most all of it), the surface keeps the rest: the pool's width is the
 * surface's, its depth the keyhole's. A ramp in ΔH/h_s, smooth (C¹) from 0 at the onset of boiling
 * to 1 at the keyhole threshold, brings the volumetric part in. Every factor is continuous in the
 * inputs, so the source, and with it the pool, has no jump at either threshold; below the onset of
 * boiling the laser is a surface source only (Eagar–Tsai's problem).
 */
export function keyholeShare(enthalpy: { value: number; transitionAt: number; keyholeAt: number }, keyhole: { depth: number; linePower: number; absorbedPower: number }): number {
  if (!(keyhole.depth > 0) || !(keyhole.absorbedPower > 0)) return 0;
  const span = enthalpy.keyholeAt - enthalpy.transitionAt;
  const t = span > 0 ? Math.min(1, Math.max(0, (enthalpy.value - enthalpy.transitionAt) / span)) : enthalpy.value >= enthalpy.keyholeAt ? 1 : 0;
  return t * t * (3 - 2 * t) * Math.min(1, (keyhole.linePower * keyhole.depth) / keyhole.absorbedPower);
}

/** The keyhole depth of the volumetric source (m): Gan et al. 2021's vapour-depression depth. */
export function keyholeDepth(input: EnthalpyInput): number {
  return input.radius * Math.max(0, GAN_KEYHOLE.slope * (keyholeNumber(input) - GAN_KEYHOLE.onset));
}

/** The Gladush–Smurov line-source depth (m) as quoted by King et al. 2014: for comparison only. */
export function gladushSmurovDepth(input: EnthalpyInput): number {
  const { conductivity: k, density: rho, specificHeat: c } = input.properties;
  const D = k / (rho * c);
  return (input.absorbedPower / (2 * Math.PI * k * (input.boilingTemperature - input.initialTemperature))) * Math.log((input.radius + D / input.speed) / input.radius);
}
