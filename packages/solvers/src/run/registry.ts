// The map from simulation type to solver module. Each family adds its modules here.

import { UnknownTypeError } from '../errors.js';
import { circularAnnulusSolver, circularPipeSolver } from '../physics/duct-developing/modules.js';
import { geothermalPlantSolver } from '../physics/geothermal/module.js';
import { pipeNetwork2Solver, pipeNetworkSolver } from '../physics/network/module.js';
import { weldingSolvers } from '../physics/welding/model/index.js';
import { meltPoolSolvers } from '../physics/melt-pool/model/index.js';
import { jetSolvers } from '../physics/jet/model/index.js';
import type { RunContext } from './context.js';
import type { EstimateResult, SolverOutput } from './types.js';

export interface SolverModule<Parameters = unknown> {
  type: string;
  /** Name and version of the numerical model, part of solver_version. */
  model: string;
  modelVersion: string;
  /** Types with more than one model (CIRCULAR_PIPE): the model these parameters select, when they can be read. */
  modelOf?(parameters: unknown): { model: string; modelVersion: string } | undefined;
  title: string;
  /** A complete, valid parameter set (SI), the default case of the create form. */
  parameterDefaults: Parameters;
  /** Validates `parameters` (InvalidParametersError) and runs the model. */
  solve(parameters: unknown, ctx: RunContext): Promise<SolverOutput>;
  /** The fast estimate; validates `parameters` the same way. */
  estimate(parameters: unknown): EstimateResult;
}

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
