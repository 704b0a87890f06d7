// The case description of the flow solver: grid, fluid, boundary conditions (as data, side by side),
// turbulence model, reference scales for the wall coefficients, and the numerics (schemes,
// relaxation, linear solvers, tolerances). SI units throughout.

import { InvalidParametersError, type ParameterIssue } from '../../errors.js';
import type { GridSpec } from './grid/grid.js';
import type { Obstacle } from './physics/solid.js';
import type { SstProduction } from './physics/sst-constants.js';

export type Side = 'xmin' | 'xmax' | 'ymin' | 'ymax';
export const SIDES: readonly Side[] = ['xmin', 'xmax', 'ymin', 'ymax'];

/** Constant properties of the incompressible fluid. */
export interface FlowFluid {
  /** kg/m³ */
  density: number;
  /** Pa·s */
  viscosity: number;
  /** W/(m·K) */
  conductivity: number;
  /** J/(kg·K) */
  specificHeat: number;
}

/** A function of position for boundary data that varies along a side (x, y in m). */
export type PointFunction = (x: number, y: number) => number;

/**
 * Velocity entering through an inlet. `mean` is the area-weighted mean of the normal velocity into
 * the domain (m/s). Profiles over the segment s ∈ [from, to] with its peak at `peakAt` and h the
 * distance from the peak to the farther end, t = |s − s_peak| / h:
 *   uniform                  u = const
 *   parabolic                u ∝ 1 − t²        (fully developed laminar channel, or pipe when the
 *                                              segment runs from the axis with peakAt 'from')
 *   power-law                u ∝ (1 − t)^(1/n) (fully developed turbulent pipe/channel, n ≈ 7)
 *   custom                   both components given at the face centre (m/s)
 *   recycled                 the cells' values next to the opposite side, scaled to the mean, every
 *                            iteration (with an outlet there: periodic, fully developed duct flow)
 */
export type InletVelocity =
  | { profile: 'uniform'; mean: number }
  | { profile: 'parabolic'; mean: number; peakAt?: 'centre' | 'from' | 'to' }
  | { profile: 'power-law'; mean: number; exponent?: number; peakAt?: 'centre' | 'from' | 'to' }
  | { profile: 'custom'; u: PointFunction; v: PointFunction }
  | { profile: 'recycled'; mean: number };

/**
 * Turbulence entering with the flow: k = 1.5 (I U)², and ω = √k / (C_μ^¼ ℓ) from a length scale ℓ
 * (0.07 D for fully developed pipe flow) or else ω = k / (ν · viscosityRatio).
 */
export interface InflowTurbulence {
  /** Turbulence intensity I (fraction, e.g. 0.05). */
  intensity: number;
  /** ν_t / ν of the entering fluid (used without a length scale; default 10). */
  viscosityRatio?: number;
  /** Turbulence length scale ℓ (m). */
  lengthScale?: number;
  /** The speed I refers to (m/s); defaults to the inlet's mean velocity or the reference velocity. */
  velocity?: number;
}

export type WallThermal =
  | { kind: 'temperature'; value: number }
  /** W/m² into the fluid. */
  | { kind: 'heat-flux'; value: number }
  | { kind: 'adiabatic' };

export type BoundaryCondition =
  /** No-slip wall (at rest). */
  | { kind: 'wall'; thermal?: WallThermal }
  /** A symmetry plane, or the axis of an axisymmetric grid. */
  | { kind: 'symmetry' }
  | { kind: 'inlet'; velocity: InletVelocity; temperature: number | PointFunction; turbulence?: InflowTurbulence }
  /** Zero normal gradient of everything; the outflow is scaled to the inflow when the case has no opening. */
  | { kind: 'outlet' }
  /**
   * An ambient pressure p₀ (Pa) where fluid may leave or enter (entrainment): leaving fluid carries
   * its own values at the static pressure p₀; entering fluid comes from rest at p₀ (total pressure,
   * static p₀ − ½ρu_n²) and moves normal to the boundary with `temperature` and `turbulence`.
   */
  | { kind: 'opening'; pressure: number | PointFunction; temperature: number; turbulence?: InflowTurbulence };

