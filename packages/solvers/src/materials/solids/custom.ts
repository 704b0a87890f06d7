// A solid given by the user as an object of properties (simulations.md, "Shared conventions"):
// `density`, `conductivity`, `specific_heat` (each a constant or a table [[T (K), value], ...],
// interpolated linearly and held constant beyond the table's ends), `solidus`, `liquidus` (K) and
// `latent_heat` (J/kg). Optionally the mechanical properties of the plate mechanics (welding
// distortion), all four together: `youngs_modulus` (Pa), `poisson_ratio`, `thermal_expansion` (1/K,
// mean from room temperature over the range the heated zone sees) and `yield_strength` (Pa, room
// temperature), with `mechanical_melting_temperature` (K; the solidus when left out: no material
// carries stress above it). Without them the distortion is skipped. Optionally `boiling_point` (K,
// above the liquidus): the welding and melt-pool runs warn when their peak exceeds it.

import type { NumberRule, ParameterChecker } from '../../run/parameters.js';
import { joinPath } from '../../run/parameters.js';
import { readMaterialName, readMaterialProperty, type PropertyFunction } from '../property-function.js';
import type { SolidMaterial, SolidMechanicalProperties } from './solid.js';

const MECHANICAL_KEYS = ['youngs_modulus', 'poisson_ratio', 'thermal_expansion', 'yield_strength'] as const;
export const CUSTOM_SOLID_KEYS = ['name', 'density', 'conductivity', 'specific_heat', 'solidus', 'liquidus', 'latent_heat', 'boiling_point', ...MECHANICAL_KEYS, 'mechanical_melting_temperature'] as const;

const held =
  (p: PropertyFunction) =>
  (temperature: number): number =>
    p.value(Math.min(p.range.max, Math.max(p.range.min, temperature)));

export interface CustomSolidProperties {
  name?: string;
  density: PropertyFunction;
  conductivity: PropertyFunction;
  specificHeat: PropertyFunction;
  solidus: number;
  liquidus: number;
  latentHeat: number;
  /** K, at 1 atm; optional. */
  boiling?: number;
  mechanical?: SolidMechanicalProperties;
}

export function customSolid(properties: CustomSolidProperties): SolidMaterial {
  return {
    id: 'custom',
    label: properties.name ?? 'User-defined material',
    density: held(properties.density),
    conductivity: held(properties.conductivity),
    specificHeat: held(properties.specificHeat),
    solidus: properties.solidus,
    liquidus: properties.liquidus,
    latentHeat: properties.latentHeat,
    ...(properties.boiling !== undefined ? { boiling: properties.boiling } : {}),
    ...(properties.mechanical ? { mechanical: properties.mechanical } : {}),
    sources: { all: 'given by the user (constants or tables, linear interpolation, end values held)' },
  };
}

export function readCustomSolid(input: Record<string, unknown>, path: string, checker: ParameterChecker): SolidMaterial | undefined {
  checker.noUnknownKeys(input, CUSTOM_SOLID_KEYS, path);
  const name = readMaterialName(input, path, checker);
  const density = readMaterialProperty(input, 'density', path, checker);
  const conductivity = readMaterialProperty(input, 'conductivity', path, checker);
  const specificHeat = readMaterialProperty(input, 'specific_heat', path, checker);
  const solidus = checker.number(input['solidus'], joinPath(path, 'solidus'), { gt: 0, unit: 'K' });
  const liquidus = checker.number(input['liquidus'], joinPath(path, 'liquidus'), { gt: 0, unit: 'K' });
  const latentHeat = checker.optionalNumber(input['latent_heat'], joinPath(path, 'latent_heat'), 0, { ge: 0, unit: 'J/kg' });
  if (solidus !== undefined && liquidus !== undefined && !(liquidus > solidus)) {
    checker.add(joinPath(path, 'liquidus'), `must be above the solidus (${solidus} K)`);
    return undefined;
  }
  let boiling: number | undefined;
  if (input['boiling_point'] !== undefined) {
    boiling = checker.number(input['boiling_point'], joinPath(path, 'boiling_point'), { gt: 0, unit: 'K' });
    if (boiling !== undefined && liquidus !== undefined && !(boiling > liquidus)) {
      checker.add(joinPath(path, 'boiling_point'), `must be above the liquidus (${liquidus} K)`);
      return undefined;
    }
  }
  const mechanical = readMechanical(input, path, checker, solidus);
  if (!density || !conductivity || !specificHeat || solidus === undefined || liquidus === undefined || latentHeat === undefined || mechanical === null) return undefined;
  return customSolid({ ...(name !== undefined ? { name } : {}), density, conductivity, specificHeat, solidus, liquidus, latentHeat, ...(boiling !== undefined ? { boiling } : {}), ...(mechanical ? { mechanical } : {}) });
}

/** The optional mechanical properties: undefined when none is given, null when they are incomplete or invalid. */
function readMechanical(input: Record<string, unknown>, path: string, checker: ParameterChecker, solidus: number | undefined): SolidMechanicalProperties | undefined | null {
  if (MECHANICAL_KEYS.every((key) => input[key] === undefined) && input['mechanical_melting_temperature'] === undefined) return undefined;
  const read = (key: (typeof MECHANICAL_KEYS)[number], rule: NumberRule) => {
    if (input[key] !== undefined) return checker.number(input[key], joinPath(path, key), rule);
    checker.add(joinPath(path, key), `is required with the other mechanical properties (${MECHANICAL_KEYS.join(', ')})`);
    return undefined;
  };
  const youngsModulus = read('youngs_modulus', { gt: 0, unit: 'Pa' });
  const poissonRatio = read('poisson_ratio', { ge: 0, lt: 0.5 });
  const expansionCoefficient = read('thermal_expansion', { gt: 0, unit: '1/K' });
  const yieldStress = read('yield_strength', { gt: 0, unit: 'Pa' });
  const melting = input['mechanical_melting_temperature'];
  const mechanicalMeltingTemperature = melting === undefined ? solidus : checker.number(melting, joinPath(path, 'mechanical_melting_temperature'), { gt: 0, unit: 'K' });
  if (youngsModulus === undefined || poissonRatio === undefined || expansionCoefficient === undefined || yieldStress === undefined || mechanicalMeltingTemperature === undefined) return null;
  return { youngsModulus, poissonRatio, expansionCoefficient, yieldStress, mechanicalMeltingTemperature };
}
