import { describe, expect, it } from 'vitest';
import { compactTick, legendLayout, legendName, logTick, longestTickLabel, textWidth, tickIntervals } from './chartLayout';

describe('chart tick labels and legends', () => {
  it('write large and small ticks in engineering notation, short enough never to run together ("5,000,00010,000,000")', () => {
    expect([0, 5e6, 10e6, 35e6].map(compactTick)).toEqual(['0', '5·10⁶', '10·10⁶', '35·10⁶']);
    expect(compactTick(-5e6)).toBe('−5·10⁶');
    expect(compactTick(12_500)).toBe('12.5·10³');
    expect(compactTick(999_999)).toBe('1·10⁶');
    expect(compactTick(6e-5)).toBe('60·10⁻⁶');
    expect(compactTick(-2.5e-5)).toBe('−25·10⁻⁶');
    // The ordinary range stays as written.
    expect([2500, 0.25, 0.001, 9999].map(compactTick)).toEqual(['2,500', '0.25', '0.001', '9,999']);
    for (const v of [1e4, 3.14159e7, 1.23456e-4, 987_654_321, -4.2e12]) expect(compactTick(v).length).toBeLessThanOrEqual(9);
  });

  it('count the decades of a log axis as powers of ten', () => {
    expect([1e9, 1e-12, 1e4, 1000, 100, 1, 0.01, 5e6].map(logTick)).toEqual(['10⁹', '10⁻¹²', '10⁴', '10³', '100', '1', '0.01', '5·10⁶']);
  });

  it('find the longest label an axis shows and give long labels fewer ticks', () => {
    expect(longestTickLabel(0, 35_123_456)).toBe('35·10⁶');
    expect(longestTickLabel(-0.25, 12)).toBe('−0.25');
    const axis = 300;
    const short = tickIntervals(axis, textWidth('12'));
    const long = tickIntervals(axis, textWidth('35·10⁶'));
    expect(long).toBeLessThan(short);
    // Each label and its gap fit in its share of the axis.
    expect(long * (textWidth('35·10⁶') + 24)).toBeLessThanOrEqual(axis);
    expect(tickIntervals(40, 200)).toBe(2);
  });

  it('wrap a legend into the rows it needs for the chart’s width', () => {
    const names = ['Demand', 'Delivered', 'Unmet demand', 'From the well (heat exchanger)', 'Store heat loss', 'Into the store (+) or out of it (−)'];
    const wide = legendLayout(names, 1200);
    const phone = legendLayout(names, 330);
    expect(wide.rows).toBe(1);
    expect(phone.rows).toBeGreaterThanOrEqual(4);
    expect(phone.height).toBeGreaterThan(wide.height);
    expect(legendLayout([], 500)).toEqual({ rows: 0, height: 0 });
    // A name longer than a phone's chart is cut with an ellipsis (the full name shows on hover).
    const long = "Weld metal at the bead's centroid, where t8/5 is read (y 0.00 mm, z 3.26 mm)";
    expect(legendName(long, 330).endsWith('…')).toBe(true);
    expect(textWidth(legendName(long, 330)) + 40).toBeLessThanOrEqual(330 - 16);
    expect(legendName('Demand', 330)).toBe('Demand');
  });
});
