// The thermal core shared by the welding and melt-pool models (see solver.ts for the equations).

export { erf, erfc } from './special-functions.js';
export { StructuredMesh, uniformAxis, gradedAxis, refinedAxis, joinAxes, reversedAxis, CELL_VOID, CELL_SOLID, CELL_FILLER, type AxisFaces } from './mesh.js';
export { EnthalpyTable, DEFAULT_TEMPERATURE_GRID, type TemperatureGrid } from './enthalpy-table.js';
export { conductionFluxes, explicitConductionUpdate, assembleConductances, STEFAN_BOLTZMANN, BOX_FACES, type BoxFace, type BoxCondition, type SurfaceLoss } from './terms.js';
export { ConjugateGradient, multiply, type LinearSolverSettings, type Preconditioner, type SevenPointMatrix } from './linear-solver.js';
export { GoldakSource, GaussianSurfaceSource, tiltedCellIntegral, type HeatSource, type SourcePath, type SourceDeposit, type GoldakOptions, type GaussianSurfaceOptions } from './sources.js';
export { balanceError, emptyLedger, type EnergyLedger } from './ledger.js';
export { ThermalSolver, type RunOptions } from './solver.js';
export { DEFAULT_NUMERICS, type ThermalNumerics, type ThermalProblem, type TimeScheme, type StepReport, type Probe } from './problem.js';
export { coolingTime } from './cycles.js';
export { CylindricalGaussianSource, type CylindricalGaussianOptions } from './volume-sources.js';
export { evaporationFlux, evaporationLimitedTemperature, GAS_CONSTANT, type EvaporationModel } from './evaporation.js';
