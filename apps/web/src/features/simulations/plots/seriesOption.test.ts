import { describe, expect, it } from 'vitest';
import type { Series } from '@simforge/contracts';
import { axisName, planSeries, seriesCsv, seriesOption } from './seriesOption';

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
});
