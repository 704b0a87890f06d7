// The computations the compute pool runs in its threads: pure functions of cloneable data. A task
// may throw the API's own errors (ValidationFailed, ApiError): the thread sends them back as data
// and the pool throws them again in the request (structured cloning keeps no class).

import type { CrossSectionPreview, ValidationIssue } from '@simforge/contracts';
import { estimate, InvalidParametersError, network, toSolverErrorJSON, writeInp, type EstimateResult } from '@simforge/solvers';
import { invertEstimate, parseTarget, type Inversion, type InversionContext } from '../chat/knowledge/targets.js';
import { seriesToCsv } from '../exports/csv.js';
import { buildReportPdf, type ReportInput } from '../exports/report-pdf.js';
import { FieldNotExportable, fieldToVtk, type VtkFile } from '../exports/vtk.js';
import { analyzeGrey, type AnalysisOptions, type ImageAnalysis } from '../images/analyze.js';
import { ImageRejected } from '../images/errors.js';
import type { GreyImage } from '../images/mask.js';
import type { FieldMetaRow, StoredSeries } from '../repositories/simulation-results.js';
import { ApiError } from '../services/errors.js';
import { sectionPreview } from '../services/estimate-preview.js';
import { inpToNetworkJson, networkToInpJson, storedInpToNetworkJson } from '../services/networks.js';

/** A failure of the solver's estimate, as data (`details.issues` for INVALID_PARAMETERS). */
export type EstimateFailure = ReturnType<typeof toSolverErrorJSON>;

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

/** The image analysis of a decoded grey image; a refusal (no contrast, no outline) as data. */
function analyzeGreyTask(input: { grey: GreyImage; options: AnalysisOptions }): { ok: true; analysis: ImageAnalysis } | { ok: false; statusCode: ImageRejected['statusCode']; detail: string } {
  try {
    return { ok: true, analysis: analyzeGrey(input.grey, input.options) };
  } catch (error) {
    if (error instanceof ImageRejected) return { ok: false, statusCode: error.statusCode, detail: error.detail };
    throw error;
  }
}

/**
 * A pipe network's `.inp` with the parameters' overrides applied, as the solver runs it; a network
 * stored before today's checks may no longer read (422).
 */
function networkInpTask(parameters: Record<string, unknown>): ReturnType<typeof writeInp> {
  try {
    return writeInp(network.readNetworkCase(parameters).model);
  } catch (error) {
    if (error instanceof InvalidParametersError) throw new ApiError(422, `The network cannot be exported: ${error.message}`);
    throw error;
  }
}

/** The chat's inversion of the fast estimate (null: the question names no target). */
function invertTargetTask(input: { question: string } & InversionContext): Inversion | null {
  const target = parseTarget(input.question);
  return target ? invertEstimate(target, { type: input.type, parameters: input.parameters, runSummary: input.runSummary ?? null }) : null;
}

function fieldVtkTask(input: { field: FieldMetaRow & { name: string }; data: Uint8Array }): VtkFile {
  try {
    return fieldToVtk(input.field, input.data);
  } catch (error) {
    if (error instanceof FieldNotExportable) throw new ApiError(422, error.message);
    throw error;
  }
}

export const computeTasks = {
  estimate: estimateTask,
  analyzeGrey: analyzeGreyTask,
  inpToNetworkJson,
  storedInpToNetworkJson,
  networkToInpJson,
  networkInp: networkInpTask,
  invertTarget: invertTargetTask,
  fieldVtk: fieldVtkTask,
  seriesCsv: (series: StoredSeries) => seriesToCsv(series),
  reportPdf: (input: ReportInput) => buildReportPdf(input),
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
