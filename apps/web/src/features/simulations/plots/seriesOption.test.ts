import { describe, expect, it } from 'vitest';
import type { Series } from '@simforge/contracts';
import { axisName, envelopeCaption, planSeries, seriesCsv, seriesOption } from './seriesOption';

const temperature: Series = {
  label: 'Temperature along the pipe',
  x: { name: 'position', unit: 'm', label: 'Distance from the inlet', values: [0, 5, 10] },
  y: [
    { name: 'bulk_temperature', unit: 'K', label: 'Bulk temperature', values: [293.15, 303.15, 313.15] },
    { name: 'wall_temperature', unit: 'K', label: 'Wall temperature', values: [353.15, 353.15, 353.15] },
  ],
};

const pressure: Series = {
  label: 'Pressure along the pipe',
  x: { name: 'position', unit: 'm', label: 'Distance from the inlet', values: [0, 0.5] },
  y: [{ name: 'pressure', unit: 'Pa', label: 'Pressure (absolute)', values: [300000, 294125] }],
};

describe('series plots', () => {
  it('name a one-unit axis by the plot’s quantity, not by where the curves are read (wall shear is not "Wall" or "Pressure")', () => {
    const pipe: Series = { label: 'Wall shear stress', x: { name: 'position', unit: 'm', label: 'Distance from the inlet', values: [0, 1] }, y: [{ name: 'wall_shear_stress', unit: 'Pa', label: 'Wall', values: [2, 1] }] };
    expect(planSeries(pipe).yAxes[0]!.label).toBe('Wall shear stress');
    const jet: Series = { label: 'Wall shear stress along the target', x: pipe.x, y: [{ name: 'wall_shear_stress', unit: 'Pa', label: 'Wall shear stress (outward along the wall)', values: [2, 1] }] };
    expect(planSeries(jet).yAxes[0]!.label).toBe('Wall shear stress along the target');
    const annulus: Series = { ...pipe, y: [{ ...pipe.y[0]!, name: 'inner', label: 'Inner wall' }, { ...pipe.y[0]!, name: 'outer', label: 'Outer wall' }] };
    expect(planSeries(annulus).yAxes[0]!.label).toBe('Wall shear stress');
    // A qualifier that fits stays: the pressure is the absolute one.
    expect(planSeries(pressure).yAxes[0]!.label).toBe('Pressure (absolute)');
  });

  it('count a time axis in the unit its span asks: a day in hours, a year in months', () => {
    const day: Series = { label: 'Network', x: { name: 'time', unit: 's', label: 'Time', values: [0, 43_200, 86_400] }, y: [{ name: 'head', unit: 'm', label: 'Head', values: [50, 51, 52] }] };
    expect(planSeries(day).x.unit).toBe('h');
    expect(planSeries(day).curves[0]!.points.map((p) => p[0])).toEqual([0, 12, 24]);
    const year: Series = { ...day, x: { ...day.x, values: [0, 15_778_800, 31_557_600] } };
    expect(planSeries(year).x.unit).toBe('month');
    expect(planSeries(year).curves[0]!.points.map((p) => p[0])).toEqual([0, 6, 12]);
  });

  it('convert to display units and name the axes with their units', () => {
    const plot = planSeries(temperature);
    expect(plot.x).toEqual({ label: 'Distance from the inlet', si: 'm', unit: 'm' });
    expect(plot.yAxes).toEqual([{ label: 'Bulk temperature / Wall temperature', si: 'K', unit: '°C' }]);
    expect(plot.curves[0]!.points).toEqual([
      [0, 20],
      [5, 30],
      [10, 40],
    ]);
    const option = seriesOption(plot, ['#000']) as { xAxis: { name: string }; yAxis: { name: string }[] };
    expect(option.xAxis.name).toBe('Distance from the inlet [m]');
    expect(option.yAxis[0]!.name).toBe('Bulk temperature / Wall temperature [°C]');
  });

  it('choose one unit per axis from its largest value', () => {
    const plot = planSeries(pressure);
    expect(plot.x.unit).toBe('mm');
    expect(plot.yAxes[0]!.unit).toBe('bar');
    expect(plot.curves[0]!.points[1]).toEqual([500, 2.94125]);
    expect(axisName('Reynolds number', '')).toBe('Reynolds number [–]');
  });

  it('name an axis shared by many curves after its quantity (the legend names the curves)', () => {
    const cycles: Series = {
      label: 'Thermal cycles',
      x: { name: 'time', unit: 's', label: 'Time', values: [0, 1] },
      y: ['Fusion line (y 4.81 mm)', 'HAZ (y 6.2 mm)', '10 mm from the weld line (y 9.62 mm)'].map((label, i) => ({ name: `c${i}`, unit: 'K', label, values: [293.15, 1000] })),
    };
    expect(planSeries(cycles).yAxes[0]).toEqual({ label: 'Temperature', si: 'K', unit: '°C' });
  });

  it('put curves of a second unit on a second axis', () => {
    const plot = planSeries({ ...pressure, y: [...pressure.y, { name: 'v', unit: 'm/s', label: 'Mean velocity', values: [1, 1.01] }] });
    expect(plot.yAxes.map((a) => a.unit)).toEqual(['bar', 'm/s']);
    expect(plot.curves.map((c) => c.axisIndex)).toEqual([0, 1]);
  });

  it('export the SI values as CSV', () => {
    expect(seriesCsv(pressure)).toBe('"position [m]","pressure [Pa]"\n0,300000\n0.5,294125\n');
  });

  it('draw a year of hourly values as daily means with a min–max band, say so, and keep every value in the CSV', () => {
    const hours = Array.from({ length: 8760 }, (_, k) => k * 3600);
    const year: Series = {
      label: 'Power flows',
      x: { name: 'time', unit: 's', label: 'Time', values: hours },
      y: [
        { name: 'demand', unit: 'W', label: 'Demand', values: hours.map((t) => 1e6 + 5e5 * Math.sin((2 * Math.PI * t) / 86_400)) },
        { name: 'delivered', unit: 'W', label: 'Delivered', values: hours.map(() => 9e5) },
      ],
    };
    const plot = planSeries(year, 800);
    // A year: the daily means smoothed over σ = 365 d / 120 ≈ 3 d.
    expect(plot.envelope).toEqual({ values: 8760, smoothingDays: expect.closeTo(8759 / 24 / 120, 9) });
    expect(plot.x.unit).toBe('month');
    expect(plot.curves[0]!.points).toHaveLength(365);
    // MW: the day's mean of the daily swing is the 1 MW it swings about, the band its ±0.5 MW.
    expect(plot.curves[0]!.points[10]![1]).toBeCloseTo(1, 6);
    expect(plot.curves[0]!.band![10]![1]).toBeCloseTo(0.5, 2);
    expect(plot.curves[0]!.band![10]![2]).toBeCloseTo(1.5, 2);
    expect(envelopeCaption(plot)).toMatch(/^Line: daily means smoothed over a few days \(Gaussian, σ = 3 d\) so the seasons read through on\/off cycles; band: daily min–max/);

    type Drawn = { name: string; data: [number, number][]; stack?: string; stackStrategy?: string; areaStyle?: unknown };
    const option = seriesOption(plot, ['#111', '#222'], { width: 800 }) as { series: Drawn[]; legend: { data: string[] } };
    // A line per curve (first, so tooltips and marks find their curve), then its band: the min, and max − min stacked on it.
    expect(option.series.map((d) => d.name)).toEqual(['Demand', 'Delivered', 'Demand', 'Demand', 'Delivered', 'Delivered']);
    const [low, high] = [option.series[2]!, option.series[3]!];
    expect(low.stack).toBe(high.stack);
    expect(high.stackStrategy).toBe('all');
    expect(high.areaStyle).toBeTruthy();
    expect(high.data[10]![1]).toBeCloseTo(1, 2);
    expect(option.legend.data).toEqual(['Demand', 'Delivered']);

    // The CSV is the solver's data, every hour of it.
    expect(seriesCsv(year).trim().split('\n')).toHaveLength(8761);
    // A short series is drawn as it is.
    expect(planSeries(temperature).envelope).toBeNull();
    expect(planSeries(temperature).curves[0]!.band).toBeUndefined();
  });

  it('label ticks compactly, hide a label that would touch another, and give long labels fewer ticks', () => {
    type Axis = { axisLabel: { formatter: (v: number) => string; hideOverlap: boolean }; splitNumber?: number };
    const ledger: Series = { label: 'Energy ledger', x: { name: 'time', unit: 's', label: 'Time', values: [0, 1e5] }, y: [{ name: 'e', unit: 'J', label: 'Energy', values: [0, 3.5e13] }] };
    const option = seriesOption(planSeries(ledger), ['#000'], { width: 400 }) as { xAxis: Axis; yAxis: Axis[] };
    expect([5e6, 10e6, 35e6].map(option.yAxis[0]!.axisLabel.formatter)).toEqual(['5·10⁶', '10·10⁶', '35·10⁶']);
    expect(option.yAxis[0]!.axisLabel.hideOverlap).toBe(true);
    expect(option.xAxis.axisLabel.hideOverlap).toBe(true);
    const long: Series = { ...ledger, x: { name: 'distance', unit: '', label: 'Distance', values: [0, 3.5e7] } };
    const short: Series = { ...ledger, x: { name: 'distance', unit: '', label: 'Distance', values: [0, 35] } };
    const ticks = (s: Series) => (seriesOption(planSeries(s), ['#000'], { width: 400 }) as { xAxis: Axis }).xAxis.splitNumber!;
    expect(ticks(long)).toBeLessThan(ticks(short));
  });

  it('put the legend in a band of its own below the plot, sized to its rows, and the toolbox above the plot', () => {
    const many: Series = { ...temperature, y: ['Demand', 'Delivered', 'Unmet demand', 'From the well (heat exchanger)', 'Store heat loss'].map((label, i) => ({ name: `c${i}`, unit: 'W', label, values: [1, 2, 3] })) };
    type Layout = { grid: { top: number; bottom: number }; legend: { bottom: number; top?: number; width: number }; toolbox: { top: number; itemSize: number } };
    const wide = seriesOption(planSeries(many), ['#000'], { width: 1000 }) as Layout;
    const phone = seriesOption(planSeries(many), ['#000'], { width: 330 }) as Layout;
    expect(wide.legend.top).toBeUndefined();
    expect(wide.legend.bottom).toBeGreaterThanOrEqual(0);
    expect(phone.legend.width).toBeLessThanOrEqual(330);
    // The phone's legend wraps into more rows: the plot leaves it more room.
    expect(phone.grid.bottom).toBeGreaterThan(wide.grid.bottom + 40);
    // The toolbox's row is above the plot.
    expect(wide.toolbox.top + wide.toolbox.itemSize).toBeLessThan(wide.grid.top);
    // One curve: no legend, no band for it.
    const single = seriesOption(planSeries(pressure), ['#000'], { width: 330 }) as Layout;
    expect(single.legend).toBeUndefined();
    expect(single.grid.bottom).toBeLessThan(phone.grid.bottom);
  });
});
