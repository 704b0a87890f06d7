// The solver's fast estimate as the request paths use it (create, update, metamodel_estimate_v2):
// in the compute pool, with a time limit. Over the limit the request answers 422 (the parameters
// make the estimate too costly); with every thread busy for as long, 503 (try again).

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

export function pooledEstimator(pool: ComputePool, limits: ComputeLimits): Estimator {
  return async (type, parameters, options) => {
    try {
      return await pool.run('estimate', { type, parameters, preview: options.preview }, limits);
    } catch (error) {
      if (error instanceof ComputeLimitExceeded) throw error.reason === 'busy' ? estimatesBusy() : estimateTooCostly(error.limitMs);
      throw error;
    }
  };
}
