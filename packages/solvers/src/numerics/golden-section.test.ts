import { describe, expect, it } from 'vitest';
import { goldenSectionMaximum } from './golden-section.js';

describe('goldenSectionMaximum', () => {
  // Near a smooth maximum f changes by (δx)², so in double precision x is resolvable only to about
  // √ε·scale ≈ 1.5e-8: that, not the bracket tolerance, bounds the error.
  it('finds the maximum of a parabola to √ε, whichever way the bracket is given', () => {
    const f = (x: number) => -((x - 0.3) ** 2) + 2;
    for (const [a, b] of [[-1, 2], [2, -1]] as const) {
      const m = goldenSectionMaximum(f, a, b, 1e-10);
      expect(Math.abs(m.x - 0.3)).toBeLessThan(1e-7);
      expect(m.value).toBeCloseTo(2, 12);
    }
  });

  it('finds a maximum at the end of the bracket', () => {
    const m = goldenSectionMaximum((x) => x, 0, 1, 1e-9);
    expect(1 - m.x).toBeLessThan(1e-9);
  });
});
