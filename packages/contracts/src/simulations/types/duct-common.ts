// Parameters shared by the duct types (CIRCULAR_PIPE, CIRCULAR_ANNULUS; simulations.md, "pipe"): the
// fluid, the inlet state, how the flow is given, and a wall's thermal condition. Values SI; the
// solver (@simforge/solvers, physics/duct-developing and duct-1d) reads the same names.

import { z } from 'zod';
import { customParameter, enumParameter, numberParameter, parameterGroup } from '../parameters.js';

/** -20 °C to 700 °C (air; the solver narrows it to the fluid's own range, water 0-180 °C). */
export const ductTemperatureRange = { min: 253.15, max: 973.15 } as const;

export const ductFluid = () =>
  enumParameter({
    label: 'Fluid',
    options: [
      { value: 'water', label: 'Water (IAPWS-IF97, 0-180 °C)' },
      { value: 'air', label: 'Air (ideal gas)' },
    ],
    default: 'water',
    description: 'Properties from the cited library at the inlet state (the 1-D model evaluates them along the pipe).',
  });

/** A tube diameter in m (shown in mm), up to 2 m. */
export const tubeDiameter = (options: { label: string; min: number; default: number; description?: string }) =>
  numberParameter({ label: options.label, quantity: 'length', unit: 'm', displayUnit: 'mm', min: options.min, max: 2, default: options.default, step: 0.1, ...(options.description === undefined ? {} : { description: options.description }) });

export const ductLength = (defaultLength: number) =>
  numberParameter({ label: 'Length', quantity: 'length', unit: 'm', displayUnit: 'm', min: 0.01, max: 10_000, default: defaultLength, step: 0.1 });

/** Absolute wall roughness in m (shown in mm), up to 10 mm; `description` says what it is in this duct. */
export const wallRoughness = (defaultRoughness: number, description: string) =>
  numberParameter({ label: 'Wall roughness', quantity: 'length', unit: 'm', displayUnit: 'mm', min: 0, max: 0.01, default: defaultRoughness, step: 0.001, description });

export const flowInputs = ['flow_rate', 'mean_velocity', 'mass_flow_rate', 'reynolds_number'] as const;
export type FlowInput = (typeof flowInputs)[number];

/**
 * How the flow is given (`flow_input`) and the four ways to give it; only the chosen one is used.
 * `flow_rate` keeps its default, so parameters that name only a flow rate mean what they always did.
 */
export const ductFlowFields = (defaults: { flowRate: number; meanVelocity: number; massFlowRate: number; reynoldsNumber: number }) => ({
  flow_input: enumParameter({
    label: 'Flow given as',
    options: [
      { value: 'flow_rate', label: 'Volume flow rate' },
      { value: 'mean_velocity', label: 'Mean velocity' },
      { value: 'mass_flow_rate', label: 'Mass flow rate' },
      { value: 'reynolds_number', label: 'Reynolds number' },
    ],
    default: 'flow_rate',
    description: 'At the inlet state; the other three follow from it and the fluid’s properties there.',
  }),
  flow_rate: numberParameter({
    label: 'Volume flow rate',
    quantity: 'volume_flow_rate',
    unit: 'm³/s',
    displayUnit: 'L/s',
    min: 0.000001,
    max: 10,
    default: defaults.flowRate,
    step: 0.01,
    description: 'At the inlet state.',
    visibleWhen: { field: 'flow_input', equals: 'flow_rate' },
    defaultWhenVisible: true,
  }),
  mean_velocity: numberParameter({
    label: 'Mean velocity',
    quantity: 'velocity',
    unit: 'm/s',
    displayUnit: 'm/s',
    min: 0.00001,
    max: 200,
    default: defaults.meanVelocity,
    step: 0.01,
    description: 'Volume flow rate divided by the flow area, at the inlet state.',
    visibleWhen: { field: 'flow_input', equals: 'mean_velocity' },
    defaultWhenVisible: true,
  }),
  mass_flow_rate: numberParameter({
    label: 'Mass flow rate',
    quantity: 'mass_flow_rate',
    unit: 'kg/s',
    displayUnit: 'kg/s',
    min: 0.000001,
    max: 10_000,
    default: defaults.massFlowRate,
    step: 0.01,
    visibleWhen: { field: 'flow_input', equals: 'mass_flow_rate' },
    defaultWhenVisible: true,
  }),
  reynolds_number: numberParameter({
    label: 'Reynolds number',
    quantity: 'dimensionless',
    unit: '',
    displayUnit: '',
    min: 1,
    max: 10_000_000,
    default: defaults.reynoldsNumber,
    step: 1,
    description: 'Based on the hydraulic diameter and the inlet state.',
    visibleWhen: { field: 'flow_input', equals: 'reynolds_number' },
    defaultWhenVisible: true,
  }),
});

