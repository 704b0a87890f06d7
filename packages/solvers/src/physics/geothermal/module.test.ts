// GEOTHERMAL_PLANT_TES through the registry: a shortened default case (the summary keys of
// simulations.md, the heat-map field, the ledger closing), the control and the well's decline, the
// CSV demand with its units and its line-numbered errors, bad parameters named by field, and the
// estimate. The year-long default run is in test/verification/geothermal-energy-balance.test.ts.

import { describe, expect, it } from 'vitest';
import { AbortedError, estimate, InvalidParametersError, parameterDefaults, solve, solverTypes, type SolveResult } from '../../index.js';
import { counterflowEffectiveness } from './heat-exchanger.js';
import { geothermalPlantDefaults, readPlantCase } from './parameters.js';
import { buildTank, simulatePlant } from './plant.js';

const SUMMARY_KEYS = ['energy_delivered', 'unmet_demand', 'storage_efficiency', 'max_tank_temperature', 'reinjection_temperature', 'energy_balance_error'];
const DAY = 86_400;

/** The default plant over `days` days (winter: the seasonal peak is on day 15). */
const shortCase = (days: number, overrides: Record<string, unknown> = {}) => ({ ...geothermalPlantDefaults, duration: days * DAY, report_step: 3600, ...overrides });

const run = (parameters: Record<string, unknown>): Promise<SolveResult> => solve({ type: 'GEOTHERMAL_PLANT_TES', parameters });

async function issuesOf(parameters: Record<string, unknown>): Promise<{ path: string; message: string }[]> {
  expect(() => estimate('GEOTHERMAL_PLANT_TES', parameters)).toThrow(InvalidParametersError);
  const error = await run(parameters).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InvalidParametersError);
  return [...(error as InvalidParametersError).issues];
}

