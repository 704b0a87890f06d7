// What a thermal-core run is given and what a step reports: the problem (mesh, materials, boundary
// conditions, sources, the melt pool's optional liquid enhancement and evaporation), the numerics
// (time scheme, tolerances, threads) and the step's report. The solver (solver.ts) reads these; the
// welding and melt-pool models build them.

import type { SolidMaterial } from '../materials/solids/solid.js';
import { DEFAULT_TEMPERATURE_GRID, type TemperatureGrid } from './enthalpy-table.js';
import type { EvaporationModel } from './evaporation.js';
import type { LinearSolverSettings } from './linear-solver.js';
import type { StructuredMesh } from './mesh.js';
import type { HeatSource } from './sources.js';
import type { BoxCondition, BoxFace, SurfaceLoss } from './terms.js';

export type TimeScheme = 'explicit' | 'backward-euler' | 'crank-nicolson';

export interface ThermalNumerics {
  scheme: TimeScheme;
  /** Fraction of the explicit stability limit used (≤ 1). */
  explicitSafety: number;
  linearSolver: LinearSolverSettings;
  /** Newton iteration on the enthalpy (implicit schemes): max |E(T) − E_linearised| / max |ΔE| ≤ tolerance. */
  nonlinear: { tolerance: number; maxIterations: number };
  temperatureGrid: TemperatureGrid;
  /**
   * Threads for the step's loops (1 or 2; default 1): a helper thread on the same memory where the
   * WebAssembly loops run (thread-team.ts): the explicit kernel, T(E) and the peaks; the implicit
   * step's linear solve and Newton loops. The results are the same on either.
   */
  threads?: number;
  /**
   * Asked at the start of each step with a helper thread: false holds the helper for that step, its
   * core handed back to the host (RunContext.helperGranted). Default: always granted.
   */
  helperGranted?: () => boolean;
}

export const DEFAULT_NUMERICS: ThermalNumerics = {
  scheme: 'backward-euler',
  explicitSafety: 0.9,
  linearSolver: { preconditioner: 'ic0', tolerance: 1e-10, maxIterations: 5000 },
  nonlinear: { tolerance: 1e-6, maxIterations: 30 },
  temperatureGrid: DEFAULT_TEMPERATURE_GRID,
};

export interface ThermalProblem {
  mesh: StructuredMesh;
  /** Indexed by mesh.material. */
  materials: readonly SolidMaterial[];
  /** K */
  initialTemperature: number;
  /** Conditions on the six faces of the mesh box; missing faces are `surface`. */
  boundaries?: Partial<Record<BoxFace, BoxCondition>>;
  /** Convection and radiation on exposed faces (default: none). */
  surface?: SurfaceLoss;
  sources?: readonly HeatSource[];
  /**
   * Multipliers of the conductivity of liquid metal along x, y and z, blended in with the liquid
   * fraction (1 + (f − 1) f_l(T)): the enhanced, anisotropic conductivity that stands in for the melt
   * pool's Marangoni flow (Lampa et al. 1997; Safdar et al. 2013). None when left out.
   */
  liquidEnhancement?: { x: number; y: number; z: number };
  /**
   * Evaporation from the exposed faces of cells above the liquidus (evaporation.ts), implicit in the
   * cell's temperature, booked in the ledger as `evaporated`. None when left out.
   */
  evaporation?: EvaporationModel;
}

export interface StepReport {
  time: number;
  dt: number;
  linearIterations: number;
  nonlinearIterations: number;
  linearResidual: number;
  /** W the sources put into the solid during the step / W they carried. */
  appliedPower: number;
  nominalPower: number;
}

export interface Probe {
  readonly name: string;
  readonly point: { x: number; y: number; z: number };
  readonly values: number[];
}
