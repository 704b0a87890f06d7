// Shared set-up for the thermal-core verification cases.

import { constantProperty } from '../../src/materials/property-function.js';
import { customSolid } from '../../src/materials/solids/custom.js';
import type { BoxCondition, BoxFace } from '../../src/thermal/index.js';

export const CELSIUS = 273.15;

/** SIMFORGE_VERIFY=full (set by `npm run verify`) selects the full-size variants. */
export const FULL = process.env.SIMFORGE_VERIFY === 'full';

/** A constant-property solid that never melts in the test's range (no latent heat). */
export function constantSolid(options: { conductivity: number; density: number; specificHeat: number }) {
  return customSolid({
    name: 'constant-property solid',
    density: constantProperty('density', options.density),
    conductivity: constantProperty('conductivity', options.conductivity),
    specificHeat: constantProperty('specific_heat', options.specificHeat),
    solidus: 5900,
    liquidus: 5901,
    latentHeat: 0,
  });
}

export const SYMMETRY: Record<BoxFace, BoxCondition> = {
  xmin: { kind: 'symmetry' },
  xmax: { kind: 'symmetry' },
  ymin: { kind: 'symmetry' },
  ymax: { kind: 'symmetry' },
  zmin: { kind: 'symmetry' },
  zmax: { kind: 'symmetry' },
};

export const rel = (value: number, reference: number): number => Math.abs(value / reference - 1);
