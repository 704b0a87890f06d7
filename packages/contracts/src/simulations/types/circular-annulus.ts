// CIRCULAR_ANNULUS (simulations.md, "pipe"): developing flow and heat transfer in the gap between
// two concentric tubes (@simforge/solvers, physics/duct-developing); values SI. Each wall has its own
// thermal condition. The solver additionally checks inner < outer diameter (a gap the radial grid
// can resolve), the fluid's range, roughness ≤ 0.05 × the hydraulic diameter and the stations.

import type { z } from 'zod';
import { numberParameter, parameterObject } from '../parameters.js';
import { ductFlowFields, ductFluid, ductInletFields, flowModelField, stationsParameter, wallGroup } from './duct-common.js';

export const circularAnnulusParameters = parameterObject({
  fluid: ductFluid(),
  inner_diameter: numberParameter({
    label: 'Inner diameter',
    quantity: 'length',
    unit: 'm',
    displayUnit: 'mm',
    min: 0.001,
    max: 2,
    default: 0.025,
    step: 0.1,
    description: 'Outside diameter of the inner tube.',
  }),
  outer_diameter: numberParameter({
    label: 'Outer diameter',
    quantity: 'length',
    unit: 'm',
    displayUnit: 'mm',
    min: 0.002,
    max: 2,
    default: 0.05,
    step: 0.1,
    description: 'Inside diameter of the outer tube; larger than the inner diameter.',
  }),
  length: numberParameter({ label: 'Length', quantity: 'length', unit: 'm', displayUnit: 'm', min: 0.01, max: 10_000, default: 5, step: 0.1 }),
  roughness: numberParameter({
    label: 'Wall roughness',
    quantity: 'length',
    unit: 'm',
    displayUnit: 'mm',
    min: 0,
    max: 0.01,
    default: 0,
    step: 0.001,
    description: 'Absolute roughness of both walls (turbulent flow only). At most 5 % of the hydraulic diameter.',
  }),
  ...ductFlowFields({ flowRate: 0.001, meanVelocity: 1, massFlowRate: 1, reynoldsNumber: 10_000 }),
  ...ductInletFields({ temperature: 293.15, pressure: 200_000 }),
  flow_model: flowModelField(),
  inner_wall: wallGroup({ label: 'Inner wall', description: 'The outside of the inner tube.', condition: 'temperature', defaultWhenVisible: true }),
  outer_wall: wallGroup({ label: 'Outer wall', description: 'The inside of the outer tube.', condition: 'adiabatic', defaultWhenVisible: true }),
  stations: stationsParameter(),
});

export type CircularAnnulusParameters = z.infer<typeof circularAnnulusParameters>;
