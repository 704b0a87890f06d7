// The Eagar–Tsai reference case (issue 5, "Verification"): IN625-like constants, 100 W
// absorbed at 0.8 m/s. The closed-form limit (σ → 0) is Rosenthal's point source.
import { describe, expect, it } from 'vitest';
import { thickPlateFusionHalfWidth, thickPlateTemperature } from '../../welding/analytic/rosenthal.js';
import { eagarTsaiMeltPool, eagarTsaiTemperature, type GaussianSourceCase } from './eagar-tsai.js';

const K = 273.15;
const in625Like = { power: 100, speed: 0.8, conductivity: 20, density: 8440, specificHeat: 600, initialTemperature: 20 + K };
const melting = 1290 + K;

describe('Eagar–Tsai travelling Gaussian source', () => {
  it('reduces to Rosenthal’s point source for σ = 0 (to quadrature round-off)', () => {
    const rosenthal = { power: 100, travelSpeed: 0.8, conductivity: 20, density: 8440, specificHeat: 600, initialTemperature: 20 + K };
    for (const point of [
      { xi: -1e-4, y: 3e-5, z: 1e-5 },
      { xi: 2e-5, y: 1e-5, z: 0 },
      { xi: -6e-4, y: 0, z: 5e-5 },
    ]) {
      const rise = eagarTsaiTemperature({ ...in625Like, sigma: 0 }, point) - in625Like.initialTemperature;
      expect(rise / (thickPlateTemperature(rosenthal, point) - rosenthal.initialTemperature) - 1).toBeLessThan(1e-9);
    }
    expect(eagarTsaiMeltPool({ ...in625Like, sigma: 0 }, melting).width / (2 * thickPlateFusionHalfWidth(rosenthal, melting)) - 1).toBeLessThan(1e-6);
  });

  it('point-like source: melt-pool width 133.5 µm (within 3 %)', () => {
    const pool = eagarTsaiMeltPool({ ...in625Like, sigma: 0 }, melting);
    expect(Math.abs(pool.width / 133.5e-6 - 1)).toBeLessThan(0.03); // measured 133.54 µm
    expect(pool.depth).toBeCloseTo(pool.width / 2, 9); // a point source's isotherms are hemispheres in y-z
  });

  it('σ 25 µm (1/e² radius 50 µm): width 144.2 µm and depth 62.3 µm (within 3 %)', () => {
    const pool = eagarTsaiMeltPool({ ...in625Like, sigma: 25e-6 }, melting);
    expect(Math.abs(pool.width / 144.2e-6 - 1)).toBeLessThan(0.03); // measured 144.21 µm
    expect(Math.abs(pool.depth / 62.3e-6 - 1)).toBeLessThan(0.03); // measured 62.32 µm
    expect(pool.length).toBeGreaterThan(pool.width);
    expect(pool.peakTemperature).toBeGreaterThan(melting);
  });

  it('the quadrature has converged: the default 800 nodes and 1600 nodes agree to 1e-8 of the rise', () => {
    const c: GaussianSourceCase = { ...in625Like, sigma: 25e-6 };
    for (const point of [{ xi: 0, y: 0, z: 0 }, { xi: -2e-4, y: 7e-5, z: 0 }, { xi: -1e-4, y: 0, z: 6e-5 }]) {
      const fine = eagarTsaiTemperature(c, point, { nodes: 1600, searchTolerance: 1e-7 });
      const coarse = eagarTsaiTemperature(c, point, { nodes: 800, searchTolerance: 1e-7 });
      expect(Math.abs(fine - coarse) / (fine - c.initialTemperature)).toBeLessThan(1e-8);
    }
  });
});
