// The map from simulation type to solver module. Each family adds its modules here.

import { UnknownTypeError } from '../errors.js';
import { circularAnnulusSolver, circularPipeSolver } from '../physics/duct-developing/modules.js';
import { geothermalPlantSolver } from '../physics/geothermal/module.js';
import { pipeNetwork2Solver, pipeNetworkSolver } from '../physics/network/module.js';
import { weldingSolvers } from '../physics/welding/model/index.js';
import { meltPoolSolvers } from '../physics/melt-pool/model/index.js';
import { jetSolvers } from '../physics/jet/model/index.js';
import type { SolverModule } from './solver-module.js';

export type { SolverModule } from './solver-module.js';

const modules: readonly SolverModule[] = [circularPipeSolver, circularAnnulusSolver, pipeNetworkSolver, pipeNetwork2Solver, geothermalPlantSolver, ...weldingSolvers, ...meltPoolSolvers, ...jetSolvers];

export const solverRegistry: ReadonlyMap<string, SolverModule> = new Map(modules.map((module) => [module.type, module]));

export function solverTypes(): string[] {
  return [...solverRegistry.keys()];
}

export function getSolver(type: string): SolverModule {
  const module = solverRegistry.get(type);
  if (!module) throw new UnknownTypeError(type, solverTypes());
  return module;
}
