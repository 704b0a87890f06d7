// The solid-material interface of the thermal core: temperature-dependent density, conductivity and
// specific heat, and the melting range with its latent heat. Temperatures in K, SI units.
// Every property says where its numbers come from (`sources`), with the provenance tags of
// shared/product/materials.md: [READ] read in the named source, [READ-2] a second-hand transcription,
// [COMPUTED] evaluated from a standard, [RECALLED] not checked against a source.

import { tableInterval } from '../property-function.js';

export interface SolidMaterial {
  /** 'S355', '316L', 'AA6061', 'Ti6Al4V', 'IN625' or 'custom'. */
  readonly id: string;
  readonly label: string;
  /** kg/m³ */
  density(temperature: number): number;
  /** W/(m·K) */
  conductivity(temperature: number): number;
  /** Sensible specific heat, J/(kg·K) (the latent heat is separate). */
  specificHeat(temperature: number): number;
  /** K */
  readonly solidus: number;
  /** K (> solidus) */
  readonly liquidus: number;
  /** J/kg, released linearly in temperature between solidus and liquidus. */
  readonly latentHeat: number;
  /**
   * K, where a source gives it. A conduction model without weld-pool flow can compute peaks above it;
   * the welding model then warns that its peak temperature is a model value.
   */
  readonly boiling?: number;
  /**
   * Room-temperature mechanical properties for the plate mechanics (welding distortion, inherent
   * strain); left out where none are known (the distortion is then skipped).
   */
  readonly mechanical?: SolidMechanicalProperties;
  /** Property -> citation with provenance tag. */
  readonly sources: Readonly<Record<string, string>>;
}

/**
 * The elastic–perfectly plastic description of the restrained-bar (inherent-strain) model: one value
 * per property, not a temperature dependence. Sources under the keys youngs_modulus, poisson_ratio,
 * thermal_expansion, yield_strength and mechanical_melting_temperature.
 */
export interface SolidMechanicalProperties {
  /** Pa, room temperature. */
  readonly youngsModulus: number;
  readonly poissonRatio: number;
  /** 1/K: the mean (secant) coefficient from room temperature to about 600 °C (to the softening temperature for AA6061). */
  readonly expansionCoefficient: number;
  /** Pa, room temperature (the specified minimum 0.2 % proof or yield strength). */
  readonly yieldStress: number;
  /** K: above it the material is taken to carry no stress (mechanical melting, or softening, temperature). */
  readonly mechanicalMeltingTemperature: number;
}

export const MECHANICAL_SOURCE_KEYS = ['youngs_modulus', 'poisson_ratio', 'thermal_expansion', 'yield_strength', 'mechanical_melting_temperature'] as const;

/** Liquid fraction: linear between solidus and liquidus (lever-free linear release). */
export function liquidFraction(material: SolidMaterial, temperature: number): number {
  if (temperature <= material.solidus) return 0;
  if (temperature >= material.liquidus) return 1;
  return (temperature - material.solidus) / (material.liquidus - material.solidus);
}

/**
 * A property given by a law for the solid and a constant for the liquid: the law up to the solidus,
 * linear through the melting range to the liquid's value, held above the liquidus.
 */
export function solidThenLiquid(solid: (temperature: number) => number, liquid: number, range: { solidus: number; liquidus: number }): (temperature: number) => number {
  const { solidus, liquidus } = range;
  const atSolidus = solid(solidus);
  return (temperature) => {
    if (temperature <= solidus) return solid(temperature);
    if (temperature >= liquidus) return liquid;
    const f = (temperature - solidus) / (liquidus - solidus);
    return (1 - f) * atSolidus + f * liquid;
  };
}

/**
 * The melting range and the thermal properties of an alloy whose solid laws hold up to the solidus
 * and whose liquid is given by constants (solidThenLiquid between them).
 */
export function solidLawsThenLiquid(alloy: {
  solidus: number;
  liquidus: number;
  solid: { conductivity: (temperature: number) => number; specificHeat: (temperature: number) => number };
  liquid: { conductivity: number; specificHeat: number };
}): Pick<SolidMaterial, 'conductivity' | 'specificHeat' | 'solidus' | 'liquidus'> {
  const { solidus, liquidus, solid, liquid } = alloy;
  return {
    conductivity: solidThenLiquid(solid.conductivity, liquid.conductivity, { solidus, liquidus }),
    specificHeat: solidThenLiquid(solid.specificHeat, liquid.specificHeat, { solidus, liquidus }),
    solidus,
    liquidus,
  };
}

/** A piecewise-linear table [[T (K), value], ...] held constant beyond its ends. */
export function clampedTable(rows: ReadonlyArray<readonly [number, number]>): (temperature: number) => number {
  const T = Float64Array.from(rows.map((r) => r[0]));
  const v = Float64Array.from(rows.map((r) => r[1]));
  const last = T.length - 1;
  return (temperature) => {
    if (temperature <= T[0]!) return v[0]!;
    if (temperature >= T[last]!) return v[last]!;
    const lo = tableInterval(T, temperature);
    return v[lo]! + ((v[lo + 1]! - v[lo]!) * (temperature - T[lo]!)) / (T[lo + 1]! - T[lo]!);
  };
}

export const constant =
  (value: number) =>
  (): number =>
    value;

export const CELSIUS = 273.15;
