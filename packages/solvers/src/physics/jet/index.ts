// The 2-D steady RANS flow and heat-transfer solver of the impinging-jet models (simulations.md,
// "jet"): incompressible Navier–Stokes with energy on a structured graded grid, planar or
// axisymmetric, SIMPLE/SIMPLEC with Rhie–Chow interpolation, TVD convection, k-ω SST or laminar.
// The equations and the residual normalisation are in solver.ts; the case description in case.ts.
//
//   const solution = await solveFlow(flowCase, { onResidual: (r) => …, signal });

import type { FlowCase } from './case.js';
import type { FlowSolution } from './post/post.js';
import { FlowSolver, type FlowRunOptions } from './solver.js';

/** Solves a steady flow case; rejects with InvalidParametersError, DivergedError or AbortedError. */
export async function solveFlow(flowCase: FlowCase, options: FlowRunOptions = {}): Promise<FlowSolution> {
  return new FlowSolver(flowCase).run(options);
}

export { FlowSolver, DEFAULT_TURBULENT_PRANDTL, type FlowRunOptions, type ResidualReport, type ResidualName } from './solver.js';
export {
  DEFAULT_FLOW_NUMERICS,
  resolveNumerics,
  validateFlowCase,
  SIDES,
  type FlowCase,
  type FlowFluid,
  type FlowNumerics,
  type BoundaryCondition,
  type BoundarySegment,
  type SideBoundary,
  type Side,
  type InletVelocity,
  type InflowTurbulence,
  type WallThermal,
  type TurbulenceModel,
  type ReferenceScales,
  type ConvectionScheme,
  type InitialState,
  type PointFunction,
} from './case.js';
export { FlowGrid, mappedMesh, type GridSpec, type Geometry, type CurvilinearMesh } from './grid/grid.js';
export type { FlowSolution, FlowFields, FlowBalances, WallProfile } from './post/post.js';
export { SST_CONSTANTS, type SstProduction } from './physics/sst.js';
export { uniformAxis, gradedAxis, refinedAxis, joinAxes, reversedAxis, clusteredAxis, type AxisFaces } from './grid/axes.js';
export { hiemenz, type HiemenzSolution } from './verification/similarity.js';
export { impingingJetCase, growingAxis, insidePolygon, type ImpingingJetOptions } from './impinging-jet.js';
export { SolidCells, type Obstacle, type WallTreatment } from './physics/solid.js';
export { jetSolvers, readJetCase, jetDefaults, solveJet, jetFlowCase, JET_TYPES, JET_MESH_PRESETS, type JetCase, type JetType } from './model/index.js';
export { runJet, type JetRun } from './model/solver.js';
export { wallYPlus, targetProfile, type TargetProfile } from './model/target.js';
export { tensorAxesFor, resampler, resampleCells, type TensorAxes, type Resampler } from './post/resample.js';
export { ParticleTracker, type ParticleResult, type TrackingSettings, type TrackingGeometry } from './particles/tracking.js';
export { trackParticles } from './particles/phase.js';
export { estimateJet, martinRound, martinSlot } from './estimate.js';