describe('GEOTHERMAL_PLANT_TES solver module', () => {
  let result: SolveResult;

  it('is registered; its default parameters are the module’s defaults (a year)', () => {
    expect(solverTypes()).toContain('GEOTHERMAL_PLANT_TES');
    expect(parameterDefaults('GEOTHERMAL_PLANT_TES')).toEqual(geothermalPlantDefaults);
    expect(geothermalPlantDefaults.duration).toBe(365 * DAY);
  });

  it('runs 10 winter days of the default plant: the summary keys of simulations.md, the store’s heat map, power and energy series', async () => {
    result = await run(shortCase(10));
    expect(result.solver_version).toBe('@simforge/solvers 0.1.0, geothermal-tes 1.0.0');
    for (const key of SUMMARY_KEYS) expect(result.summary[key], key).toBeDefined();
    const field = result.fields['tank_temperature']!;
    expect(field.grid.axes.map((a) => [a.name, a.unit])).toEqual([
      ['time', 's'],
      ['height', 'm'],
    ]);
    expect(field.shape).toEqual([10 * 24 + 1, 20]);
    expect(field.values).toHaveLength(field.shape[0]! * field.shape[1]!);
    expect(field.grid.axes[1]!.values[0]).toBeCloseTo(0.3, 12);
    expect(result.series['power']!.y.map((y) => y.name)).toEqual(['demand', 'delivered', 'unmet', 'well_heat', 'tank_loss', 'storage']);
    // Each interval's powers balance: from the well = delivered + lost + into the store.
    const [, delivered, , well, lost, storage] = result.series['power']!.y.map((y) => y.values);
    well!.forEach((w, k) => expect(Math.abs(w - delivered![k]! - lost![k]! - storage![k]!)).toBeLessThan(1e-6 * Math.max(1, w)));
    expect(result.series['power']!.x.values).toHaveLength(240);
    expect(result.series['energy']!.y.map((y) => y.name)).toEqual(['demand', 'delivered', 'unmet', 'well_heat', 'tank_loss', 'stored']);
  });

  it('closes the energy balance to round-off and reports consistent figures', () => {
    const v = (key: string) => result.summary[key]!.value as number;
    expect(v('energy_balance_error')).toBeLessThan(1e-9);
    // Storage efficiency = (delivered + stored) / charged = 1 - lost / charged.
    expect(v('storage_efficiency')).toBeCloseTo(1 - v('tank_heat_loss') / v('well_heat'), 9);
    expect(v('storage_efficiency')).toBeGreaterThan(0.9);
    expect(v('storage_efficiency')).toBeLessThan(1);
    // Winter days at 1.5 × the mean: demand = ∫ P dt of the shape (daily mean 1, seasonal near 1.5).
    expect(v('energy_demand')).toBeGreaterThan(10 * DAY * 1e6 * 1.45);
    expect(v('energy_demand')).toBeLessThan(10 * DAY * 1e6 * 1.5);
    // Delivered plus unmet is the demand, to the overshoot of one substep (< 0.1 %).
    expect(Math.abs(v('energy_delivered') + v('unmet_demand') - v('energy_demand')) / v('energy_demand')).toBeLessThan(1e-3);
    // The store never gets hotter than the brine, and the brine leaves between the return and the production temperature.
    expect(v('max_tank_temperature')).toBeLessThanOrEqual(358.15);
    expect(v('reinjection_temperature')).toBeGreaterThan(313.15);
    expect(v('reinjection_temperature')).toBeLessThan(358.15);
  });

  it('the estimate is near the solver over the 10 winter days (delivered within 5 %, storage efficiency within 0.05)', () => {
    const answer = estimate('GEOTHERMAL_PLANT_TES', shortCase(10));
    const near = (key: string) => (answer.results[key]!.value as number) / (result.summary[key]!.value as number) - 1;
    expect(Math.abs(near('energy_delivered'))).toBeLessThan(0.05);
    expect(Math.abs((answer.results['storage_efficiency']!.value as number) - (result.summary['storage_efficiency']!.value as number))).toBeLessThan(0.05);
  });
  it('the exchanger’s effectiveness is counterflow ε-NTU (balanced streams: NTU / (1 + NTU))', () => {
    const brine = 10 * 4180;
    const plant = 10 * 4185;
    const ntu = 250_000 / brine;
    expect(result.summary['heat_exchanger_effectiveness']!.value).toBeCloseTo(counterflowEffectiveness(ntu, brine / plant), 12);
    expect(counterflowEffectiveness(3, 1)).toBeCloseTo(0.75, 14);
    expect(counterflowEffectiveness(3, 1 - 1e-7)).toBeCloseTo(0.75, 6);
    expect(counterflowEffectiveness(2, 0)).toBeCloseTo(1 - Math.exp(-2), 14);
  });

  it('charges between the set points: the well stops once the bottom passes the stop temperature and restarts when the upper sensor cools', async () => {
    // Summer (day 196, demand 0.5 × mean): the store fills and the well cycles.
    const summer = await simulatePlant(readPlantCase(shortCase(3, { demand: { ...geothermalPlantDefaults.demand, peak_day: 196 } })));
    expect(summer.wellStarts).toBeGreaterThan(1);
    expect(summer.wellRunningTime).toBeLessThan(3 * DAY);
    const continuous = await simulatePlant(readPlantCase(shortCase(3, { demand: { ...geothermalPlantDefaults.demand, peak_day: 196 }, control: { mode: 'continuous' } })));
    expect(continuous.wellStarts).toBe(1);
    expect(continuous.wellRunningTime).toBe(3 * DAY);
    // Running on, the store ends hotter and loses more.
    expect(continuous.ledger.stored).toBeGreaterThan(summer.ledger.stored);
  });

  it('one mixed node charged continuously with no demand or loss heats as T_s - (T_s - T_0) e^{-ε C_min t / (m c)}; the brine leaves at T_s - ε C_min (T_s - T)/C_brine', async () => {
    const plant = readPlantCase({
      ...shortCase(1),
      tank: { ...geothermalPlantDefaults.tank, nodes: 1, loss_coefficient: 0 },
      demand: { ...geothermalPlantDefaults.demand, profile: 'constant', mean_power: 0 },
      control: { mode: 'continuous' },
    });
    const sim = await simulatePlant(plant);
    const tank = buildTank(plant);
    const rate = sim.exchanger.effectiveConductance / tank.nodeCapacity;
    const exact = (t: number) => 358.15 - (358.15 - 338.15) * Math.exp(-rate * t);
    // Crank-Nicolson with λΔt ≈ 0.01: relative error (λΔt)²/12 of the change, far below 1e-4 K.
    for (const record of sim.records) expect(Math.abs(record.tank[0]! - exact(record.time))).toBeLessThan(1e-4);
    expect(Math.abs(sim.ledger.wellHeat / (tank.nodeCapacity * (sim.records.at(-1)!.tank[0]! - 338.15)) - 1)).toBeLessThan(1e-12);
    // The interval-mean reinjection temperature against the exact one at the interval's mean tank temperature (linear in T).
    const first = sim.records[1]!;
    const meanTank = 358.15 - ((358.15 - 338.15) * (1 - Math.exp(-rate * first.time))) / (rate * first.time);
    expect(Math.abs(first.reinjectionTemperature - (358.15 - (sim.exchanger.effectiveConductance * (358.15 - meanTank)) / (10 * 4180)))).toBeLessThan(1e-3);
  });

  it('a declining well gives less heat, and the production temperature falls linearly', async () => {
    const steady = await simulatePlant(readPlantCase(shortCase(2, { well: { ...geothermalPlantDefaults.well, temperature_decline_per_year: 0 } })));
    const declining = await simulatePlant(readPlantCase(shortCase(2, { well: { ...geothermalPlantDefaults.well, temperature_decline_per_year: 10 } })));
    const last = declining.records.at(-1)!;
    // At the middle of the last step (2 days less 5 minutes).
    expect(last.productionTemperature).toBeCloseTo(358.15 - (10 * (2 * DAY - 300)) / (365 * DAY), 9);
    expect(declining.ledger.wellHeat).toBeLessThan(steady.ledger.wellHeat);
  });
});

