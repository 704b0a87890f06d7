// The moving Goldak source's exact quasi-steady field: it tends to Rosenthal's as the source shrinks,
// and a source as wide as the pool gives a narrower pool than the point source of the same power.

import { describe, expect, it } from 'vitest';
import { goldakQuasiSteadyFusionHalfWidth, goldakQuasiSteadyTemperature } from './goldak-quasi-steady.js';
import { thickPlateFusionHalfWidth, thickPlateTemperature } from './rosenthal.js';

const info = (message: string) => (globalThis as { console?: { info(m: string): void } }).console?.info(message);

const bead = { power: 4000, travelSpeed: 0.005, conductivity: 30, density: 7850, specificHeat: 600, initialTemperature: 293.15 };
const solidus = 1773.15;

describe('Goldak double ellipsoid, quasi-steady exact solution', () => {
  it('a small source gives Rosenthal’s field and fusion half-width (4.716 mm) within 0.1 %', () => {
    const small = { a_f: 1e-4, a_r: 1e-4, b: 1e-4, c: 1e-4 };
    for (const point of [{ xi: -0.004, y: 0.003 }, { xi: 0.002, y: 0.002, z: -0.001 }, { xi: -0.02, y: 0.005 }])
      expect(goldakQuasiSteadyTemperature(bead, small, point) - 293.15).toBeCloseTo(thickPlateTemperature(bead, point) - 293.15, -1);
    const rosenthal = thickPlateFusionHalfWidth(bead, solidus);
    expect(Math.abs(goldakQuasiSteadyFusionHalfWidth(bead, small, solidus) / rosenthal - 1)).toBeLessThan(1e-3);
  });

  it('the welding model’s derived source (b = c = a_f = Rosenthal half-width, a_r = 2b) fuses a narrower pool', () => {
    const R = thickPlateFusionHalfWidth(bead, solidus);
    const halfWidth = goldakQuasiSteadyFusionHalfWidth(bead, { a_f: R, a_r: 2 * R, b: R, c: R }, solidus);
    info(`derived Goldak source: fusion half-width ${(halfWidth * 1000).toFixed(4)} mm vs Rosenthal ${(R * 1000).toFixed(4)} mm (${((halfWidth / R - 1) * 100).toFixed(2)} %)`);
    // Measured 4.472 mm, −5.17 % (an independent NumPy evaluation, source sliced along x, gave 4.4706 mm).
    expect(halfWidth / R - 1).toBeGreaterThan(-0.06);
    expect(halfWidth / R - 1).toBeLessThan(-0.045);
  });
});
