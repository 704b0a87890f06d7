// CIRCULAR_ANNULUS (simulations.md, "pipe"): developing flow and heat transfer in the gap between
// two concentric tubes (@simforge/solvers, physics/duct-developing); values SI. Each wall has its own
// thermal condition. The solver additionally checks inner < outer diameter (a gap the radial grid
// can resolve), the fluid's range, roughness ≤ 0.05 × the hydraulic diameter and the stations.

import type { z } from 'zod';
import { parameterObject } from '../parameters.js';
import { ductFlowFields, ductFluid, ductInletFields, ductLength, flowModelField, stationsParameter, tubeDiameter, wallGroup, wallRoughness } from './duct-common.js';

export const circularAnnulusParameters = parameterObject({
  fluid: ductFluid(),
  inner_diameter: tubeDiameter({ label: 'Inner diameter', min: 0.001, default: 0.025, description: 'Outside diameter of the inner tube.' }),
  outer_diameter: tubeDiameter({ label: 'Outer diameter', min: 0.002, default: 0.05, description: 'Inside diameter of the outer tube; larger than the inner diameter.' }),
  length: ductLength(5),
  roughness: wallRoughness(0, 'Absolute roughness of both walls (turbulent flow only). At most 5 % of the hydraulic diameter.'),
  ...ductFlowFields({ flowRate: 0.001, meanVelocity: 1, massFlowRate: 1, reynoldsNumber: 10_000 }),
  ...ductInletFields({ temperature: 293.15, pressure: 200_000 }),
  flow_model: flowModelField(),
  inner_wall: wallGroup({ label: 'Inner wall', description: 'The outside of the inner tube.', condition: 'temperature', defaultWhenVisible: true }),
  outer_wall: wallGroup({ label: 'Outer wall', description: 'The inside of the outer tube.', condition: 'adiabatic', defaultWhenVisible: true }),
  stations: stationsParameter(),
});

export type CircularAnnulusParameters = z.infer<typeof circularAnnulusParameters>;
