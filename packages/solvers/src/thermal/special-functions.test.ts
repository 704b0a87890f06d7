import { describe, expect, it } from 'vitest';
import { erf, erfc, erfDifference } from './special-functions.js';

describe('erf', () => {
  it('matches tabulated values (Abramowitz & Stegun Table 7.1, 10 digits)', () => {
    expect(erf(0.5)).toBeCloseTo(0.5204998778, 10);
    expect(erf(1)).toBeCloseTo(0.8427007929, 10);
    expect(erf(2)).toBeCloseTo(0.9953222650, 10);
    expect(erf(-1)).toBeCloseTo(-0.8427007929, 10);
    expect(erfc(3) / 2.209049699858544e-5).toBeCloseTo(1, 12);
    expect(erfc(5) / 1.5374597944280349e-12).toBeCloseTo(1, 12);
  });

  it('is continuous where the series hands over to the continued fraction', () => {
    const slope = (2 / Math.sqrt(Math.PI)) * Math.exp(-9);
    expect(Math.abs(erf(3 - 1e-7) - (erf(3) - 1e-7 * slope))).toBeLessThan(1e-15);
    expect(erfDifference(4, 4.5) / (erfc(4) - erfc(4.5))).toBeCloseTo(1, 14);
  });
});
