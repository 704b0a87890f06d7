// Marching along the pipe, segment by segment, with local properties (the 1-D duct model).
//
// Per segment [x_i, x_i+1] of length dx, with mass flux G = m/A, perimeter P and the fully developed
// local correlations (friction.ts, heat-transfer.ts) evaluated at the segment's property state:
//   energy, constant wall temperature (exact for constant h and c_p over the segment):
//       T_i+1 = T_w - (T_w - T_i) exp(-h P dx / (m c_p))
//   energy, constant wall heat flux q (linear energy balance):
//       T_i+1 = T_i + q P dx / (m c_p)
//   momentum (steady 1-D, Darcy-Weisbach wall friction, hydrostatic head, acceleration):
//       p_i+1 = p_i - f G² dx / (2 rho D) - rho g dz - G² (1/rho_i+1 - 1/rho_i)
// The property state of a segment is its midpoint ((T_i + T_i+1)/2, (p_i + p_i+1)/2), found by
// fixed-point iteration to `segmentTolerance` (an implicit midpoint rule: second order in dx), or,
// with propertyEvaluation 'segment-inlet', the state at x_i (explicit: first order; kept to show the
// observed orders in the verification tests). Viscous dissipation and axial conduction are neglected.

import { DivergedError, OutOfRangeError } from '../../errors.js';
import type { Fluid, FluidState } from '../../materials/fluid.js';
import { prandtlNumber } from '../../materials/fluid.js';
import { darcyFrictionFactor } from './friction.js';
import { nusseltNumber, type WallCondition } from './heat-transfer.js';
import type { PipeCase, Wall } from './parameters.js';
import { flowRegime, type FlowRegime } from './regime.js';

/** Standard acceleration of gravity (3rd CGPM, 1901), m/s². */
export const STANDARD_GRAVITY = 9.80665;

export interface DuctNumerics {
  propertyEvaluation: 'midpoint' | 'segment-inlet';
  /** Fixed-point convergence of a segment, relative to the segment's change in T and p. */
  segmentTolerance: number;
  maxSegmentIterations: number;
}

export const defaultDuctNumerics: DuctNumerics = {
  propertyEvaluation: 'midpoint',
  segmentTolerance: 1e-12,
  maxSegmentIterations: 50,
};

export interface PipeGeometry {
  area: number;
  perimeter: number;
  massFlowRate: number;
  massFlux: number;
  dx: number;
  dz: number;
}

export function pipeGeometry(pipe: PipeCase, inletDensity: number): PipeGeometry {
  const area = (Math.PI * pipe.diameter * pipe.diameter) / 4;
  const massFlowRate = inletDensity * pipe.flowRate;
  return {
    area,
    perimeter: Math.PI * pipe.diameter,
    massFlowRate,
    massFlux: massFlowRate / area,
    dx: pipe.length / pipe.segments,
    dz: pipe.elevationChange / pipe.segments,
  };
}

export interface LocalFlow {
  reynolds: number;
  regime: FlowRegime;
  prandtl: number;
  velocity: number;
  frictionFactor: number;
  nusselt: number;
  /** W/(m² K) */
  heatTransferCoefficient: number;
}

function nusseltCondition(wall: Wall): WallCondition {
  return wall.condition === 'heat_flux' ? 'heat_flux' : 'temperature';
}

export function localFlow(state: FluidState, pipe: PipeCase, geometry: PipeGeometry): LocalFlow {
  const reynolds = (geometry.massFlux * pipe.diameter) / state.viscosity;
  const prandtl = prandtlNumber(state);
  const nusselt = nusseltNumber(reynolds, prandtl, nusseltCondition(pipe.wall));
  return {
    reynolds,
    regime: flowRegime(reynolds),
    prandtl,
    velocity: geometry.massFlux / state.density,
    frictionFactor: darcyFrictionFactor(reynolds, pipe.roughness / pipe.diameter),
    nusselt,
    heatTransferCoefficient: (nusselt * state.conductivity) / pipe.diameter,
  };
}

export interface SegmentResult {
  temperature: number;
  pressure: number;
  /** Fluid state at the end of the segment. */
  end: FluidState;
  /** Heat into the fluid over the segment, W. */
  heat: number;
  frictionDrop: number;
  hydrostaticDrop: number;
  accelerationDrop: number;
  /** The segment's property state and correlations. */
  flow: LocalFlow;
  iterations: number;
}