/** A condition on the part of a side between two coordinates along it (m). */
export interface BoundarySegment {
  from: number;
  to: number;
  condition: BoundaryCondition;
}

/** One condition for the whole side, or segments that cover it. */
export type SideBoundary = BoundaryCondition | readonly BoundarySegment[];

export type TurbulenceModel =
  | { model: 'laminar' }
  /**
   * k-ω SST (Menter 2003, production limited), wall-resolved; Pr_t the turbulent Prandtl number
   * (default 0.85); production from the strain rate (default) or Kato–Launder's S Ω (sst.ts).
   */
  | { model: 'sst'; turbulentPrandtl?: number; production?: SstProduction; vortexStretching?: boolean };

/** Scales of the dimensionless wall results: Nu = q L / (k (T_w − T_ref)), Cp = (p − p_ref) / (½ ρ U²). */
export interface ReferenceScales {
  /** m */
  length: number;
  /** m/s */
  velocity: number;
  /** K */
  temperature: number;
  /** Pa (default 0) */
  pressure?: number;
}

/**
 * Convection schemes: first-order upwind, or a bounded second-order TVD scheme (limited linear
 * interpolation from the upwind node, applied by deferred correction).
 */
export type ConvectionScheme = 'upwind' | 'minmod' | 'van-leer' | 'mc';

export interface FlowNumerics {
  /** Pressure–velocity coupling. */
  coupling: 'simple' | 'simplec';
  /** Under-relaxation factors (0 < α ≤ 1). */
  relaxation: { velocity: number; pressure: number; temperature: number; turbulence: number; viscosity: number };
  convection: { momentum: ConvectionScheme; energy: ConvectionScheme; turbulence: ConvectionScheme };
  /** Alternating-direction line-by-line TDMA sweeps per outer iteration for momentum, energy and turbulence. */
  sweeps: { momentum: number; energy: number; turbulence: number };
  /**
   * Pressure correction: CG preconditioned by a multigrid V-cycle (2×2 agglomeration), IC(0) or Jacobi;
   * relative tolerance ‖r‖ ≤ tol ‖b‖; `sweeps` Gauss–Seidel sweeps before and after each coarse correction.
   */
  pressureSolver: { preconditioner: 'multigrid' | 'ic0' | 'jacobi'; tolerance: number; maxIterations: number; sweeps: number };
  /** Converged when every normalised residual is at most this. */
  tolerance: number;
  maxIterations: number;
  /** Diverged when the largest residual grows beyond this factor times the smallest it has been. */
  divergenceFactor: number;
}

export const DEFAULT_FLOW_NUMERICS: FlowNumerics = {
  coupling: 'simplec',
  relaxation: { velocity: 0.8, pressure: 1, temperature: 0.9, turbulence: 0.7, viscosity: 1 },
  convection: { momentum: 'van-leer', energy: 'van-leer', turbulence: 'upwind' },
  sweeps: { momentum: 2, energy: 3, turbulence: 2 },
  pressureSolver: { preconditioner: 'multigrid', tolerance: 0.05, maxIterations: 500, sweeps: 1 },
  tolerance: 1e-6,
  maxIterations: 5000,
  divergenceFactor: 1e6,
};

export interface InitialState {
  /** m/s (default 0) */
  u?: number;
  v?: number;
  /** K (default: the reference temperature) */
  temperature?: number;
  /** Pa (default: the reference pressure) */
  pressure?: number;
}

