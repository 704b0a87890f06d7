// Plate mechanics: Kirchhoff bending and plane-stress membrane response of a flat plate to thermal or
// inherent eigenstrains integrated through its thickness (see plate.ts for the entry points).

export { thermalPlateResponse, residualPlateDistortion, angularDistortion, membraneShrinkage, type PlateMaterial, type PlateOptions, type PlateLoads, type PlateResponse, type ThermalPlateInput, type ResidualPlateInput, type ResidualPlateResponse } from './plate.js';
export { solveBending, deflectionAt, curvaturesAt, flexuralRigidity, W, W_X, W_Y, W_XY, type BendingProblem, type BendingSolution, type PlateSection } from './bending.js';
export { solveMembrane, U, V, type MembraneProblem, type MembraneSolution } from './membrane.js';
export { integrateThroughThickness, plateThicknessOf, type CellField, type ColumnEigenstrain, type PlateThickness } from './through-thickness.js';
export { inherentStrain, transverseInherentStrain, tendonShrinkage, validateInherentStrainModel, type InherentStrainModel } from './inherent-strain.js';
export { facesFromCentres, supportsOf, type EdgeSupport, type PlateGrid, type PlateSupports } from './grid.js';
export { DEFAULT_PLATE_LINEAR_SOLVER, type PlateLinearSolverSettings, type PlateLinearSolveReport, type PlatePreconditioner } from './conjugate-gradient.js';