export const ductInletFields = (defaults: { temperature: number; pressure: number }) => ({
  inlet_temperature: numberParameter({
    label: 'Inlet temperature',
    quantity: 'temperature',
    unit: 'K',
    displayUnit: '°C',
    ...ductTemperatureRange,
    default: defaults.temperature,
    step: 0.1,
  }),
  inlet_pressure: numberParameter({
    label: 'Inlet pressure (absolute)',
    quantity: 'pressure',
    unit: 'Pa',
    displayUnit: 'bar',
    min: 1000,
    max: 20_000_000,
    default: defaults.pressure,
    step: 0.1,
  }),
  elevation_change: numberParameter({
    label: 'Elevation change',
    quantity: 'length',
    unit: 'm',
    displayUnit: 'm',
    min: -1000,
    max: 1000,
    default: 0,
    step: 0.1,
    description: 'Outlet minus inlet elevation; the duct rises uniformly. At most the length in magnitude.',
  }),
});

export const wallConditions = ['adiabatic', 'temperature', 'heat_flux'] as const;

/**
 * A wall's thermal condition: adiabatic, a fixed temperature or a fixed heat flux (positive into the
 * fluid). `defaultWhenVisible`: the value fields take their defaults when missing (the annulus's
 * walls); otherwise they are required once their condition is chosen (the pipe's wall).
 */
export const wallGroup = (options: { label: string; description?: string; condition: (typeof wallConditions)[number]; defaultWhenVisible?: boolean }) =>
  parameterGroup(
    { label: options.label, ...(options.description ? { description: options.description } : {}) },
    {
      condition: enumParameter({
        label: 'Thermal condition',
        options: [
          { value: 'adiabatic', label: 'Adiabatic' },
          { value: 'temperature', label: 'Fixed wall temperature' },
          { value: 'heat_flux', label: 'Fixed heat flux' },
        ],
        default: options.condition,
      }),
      temperature: numberParameter({
        label: 'Wall temperature',
        quantity: 'temperature',
        unit: 'K',
        displayUnit: '°C',
        ...ductTemperatureRange,
        default: 333.15,
        step: 0.1,
        visibleWhen: { field: 'condition', equals: 'temperature' },
        ...(options.defaultWhenVisible ? { defaultWhenVisible: true } : {}),
      }),
      heat_flux: numberParameter({
        label: 'Wall heat flux',
        quantity: 'heat_flux',
        unit: 'W/m²',
        displayUnit: 'kW/m²',
        min: -1_000_000,
        max: 1_000_000,
        default: 10_000,
        step: 0.1,
        description: 'Positive into the fluid.',
        visibleWhen: { field: 'condition', equals: 'heat_flux' },
        ...(options.defaultWhenVisible ? { defaultWhenVisible: true } : {}),
      }),
    },
  );

export const flowModelField = (visibleWhen?: { field: string; equals: string }) =>
  enumParameter({
    label: 'Flow model',
    options: [
      { value: 'auto', label: 'By Reynolds number (laminar up to 2300)' },
      { value: 'laminar', label: 'Laminar' },
      { value: 'turbulent', label: 'Turbulent (mixing-length eddy viscosity)' },
    ],
    default: 'auto',
    description: 'The developing-flow model: laminar, or turbulent from the inlet with a wall-resolved mixing-length model.',
    ...(visibleWhen ? { visibleWhen, defaultWhenVisible: true } : {}),
  });

export const MAX_STATIONS = 50;

/** Where the velocity and temperature profiles are reported (m from the inlet); API only, the form uses the default stations. */
export const stationsParameter = () =>
  customParameter(
    {
      label: 'Profile stations',
      description: `Positions of the velocity and temperature profiles, m from the inlet (at most ${MAX_STATIONS}; default 1, 2, 5, 10, 20, 50 and 100 % of the length).`,
      widget: 'positions',
    },
    z.array(z.number({ error: 'This field must be a number' }).positive({ error: 'This field must be more than 0' }), { error: 'This field must be a list of positions' }).max(MAX_STATIONS, {
      error: `At most ${MAX_STATIONS} positions`,
    }),
  );
