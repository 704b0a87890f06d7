// The CIRCULAR_PIPE parameters (simulations.md, "pipe"), all SI, and their validation.

import type { Fluid } from '../../materials/fluid.js';
import { checkFluidTemperature, readFluid } from '../../materials/index.js';
import { InvalidParametersError } from '../../errors.js';
import { ParameterChecker, joinPath } from '../../run/parameters.js';
import { FLOW_INPUT_KEYS, inletVolumeFlowRate, readDuctInlet, readInletState, type DuctInletParameters, type FlowSpecification } from './flow-input.js';
import type { WallCondition } from './heat-transfer.js';

export interface CircularPipeParameters extends DuctInletParameters {
  /** 'water', 'air' or {density, specific_heat, viscosity, conductivity}. */
  fluid: unknown;
  /** m */
  diameter: number;
  /** m */
  length: number;
  /** Default {condition: 'adiabatic'}. Heat flux is positive into the fluid. */
  wall?: { condition: WallCondition; temperature?: number; heat_flux?: number };
  /** Number of marching segments (default 200). */
  n_segments?: number;
}

export const PARAMETER_KEYS = [
  'fluid',
  'diameter',
  'length',
  'roughness',
  ...FLOW_INPUT_KEYS,
  'inlet_temperature',
  'inlet_pressure',
  'elevation_change',
  'wall',
  'n_segments',
] as const;

export const WALL_KEYS = ['condition', 'temperature', 'heat_flux'] as const;
export const WALL_CONDITIONS: readonly WallCondition[] = ['adiabatic', 'temperature', 'heat_flux'];

/** Colebrook-White / Moody diagram range of relative roughness. */
export const MAX_RELATIVE_ROUGHNESS = 0.05;
export const MAX_SEGMENTS = 100_000;

/** A complete example case: water at 20 °C, 1 L/s through a 50 mm steel pipe 10 m long, wall at 60 °C. */
export const circularPipeDefaults: Required<Omit<CircularPipeParameters, 'flow_input' | 'mean_velocity' | 'mass_flow_rate' | 'reynolds_number'>> = {
  fluid: 'water',
  diameter: 0.05,
  length: 10,
  roughness: 4.5e-5,
  flow_rate: 1e-3,
  inlet_temperature: 293.15,
  inlet_pressure: 2e5,
  elevation_change: 0,
  wall: { condition: 'temperature', temperature: 333.15, heat_flux: 0 },
  n_segments: 200,
};

export type Wall =
  | { condition: 'adiabatic' }
  | { condition: 'temperature'; temperature: number }
  | { condition: 'heat_flux'; heatFlux: number };

export interface PipeCase {
  fluid: Fluid;
  diameter: number;
  length: number;
  roughness: number;
  /** Volume flow rate at the inlet state, m³/s. */
  flowRate: number;
  /** How the flow was given. */
  flowInput: FlowSpecification;
  inletTemperature: number;
  inletPressure: number;
  elevationChange: number;
  wall: Wall;
  segments: number;
}

/** Validates raw parameters; throws InvalidParametersError naming every bad field. */
export function readPipeCase(raw: unknown): PipeCase {
  const checker = new ParameterChecker();
  const p = checker.object(raw, 'parameters');
  if (!p) throw new InvalidParametersError(checker.issues);
  checker.noUnknownKeys(p, PARAMETER_KEYS, '');
  const fluid = readFluid(p['fluid'], 'fluid', checker);
  const diameter = checker.number(p['diameter'], 'diameter', { gt: 0, unit: 'm' });
  const length = checker.number(p['length'], 'length', { gt: 0, unit: 'm' });
  const { roughness, flowInput, inletTemperature, inletPressure, elevationChange } = readDuctInlet(checker, p);
  const segments = checker.optionalNumber(p['n_segments'], 'n_segments', 200, { integer: true, ge: 1, le: MAX_SEGMENTS });

  if (diameter !== undefined && roughness !== undefined && roughness / diameter > MAX_RELATIVE_ROUGHNESS) {
    checker.add('roughness', `must be at most ${MAX_RELATIVE_ROUGHNESS} × diameter, the range of the Colebrook-White equation (got roughness/diameter = ${roughness / diameter})`);
  }
  if (length !== undefined && elevationChange !== undefined && Math.abs(elevationChange) > length) {
    checker.add('elevation_change', `cannot exceed the pipe length in magnitude (|${elevationChange}| m > ${length} m)`);
  }
  if (fluid && inletTemperature !== undefined) checkFluidTemperature(checker, fluid, inletTemperature, 'inlet_temperature');

  let wall: Wall | undefined = { condition: 'adiabatic' };
  const rawWall = p['wall'];
  if (rawWall !== undefined) {
    const w = checker.object(rawWall, 'wall');
    wall = undefined;
    if (w) {
      checker.noUnknownKeys(w, WALL_KEYS, 'wall');
      const condition = checker.oneOf(w['condition'], 'wall.condition', WALL_CONDITIONS);
      if (condition === 'adiabatic') wall = { condition };
      if (condition === 'temperature') {
        const temperature = checker.number(w['temperature'], joinPath('wall', 'temperature'), { gt: 0, unit: 'K' });
        if (temperature !== undefined) {
          if (fluid) checkFluidTemperature(checker, fluid, temperature, 'wall.temperature');
          wall = { condition, temperature };
        }
      }
      if (condition === 'heat_flux') {
        const heatFlux = checker.number(w['heat_flux'], joinPath('wall', 'heat_flux'), { unit: 'W/m²' });
        if (heatFlux !== undefined) wall = { condition, heatFlux };
      }
    }
  }

  const inlet = readInletState(checker, fluid, inletTemperature, inletPressure);
  const flowRate = inlet && inletVolumeFlowRate(flowInput!, inlet, (Math.PI * diameter! * diameter!) / 4, diameter!);
  checker.finish();
  return {
    fluid: fluid!,
    diameter: diameter!,
    length: length!,
    roughness: roughness!,
    flowRate: flowRate!,
    flowInput: flowInput!,
    inletTemperature: inletTemperature!,
    inletPressure: inletPressure!,
    elevationChange: elevationChange!,
    wall: wall!,
    segments: segments!,
  };
}
