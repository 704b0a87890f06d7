// GEOTHERMAL_PLANT_TES (simulations.md, "pipe"): a geothermal production well, a plate heat exchanger
// (effectiveness-NTU), a stratified storage tank (N nodes, conduction and buoyancy mixing, loss to
// the ambient), a district's heat demand (built-in daily and seasonal shapes, or CSV text with its
// units), charge control with set points, and reinjection, simulated over hours to a year. Values
// SI; the solver (@simforge/solvers, physics/geothermal) reads the same names and checks what
// depends on several fields (supply above return, the CSV's rows with their line numbers).

import type { z } from 'zod';
import { enumParameter, numberParameter, parameterGroup, parameterObject, textParameter } from '../parameters.js';

/** The longest CSV demand text accepted, characters (as an .inp file: the server's body limit; a year of 5-minute rows). */
export const MAX_DEMAND_CSV_LENGTH = 2_000_000;

/** The default CSV demand: one day, hourly, in kW (the built-in daily shape at a mean of 1 MW). */
export const defaultDemandCsv = `time_h, power_kW
0, 600
1, 550
2, 550
3, 550
4, 600
5, 800
6, 1300
7, 1600
8, 1450
9, 1200
10, 1150
11, 1050
12, 1000
13, 950
14, 950
15, 900
16, 1000
17, 1250
18, 1450
19, 1400
20, 1200
21, 1000
22, 800
23, 700
`;

const temperature = (options: { label: string; default: number; description?: string; min?: number; max?: number; visibleWhen?: { field: string; equals: string }; defaultWhenVisible?: boolean }) =>
  numberParameter({ quantity: 'temperature', unit: 'K', displayUnit: '°C', min: options.min ?? 274.15, max: options.max ?? 473.15, step: 0.5, ...options });

