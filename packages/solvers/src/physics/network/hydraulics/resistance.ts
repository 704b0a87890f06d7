// Pipe resistance coefficients R of the three head-loss formulas (h = R·Q^n, Darcy–Weisbach times the
// friction factor). Hazen–Williams and Chezy–Manning use EPANET's empirical constants in feet and cfs
// (4.727, 1.49, exponent 1.333), so they are evaluated in those units and converted exactly.

import type { HeadlossFormula } from '../model.js';
import { CFS, EPANET_GRAVITY, FT } from '../units.js';

/** Flow exponent of the formula (EPANET: 1.852 for H-W, 2 otherwise). */
export function flowExponent(formula: HeadlossFormula): number {
  return formula === 'H-W' ? 1.852 : 2;
}

/** R in h = R·Q^n for Hazen–Williams and Chezy–Manning, R·f for Darcy–Weisbach (SI: h m, Q m³/s). */
export function pipeResistance(formula: HeadlossFormula, args: { length: number; diameter: number; roughness: number }): number {
  const { length, diameter, roughness } = args;
  switch (formula) {
    case 'H-W': {
      const lengthFt = length / FT;
      const diameterFt = diameter / FT;
      const rUs = (4.727 * lengthFt) / roughness ** 1.852 / diameterFt ** 4.871;
      return (rUs * FT) / CFS ** 1.852;
    }
    case 'D-W': {
      const area = (Math.PI * diameter * diameter) / 4;
      return length / (2 * EPANET_GRAVITY * diameter * area * area);
    }
    case 'C-M': {
      const lengthFt = length / FT;
      const diameterFt = diameter / FT;
      const rUs = ((4 * roughness) / (1.49 * Math.PI * diameterFt * diameterFt)) ** 2 * (diameterFt / 4) ** -1.333 * lengthFt;
      return (rUs * FT) / (CFS * CFS);
    }
  }
}
