import { describe, expect, it } from 'vitest';
import { catalogueEntry, defaultParametersOf } from '../catalogue.js';
import { describeForm, validateParameters, type ParameterIssue } from '../parameters.js';
import { fromSI, toSI } from '../units.js';
import { defaultDemandCsv, geothermalPlantParameters } from './geothermal-plant.js';

function messages(result: { success: true } | { success: false; issues: ParameterIssue[] }): Record<string, string> {
  return result.success ? {} : Object.fromEntries(result.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('GEOTHERMAL_PLANT_TES', () => {
  it('is available in the pipe family with a year of the default plant', () => {
    const entry = catalogueEntry('GEOTHERMAL_PLANT_TES')!;
    expect(entry).toMatchObject({ family: 'pipe', available: true });
    const defaults = defaultParametersOf('GEOTHERMAL_PLANT_TES')!;
    expect(defaults).toMatchObject({
      duration: 31_536_000,
      time_step: 600,
      well: { mass_flow_rate: 10, temperature: 358.15, temperature_decline_per_year: 0 },
      heat_exchanger: { ua: 250_000, secondary_flow_rate: 10 },
      tank: { height: 12, diameter: 7.3, nodes: 20 },
      demand: { profile: 'daily_seasonal', mean_power: 1_000_000, seasonal_amplitude: 0.5, peak_day: 15, csv: defaultDemandCsv },
      control: { mode: 'storage', charge_start_temperature: 343.15, charge_stop_temperature: 338.15, upper_sensor_height: 0.75 },
    });
    // The CSV units belong to the CSV profile only.
    expect(defaults['demand']).not.toHaveProperty('csv_time_unit');
  });

  it('shows engineering units: days, minutes, °C, kW/K, kW and %', () => {
    const fields = Object.fromEntries(describeForm(geothermalPlantParameters).fields.map((f) => [f.path, f]));
    expect(fields['duration']).toMatchObject({ displayUnit: 'd', displayDefault: 365 });
    expect(fields['time_step']).toMatchObject({ displayUnit: 'min', displayDefault: 10 });
    expect(fields['well.temperature']).toMatchObject({ displayUnit: '°C', displayDefault: 85 });
    expect(fields['heat_exchanger.ua']).toMatchObject({ displayUnit: 'kW/K', displayDefault: 250 });
    expect(fields['demand.mean_power']).toMatchObject({ displayUnit: 'kW', displayDefault: 1000, visibleWhen: { path: 'demand.profile' } });
    expect(fields['demand.seasonal_amplitude']).toMatchObject({ displayUnit: '%', displayDefault: 50 });
    expect(fields['tank.nodes']).toMatchObject({ integer: true, min: 1, max: 200 });
    expect(toSI(250, 'kW/K')).toBe(250_000);
    expect(fromSI(2_000_000, 'MW/K')).toBe(2);
    // The CSV text is a widget (a multi-line box with a file button), with its unit pickers shown for the CSV profile.
    expect(describeForm(geothermalPlantParameters).custom).toMatchObject([{ path: 'demand.csv', widget: 'text', accept: '.csv,.txt' }]);
    expect(fields['demand.csv_power_unit']).toMatchObject({ kind: 'enum', visibleWhen: { path: 'demand.profile', equals: ['csv'] } });
  });

  it('fills the CSV units when the CSV profile is chosen, and refuses values out of range with the form’s message', () => {
    expect(validateParameters(geothermalPlantParameters, { demand: { profile: 'csv' } })).toMatchObject({ success: true, data: { demand: { csv_time_unit: 'h', csv_power_unit: 'kW' } } });
    expect(messages(validateParameters(geothermalPlantParameters, { tank: { nodes: 0 }, well: { temperature: 200 }, time_step: 10 }))).toEqual({
      'tank.nodes': 'This field must be between 1 and 200',
      'well.temperature': 'This field must be between 10 and 200',
      time_step: 'This field must be between 1 and 60',
    });
    expect(messages(validateParameters(geothermalPlantParameters, { demand: { profile: 'csv', csv_power_unit: 'GW' } }))).toEqual({ 'demand.csv_power_unit': 'This field must be one of: W, kW, MW' });
    expect(messages(validateParameters(geothermalPlantParameters, { pump: 1 }))).toEqual({ pump: 'This field is not a parameter of this simulation type' });
  });
});
