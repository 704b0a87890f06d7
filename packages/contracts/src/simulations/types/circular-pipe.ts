// CIRCULAR_PIPE (simulations.md, "pipe"): the parameter names are the solver's exactly
// (@simforge/solvers: physics/duct-developing for `model: developing`, physics/duct-1d for
// `one_dimensional`); values SI. The ranges are the physical ones an engineer meets in piping; the
// solver additionally checks the fluid's own property range (water 0-180 °C, liquid at the inlet
// pressure), roughness ≤ 0.05 × diameter, |elevation| ≤ length and stations within the pipe.

import type { z } from 'zod';
import { enumParameter, numberParameter, parameterObject } from '../parameters.js';
import { ductFlowFields, ductFluid, ductInletFields, ductLength, flowModelField, stationsParameter, tubeDiameter, wallGroup, wallRoughness } from './duct-common.js';

export const pipeModels = ['developing', 'one_dimensional'] as const;

export const circularPipeParameters = parameterObject({
  model: enumParameter({
    label: 'Model',
    options: [
      { value: 'developing', label: 'Developing flow from the inlet (numerical)' },
      { value: 'one_dimensional', label: '1-D march with local properties' },
    ],
    default: 'developing',
    description:
      'Developing flow: velocity and temperature profiles solved along the pipe from a uniform inlet (entrance region included), properties at the inlet state. ' +
      '1-D march: fully developed friction and heat transfer with properties re-evaluated along the pipe, for long pipes whose fluid changes state.',
  }),
  fluid: ductFluid(),
  diameter: tubeDiameter({ label: 'Inner diameter', min: 0.001, default: 0.025 }),
  length: ductLength(10),
  roughness: wallRoughness(0.000045, 'Absolute roughness: 0.0015 mm drawn tubing, 0.045 mm commercial steel, 0.26 mm cast iron. At most 5 % of the diameter.'),
  ...ductFlowFields({ flowRate: 0.0005, meanVelocity: 1, massFlowRate: 0.5, reynoldsNumber: 10_000 }),
  ...ductInletFields({ temperature: 293.15, pressure: 300_000 }),
  flow_model: flowModelField({ field: 'model', equals: 'developing' }),
  wall: wallGroup({ label: 'Wall', condition: 'adiabatic' }),
  stations: stationsParameter(),
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
    description: 'Segments of the 1-D march along the pipe (second-order accurate; 200 is plenty for most cases).',
    visibleWhen: { field: 'model', equals: 'one_dimensional' },
    defaultWhenVisible: true,
  }),
});

export type CircularPipeParameters = z.infer<typeof circularPipeParameters>;
