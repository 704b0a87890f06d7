// What a simulation type offers the run pipeline: its model, defaults, solve and estimate. Each
// family declares its modules against this; the registry (registry.ts) lists them.

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

/**
 * A family's solve and estimate from its three parts: the case reader (parameters in, a typed SI case
 * out, InvalidParametersError naming the fields), the solver and the estimate of that case.
 */
export function fromCase<Case>(
  readCase: (parameters: unknown) => Case,
  solve: (c: Case, ctx: RunContext) => Promise<SolverOutput>,
  estimate: (c: Case) => EstimateResult,
): Pick<SolverModule, 'solve' | 'estimate'> {
  return { solve: (parameters, ctx) => solve(readCase(parameters), ctx), estimate: (parameters) => estimate(readCase(parameters)) };
}
