// The reference solutions themselves: limits, normalisation and the self-convergence of the
// shooting solver.

import { describe, expect, it } from 'vitest';
import { annulusLaminarFrictionReynolds, annulusLaminarVelocity, annulusOneSidedNusselt, chenEntranceLength, shahApparentFrictionReynolds } from './exact.js';

describe('exact laminar references', () => {
  it('annulus f·Re: 95.25 at 0.5, tends to 96 (plates) as r_i/r_o → 1', () => {
    expect(annulusLaminarFrictionReynolds(0.5)).toBeCloseTo(95.2502, 4);
    expect(annulusLaminarFrictionReynolds(0.9999)).toBeCloseTo(96, 3);
  });

  it('annulus velocity has mean 1 and vanishes at both walls', () => {
    for (const ratio of [0.1, 0.5, 0.9]) {
      const n = 20000;
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const r = ratio + ((i + 0.5) * (1 - ratio)) / n;
        sum += annulusLaminarVelocity(ratio, r) * r * ((1 - ratio) / n);
      }
      expect((2 * sum) / (1 - ratio * ratio)).toBeCloseTo(1, 8);
      expect(annulusLaminarVelocity(ratio, ratio)).toBeCloseTo(0, 12);
      expect(annulusLaminarVelocity(ratio, 1)).toBeCloseTo(0, 12);
    }
  });

  it('the shooting solution converges at fourth order in its steps (to ~1e-11 at 2000 steps)', () => {
    for (const condition of ['temperature', 'heat_flux'] as const) {
      const values = [250, 500, 1000].map((steps) => annulusOneSidedNusselt(0.5, 'inner', condition, steps));
      const order = Math.log2(Math.abs(values[0]! - values[1]!) / Math.abs(values[1]! - values[2]!));
      expect(order).toBeGreaterThan(3.8);
      expect(order).toBeLessThan(4.2);
      expect(Math.abs(annulusOneSidedNusselt(0.5, 'inner', condition) - values[2]!)).toBeLessThan(1e-9);
    }
  });

  it("Shah's apparent friction tends to 64/Re plus the incremental pressure drop K(∞) = 1.25 far downstream", () => {
    const xPlus = 100;
    expect(shahApparentFrictionReynolds(xPlus)).toBeCloseTo(64 + 1.25 / xPlus, 2);
    expect(chenEntranceLength(1e6) / 1e6).toBeCloseTo(0.056, 6);
  });
});
