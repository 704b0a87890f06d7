// How a duct's flow is given (CIRCULAR_PIPE, CIRCULAR_ANNULUS): a volume flow rate, a mean velocity,
// a mass flow rate or a Reynolds number, each at the inlet state. Every model works with the volume
// flow rate at the inlet; the others convert to it with the inlet density and viscosity:
//   Q = u_m·A = ṁ/ρ = Re·μ·A/(ρ·D_h).

import { OutOfRangeError } from '../../errors.js';
import type { Fluid, FluidState } from '../../materials/fluid.js';
import type { ParameterChecker, PlainObject } from '../../run/parameters.js';

export const FLOW_INPUTS = ['flow_rate', 'mean_velocity', 'mass_flow_rate', 'reynolds_number'] as const;
export type FlowInput = (typeof FLOW_INPUTS)[number];
/** The parameter names this reads (`flow_input` chooses one of the others; default `flow_rate`). */
export const FLOW_INPUT_KEYS = ['flow_input', ...FLOW_INPUTS] as const;

const UNITS: Record<FlowInput, string> = { flow_rate: 'm³/s', mean_velocity: 'm/s', mass_flow_rate: 'kg/s', reynolds_number: '' };

/** The inlet and flow parameters every duct model reads (SI). */
export interface DuctInletParameters {
  /** Equivalent sand roughness of the walls, m (default 0: hydraulically smooth). */
  roughness?: number;
  /** Volume flow rate at the inlet state, m³/s (or, with `flow_input`, one of the other three). */
  flow_rate?: number;
  /** Which of flow_rate, mean_velocity (m/s), mass_flow_rate (kg/s), reynolds_number (hydraulic diameter) gives the flow (default flow_rate). */
  flow_input?: FlowInput;
  mean_velocity?: number;
  mass_flow_rate?: number;
  reynolds_number?: number;
  /** Uniform inlet temperature, K. */
  inlet_temperature: number;
  /** Absolute inlet pressure, Pa. */
  inlet_pressure: number;
  /** Outlet minus inlet elevation, m (default 0), rising uniformly along the duct. */
  elevation_change?: number;
}

export interface FlowSpecification {
  input: FlowInput;
  value: number;
}

/** Reads `flow_input` and the value it names (> 0); the values of the other inputs are not used. */
export function readFlowInput(checker: ParameterChecker, p: PlainObject): FlowSpecification | undefined {
  const input = p['flow_input'] === undefined ? 'flow_rate' : checker.oneOf(p['flow_input'], 'flow_input', FLOW_INPUTS);
  if (input === undefined) return undefined;
  const value = checker.number(p[input], input, { gt: 0, ...(UNITS[input] ? { unit: UNITS[input] } : {}) });
  return value === undefined ? undefined : { input, value };
}

/** The DuctInletParameters as read, in their order; undefined where a value is invalid (reported). */
export function readDuctInlet(checker: ParameterChecker, p: PlainObject) {
  const roughness = checker.optionalNumber(p['roughness'], 'roughness', 0, { ge: 0, unit: 'm' });
  const flowInput = readFlowInput(checker, p);
  const inletTemperature = checker.number(p['inlet_temperature'], 'inlet_temperature', { gt: 0, unit: 'K' });
  const inletPressure = checker.number(p['inlet_pressure'], 'inlet_pressure', { gt: 0, unit: 'Pa' });
  const elevationChange = checker.optionalNumber(p['elevation_change'], 'elevation_change', 0, { unit: 'm' });
  return { roughness, flowInput, inletTemperature, inletPressure, elevationChange };
}

/**
 * The fluid's state at the inlet once every parameter has passed; an inlet outside the fluid model is
 * reported on the parameter it comes from (undefined then).
 */
export function readInletState(checker: ParameterChecker, fluid: Fluid | undefined, temperature: number | undefined, pressure: number | undefined): FluidState | undefined {
  if (!fluid || temperature === undefined || pressure === undefined || !checker.ok) return undefined;
  try {
    return fluid.state(temperature, pressure);
  } catch (error) {
    if (!(error instanceof OutOfRangeError)) throw error;
    checker.add(error.quantity === 'pressure' ? 'inlet_pressure' : 'inlet_temperature', `the inlet state is outside the fluid model: ${error.message}`);
    return undefined;
  }
}

/** The volume flow rate at the inlet state, m³/s. */
export function inletVolumeFlowRate(flow: FlowSpecification, inlet: Pick<FluidState, 'density' | 'viscosity'>, area: number, hydraulicDiameter: number): number {
  switch (flow.input) {
    case 'flow_rate':
      return flow.value;
    case 'mean_velocity':
      return flow.value * area;
    case 'mass_flow_rate':
      return flow.value / inlet.density;
    case 'reynolds_number':
      return (flow.value * inlet.viscosity * area) / (inlet.density * hydraulicDiameter);
  }
}

/** `Re = 2.3e+04 (given)`-style description of how the flow was given, for the log. */
export function describeFlowInput(flow: FlowSpecification): string {
  const names: Record<FlowInput, string> = { flow_rate: 'volume flow rate', mean_velocity: 'mean velocity', mass_flow_rate: 'mass flow rate', reynolds_number: 'Reynolds number' };
  return `${names[flow.input]} ${Number(flow.value.toPrecision(6))}${UNITS[flow.input] ? ` ${UNITS[flow.input]}` : ''} given at the inlet`;
}