export interface FlowCase {
  grid: GridSpec;
  fluid: FlowFluid;
  boundaries: Record<Side, SideBoundary>;
  /** A solid obstacle inside the grid, represented by blocked cells (solid.ts). */
  obstacle?: Obstacle;
  turbulence?: TurbulenceModel;
  reference: ReferenceScales;
  initial?: InitialState;
  numerics?: Partial<Omit<FlowNumerics, 'relaxation' | 'convection' | 'sweeps' | 'pressureSolver'>> & {
    relaxation?: Partial<FlowNumerics['relaxation']>;
    convection?: Partial<FlowNumerics['convection']>;
    sweeps?: Partial<FlowNumerics['sweeps']>;
    pressureSolver?: Partial<FlowNumerics['pressureSolver']>;
  };
}

/** SIMPLE needs the pressure correction under-relaxed; SIMPLEC does not (Van Doormaal & Raithby 1984). */
export const SIMPLE_PRESSURE_RELAXATION = 0.3;

/**
 * The numerics of a case: its overrides on top of DEFAULT_FLOW_NUMERICS (with SIMPLE, the pressure
 * relaxation defaults to SIMPLE_PRESSURE_RELAXATION).
 */
export function resolveNumerics(overrides: FlowCase['numerics'] = {}): FlowNumerics {
  const d = DEFAULT_FLOW_NUMERICS;
  const pressure = overrides.coupling === 'simple' ? SIMPLE_PRESSURE_RELAXATION : d.relaxation.pressure;
  return {
    ...d,
    ...overrides,
    relaxation: { ...d.relaxation, pressure, ...overrides.relaxation },
    convection: { ...d.convection, ...overrides.convection },
    sweeps: { ...d.sweeps, ...overrides.sweeps },
    pressureSolver: { ...d.pressureSolver, ...overrides.pressureSolver },
  };
}

/** Throws InvalidParametersError for non-physical properties, scales or numerics. */
export function validateFlowCase(flowCase: FlowCase, numerics: FlowNumerics): void {
  const issues: ParameterIssue[] = [];
  const positive = (path: string, value: number | undefined): void => {
    if (!(value !== undefined && Number.isFinite(value) && value > 0)) issues.push({ path, message: `must be a positive number (got ${value})` });
  };
  for (const key of ['density', 'viscosity', 'conductivity', 'specificHeat'] as const) positive(`fluid.${key}`, flowCase.fluid[key]);
  for (const key of ['length', 'velocity', 'temperature'] as const) positive(`reference.${key}`, flowCase.reference[key]);
  for (const [key, value] of Object.entries(numerics.relaxation)) {
    if (!(value > 0 && value <= 1)) issues.push({ path: `numerics.relaxation.${key}`, message: `must lie in (0, 1] (got ${value})` });
  }
  positive('numerics.tolerance', numerics.tolerance);
  positive('numerics.maxIterations', numerics.maxIterations);
  validateMesh(flowCase, issues);
  if (issues.length > 0) throw new InvalidParametersError(issues);
}

/** A curvilinear mesh: planar, one corner per reference-grid corner, finite, and no blocked cells with it. */
function validateMesh(flowCase: FlowCase, issues: ParameterIssue[]): void {
  const { grid, obstacle } = flowCase;
  const mesh = grid.mesh;
  if (!mesh) return;
  if (grid.geometry !== 'planar') issues.push({ path: 'grid.mesh', message: `a curvilinear mesh must be planar (got ${grid.geometry})` });
  // The solid cells (solid.ts) are a staircase on the tensor axes; on a mesh the body is its boundary.
  if (obstacle) issues.push({ path: 'obstacle', message: 'an obstacle cannot be combined with a curvilinear grid.mesh (make the body part of the mesh boundary)' });
  const corners = grid.xFaces.length * grid.yFaces.length;
  for (const key of ['cornerX', 'cornerY'] as const) {
    const values = mesh[key];
    if (values.length !== corners) issues.push({ path: `grid.mesh.${key}`, message: `must hold (nx+1)(ny+1) = ${corners} corners (got ${values.length})` });
    else {
      for (let c = 0; c < values.length; c++) {
        if (!Number.isFinite(values[c])) {
          issues.push({ path: `grid.mesh.${key}`, message: `corner ${c} is not a finite number (got ${values[c]})` });
          break;
        }
      }
    }
  }
}
