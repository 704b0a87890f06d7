// The shared run driver: one entry point for the server's jobs and the command line.

import { AbortedError, InvalidParametersError, SolverError, DivergedError } from '../errors.js';
import { SOLVERS_VERSION } from '../version.js';
import { RunContext } from './context.js';
import { isPlainObject } from './parameters.js';
import { getSolver, type SolverModule } from './registry.js';
import type { CaseInput, EstimateResult, SeriesAxis, SolveOptions, SolveResult, SolverOutput } from './types.js';

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

/**
 * True when every value is finite. A plain loop: `every(Number.isFinite)` calls back per value and
 * cost tens of milliseconds on a large network's results (millions of values).
 */
function allFinite(values: readonly number[]): boolean {
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    // v − v is 0 for a finite number and NaN for NaN and ±Infinity.
    if (v - v !== 0) return false;
  }
  return true;
}

/**
 * Throws DivergedError when a number in the output is NaN or infinite (JSON cannot carry them).
 * Written for outputs of tens of thousands of series (a network's per-element series): no entry
 * arrays or spreads per series, and a time axis shared by many series is checked once.
 */
function assertFinite(output: SolverOutput): void {
  for (const key in output.summary) {
    const value = output.summary[key]!.value;
    if (typeof value === 'number' && !Number.isFinite(value)) throw new DivergedError(`summary value ${key} is not finite (${value})`);
  }
  let checkedX: SeriesAxis | undefined;
  for (const key in output.series) {
    const series = output.series[key]!;
    if (series.x !== checkedX) {
      if (!allFinite(series.x.values)) throw new DivergedError(`series ${key}.${series.x.name} has non-finite values`);
      checkedX = series.x;
    }
    for (let a = 0; a < series.y.length; a++) {
      const axis = series.y[a]!;
      if (!allFinite(axis.values)) throw new DivergedError(`series ${key}.${axis.name} has non-finite values`);
    }
  }
  for (const key in output.fields) {
    if (!allFinite(output.fields[key]!.values)) throw new DivergedError(`field ${key} has non-finite values`);
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
    // An abort is what the user asked for, not a failure: an info line, where the run stopped.
    if (error instanceof AbortedError) ctx.info(`aborted on request after ${ctx.elapsedSeconds.toFixed(3)} s${ctx.currentPhase === undefined ? '' : ` (phase: ${ctx.currentPhase})`}`);
    else ctx.log('error', error instanceof Error ? `${error.name}: ${error.message}` : String(error));
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
