// The fluid property library: built-in fluids by id, or a user-defined property object.

import type { ParameterChecker } from '../run/parameters.js';
import { air } from './air.js';
import { readBuiltInOrCustom } from './built-in-or-custom.js';
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
  return readBuiltInOrCustom(input, path, checker, { kind: 'fluid', builtIns: builtInFluids, readCustom: readCustomFluid, accepted: "'water', 'air' or an object of properties" });
}

/** Adds a problem at `path` when a temperature (K) lies outside the fluid's property range. */
export function checkFluidTemperature(checker: ParameterChecker, fluid: Fluid, value: number, path: string): void {
  const { min, max } = fluid.temperatureRange;
  if (value < min || value > max) checker.add(path, `must lie within the ${fluid.label} property range ${min}-${max} K (got ${value} K)`);
}
export * as solids from './solids/index.js';
