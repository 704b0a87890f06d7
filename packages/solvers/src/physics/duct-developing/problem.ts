// The developing-duct problem in SI units, and the numerics as data with their defaults.

import { colebrookFrictionFactor } from '../duct-1d/friction.js';
import { crossSectionArea, hydraulicDiameter, innerRadius, outerRadius, stretchingForWallSpacing, type DuctShape } from './grid.js';
import type { ConvectionScheme } from './transport.js';
import { defaultMixingLengthModel, type MixingLengthModel } from './turbulence.js';

/** A wall's thermal condition; heat flux is positive into the fluid, W/m². */
export type WallThermal = { condition: 'adiabatic' } | { condition: 'temperature'; temperature: number } | { condition: 'heat_flux'; heatFlux: number };

export type FlowModel = 'laminar' | 'turbulent';

export interface ConstantProperties {
  /** kg/m³ */
  density: number;
  /** Pa·s */
  viscosity: number;
  /** W/(m·K) */
  conductivity: number;
  /** J/(kg·K) */
  specificHeat: number;
}

export interface DevelopingFlowProblem {
  shape: DuctShape;
  /** m */
  length: number;
  /** kg/s */
  massFlowRate: number;
  properties: ConstantProperties;
  /** Uniform inlet temperature, K. */
  inletTemperature: number;
  flowModel: FlowModel;
  /** Equivalent sand roughness of the walls, m (turbulent flow only). */
  roughness: number;
  /** Thermal conditions; a pipe has only the outer wall (the inner entry is ignored). */
  walls: { inner: WallThermal; outer: WallThermal };
  /** Positions (m, in (0, length]) where velocity and temperature profiles are kept. */
  stations: readonly number[];
}

export interface FullyDevelopedNumerics {
  /** Picard iteration on the eddy viscosity stops when the velocity and dp/dx change by less than this (relative). */
  tolerance: number;
  maxIterations: number;
  /** Under-relaxation of the eddy viscosity between Picard iterations. */
  relaxation: number;
}

export interface DevelopingFlowNumerics {
  /** Radial cells across the gap (pipe: axis to wall). */
  radialCells: number;
  /** tanh stretching parameter β of grid.ts, or 'auto' (laminarClustering, or the wall y⁺ target). */
  wallClustering: number | 'auto';
  /** β of the 'auto' grid in laminar flow. */
  laminarClustering: number;
  /** y⁺ of the first node off the wall of the 'auto' grid in turbulent flow (from the Colebrook wall shear). */
  wallYPlus: number;
  /** First axial step, in hydraulic diameters. */
  firstStep: number;
  /** Ratio of consecutive nominal steps (geometric growth). */
  stepGrowth: number;
  /** Largest step as a fraction of the duct length. */
  maxStepFraction: number;
  /** Axial derivative: backward Euler (first order) or variable-step BDF2 (second order). */
  axialScheme: 'bdf1' | 'bdf2';
  /**
   * Passes per step. Pass 1 linearises the convective velocities, radial flux, eddy viscosity and
   * wall shear by extrapolation from the two previous stations (second order); each further pass
   * re-linearises about the last solution (Picard).
   */
  picardIterations: number;
  convection: ConvectionScheme;
  turbulence: MixingLengthModel;
  fullyDeveloped: FullyDevelopedNumerics;
}

export const defaultDevelopingFlowNumerics: DevelopingFlowNumerics = {
  radialCells: 80,
  wallClustering: 'auto',
  laminarClustering: 2,
  wallYPlus: 0.5,
  firstStep: 1e-4,
  stepGrowth: 1.04,
  maxStepFraction: 1 / 200,
  axialScheme: 'bdf2',
  picardIterations: 1,
  convection: 'hybrid',
  turbulence: defaultMixingLengthModel,
  fullyDeveloped: { tolerance: 1e-11, maxIterations: 200, relaxation: 1 },
};

/** Radial cells of the default grid in turbulent flow (the viscous sublayer needs more points). */
export const DEFAULT_TURBULENT_RADIAL_CELLS = 120;

export interface DerivedFlow {
  hydraulicDiameter: number;
  area: number;
  meanVelocity: number;
  reynolds: number;
  prandtl: number;
  /** Volume flow per radian, m³/s: the discrete Σ V_j u_j every station holds. */
  flowPerRadian: number;
}

export function derivedFlow(problem: DevelopingFlowProblem): DerivedFlow {
  const { density, viscosity, conductivity, specificHeat } = problem.properties;
  const area = crossSectionArea(problem.shape);
  const dh = hydraulicDiameter(problem.shape);
  const meanVelocity = problem.massFlowRate / (density * area);
  return {
    hydraulicDiameter: dh,
    area,
    meanVelocity,
    reynolds: (density * meanVelocity * dh) / viscosity,
    prandtl: (viscosity * specificHeat) / conductivity,
    flowPerRadian: problem.massFlowRate / (2 * Math.PI * density),
  };
}

/** The tanh β the numerics ask for: explicit, or the laminar default, or from the wall y⁺ target. */
export function resolveStretching(problem: DevelopingFlowProblem, numerics: DevelopingFlowNumerics): number {
  if (numerics.wallClustering !== 'auto') return numerics.wallClustering;
  if (problem.flowModel === 'laminar') return numerics.laminarClustering;
  const flow = derivedFlow(problem);
  const { density, viscosity } = problem.properties;
  const f = colebrookFrictionFactor(flow.reynolds, problem.roughness / flow.hydraulicDiameter);
  const frictionVelocity = flow.meanVelocity * Math.sqrt(f / 8);
  const firstSpacing = (numerics.wallYPlus * viscosity) / (density * frictionVelocity);
  const gap = outerRadius(problem.shape) - innerRadius(problem.shape);
  return Math.max(numerics.laminarClustering, stretchingForWallSpacing(problem.shape.kind, numerics.radialCells, firstSpacing / gap));
}
