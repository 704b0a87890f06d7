// The round-jet verification case shared by impinging-jet.test.ts and round-jet-correction.test.ts:
// a fully developed turbulent pipe jet of air at 300 K, Re 23 000, on a plate 10 K warmer, against
// Martin's (1977) area-averaged Nusselt number of a single round nozzle (../estimate.ts; valid
// 2 000 ≤ Re ≤ 400 000, 2 ≤ H/D ≤ 12, 2.5 ≤ r/D ≤ 7.5). Test support only: no assertions here.

import { martinRound } from '../estimate.js';
import type { FlowCase } from '../case.js';
import { impingingJetCase } from '../impinging-jet.js';
import type { FlowSolution } from '../post/post.js';

// (The library's tsconfig has no Node types, hence globalThis instead of process.)
export const FULL_VERIFICATION = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.SIMFORGE_VERIFY === 'full';

export const ROUND_JET = {
  diameter: 0.02,
  reynolds: 23_000,
  /** Air at 300 K. */
  fluid: { density: 1.177, viscosity: 1.846e-5, conductivity: 0.02624, specificHeat: 1007 },
} as const;

const PRANDTL = (ROUND_JET.fluid.viscosity * ROUND_JET.fluid.specificHeat) / ROUND_JET.fluid.conductivity;

/** Martin's area-averaged Nusselt number of the case within r/D at H/D. */
export function martinNusselt(rOverD: number, hOverD: number): number {
  return martinRound({ reynolds: ROUND_JET.reynolds, prandtl: PRANDTL, hOverD, rOverD });
}

/** The computed area-averaged Nusselt number of the plate within r (faces whose centre lies inside). */
export function averageNusselt(solution: FlowSolution, r: number): number {
  const plate = solution.walls.find((w) => w.side === 'xmax')!;
  let sum = 0;
  let area = 0;
  for (let m = 0; m < plate.s.length && plate.s[m]! < r; m++) {
    sum += plate.nusselt[m]! * plate.area[m]!;
    area += plate.area[m]!;
  }
  return sum / area;
}

/** The position (s/D) of the secondary maximum of Nu beyond the stagnation region, or undefined without a dip. */
export function secondaryPeak(solution: FlowSolution): number | undefined {
  const D = ROUND_JET.diameter;
  const plate = solution.walls.find((w) => w.side === 'xmax')!;
  const nu = Array.from(plate.nusselt);
  const dip = nu.findIndex((value, m) => m > 0 && plate.s[m]! > 0.5 * D && nu[m + 1]! > value);
  if (dip <= 0) return undefined;
  const peak = nu.slice(dip).reduce((best, value, k) => (value > nu[best]! ? dip + k : best), dip);
  return plate.s[peak]! / D;
}

export const relativeDeviation = (value: number, reference: number): number => Math.abs(value / reference - 1);

/** The case at H/D on the coarse test grid or the default one, Kato–Launder production. */
export function roundJetCase(hOverD: number, mesh: 'coarse' | 'default', options: { vortexStretching?: boolean } = {}): FlowCase {
  const D = ROUND_JET.diameter;
  return impingingJetCase({
    nozzle: 'round',
    diameter: D,
    distance: hOverD * D,
    domainRadius: 8 * D,
    reynoldsNumber: ROUND_JET.reynolds,
    fluid: ROUND_JET.fluid,
    jetTemperature: 300,
    surfaceTemperature: 310,
    production: 'kato-launder',
    ...(options.vortexStretching ? { vortexStretching: true } : {}),
    ...(mesh === 'coarse' ? { mesh: { ratio: 1.2, largestCell: 0.25, shearLayerCell: 0.04 } } : {}),
  });
}
