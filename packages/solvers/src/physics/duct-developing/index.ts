// Developing flow and heat transfer in a circular pipe or a concentric annulus, from a uniform
// inlet: the parabolised equations marched along the duct (laminar, or turbulent with a
// wall-resolved mixing-length model), with the fully developed state and the entrance lengths.
// CIRCULAR_PIPE (model `developing`) and CIRCULAR_ANNULUS run it (modules.ts).
//
//   readDevelopingDuctCase(parameters, 'pipe' | 'annulus') -> DevelopingDuctCase (validated, SI)
//   solveDevelopingDuct(case, ctx) -> SolverOutput (summary, series, fields; progress, log, abort)
//   solveDevelopingFlow(problem, numerics) -> DevelopingFlowSolution (the raw march, typed arrays)

export {
  readDevelopingDuctCase,
  developingPipeDefaults,
  developingAnnulusDefaults,
  type DevelopingDuctParameters,
  type DevelopingDuctCase,
  type DuctKind,
  type HeatedWall,
} from './parameters.js';
export { solveDevelopingDuct } from './solver.js';
export { DevelopingFlowMarch, solveDevelopingFlow, marchPositions, type DevelopingFlowSolution, type StationSeries, type Profile } from './march.js';
export {
  defaultDevelopingFlowNumerics,
  derivedFlow,
  type DevelopingFlowProblem,
  type DevelopingFlowNumerics,
  type WallThermal,
  type FlowModel,
  type ConstantProperties,
} from './problem.js';
export { fullyDevelopedFlow, fullyDevelopedHeat, type FullyDevelopedFlow, type FullyDevelopedHeat } from './fully-developed.js';
export { radialGrid, hydraulicDiameter, type DuctShape, type RadialGrid } from './grid.js';
export { defaultMixingLengthModel, type MixingLengthModel } from './turbulence.js';
export {
  localNusselt,
  localFrictionFactor,
  apparentFrictionFactor,
  hydrodynamicEntranceLength,
  thermalEntranceLength,
  meanNusselt,
} from './results.js';
export * as exact from './exact.js';
export { dimensionlessProblem, unitShape, type DimensionlessDuct } from './dimensionless.js';
export { circularPipeSolver, circularAnnulusSolver, circularAnnulusDefaults, selectPipeModel, PIPE_MODELS, type PipeModel } from './modules.js';
