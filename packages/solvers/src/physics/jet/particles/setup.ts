// Fluid-dependent particle quantities of a jet case: the slip correction needs the gas's mean free
// path (air: ideal gas at the film temperature and ambient pressure); in a liquid there is no slip.

import { AIR_GAS_CONSTANT } from '../../../materials/air.js';
import type { JetCase } from '../model/parameters.js';
import { cunningham, meanFreePath } from './drag.js';

/** The gas's mean free path (m), 0 for a liquid. */
export function jetFreePath(jet: Pick<JetCase, 'fluid' | 'properties' | 'filmTemperature'>): number {
  if (jet.fluid.phase !== 'gas') return 0;
  return meanFreePath({ viscosity: jet.properties.viscosity, density: jet.properties.density, temperature: jet.filmTemperature, gasConstant: AIR_GAS_CONSTANT });
}

export function particleSlip(jet: Pick<JetCase, 'fluid' | 'properties' | 'filmTemperature'>, diameter: number): number {
  return cunningham(diameter, jetFreePath(jet));
}
