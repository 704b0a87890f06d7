// Problems in units where the hydraulic diameter, the mean velocity, the density and the specific
// heat are 1: then μ = 1/Re, k = 1/(Re Pr), lengths are in hydraulic diameters (x⁺ = x/Re, x* =
// x/(Re Pr)), the Darcy friction factor is -2 dp/dx, and Nu = q/(T_w - T_b). For studies and checks
// that depend only on Re, Pr and the radius ratio.

import type { DuctShape } from './grid.js';
import type { DevelopingFlowProblem, FlowModel, WallThermal } from './problem.js';

export interface DimensionlessDuct {
  /** r_i/r_o; 0 for a pipe. */
  radiusRatio: number;
  reynolds: number;
  prandtl: number;
  /** In hydraulic diameters. */
  length: number;
  flowModel: FlowModel;
  walls?: { inner?: WallThermal; outer?: WallThermal };
  /** In hydraulic diameters. */
  stations?: number[];
  /** Relative to the hydraulic diameter. */
  roughness?: number;
}

/** The cross-section with D_h = 1. */
export function unitShape(radiusRatio: number): DuctShape {
  if (radiusRatio === 0) return { kind: 'pipe', radius: 0.5 };
  const outerRadius = 1 / (2 * (1 - radiusRatio));
  return { kind: 'annulus', innerRadius: radiusRatio * outerRadius, outerRadius };
}

export function dimensionlessProblem(duct: DimensionlessDuct): DevelopingFlowProblem {
  const shape = unitShape(duct.radiusRatio);
  const ro = shape.kind === 'pipe' ? shape.radius : shape.outerRadius;
  const ri = shape.kind === 'pipe' ? 0 : shape.innerRadius;
  const adiabatic: WallThermal = { condition: 'adiabatic' };
  return {
    shape,
    length: duct.length,
    massFlowRate: Math.PI * (ro * ro - ri * ri),
    properties: { density: 1, viscosity: 1 / duct.reynolds, conductivity: 1 / (duct.reynolds * duct.prandtl), specificHeat: 1 },
    inletTemperature: 0,
    flowModel: duct.flowModel,
    roughness: duct.roughness ?? 0,
    walls: { inner: duct.walls?.inner ?? adiabatic, outer: duct.walls?.outer ?? adiabatic },
    stations: duct.stations ?? [],
  };
}
