// The fluid property library: built-in fluids by id, or a user-defined property object.

import { isPlainObject, type ParameterChecker } from '../run/parameters.js';
import { air } from './air.js';
import { readCustomFluid } from './custom.js';
import type { Fluid } from './fluid.js';
import { water } from './water/water.js';

export type { Fluid, FluidState, TemperatureRange } from './fluid.js';
export { prandtlNumber } from './fluid.js';
export { air } from './air.js';
export { water } from './water/water.js';
export { customFluid } from './custom.js';
export { constantProperty, tableProperty, type PropertyFunction, type PropertyInput } from './property-function.js';

export const builtInFluids: Readonly<Record<string, Fluid>> = { water, air };

/** Resolves the `fluid` parameter: 'water' | 'air' | {density, specific_heat, viscosity, conductivity}. */
export function readFluid(input: unknown, path: string, checker: ParameterChecker): Fluid | undefined {
  if (typeof input === 'string') {
    const fluid = builtInFluids[input];
    if (!fluid) checker.add(path, `unknown fluid '${input}' (built in: ${Object.keys(builtInFluids).join(', ')}; or give an object of properties)`);
    return fluid;
  }
  if (isPlainObject(input)) return readCustomFluid(input, path, checker);
  checker.add(path, input === undefined ? "is required ('water', 'air' or an object of properties)" : "must be 'water', 'air' or an object of properties");
  return undefined;
}

/** Adds a problem at `path` when a temperature (K) lies outside the fluid's property range. */
export function checkFluidTemperature(checker: ParameterChecker, fluid: Fluid, value: number, path: string): void {
  const { min, max } = fluid.temperatureRange;
  if (value < min || value > max) checker.add(path, `must lie within the ${fluid.label} property range ${min}-${max} K (got ${value} K)`);
}
export * as solids from './solids/index.js';
