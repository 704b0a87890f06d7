// The rough-wall shift: Colebrook-White's roughness function, the model wall layer's ΔU⁺(Δy⁺) and its
// inverse, against their exact limits.

import { describe, expect, it } from 'vitest';
import { colebrookFrictionFactor } from '../duct-1d/friction.js';
import { colebrookRoughnessFunction, MIXING_LENGTH_KAPPA, roughnessShiftPlus, shiftForRoughnessFunction, wallLayerRoughnessFunction } from './roughness.js';

const A = 26;

describe("Colebrook-White's roughness function", () => {
  it('is the drop of √(8/f) between a smooth and a rough pipe at the same Re √f', () => {
    for (const [reynolds, relative] of [
      [2.5e4, 1.8e-3],
      [1e6, 1e-2],
    ] as const) {
      const rough = colebrookFrictionFactor(reynolds, relative);
      const kPlus = relative * reynolds * Math.sqrt(rough / 8);
      // The smooth pipe with the same Re √f: Re' = Re √(f_rough / f_smooth(Re')), by fixed point.
      let smoothReynolds = reynolds;
      for (let i = 0; i < 100; i++) smoothReynolds = reynolds * Math.sqrt(rough / colebrookFrictionFactor(smoothReynolds, 0));
      const drop = Math.sqrt(8 / colebrookFrictionFactor(smoothReynolds, 0)) - Math.sqrt(8 / rough);
      expect(colebrookRoughnessFunction(kPlus)).toBeCloseTo(drop, 9);
    }
    expect(colebrookRoughnessFunction(0)).toBe(0);
  });
});

describe('the shifted wall layer', () => {
  // Far beyond the damping, du⁺/dy⁺ = 1/l⁺ - 1/(2 l⁺²) + ...: ΔU⁺ = (1/κ) ln Δy⁺ + C + O(1/(κ² Δy⁺)),
  // so the slope over 1e4-1e5 is 1/κ to about 1/(2κ² · 1e4 · ln 10) ≈ 1.4e-4.
  it('moves the log law down by (1/κ) ln of the shift once the shift is far beyond the damping (slope to 5e-4)', () => {
    const slope = (wallLayerRoughnessFunction(1e5, A) - wallLayerRoughnessFunction(1e4, A)) / Math.LN10;
    expect(slope).toBeCloseTo(1 / MIXING_LENGTH_KAPPA, 3);
  });

  it('is zero without a shift and grows with it', () => {
    expect(wallLayerRoughnessFunction(0, A)).toBe(0);
    const values = [0.01, 0.1, 1, 10, 100].map((s) => wallLayerRoughnessFunction(s, A));
    for (let i = 1; i < values.length; i++) expect(values[i]!).toBeGreaterThan(values[i - 1]!);
  });

  it('the inverse recovers the shift (table interpolation within 0.1 % in Δy⁺)', () => {
    for (const shift of [0.003, 0.37, 2.2, 41, 870]) {
      expect(Math.abs(shiftForRoughnessFunction(wallLayerRoughnessFunction(shift, A), A) / shift - 1)).toBeLessThan(1e-3);
    }
  });

  it('a smooth wall gets no shift; the default commercial-steel pipe (k⁺ ≈ 2.7) gets one', () => {
    expect(roughnessShiftPlus(0, A)).toBe(0);
    const shift = roughnessShiftPlus(2.7, A);
    expect(shift).toBeGreaterThan(0);
    expect(wallLayerRoughnessFunction(shift, A)).toBeCloseTo(colebrookRoughnessFunction(2.7), 3);
  });
});
