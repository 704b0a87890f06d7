import { describe, expect, it } from 'vitest';
import { CMSX4_GAUMANN_2001, COLUMNAR_FRACTION, HUNT_CONSTANTS, EQUIAXED_FRACTION, huntLimit, rateOnLine, solidificationSpec } from './solidificationMap';

describe('G–R solidification map', () => {
  it("reproduces Gäumann et al.'s published columnar limit for CMSX-4 (G^3.4/R = 2.7e24)", () => {
    // The published figure has two significant digits: it stands for [2.65, 2.75] × 10^24.
    const limit = huntLimit(CMSX4_GAUMANN_2001, COLUMNAR_FRACTION);
    expect(limit).toBeGreaterThanOrEqual(2.65e24);
    expect(limit).toBeLessThan(2.75e24);
  });

  it('puts the equiaxed line above the columnar one (a larger R at the same G)', () => {
    const g = 1e6;
    const columnar = rateOnLine(CMSX4_GAUMANN_2001, huntLimit(CMSX4_GAUMANN_2001, COLUMNAR_FRACTION), g);
    const equiaxed = rateOnLine(CMSX4_GAUMANN_2001, huntLimit(CMSX4_GAUMANN_2001, EQUIAXED_FRACTION), g);
    expect(equiaxed).toBeGreaterThan(columnar);
    // G^n / R is the same all along a line
    const k = huntLimit(CMSX4_GAUMANN_2001, COLUMNAR_FRACTION);
    expect(g ** 3.4 / columnar / k).toBeCloseTo(1, 12);
  });

  const gr = {
    x: { name: 'G', unit: 'K/m', label: 'Thermal gradient G', values: [2.1e6, 5.5e6] },
    y: [{ name: 'R', unit: 'm/s', label: 'Solidification rate R', values: [0.8, 0.3] }],
  };

  it('without an alloy’s own constants: the points and the cooling-rate lines, no columnar/equiaxed lines', () => {
    const spec = solidificationSpec(gr);
    expect(spec.curves.filter((c) => c.endLabel === 'columnar | mixed' || c.endLabel === 'mixed | equiaxed')).toHaveLength(0);
    expect(spec.curves.filter((c) => c.name.startsWith('G·R')).length).toBeGreaterThan(2);
    expect(HUNT_CONSTANTS['CMSX-4']).toBe(CMSX4_GAUMANN_2001);
  });

  it('draws the solver points on log-log axes with the two Hunt lines (CMSX-4) and cooling-rate lines G·R', () => {
    const spec = solidificationSpec(gr, CMSX4_GAUMANN_2001);
    expect(spec.x.log && spec.y.log).toBe(true);
    expect(spec.x).toMatchObject({ min: 1e5, max: 1e8 });
    expect(spec.y).toMatchObject({ min: 1e-2, max: 10 });
    expect(spec.curves[0]!.points).toEqual([
      [2.1e6, 0.8],
      [5.5e6, 0.3],
    ]);
    expect(spec.curves.filter((c) => c.endLabel === 'columnar | mixed' || c.endLabel === 'mixed | equiaxed')).toHaveLength(2);
    const cooling = spec.curves.filter((c) => c.name.startsWith('G·R'));
    expect(cooling.length).toBeGreaterThan(2);
    for (const c of cooling) for (const [g, r] of c.points) expect(g * r).toBeCloseTo(Number(c.points[0]![0] * c.points[0]![1]), 6);
    // Only the lines leaving the map on the right carry a label (beside the plot, clear of the G axis' ticks).
    for (const c of cooling) {
      const [g, r] = c.points.at(-1)!;
      expect(c.endLabel !== undefined, c.name).toBe(g >= 1e8 * 0.99 && r >= 1e-2 * 0.99);
    }
    expect(cooling.find((c) => c.endLabel)!.endLabel).toMatch(/·10|K\/s$/);
  });
});
