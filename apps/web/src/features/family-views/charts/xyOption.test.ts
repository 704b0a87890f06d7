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
});
