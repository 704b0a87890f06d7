// A fluid given by the user as an object of properties (simulations.md, "Shared conventions"):
// `density`, `specific_heat`, `viscosity`, `conductivity`, each a constant or a table [[T, value], ...].
// Incompressible: no pressure dependence. Enthalpy is ∫ c_p dT from the lower end of the range.

import type { ParameterChecker } from '../run/parameters.js';
import type { Fluid, FluidState } from './fluid.js';
import { readMaterialName, readMaterialProperty, type PropertyFunction } from './property-function.js';

export const CUSTOM_FLUID_KEYS = ['name', 'density', 'specific_heat', 'viscosity', 'conductivity'] as const;

export interface CustomFluidProperties {
  name?: string;
  density: PropertyFunction;
  specificHeat: PropertyFunction;
  viscosity: PropertyFunction;
  conductivity: PropertyFunction;
}

export function customFluid(properties: CustomFluidProperties): Fluid {
  const all = [properties.density, properties.specificHeat, properties.viscosity, properties.conductivity];
  const range = {
    min: Math.max(...all.map((p) => p.range.min)),
    max: Math.min(...all.map((p) => p.range.max)),
  };
  const enthalpyReference = range.min;
  return {
    id: 'custom',
    label: properties.name ?? 'User-defined fluid',
    phase: 'liquid',
    reference: 'properties given by the user (constants or tables, linear interpolation)',
    temperatureRange: range,
    state(temperature: number, pressure: number): FluidState {
      return {
        temperature,
        pressure,
        density: properties.density.value(temperature),
        specificHeat: properties.specificHeat.value(temperature),
        viscosity: properties.viscosity.value(temperature),
        conductivity: properties.conductivity.value(temperature),
        enthalpy: properties.specificHeat.integral(enthalpyReference, temperature),
      };
    },
  };
}

/** Reads a custom-fluid object; problems are reported under `path` (e.g. `fluid.viscosity`). */
export function readCustomFluid(input: Record<string, unknown>, path: string, checker: ParameterChecker): Fluid | undefined {
  checker.noUnknownKeys(input, CUSTOM_FLUID_KEYS, path);
  const name = readMaterialName(input, path, checker);
  const density = readMaterialProperty(input, 'density', path, checker);
  const specificHeat = readMaterialProperty(input, 'specific_heat', path, checker);
  const viscosity = readMaterialProperty(input, 'viscosity', path, checker);
  const conductivity = readMaterialProperty(input, 'conductivity', path, checker);
  if (!density || !specificHeat || !viscosity || !conductivity) return undefined;
  const fluid = customFluid({ ...(name !== undefined ? { name } : {}), density, specificHeat, viscosity, conductivity });
  if (!(fluid.temperatureRange.min < fluid.temperatureRange.max)) {
    checker.add(path, 'the property tables have no temperature range in common');
    return undefined;
  }
  return fluid;
}
