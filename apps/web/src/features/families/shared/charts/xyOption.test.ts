import { describe, expect, it } from 'vitest';
import { drawablePoints, xyOption } from './xyOption';

describe('xyOption', () => {
  it('uses log axes where asked and drops the points they cannot show', () => {
    const option = xyOption(
      {
        x: { label: 'Iteration', unit: '' },
        y: { label: 'Residual', unit: '', log: true },
        curves: [{ name: 'u', points: [[1, 1], [2, 0], [3, -1], [4, Number.NaN], [5, 1e-4]] }],
      },
      ['#000'],
    ) as { yAxis: { type: string; name: string }; xAxis: { type: string }; series: { data: unknown }[] };
    expect(option.yAxis.type).toBe('log');
    expect(option.xAxis.type).toBe('value');
    expect(option.yAxis.name).toBe('Residual [–]');
    expect(option.series[0]!.data).toEqual([
      [1, 1],
      [5, 1e-4],
    ]);
  });

  it('keeps zero and negative values on linear axes', () => {
    expect(drawablePoints([[0, -2]], { label: 'x', unit: '' }, { label: 'y', unit: '' })).toEqual([[0, -2]]);
  });

  it('keeps the legend below the plot in the rows it needs, and room right of the plot for text at a curve’s end', () => {
    const spec = {
      x: { label: 'r / D', unit: '' },
      y: { label: 'Nusselt number', unit: '' },
      curves: [
        { name: 'Local Nusselt number', points: [[0, 140], [5, 60]] as [number, number][] },
        { name: 'Area average within s', points: [[0, 140], [5, 100]] as [number, number][] },
        { name: "Martin (1977), area average within s (solver's evaluation)", points: [[1, 120], [5, 90]] as [number, number][], dashed: true },
        { name: 'G·R = 1,000,000 K/s', points: [[1, 1], [2, 2]] as [number, number][], reference: true, endLabel: '1,000,000 K/s' },
      ],
    };
    type Layout = { grid: { right: number; bottom: number }; legend: { bottom: number; top?: number; data: string[] } };
    const wide = xyOption(spec, ['#000'], 1000) as Layout;
    const phone = xyOption(spec, ['#000'], 330) as Layout;
    expect(wide.legend.top).toBeUndefined();
    expect(wide.legend.data).toHaveLength(3);
    expect(phone.grid.bottom).toBeGreaterThan(wide.grid.bottom);
    // '1,000,000 K/s' at 11 px needs about 80 px beside the plot.
    expect(wide.grid.right).toBeGreaterThanOrEqual(80);
  });

  it('labels ticks compactly and hides a label that would touch another', () => {
    const option = xyOption({ x: { label: 'G', unit: 'K/m', log: true }, y: { label: 'R', unit: 'm/s', log: true }, curves: [{ name: 'a', points: [[1e4, 1e-5], [1e8, 1]] }] }, ['#000']) as {
      xAxis: { axisLabel: { formatter: (v: number) => string; hideOverlap: boolean } };
    };
    // A log axis counts decades: 10⁴, not 10·10³.
    expect([1e4, 1e6, 1e8, 1e-5, 100, 0.01, 2e5].map(option.xAxis.axisLabel.formatter)).toEqual(['10⁴', '10⁶', '10⁸', '10⁻⁵', '100', '0.01', '200·10³']);
    expect(option.xAxis.axisLabel.hideOverlap).toBe(true);
  });
});
