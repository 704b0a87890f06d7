// What the request paths compute in the compute pool, as plain async functions: the services and
// routes call these instead of the synchronous code, so none of it runs on the event loop.
// Measured on the development machine (2 shared cores) for the largest accepted input, on the event
// loop before: the estimate of the ridge 4.8-8 s, image analysis 1-2.8 s, reading a 2 MB
// `.inp` 0.9-1.1 s and writing it 0.5 s, the chat's melt-pool inversion 2.4 s, a PDF report with a
// 100 000-point series 1.3-3.3 s, VTK of 10⁶ points 0.7 s, CSV of 10⁵ rows 0.2 s.

import type { Inversion, InversionContext } from '../chat/knowledge/targets.js';
import type { ReportInput } from '../exports/report-pdf.js';
import type { VtkFile } from '../exports/vtk.js';
import type { AnalysisOptions, ImageAnalysis } from '../images/analyze.js';
import { ImageRejected } from '../images/errors.js';
import type { GreyImage } from '../images/mask.js';
import type { FieldMetaRow, StoredSeries } from '../repositories/simulation-results.js';
import { pooledEstimator, type Estimator } from './estimates.js';
import type { ComputeLimits, ComputePool } from './pool.js';

/** Tasks other than the estimate are bounded by their inputs' limits; this only guards against a bug. */
const BOUNDED_TASK: ComputeLimits = { timeLimitMs: 120_000, queueLimitMs: 30_000 };

export interface RequestCompute {
  estimate: Estimator;
  analyzeGrey(grey: GreyImage, options: AnalysisOptions): Promise<ImageAnalysis>;
  /** POST /networks/from-inp and /to-inp: the body's JSON text in, the answer's JSON text out (services/networks.ts). */
  inpToNetworkJson(body: string): Promise<string>;
  /** GET /simulations/{id}/network: a stored `.inp` text in, the document's JSON text out. */
  storedInpToNetworkJson(inp: string): Promise<string>;
  networkToInpJson(body: string): Promise<string>;
  /** A PIPE_NETWORK's `.inp` with the parameters' overrides applied. */
  networkInp(parameters: Record<string, unknown>): Promise<{ text: string; warnings: string[] }>;
  /** The chat's inversion of the fast estimate for the target the question names (null: none). */
  invertTarget(question: string, context: InversionContext): Promise<Inversion | null>;
  fieldVtk(field: FieldMetaRow & { name: string }, data: Uint8Array): Promise<VtkFile>;
  seriesCsv(series: StoredSeries): Promise<string>;
  reportPdf(input: ReportInput): Promise<Uint8Array>;
}

export function createRequestCompute(pool: ComputePool, estimateLimits: ComputeLimits): RequestCompute {
  return {
    estimate: pooledEstimator(pool, estimateLimits),
    async analyzeGrey(grey, options) {
      const outcome = await pool.run('analyzeGrey', { grey, options }, BOUNDED_TASK);
      if (!outcome.ok) throw new ImageRejected(outcome.statusCode, outcome.detail);
      return outcome.analysis;
    },
    inpToNetworkJson: (body) => pool.run('inpToNetworkJson', body, BOUNDED_TASK),
    storedInpToNetworkJson: (inp) => pool.run('storedInpToNetworkJson', inp, BOUNDED_TASK),
    networkToInpJson: (body) => pool.run('networkToInpJson', body, BOUNDED_TASK),
    networkInp: (parameters) => pool.run('networkInp', parameters, BOUNDED_TASK),
    invertTarget: (question, context) => pool.run('invertTarget', { question, ...context }, BOUNDED_TASK),
    fieldVtk: (field, data) => pool.run('fieldVtk', { field, data }, BOUNDED_TASK),
    seriesCsv: (series) => pool.run('seriesCsv', series, BOUNDED_TASK),
    reportPdf: (input) => pool.run('reportPdf', input, BOUNDED_TASK),
  };
}