/** Wraps property-range failures with the position where they happen. */
export function stateAt(fluid: Fluid, temperature: number, pressure: number, x: number): FluidState {
  if (!(pressure > 0)) {
    throw new OutOfRangeError(
      `the pressure falls to ${pressure.toPrecision(6)} Pa at x = ${x.toPrecision(6)} m: the pressure drop exceeds the inlet pressure` +
        (fluid.phase === 'gas' ? ' (for a gas this means choked, compressible flow, which this model does not cover)' : ''),
      'pressure',
      pressure,
      0,
    );
  }
  try {
    return fluid.state(temperature, pressure);
  } catch (error) {
    if (error instanceof OutOfRangeError) {
      throw new OutOfRangeError(`at x = ${x.toPrecision(6)} m: ${error.message}`, error.quantity, error.value, error.min, error.max);
    }
    throw error;
  }
}

function energy(wall: Wall, inletTemperature: number, flow: LocalFlow, specificHeat: number, geometry: PipeGeometry): number {
  const capacityRate = geometry.massFlowRate * specificHeat;
  switch (wall.condition) {
    case 'adiabatic':
      return inletTemperature;
    case 'temperature': {
      const ntu = (flow.heatTransferCoefficient * geometry.perimeter * geometry.dx) / capacityRate;
      return wall.temperature - (wall.temperature - inletTemperature) * Math.exp(-ntu);
    }
    case 'heat_flux':
      return inletTemperature + (wall.heatFlux * geometry.perimeter * geometry.dx) / capacityRate;
  }
}

/** Advances one segment from `start` (at position x) to x + dx. */
export function marchSegment(pipe: PipeCase, geometry: PipeGeometry, start: FluidState, x: number, numerics: DuctNumerics): SegmentResult {
  const { fluid, wall } = pipe;
  const weight = numerics.propertyEvaluation === 'midpoint' ? 0.5 : 0;
  const G2 = geometry.massFlux * geometry.massFlux;
  const xMid = x + weight * geometry.dx;
  const xEnd = x + geometry.dx;
  let T = start.temperature;
  let p = start.pressure;
  for (let iteration = 1; iteration <= numerics.maxSegmentIterations; iteration++) {
    const mid = stateAt(fluid, start.temperature + weight * (T - start.temperature), start.pressure + weight * (p - start.pressure), xMid);
    const flow = localFlow(mid, pipe, geometry);
    const temperature = energy(wall, start.temperature, flow, mid.specificHeat, geometry);
    const endGuess = stateAt(fluid, temperature, p, xEnd);
    const frictionDrop = (flow.frictionFactor * G2 * geometry.dx) / (2 * mid.density * pipe.diameter);
    const hydrostaticDrop = mid.density * STANDARD_GRAVITY * geometry.dz;
    const accelerationDrop = G2 * (1 / endGuess.density - 1 / start.density);
    const pressure = start.pressure - frictionDrop - hydrostaticDrop - accelerationDrop;

    const tempScale = Math.max(numerics.segmentTolerance * Math.abs(temperature - start.temperature), 8 * Number.EPSILON * temperature);
    const pressScale = Math.max(
      numerics.segmentTolerance * (Math.abs(frictionDrop) + Math.abs(hydrostaticDrop) + Math.abs(accelerationDrop)),
      8 * Number.EPSILON * Math.abs(start.pressure),
    );
    const converged = Math.abs(temperature - T) <= tempScale && Math.abs(pressure - p) <= pressScale;
    T = temperature;
    p = pressure;
    if (converged) {
      const end = stateAt(fluid, T, p, xEnd);
      const heat = wall.condition === 'heat_flux' ? wall.heatFlux * geometry.perimeter * geometry.dx : geometry.massFlowRate * mid.specificHeat * (T - start.temperature);
      return { temperature: T, pressure: p, end, heat, frictionDrop, hydrostaticDrop, accelerationDrop, flow, iterations: iteration };
    }
  }
  throw new DivergedError(
    `the segment at x = ${x.toPrecision(6)} m did not converge in ${numerics.maxSegmentIterations} fixed-point iterations`,
    numerics.maxSegmentIterations,
  );
}