export const geothermalPlantParameters = parameterObject({
  duration: numberParameter({ label: 'Simulated period', quantity: 'time', unit: 's', displayUnit: 'd', min: 3600, max: 31_622_400, default: 31_536_000, step: 1, description: 'From 1 January 00:00.' }),
  time_step: numberParameter({
    label: 'Time step',
    quantity: 'time',
    unit: 's',
    displayUnit: 'min',
    min: 60,
    max: 3600,
    default: 600,
    step: 1,
    description: 'Control decisions and the demand are taken every step; the store is integrated in shorter substeps where its flows need them.',
  }),
  report_step: numberParameter({ label: 'Reporting step', quantity: 'time', unit: 's', displayUnit: 'h', min: 60, max: 604_800, default: 10_800, step: 0.25, description: 'Rows of the heat map and points of the series (at most 20 000 over the period).' }),
  well: parameterGroup(
    { label: 'Production well' },
    {
      mass_flow_rate: numberParameter({ label: 'Brine mass flow rate', quantity: 'mass_flow_rate', unit: 'kg/s', displayUnit: 'kg/s', min: 0.1, max: 500, default: 10, step: 0.1 }),
      temperature: temperature({ label: 'Production temperature', default: 358.15, min: 283.15 }),
      temperature_decline_per_year: numberParameter({
        label: 'Production temperature decline (per year)',
        quantity: 'temperature_difference',
        unit: 'K',
        displayUnit: 'K',
        min: 0,
        max: 20,
        default: 0,
        step: 0.1,
        description: 'Linear thermal drawdown of the reservoir, K per year of 365 days.',
      }),
      specific_heat: numberParameter({ label: 'Brine specific heat', quantity: 'specific_heat', unit: 'J/(kg·K)', displayUnit: 'kJ/(kg·K)', min: 1000, max: 5000, default: 4180, step: 0.01, advanced: true }),
    },
  ),
  heat_exchanger: parameterGroup(
    { label: 'Plate heat exchanger', description: 'Counterflow, rated by effectiveness-NTU with a constant UA.' },
    {
      ua: numberParameter({ label: 'Conductance UA', quantity: 'thermal_conductance', unit: 'W/K', displayUnit: 'kW/K', min: 100, max: 1e9, default: 250_000, step: 1 }),
      secondary_flow_rate: numberParameter({ label: 'Plant-side flow rate (charging)', quantity: 'mass_flow_rate', unit: 'kg/s', displayUnit: 'kg/s', min: 0.1, max: 500, default: 10, step: 0.1, description: 'From the bottom of the store through the exchanger to its top while the well runs.' }),
    },
  ),
  tank: parameterGroup(
    { label: 'Storage tank', description: 'A vertical cylinder of stratified water in equal nodes.' },
    {
      height: numberParameter({ label: 'Height', quantity: 'length', unit: 'm', displayUnit: 'm', min: 0.5, max: 50, default: 12, step: 0.1 }),
      diameter: numberParameter({ label: 'Diameter', quantity: 'length', unit: 'm', displayUnit: 'm', min: 0.2, max: 100, default: 7.3, step: 0.1 }),
      nodes: numberParameter({ label: 'Nodes', quantity: 'dimensionless', unit: '', displayUnit: '', min: 1, max: 200, default: 20, step: 1, integer: true, description: 'Fully mixed layers from bottom to top (more nodes, sharper thermocline).' }),
      initial_temperature: temperature({ label: 'Initial temperature', default: 338.15 }),
      loss_coefficient: numberParameter({ label: 'Heat-loss coefficient', quantity: 'heat_transfer_coefficient', unit: 'W/(m²·K)', displayUnit: 'W/(m²·K)', min: 0, max: 50, default: 0.3, step: 0.01, description: 'Per m² of wall, lid and floor (insulated steel tanks: about 0.2-0.5).' }),
      ambient_temperature: temperature({ label: 'Ambient temperature', default: 283.15, min: 223.15, max: 353.15 }),
      conductivity: numberParameter({ label: 'Effective vertical conductivity', quantity: 'thermal_conductivity', unit: 'W/(m·K)', displayUnit: 'W/(m·K)', min: 0, max: 100, default: 0.64, step: 0.01, advanced: true, description: 'Water 0.64; more where the wall conducts along the height.' }),
    },
  ),
  fluid: parameterGroup(
    { label: 'Plant water', advanced: true },
    {
      density: numberParameter({ label: 'Density', quantity: 'density', unit: 'kg/m³', displayUnit: 'kg/m³', min: 500, max: 1500, default: 985, step: 0.1 }),
      specific_heat: numberParameter({ label: 'Specific heat', quantity: 'specific_heat', unit: 'J/(kg·K)', displayUnit: 'kJ/(kg·K)', min: 1000, max: 5000, default: 4185, step: 0.01 }),
    },
  ),
  demand: parameterGroup(
    { label: 'Heat demand' },
    {
      profile: enumParameter({
        label: 'Demand profile',
        options: [
          { value: 'constant', label: 'Constant' },
          { value: 'daily', label: 'Daily shape (morning and evening peaks)' },
          { value: 'seasonal', label: 'Seasonal (winter peak)' },
          { value: 'daily_seasonal', label: 'Daily and seasonal' },
          { value: 'csv', label: 'From a CSV file (time, power)' },
        ],
        default: 'daily_seasonal',
      }),
      mean_power: numberParameter({
        label: 'Mean demand',
        quantity: 'power',
        unit: 'W',
        displayUnit: 'kW',
        min: 0,
        max: 1e10,
        default: 1_000_000,
        step: 1,
        visibleWhen: { field: 'profile', equals: ['constant', 'daily', 'seasonal', 'daily_seasonal'] },
        defaultWhenVisible: true,
      }),
      seasonal_amplitude: numberParameter({
        label: 'Seasonal amplitude',
        quantity: 'dimensionless',
        unit: '',
        displayUnit: '%',
        min: 0,
        max: 1,
        default: 0.5,
        step: 1,
        description: 'Winter peak above (and summer low below) the mean, as a share of it.',
        visibleWhen: { field: 'profile', equals: ['seasonal', 'daily_seasonal'] },
        defaultWhenVisible: true,
      }),
      peak_day: numberParameter({
        label: 'Day of the peak (day of the year)',
        quantity: 'dimensionless',
        unit: '',
        displayUnit: '',
        min: 0,
        max: 365,
        default: 15,
        step: 1,
        visibleWhen: { field: 'profile', equals: ['seasonal', 'daily_seasonal'] },
        defaultWhenVisible: true,
      }),
      csv: textParameter({
        label: 'Demand CSV',
        description: 'One row per line: time, power (comma, semicolon or tab between). Times from 0, increasing; the table repeats after its last interval. Used when the profile is CSV.',
        maxLength: MAX_DEMAND_CSV_LENGTH,
        accept: '.csv,.txt',
        default: defaultDemandCsv,
      }),
      csv_time_unit: enumParameter({
        label: 'CSV time unit',
        options: [
          { value: 's', label: 's' },
          { value: 'min', label: 'min' },
          { value: 'h', label: 'h' },
          { value: 'd', label: 'd' },
        ],
        default: 'h',
        visibleWhen: { field: 'profile', equals: 'csv' },
        defaultWhenVisible: true,
      }),
      csv_power_unit: enumParameter({
        label: 'CSV power unit',
        options: [
          { value: 'W', label: 'W' },
          { value: 'kW', label: 'kW' },
          { value: 'MW', label: 'MW' },
        ],
        default: 'kW',
        visibleWhen: { field: 'profile', equals: 'csv' },
        defaultWhenVisible: true,
      }),
      supply_temperature: temperature({ label: 'Minimum supply temperature', default: 333.15, description: 'The district takes heat only while the top of the store is at least this warm.' }),
      return_temperature: temperature({ label: 'Return temperature', default: 313.15 }),
      max_flow_rate: numberParameter({ label: 'Largest district flow rate', quantity: 'mass_flow_rate', unit: 'kg/s', displayUnit: 'kg/s', min: 0.1, max: 1000, default: 25, step: 0.1 }),
    },
  ),
  control: parameterGroup(
    { label: 'Charge control' },
    {
      mode: enumParameter({
        label: 'Well operation',
        options: [
          { value: 'storage', label: 'Charge the store between set points' },
          { value: 'continuous', label: 'Run continuously' },
        ],
        default: 'storage',
      }),
      charge_start_temperature: temperature({ label: 'Start charging below', default: 343.15, description: 'Temperature at the upper sensor.', visibleWhen: { field: 'mode', equals: 'storage' }, defaultWhenVisible: true }),
      charge_stop_temperature: temperature({ label: 'Stop charging above', default: 338.15, description: 'Temperature at the bottom of the store.', visibleWhen: { field: 'mode', equals: 'storage' }, defaultWhenVisible: true }),
      upper_sensor_height: numberParameter({ label: 'Upper sensor height', quantity: 'dimensionless', unit: '', displayUnit: '%', min: 0, max: 1, default: 0.75, step: 1, description: 'Share of the tank height.', visibleWhen: { field: 'mode', equals: 'storage' }, defaultWhenVisible: true }),
    },
  ),
});

export type GeothermalPlantParameters = z.infer<typeof geothermalPlantParameters>;
