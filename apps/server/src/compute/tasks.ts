// The computations the compute pool runs in its threads: pure functions of cloneable data. A task
// may throw the API's own errors (ValidationFailed, ApiError): the thread sends them back as data
// and the pool throws them again in the request (structured cloning keeps no class).

import type { CrossSectionPreview, ValidationIssue } from '@simforge/contracts';
import { estimate, toSolverErrorJSON, type EstimateResult } from '@simforge/solvers';
import { sectionPreview } from '../services/estimate-preview.js';

/** A failure of the solver's estimate, as data (`details.issues` for INVALID_PARAMETERS). */
export interface EstimateFailure {
  code: string;
  message: string;
  details: Record<string, unknown>;
}

export type EstimateOutcome =
  | { ok: true; estimate: EstimateResult; preview?: CrossSectionPreview; previewError?: EstimateFailure }
  | { ok: false; error: EstimateFailure };

/** The solver's fast estimate of checked parameters, and the welding section preview when asked. */
function estimateTask(input: { type: string; parameters: Record<string, unknown>; preview: boolean }): EstimateOutcome {
  let result: EstimateResult;
  try {
    result = estimate(input.type, input.parameters);
  } catch (error) {
    return { ok: false, error: toSolverErrorJSON(error) };
  }
  if (!input.preview) return { ok: true, estimate: result };
  try {
    const preview = sectionPreview(input.type, input.parameters);
    return { ok: true, estimate: result, ...(preview ? { preview } : {}) };
  } catch (error) {
    return { ok: true, estimate: result, previewError: toSolverErrorJSON(error) };
  }
}

export const computeTasks = {
  estimate: estimateTask,
};

export type ComputeTasks = typeof computeTasks;
export type ComputeTaskName = keyof ComputeTasks;
export type ComputeInput<N extends ComputeTaskName> = Parameters<ComputeTasks[N]>[0];
export type ComputeOutput<N extends ComputeTaskName> = Awaited<ReturnType<ComputeTasks[N]>>;

/** What the pool hands a thread: the task, its input, and the flag the thread raises when it starts. */
export interface ComputeRequest<N extends ComputeTaskName> {
  task: N;
  input: ComputeInput<N>;
  started: SharedArrayBuffer;
}

/** An API error raised by a task, as data. */
export type TransportedError = { kind: 'validation'; issues: ValidationIssue[] } | { kind: 'api'; statusCode: number; detail: string; headers: Record<string, string> };

export type ComputeReply<N extends ComputeTaskName> = { ok: true; value: ComputeOutput<N> } | { ok: false; error: TransportedError };
