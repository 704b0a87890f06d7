// GEOTHERMAL_PLANT_TES parameters (simulations.md, "pipe"): names, SI units and defaults are the
// contracts' schema (packages/contracts/src/simulations/types/geothermal-plant.ts), declared once
// there; read from untrusted input into a PlantCase. Every problem names its field; a bad CSV row names its line.

import { defaultDemandCsv, geothermalPlantParameters, MAX_DEMAND_CSV_LENGTH, parameterDefaults } from '@simforge/contracts';
import { InvalidParametersError } from '../../errors.js';
import { ParameterChecker, type PlainObject } from '../../run/parameters.js';
import {
  builtInDemand,
  CSV_POWER_UNITS,
  CSV_TIME_UNITS,
  DemandCsvError,
  DEMAND_SHAPES,
  parseDemandCsv,
  tableDemand,
  type CsvPowerUnit,
  type CsvTimeUnit,
  type DemandProfile,
  type DemandShape,
} from './demand.js';
import { defaultPlantNumerics, type PlantNumerics } from './numerics.js';

export const YEAR_SECONDS = 365 * 86_400;
/** Longest simulated period, s (a leap year). */
export const MAX_DURATION = 366 * 86_400;
/** The most reporting times (rows of the heat map and the series). */
export const MAX_REPORT_TIMES = 20_000;
/** The most integration substeps a run may take (about a minute of computing). */
export const MAX_SUBSTEPS = 5e7;
/** The longest demand CSV accepted, characters (the contracts' limit). */
export const MAX_CSV_LENGTH = MAX_DEMAND_CSV_LENGTH;

export const WELL_CONTROL_MODES = ['storage', 'continuous'] as const;
export type WellControlMode = (typeof WELL_CONTROL_MODES)[number];

/** The default CSV demand: one day, hourly, in kW (the contracts' text, the create form's default). */
export const DEFAULT_DEMAND_CSV = defaultDemandCsv;

export interface GeothermalPlantParameters {
  duration: number;
  time_step: number;
  report_step: number;
  well: { mass_flow_rate: number; temperature: number; temperature_decline_per_year: number; specific_heat: number };
  heat_exchanger: { ua: number; secondary_flow_rate: number };
  tank: { height: number; diameter: number; nodes: number; initial_temperature: number; loss_coefficient: number; ambient_temperature: number; conductivity: number };
  fluid: { density: number; specific_heat: number };
  demand: {
    profile: DemandShape;
    mean_power: number;
    seasonal_amplitude: number;
    peak_day: number;
    csv: string;
    /** Only read with the csv profile (the form leaves them out otherwise). */
    csv_time_unit?: CsvTimeUnit;
    csv_power_unit?: CsvPowerUnit;
    supply_temperature: number;
    return_temperature: number;
    max_flow_rate: number;
  };
  control: { mode: WellControlMode; charge_start_temperature: number; charge_stop_temperature: number; upper_sensor_height: number };
}

/**
 * The default case (the create form's): a year of a 1 MW district with a 500 m³ store, declared in
 * the contracts. Their schema leaves the enumerations as strings; readPlantCase checks them.
 */
export const geothermalPlantDefaults = parameterDefaults(geothermalPlantParameters) as GeothermalPlantParameters;

export interface PlantCase {
  /** s */
  duration: number;
  timeStep: number;
  /** Control steps between reported times. */
  reportEvery: number;
  well: { massFlowRate: number; temperature: number; declinePerSecond: number; specificHeat: number };
  heatExchanger: { conductance: number; secondaryFlowRate: number };
  tank: { height: number; diameter: number; nodes: number; initialTemperature: number; lossCoefficient: number; ambientTemperature: number; conductivity: number };
  fluid: { density: number; specificHeat: number };
  demand: { profile: DemandProfile; shape: DemandShape; supplyTemperature: number; returnTemperature: number; maxFlowRate: number };
  control: { mode: WellControlMode; chargeStartTemperature: number; chargeStopTemperature: number; upperSensorHeight: number };
  numerics: PlantNumerics;
  /** Notes on the case for the log (rounded report step, ...). */
  notes: string[];
}

