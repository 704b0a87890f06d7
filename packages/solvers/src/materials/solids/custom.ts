// A solid given by the user as an object of properties (simulations.md, "Shared conventions"):
// `density`, `conductivity`, `specific_heat` (each a constant or a table [[T (K), value], ...],
// interpolated linearly and held constant beyond the table's ends), `solidus`, `liquidus` (K) and
// `latent_heat` (J/kg).

import type { ParameterChecker } from '../../run/parameters.js';
import { joinPath } from '../../run/parameters.js';
import { readPropertyInput, type PropertyFunction } from '../property-function.js';
import type { SolidMaterial } from './solid.js';

export const CUSTOM_SOLID_KEYS = ['name', 'density', 'conductivity', 'specific_heat', 'solidus', 'liquidus', 'latent_heat'] as const;

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
    sources: { all: 'given by the user (constants or tables, linear interpolation, end values held)' },
  };
}

export function readCustomSolid(input: Record<string, unknown>, path: string, checker: ParameterChecker): SolidMaterial | undefined {
  checker.noUnknownKeys(input, CUSTOM_SOLID_KEYS, path);
  const name = input['name'];
  if (name !== undefined && typeof name !== 'string') checker.add(joinPath(path, 'name'), 'must be a string');
  const density = readPropertyInput(input['density'], joinPath(path, 'density'), checker, 'kg/m³');
  const conductivity = readPropertyInput(input['conductivity'], joinPath(path, 'conductivity'), checker, 'W/(m·K)');
  const specificHeat = readPropertyInput(input['specific_heat'], joinPath(path, 'specific_heat'), checker, 'J/(kg·K)');
  const solidus = checker.number(input['solidus'], joinPath(path, 'solidus'), { gt: 0, unit: 'K' });
  const liquidus = checker.number(input['liquidus'], joinPath(path, 'liquidus'), { gt: 0, unit: 'K' });
  const latentHeat = checker.optionalNumber(input['latent_heat'], joinPath(path, 'latent_heat'), 0, { ge: 0, unit: 'J/kg' });
  if (solidus !== undefined && liquidus !== undefined && !(liquidus > solidus)) {
    checker.add(joinPath(path, 'liquidus'), `must be above the solidus (${solidus} K)`);
    return undefined;
  }
  if (!density || !conductivity || !specificHeat || solidus === undefined || liquidus === undefined || latentHeat === undefined) return undefined;
  return customSolid({ ...(typeof name === 'string' ? { name } : {}), density, conductivity, specificHeat, solidus, liquidus, latentHeat });
}