describe('progress and abort', () => {
  it('reports progress through the year and stops within a control step of an abort', async () => {
    const fractions: number[] = [];
    let polls = 0;
    const error = await solve(
      { type: 'GEOTHERMAL_PLANT_TES', parameters: geothermalPlantDefaults },
      { onProgress: (p) => fractions.push(p.fraction), progressIntervalMs: 0, isAborted: () => ++polls > 500 },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    // About 500 of the year's 52 560 steps ran: the run stopped early, progress rising until then.
    expect(fractions.length).toBeGreaterThan(100);
    expect(fractions.at(-1)!).toBeLessThan(0.1);
    for (let i = 1; i < fractions.length; i++) expect(fractions[i]!).toBeGreaterThanOrEqual(fractions[i - 1]!);
  });
});

describe('demand from CSV text', () => {
  it('reads the default CSV (the daily shape at a mean of 1 MW, hourly in kW) as the built-in daily shape', async () => {
    const fromCsv = await simulatePlant(readPlantCase(shortCase(1, { demand: { ...geothermalPlantDefaults.demand, profile: 'csv' } })));
    const builtIn = await simulatePlant(readPlantCase(shortCase(1, { demand: { ...geothermalPlantDefaults.demand, profile: 'daily' } })));
    expect(Math.abs(fromCsv.ledger.demand / builtIn.ledger.demand - 1)).toBeLessThan(1e-12);
    expect(Math.abs(fromCsv.ledger.delivered / builtIn.ledger.delivered - 1)).toBeLessThan(1e-12);
    // Mean 1 MW over the day: the demand at the middle of each 10-minute step of a piecewise-linear day integrates exactly.
    expect(Math.abs(fromCsv.ledger.demand / (DAY * 1e6) - 1)).toBeLessThan(1e-12);
  });

  it('uses the unit pickers: the same table in MW and minutes gives the same demand', async () => {
    const table = 'time,power\n0,1\n60,2\n120,1\n';
    const mwMinutes = readPlantCase(shortCase(1, { demand: { ...geothermalPlantDefaults.demand, profile: 'csv', csv: table, csv_time_unit: 'min', csv_power_unit: 'MW' } }));
    const kwHours = readPlantCase(shortCase(1, { demand: { ...geothermalPlantDefaults.demand, profile: 'csv', csv: 'time;power\n0;1000\n1;2000\n2;1000\n', csv_time_unit: 'h', csv_power_unit: 'kW' } }));
    for (const t of [0, 1800, 3600, 5400, 7200, 9000, 10_800 + 600]) expect(mwMinutes.demand.profile.power(t)).toBeCloseTo(kwHours.demand.profile.power(t), 9);
    // Linear between rows, repeating after the last interval (period 3 h): 1.5 MW at 0:30, 1 MW again at 3:00.
    expect(mwMinutes.demand.profile.power(1800)).toBeCloseTo(1.5e6, 9);
    expect(mwMinutes.demand.profile.power(10_800)).toBeCloseTo(1e6, 9);
  });

  it('names the field and the line of every bad row', async () => {
    const csv = '# a comment\ntime_h, power_kW\n0, 100\n1, lots\n2, 50\n2, 60\n3, -5\n4 5 6\n';
    const issues = await issuesOf(shortCase(1, { demand: { ...geothermalPlantDefaults.demand, profile: 'csv', csv } }));
    expect(issues).toEqual([
      { path: 'demand.csv', message: "line 4: the power 'lots' is not a number" },
      { path: 'demand.csv', message: 'line 6: times must increase: 2 h does not come after the line before' },
      { path: 'demand.csv', message: 'line 7: the power must not be negative (got -5 kW)' },
      { path: 'demand.csv', message: "line 8: expected two values, time and power (got 3: '4 5 6')" },
    ]);
    const [first] = await issuesOf(shortCase(1, { demand: { ...geothermalPlantDefaults.demand, profile: 'csv', csv: '5, 100\n6, 100\n' } }));
    expect(first).toEqual({ path: 'demand.csv', message: 'line 1: the first time must be 0 (the start of the simulation), got 5 h' });
  });
});

describe('bad parameters', () => {
  it('are named by their field, with cross-field checks', async () => {
    const issues = await issuesOf({
      ...geothermalPlantDefaults,
      tank: { ...geothermalPlantDefaults.tank, nodes: 2.5 },
      well: { ...geothermalPlantDefaults.well, mass_flow_rate: -1 },
      control: { mode: 'sometimes' },
      colour: 'red',
    });
    expect(issues.map((i) => i.path).sort()).toEqual(['colour', 'control.mode', 'tank.nodes', 'well.mass_flow_rate']);
    const cross = await issuesOf({
      ...shortCase(10),
      well: { ...geothermalPlantDefaults.well, temperature: 310 },
      demand: { ...geothermalPlantDefaults.demand, supply_temperature: 300 },
      report_step: 60,
      time_step: 600,
    });
    expect(cross.map((i) => i.path).sort()).toEqual(['demand.supply_temperature', 'report_step', 'well.temperature']);
  });

  it('refuses a run that would need too many substeps, naming the tank', async () => {
    const issues = await issuesOf({ ...geothermalPlantDefaults, tank: { ...geothermalPlantDefaults.tank, height: 0.5, diameter: 0.2, nodes: 200 } });
    expect(issues[0]!.path).toBe('tank.nodes');
  });
});

describe('estimate', () => {
  it('answers the summary keys from a steady energy balance, inside its validity for the default case', () => {
    const answer = estimate('GEOTHERMAL_PLANT_TES', geothermalPlantDefaults);
    for (const key of ['energy_delivered', 'unmet_demand', 'storage_efficiency', 'max_tank_temperature', 'reinjection_temperature']) expect(answer.results[key], key).toBeDefined();
    expect(answer.inside_validity).toBe(true);
    expect(answer.expected_runtime_seconds).toBeGreaterThan(0.1);
    // A year of 1 MW mean: 8760 MWh of demand.
    expect(answer.results['energy_demand']!.value as number).toBeCloseTo(8760 * 3.6e9, -10);
  });
});