const GROUP_KEYS = {
  well: ['mass_flow_rate', 'temperature', 'temperature_decline_per_year', 'specific_heat'],
  heat_exchanger: ['ua', 'secondary_flow_rate'],
  tank: ['height', 'diameter', 'nodes', 'initial_temperature', 'loss_coefficient', 'ambient_temperature', 'conductivity'],
  fluid: ['density', 'specific_heat'],
  demand: ['profile', 'mean_power', 'seasonal_amplitude', 'peak_day', 'csv', 'csv_time_unit', 'csv_power_unit', 'supply_temperature', 'return_temperature', 'max_flow_rate'],
  control: ['mode', 'charge_start_temperature', 'charge_stop_temperature', 'upper_sensor_height'],
  numerics: ['max_exchange_number', 'theta'],
} as const;
const TOP_KEYS = ['duration', 'time_step', 'report_step', ...Object.keys(GROUP_KEYS)];

type Group = keyof typeof GROUP_KEYS;

/** Liquid water at plant pressures: 0-200 °C. */
const WATER = { min: 273.15, max: 473.15 };

// Long function: every plant parameter read and checked with its label and range by one checker, so all problems are reported at once.
export function readPlantCase(raw: unknown): PlantCase {
  const checker = new ParameterChecker();
  const p = checker.object(raw, 'parameters');
  if (!p) throw new InvalidParametersError(checker.issues);
  checker.noUnknownKeys(p, TOP_KEYS, '');
  const group = (key: Group): PlainObject => {
    const value = p[key];
    if (value === undefined) return {};
    const object = checker.object(value, key);
    if (object) checker.noUnknownKeys(object, GROUP_KEYS[key], key);
    return object ?? {};
  };
  const d = geothermalPlantDefaults;
  const num = (g: PlainObject, group: Group, key: string, fallback: number, rule: Parameters<ParameterChecker['number']>[2]) => checker.optionalNumber(g[key], `${group}.${key}`, fallback, rule);

  const duration = checker.optionalNumber(p['duration'], 'duration', d.duration, { ge: 3600, le: MAX_DURATION, unit: 's' });
  const timeStep = checker.optionalNumber(p['time_step'], 'time_step', d.time_step, { ge: 60, le: 3600, unit: 's' });
  const reportStep = checker.optionalNumber(p['report_step'], 'report_step', d.report_step, { ge: 60, le: 7 * 86_400, unit: 's' });

  const w = group('well');
  const well = {
    massFlowRate: num(w, 'well', 'mass_flow_rate', d.well.mass_flow_rate, { gt: 0, le: 500, unit: 'kg/s' }),
    temperature: num(w, 'well', 'temperature', d.well.temperature, { gt: WATER.min, le: WATER.max, unit: 'K' }),
    decline: num(w, 'well', 'temperature_decline_per_year', d.well.temperature_decline_per_year, { ge: 0, le: 20, unit: 'K per year' }),
    specificHeat: num(w, 'well', 'specific_heat', d.well.specific_heat, { ge: 1000, le: 5000, unit: 'J/(kg·K)' }),
  };
  const h = group('heat_exchanger');
  const hx = {
    conductance: num(h, 'heat_exchanger', 'ua', d.heat_exchanger.ua, { gt: 0, le: 1e9, unit: 'W/K' }),
    secondaryFlowRate: num(h, 'heat_exchanger', 'secondary_flow_rate', d.heat_exchanger.secondary_flow_rate, { gt: 0, le: 500, unit: 'kg/s' }),
  };
  const t = group('tank');
  const tank = {
    height: num(t, 'tank', 'height', d.tank.height, { ge: 0.5, le: 50, unit: 'm' }),
    diameter: num(t, 'tank', 'diameter', d.tank.diameter, { ge: 0.2, le: 100, unit: 'm' }),
    nodes: num(t, 'tank', 'nodes', d.tank.nodes, { integer: true, ge: 1, le: 200 }),
    initialTemperature: num(t, 'tank', 'initial_temperature', d.tank.initial_temperature, { gt: WATER.min, le: WATER.max, unit: 'K' }),
    lossCoefficient: num(t, 'tank', 'loss_coefficient', d.tank.loss_coefficient, { ge: 0, le: 50, unit: 'W/(m²·K)' }),
    ambientTemperature: num(t, 'tank', 'ambient_temperature', d.tank.ambient_temperature, { ge: 223.15, le: 353.15, unit: 'K' }),
    conductivity: num(t, 'tank', 'conductivity', d.tank.conductivity, { ge: 0, le: 100, unit: 'W/(m·K)' }),
  };
  const f = group('fluid');
  const fluid = {
    density: num(f, 'fluid', 'density', d.fluid.density, { ge: 500, le: 1500, unit: 'kg/m³' }),
    specificHeat: num(f, 'fluid', 'specific_heat', d.fluid.specific_heat, { ge: 1000, le: 5000, unit: 'J/(kg·K)' }),
  };
  const dm = group('demand');
  const choose = <T extends string>(g: PlainObject, groupName: Group, key: string, choices: readonly T[], fallback: T): T | undefined =>
    g[key] === undefined ? fallback : checker.oneOf(g[key], `${groupName}.${key}`, choices);
  const shape = choose(dm, 'demand', 'profile', DEMAND_SHAPES, d.demand.profile);
  const demand = {
    meanPower: num(dm, 'demand', 'mean_power', d.demand.mean_power, { ge: 0, le: 1e10, unit: 'W' }),
    seasonalAmplitude: num(dm, 'demand', 'seasonal_amplitude', d.demand.seasonal_amplitude, { ge: 0, le: 1 }),
    peakDay: num(dm, 'demand', 'peak_day', d.demand.peak_day, { ge: 0, le: 365, unit: 'd' }),
    timeUnit: choose(dm, 'demand', 'csv_time_unit', Object.keys(CSV_TIME_UNITS) as CsvTimeUnit[], 'h'),
    powerUnit: choose(dm, 'demand', 'csv_power_unit', Object.keys(CSV_POWER_UNITS) as CsvPowerUnit[], 'kW'),
    supplyTemperature: num(dm, 'demand', 'supply_temperature', d.demand.supply_temperature, { gt: WATER.min, le: WATER.max, unit: 'K' }),
    returnTemperature: num(dm, 'demand', 'return_temperature', d.demand.return_temperature, { gt: WATER.min, le: WATER.max, unit: 'K' }),
    maxFlowRate: num(dm, 'demand', 'max_flow_rate', d.demand.max_flow_rate, { gt: 0, le: 1000, unit: 'kg/s' }),
  };
  let csv: string | undefined = d.demand.csv;
  if (dm['csv'] !== undefined) {
    if (typeof dm['csv'] !== 'string') checker.add('demand.csv', 'must be the text of a CSV file (time, power per line)');
    else if (dm['csv'].length > MAX_CSV_LENGTH) checker.add('demand.csv', `is ${dm['csv'].length} characters long; at most ${MAX_CSV_LENGTH} are accepted`);
    csv = typeof dm['csv'] === 'string' && dm['csv'].length <= MAX_CSV_LENGTH ? dm['csv'] : undefined;
  }
  const c = group('control');
  const control = {
    mode: choose(c, 'control', 'mode', WELL_CONTROL_MODES, d.control.mode),
    chargeStartTemperature: num(c, 'control', 'charge_start_temperature', d.control.charge_start_temperature, { gt: WATER.min, le: WATER.max, unit: 'K' }),
    chargeStopTemperature: num(c, 'control', 'charge_stop_temperature', d.control.charge_stop_temperature, { gt: WATER.min, le: WATER.max, unit: 'K' }),
    upperSensorHeight: num(c, 'control', 'upper_sensor_height', d.control.upper_sensor_height, { ge: 0, le: 1 }),
  };
  const n = group('numerics');
  const numerics: PlantNumerics = {
    maxExchangeNumber: num(n, 'numerics', 'max_exchange_number', defaultPlantNumerics.maxExchangeNumber, { gt: 0, le: 2 })!,
    tank: { theta: num(n, 'numerics', 'theta', defaultPlantNumerics.tank.theta, { ge: 0.5, le: 1 })! },
  };
  checker.finish();

  // Cross-field checks, once every field is known to be valid.
  if (timeStep! > duration!) checker.add('time_step', `must not be longer than the duration (${duration} s)`);
  if (reportStep! < timeStep!) checker.add('report_step', `must not be shorter than the time step (${timeStep} s)`);
  if (demand.supplyTemperature! <= demand.returnTemperature!) checker.add('demand.supply_temperature', `must be above the return temperature (${demand.returnTemperature} K)`);
  if (well.temperature! <= demand.returnTemperature!) checker.add('well.temperature', `must be above the demand's return temperature (${demand.returnTemperature} K): the well could not heat the plant`);
  const endTemperature = well.temperature! - (well.decline! * duration!) / YEAR_SECONDS;
  if (endTemperature <= WATER.min) checker.add('well.temperature_decline_per_year', `brings the production temperature to ${endTemperature.toFixed(2)} K by the end, below freezing`);
  const reportEvery = Math.max(1, Math.round(reportStep! / timeStep!));
  const reportTimes = Math.ceil(duration! / (reportEvery * timeStep!)) + 1;
  if (reportTimes > MAX_REPORT_TIMES) checker.add('report_step', `gives ${reportTimes} reporting times over the duration; at most ${MAX_REPORT_TIMES} are kept (choose at least ${Math.ceil(duration! / (MAX_REPORT_TIMES - 1))} s)`);
  let profile: DemandProfile | undefined;
  if (shape === 'csv') {
    if (csv === undefined || csv.trim() === '') checker.add('demand.csv', 'is required when the demand profile is csv (lines of time, power)');
    else {
      try {
        profile = tableDemand(parseDemandCsv(csv, { time: demand.timeUnit!, power: demand.powerUnit! }));
      } catch (error) {
        if (!(error instanceof DemandCsvError)) throw error;
        for (const issue of error.issues) checker.add('demand.csv', issue.line > 0 ? `line ${issue.line}: ${issue.message}` : issue.message);
      }
    }
  } else {
    profile = builtInDemand({ shape: shape!, meanPower: demand.meanPower!, seasonalAmplitude: demand.seasonalAmplitude!, peakDay: demand.peakDay! });
  }
  checker.finish();

  const notes: string[] = [];
  if (Math.abs(reportEvery * timeStep! - reportStep!) > 1e-9) notes.push(`report_step ${reportStep} s is not a whole number of time steps: results are reported every ${reportEvery} steps (${reportEvery * timeStep!} s)`);
  if (endTemperature <= demand.supplyTemperature!) notes.push(`the production temperature falls to ${endTemperature.toFixed(2)} K by the end, not above the supply temperature ${demand.supplyTemperature} K`);
  return {
    duration: duration!,
    timeStep: timeStep!,
    reportEvery,
    well: { massFlowRate: well.massFlowRate!, temperature: well.temperature!, declinePerSecond: well.decline! / YEAR_SECONDS, specificHeat: well.specificHeat! },
    heatExchanger: { conductance: hx.conductance!, secondaryFlowRate: hx.secondaryFlowRate! },
    tank: {
      height: tank.height!,
      diameter: tank.diameter!,
      nodes: tank.nodes!,
      initialTemperature: tank.initialTemperature!,
      lossCoefficient: tank.lossCoefficient!,
      ambientTemperature: tank.ambientTemperature!,
      conductivity: tank.conductivity!,
    },
    fluid: { density: fluid.density!, specificHeat: fluid.specificHeat! },
    demand: { profile: profile!, shape: shape!, supplyTemperature: demand.supplyTemperature!, returnTemperature: demand.returnTemperature!, maxFlowRate: demand.maxFlowRate! },
    control: {
      mode: control.mode!,
      chargeStartTemperature: control.chargeStartTemperature!,
      chargeStopTemperature: control.chargeStopTemperature!,
      upperSensorHeight: control.upperSensorHeight!,
    },
    numerics,
    notes,
  };
}
