// CIRCULAR_PIPE (simulations.md, "pipe"): the parameter names are the solver's exactly
// (@simforge/solvers, physics/duct-1d/parameters.ts); values SI. The ranges are the physical ones an
// engineer meets in piping; the solver additionally checks the fluid's own property range (water
// 0-180 °C, liquid at the inlet pressure), roughness ≤ 0.05 × diameter and |elevation| ≤ length.

import type { z } from 'zod';
import { enumParameter, numberParameter, parameterGroup, parameterObject } from '../parameters.js';

const temperatureRange = { min: 253.15, max: 973.15 } as const; // -20 °C to 700 °C (air; water 0-180 °C)

export const circularPipeParameters = parameterObject({
  fluid: enumParameter({
    label: 'Fluid',
    options: [
      { value: 'water', label: 'Water (IAPWS-IF97, 0-180 °C)' },
      { value: 'air', label: 'Air (ideal gas)' },
    ],
    default: 'water',
    description: 'Properties from the cited library, evaluated at the local temperature and pressure.',
  }),
  diameter: numberParameter({
    label: 'Inner diameter',
    quantity: 'length',
    unit: 'm',
    displayUnit: 'mm',
    min: 0.001,
    max: 2,
    default: 0.025,
    step: 0.1,
  }),
  length: numberParameter({ label: 'Length', quantity: 'length', unit: 'm', displayUnit: 'm', min: 0.01, max: 10_000, default: 10, step: 0.1 }),
  roughness: numberParameter({
    label: 'Wall roughness',
    quantity: 'length',
    unit: 'm',
    displayUnit: 'mm',
    min: 0,
    max: 0.01,
    default: 0.000045,
    step: 0.001,
    description: 'Absolute roughness: 0.0015 mm drawn tubing, 0.045 mm commercial steel, 0.26 mm cast iron. At most 5 % of the diameter.',
  }),
  flow_rate: numberParameter({
    label: 'Volume flow rate',
    quantity: 'volume_flow_rate',
    unit: 'm³/s',
    displayUnit: 'L/s',
    min: 0.000001,
    max: 10,
    default: 0.0005,
    step: 0.01,
    description: 'At the inlet state.',
  }),
  inlet_temperature: numberParameter({
    label: 'Inlet temperature',
    quantity: 'temperature',
    unit: 'K',
    displayUnit: '°C',
    ...temperatureRange,
    default: 293.15,
    step: 0.1,
  }),
  inlet_pressure: numberParameter({
    label: 'Inlet pressure (absolute)',
    quantity: 'pressure',
    unit: 'Pa',
    displayUnit: 'bar',
    min: 1000,
    max: 20_000_000,
    default: 300_000,
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
    description: 'Outlet minus inlet elevation; the pipe rises uniformly. At most the pipe length in magnitude.',
  }),
  wall: parameterGroup(
    { label: 'Wall' },
    {
      condition: enumParameter({
        label: 'Thermal condition',
        options: [
          { value: 'adiabatic', label: 'Adiabatic' },
          { value: 'temperature', label: 'Fixed wall temperature' },
          { value: 'heat_flux', label: 'Fixed heat flux' },
        ],
        default: 'adiabatic',
      }),
      temperature: numberParameter({
        label: 'Wall temperature',
        quantity: 'temperature',
        unit: 'K',
        displayUnit: '°C',
        ...temperatureRange,
        default: 333.15,
        step: 0.1,
        visibleWhen: { field: 'condition', equals: 'temperature' },
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
      }),
    },
  ),
  n_segments: numberParameter({
    label: 'Marching segments',
    quantity: 'dimensionless',
    unit: '',
    displayUnit: '',
    min: 1,
    max: 100_000,
    default: 200,
    step: 1,
    integer: true,
    advanced: true,
    description: 'Segments of the march along the pipe (second-order accurate; 200 is plenty for most cases).',
  }),
});

export type CircularPipeParameters = z.infer<typeof circularPipeParameters>;
