// The solver's fast estimate as the request paths use it (create, update, metamodel_estimate_v2):
// in the compute pool, with a time limit. Over the limit the request answers 422 (the parameters
// make the estimate too costly); with every thread busy for as long, 503 (try again). The limit is
// ESTIMATE_TIME_LIMIT_MS plus an allowance for the text the parameters carry (a PIPE_NETWORK's
// `.inp`), known from the request before any work starts (docs/adr/0035-large-networks.md).

import { ApiError, serviceUnavailable } from '../services/errors.js';
import { ComputeLimitExceeded, type ComputeLimits, type ComputePool } from './pool.js';
import type { EstimateOutcome } from './tasks.js';

export type Estimator = (type: string, parameters: Record<string, unknown>, options: { preview: boolean }) => Promise<EstimateOutcome>;

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

export function estimateTooCostly(limitMs: number): ApiError {
  return new ApiError(
    422,
    `The estimate for these parameters did not finish within ${seconds(limitMs)} and was stopped: the case is too large to check quickly. Make it smaller (for example a coarser Mesh, a smaller domain or network) and try again.`,
  );
}

export function estimatesBusy(): ApiError {
  const busy = serviceUnavailable('The server is busy with other estimates; try again in a few seconds.');
  return new ApiError(busy.statusCode, busy.detail, { 'retry-after': '5' });
}

/**
 * Added to the estimate's time limit per million characters of text in the parameters. A network's
 * estimate reads and compiles its `.inp` and solves its first balance, all growing with the file.
 * Measured on the 2-core development machine, in a fresh process: the solvers' generated
 * 100 000-junction network (18.5 M characters, 5 Newton trials) 6.1 s, 4.1 s warm; the server
 * test's (17.4 M characters, 8 trials) 8.8 s, and 11-16 s in the compute pool with the machine's
 * load at 7 (three times its cores): 0.5 s per million characters, 0.9 s so loaded; over 22 s
 * (1.0 s per million) once, with the verification studies running beside the test suite. At 2 s
 * the limit is 40 s for the latter, 69 s at MAX_INP_LENGTH.
 */
export const ESTIMATE_MS_PER_MILLION_CHARACTERS = 2000;

/** Characters of the parameters' text values (top level: an `.inp` file, a demand CSV). */
function textCharacters(parameters: Record<string, unknown>): number {
  let characters = 0;
  for (const value of Object.values(parameters)) if (typeof value === 'string') characters += value.length;
  return characters;
}

/** The estimate's limits for these parameters: the base time limit plus the allowance for their text. */
export function estimateLimits(base: ComputeLimits, parameters: Record<string, unknown>): ComputeLimits {
  const timeLimitMs = base.timeLimitMs + Math.ceil((ESTIMATE_MS_PER_MILLION_CHARACTERS * textCharacters(parameters)) / 1e6);
  return { timeLimitMs, queueLimitMs: Math.max(base.queueLimitMs, timeLimitMs) };
}

export function pooledEstimator(pool: ComputePool, limits: ComputeLimits): Estimator {
  return async (type, parameters, options) => {
    try {
      return await pool.run('estimate', { type, parameters, preview: options.preview }, estimateLimits(limits, parameters));
    } catch (error) {
      if (error instanceof ComputeLimitExceeded) throw error.reason === 'busy' ? estimatesBusy() : estimateTooCostly(error.limitMs);
      throw error;
    }
  };
}
