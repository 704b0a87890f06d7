// The shared run driver: one entry point for the server's jobs and the command line.

import { InvalidParametersError, SolverError, DivergedError } from '../errors.js';
import { SOLVERS_VERSION } from '../version.js';
import { RunContext } from './context.js';
import { isPlainObject } from './parameters.js';
import { getSolver, type SolverModule } from './registry.js';
import type { CaseInput, EstimateResult, SolveOptions, SolveResult, SolverOutput } from './types.js';

/** `@simforge/solvers 0.1.0, duct-developing 1.0.0`: the package and the model that runs these parameters. */
export function solverVersion(module: SolverModule, parameters?: unknown): string {
  const { model, modelVersion } = (parameters !== undefined ? module.modelOf?.(parameters) : undefined) ?? module;
  return `@simforge/solvers ${SOLVERS_VERSION}, ${model} ${modelVersion}`;
}

function readCase(caseInput: unknown): CaseInput {
  if (!isPlainObject(caseInput)) throw new InvalidParametersError([{ path: '', message: 'a case must be an object {"type": ..., "parameters": {...}}' }]);
  const issues = [];
  if (typeof caseInput['type'] !== 'string') issues.push({ path: 'type', message: 'is required (a simulation type such as CIRCULAR_PIPE)' });
  if (!isPlainObject(caseInput['parameters'])) issues.push({ path: 'parameters', message: caseInput['parameters'] === undefined ? 'is required' : 'must be an object' });
  if (issues.length > 0) throw new InvalidParametersError(issues);
  return { type: caseInput['type'] as string, parameters: caseInput['parameters'] };
}

/** Throws DivergedError when a number in the output is NaN or infinite (JSON cannot carry them). */
function assertFinite(output: SolverOutput): void {
  for (const [key, item] of Object.entries(output.summary)) {
    if (typeof item.value === 'number' && !Number.isFinite(item.value)) throw new DivergedError(`summary value ${key} is not finite (${item.value})`);
  }
  for (const [key, series] of Object.entries(output.series)) {
    for (const axis of [series.x, ...series.y]) {
      if (!axis.values.every(Number.isFinite)) throw new DivergedError(`series ${key}.${axis.name} has non-finite values`);
    }
  }
  for (const [key, field] of Object.entries(output.fields)) {
    if (!field.values.every(Number.isFinite)) throw new DivergedError(`field ${key} has non-finite values`);
  }
}

/**
 * Runs the case's solver. Rejects with a SolverError: InvalidParametersError (with field paths),
 * UnknownTypeError, AbortedError, DivergedError or OutOfRangeError; the log so far is attached to it.
 */
export async function solve(caseInput: CaseInput, options: SolveOptions = {}): Promise<SolveResult> {
  const { type, parameters } = readCase(caseInput);
  const module = getSolver(type);
  const ctx = new RunContext(options);
  const version = solverVersion(module, parameters);
  try {
    ctx.checkAbort();
    ctx.info(`${type} (${module.title}); ${version}`);
    const output = await module.solve(parameters, ctx);
    assertFinite(output);
    ctx.complete();
    ctx.info(`completed in ${ctx.elapsedSeconds.toFixed(3)} s`);
    return { ...output, log: ctx.lines, solver_version: version };
  } catch (error) {
    ctx.log('error', error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    if (error instanceof SolverError) error.log = ctx.lines;
    throw error;
  }
}

/** The fast estimate of a case (`metamodel_estimate_v2`); validates like solve. */
export function estimate(type: string, parameters: unknown): EstimateResult {
  return getSolver(type).estimate(parameters);
}

/** The default parameters of a type (a complete, valid case). */
export function parameterDefaults(type: string): unknown {
  return structuredCloneJSON(getSolver(type).parameterDefaults);
}

function structuredCloneJSON<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
