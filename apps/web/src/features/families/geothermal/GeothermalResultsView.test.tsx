import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { defaultParametersOf } from '@simforge/contracts';
import { cellEdges, type FieldArray } from '../../simulations/results/fieldData';
import { ResultsPanel } from '../../simulations/view/ResultsPanel';
import { fieldArrayOf } from '../shared/fixtures/fieldArray';
import { geothermalOutput } from '../shared/fixtures/geothermal-output';
import { renderWithProviders, RUN_1, serveResults, SIM_ID } from '../shared/fixtures/serveResults';
import { tankGrid, timeUnitFor } from './tankMap';

afterEach(() => vi.unstubAllGlobals());

const f = geothermalOutput.fields.tank_temperature;
const array = fieldArrayOf('tank_temperature', f);

describe('tankGrid', () => {
  it('puts time across (months for a year, as every time axis) and height up, keeping every value at its (time, height)', () => {
    const { grid, dailyMeans } = tankGrid(array);
    const [nt, nh] = f.shape;
    expect(dailyMeans).toBe(false);
    expect(grid.nx).toBe(nt);
    expect(grid.ny).toBe(nh);
    expect(grid.x.unit).toBe('month');
    expect(grid.x.values[nt - 1]).toBeCloseTo(365 / (365.25 / 12), 9); // the default case runs one year
    for (const [i, j] of [
      [0, 0],
      [3, 2],
      [nt - 1, nh - 1],
    ] as const) {
      expect(grid.values[j * nt + i]).toBe(array.values[i * nh + j]);
    }
    expect(timeUnitFor(48 * 3600).unit).toBe('h');
    expect(timeUnitFor(7 * 86_400)).toEqual({ unit: 'd', seconds: 86_400 });
  });

  it('draws a year of 3-hourly values as one column a day, each the day’s mean at each height', () => {
    const times = Array.from({ length: 2921 }, (_, k) => k * 10_800);
    const heights = [0.5, 1.5];
    // The bottom swings over each day (8 values: 300 K ± 8), the top warms by 1 K a day.
    const values = Float32Array.from(times.flatMap((t, k) => [300 + (k % 8 < 4 ? 8 : -8), 340 + t / 86_400]));
    const year: FieldArray = {
      name: 'tank_temperature',
      label: 'Store temperature',
      unit: 'K',
      shape: [times.length, 2],
      axes: [
        { name: 'time', unit: 's', values: times, edges: cellEdges(times) },
        { name: 'height', unit: 'm', values: heights, edges: cellEdges(heights) },
      ],
      values,
    };
    const { grid, dailyMeans } = tankGrid(year);
    expect(dailyMeans).toBe(true);
    // 365 full days and the value at the end of the year.
    expect(grid.nx).toBe(366);
    expect(grid.ny).toBe(2);
    expect(grid.values[10]).toBeCloseTo(300, 5);
    // Day 10's top: mean of 340 + (10 + k/8) for k = 0..7 = 350.4375.
    expect(grid.values[grid.nx + 10]).toBeCloseTo(350.4375, 3);
    // Columns sit at each day's mean time: day 10 at 10 d + 10.5 h, in months.
    expect(grid.x.values[10]).toBeCloseTo((10 * 86_400 + 37_800) / 2_629_800, 9);
  });
});

describe('geothermal results view', () => {
  it('draws the store temperature as a heat map over time and height with a °C colour bar', async () => {
    serveResults({ output: geothermalOutput, simulation: { family: 'pipe', type: 'GEOTHERMAL_PLANT_TES', parameters: defaultParametersOf('GEOTHERMAL_PLANT_TES')! } });
    renderWithProviders(<ResultsPanel simulationId={SIM_ID} type="GEOTHERMAL_PLANT_TES" runId={RUN_1} />);
    const card = await screen.findByRole('figure', { name: 'Store temperature' }, { timeout: 10_000 });
    const map = await within(card).findByRole('img', { name: 'Store temperature heat map' }, { timeout: 10_000 });
    expect(within(card).getByTestId('colour-bar-title').textContent).toBe('°C');
    expect(map.textContent).toContain('time (month)');
    expect(map.textContent).toContain('height (m)');
    // not drawn a second time by the generic field card
    expect(screen.queryByRole('figure', { name: f.label })).toBeNull();
  }, 20_000);
});
