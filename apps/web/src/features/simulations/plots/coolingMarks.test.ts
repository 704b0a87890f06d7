import { describe, expect, it } from 'vitest';
import type { Series } from '@simforge/contracts';
import { coolingCrossings, coolingMarks } from './coolingMarks';
import { planSeries, seriesOption } from './seriesOption';

// A cycle heating to 1500 °C at t = 2 s, then cooling by 100 K/s: 800 °C at 9 s, 500 °C at 12 s.
const times = Array.from({ length: 21 }, (_, k) => k);
const cycle = times.map((t) => (t <= 2 ? 20 + 740 * t : 1500 - 100 * (t - 2)) + 273.15);

const cycles: Series = {
  label: 'Thermal cycles',
  x: { name: 'time', unit: 's', label: 'Time', values: times },
  y: [
    { name: 'haz', unit: 'K', label: 'HAZ', values: cycle.map((T) => T - 200) },
    { name: 'fusion_line', unit: 'K', label: 'Fusion line', values: cycle },
  ],
};
const summary = { t8_5: { value: 3.0004, unit: 's', label: 'Cooling time 800-500 °C' } };

describe('t8/5 on a thermal-cycle plot', () => {
  it('finds the cooling crossings of 800 and 500 °C after the peak (heating crossings ignored)', () => {
    const c = coolingCrossings(times, cycle)!;
    expect(c.from).toBeCloseTo(9, 12);
    expect(c.to).toBeCloseTo(12, 12);
    // Between samples: linear interpolation.
    expect(coolingCrossings([0, 1, 3], [1500 + 273.15, 900 + 273.15, 400 + 273.15])).toEqual({ from: expect.closeTo(1.4, 12), to: expect.closeTo(2.6, 12) });
    expect(coolingCrossings([0, 1], [1000, 900])).toBeUndefined();
  });

  it('marks 800 and 500 °C and the t8/5 band on the fusion-line curve, labelled with the summary value', () => {
    const plot = planSeries(cycles);
    const marks = coolingMarks(cycles, plot, summary)!;
    expect(plot.curves[marks.curveIndex]!.name).toBe('fusion_line');
    expect(marks.levels).toEqual([
      { value: expect.closeTo(800, 9), label: '800 °C' },
      { value: expect.closeTo(500, 9), label: '500 °C' },
    ]);
    expect(marks.band).toEqual({ from: expect.closeTo(9, 9), to: expect.closeTo(12, 9), label: 't8/5 = 3 s' });
    const option = seriesOption(plot, ['#000'], { marks }) as { series: { markLine?: { data: { yAxis: number }[] }; markArea?: { data: [{ name: string; xAxis: number }, { xAxis: number }][] } }[] };
    expect(option.series[0]!.markLine).toBeUndefined();
    expect(option.series[1]!.markLine!.data.map((d) => Math.round(d.yAxis))).toEqual([800, 500]);
    expect(option.series[1]!.markArea!.data[0]![0]).toMatchObject({ name: 't8/5 = 3 s', xAxis: expect.closeTo(9, 9) });
  });

  it('leaves plots without a t8_5 or without temperatures over time unmarked; levels only when the cycle stays hot', () => {
    const plot = planSeries(cycles);
    expect(coolingMarks(cycles, plot, {})).toBeNull();
    expect(coolingMarks(cycles, plot, undefined)).toBeNull();
    const energy: Series = { label: 'Energy', x: cycles.x, y: [{ name: 'source_in', unit: 'J', label: 'Source', values: times }] };
    expect(coolingMarks(energy, planSeries(energy), summary)).toBeNull();
    const hot: Series = { ...cycles, y: [{ ...cycles.y[1]!, values: times.map(() => 1200 + 273.15) }] };
    const marks = coolingMarks(hot, planSeries(hot), summary)!;
    expect(marks.levels).toHaveLength(2);
    expect(marks.band).toBeUndefined();
  });
});
