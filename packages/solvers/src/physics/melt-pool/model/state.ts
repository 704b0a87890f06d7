// What a melt-pool solve carries from phase to phase (solver.ts) and what its output is built from (output.ts).

import type { PlateResponse } from '../../../mechanics/plate/index.js';
import type { SolverOutput } from '../../../run/types.js';
import type { StructuredMesh } from '../../../thermal/mesh.js';
import type { ThermalSolver } from '../../../thermal/solver.js';
import type { MeltPoolCase } from './parameters.js';
import type { MeltPoolPlan } from './plan.js';
import type { PoolDimensions, SolidificationPoint } from './pool.js';

export interface MeltPoolState {
  c: MeltPoolCase;
  plan?: MeltPoolPlan;
  mesh?: StructuredMesh;
  solver?: ThermalSolver;
  /** Cross-section x (m) where the thermal history is probed and the peak-temperature section is read. */
  sectionX?: number;
  midTrack?: Float64Array;
  pool?: PoolDimensions;
  peakTemperature?: number;
  points?: SolidificationPoint[];
  transient?: PlateResponse[];
  residual?: PlateResponse;
  output?: SolverOutput;
}
