// The code a compute-pool thread runs (piscina): raise the start flag, run the named task, send
// back its value or the API error it raised, as data. Any other error rejects the task (a 500).

import { ApiError, ValidationFailed } from '../services/errors.js';
import { lowerThisThreadPriority } from '../jobs/thread-priority.js';
import { computeTasks, type ComputeOutput, type ComputeReply, type ComputeRequest, type ComputeTaskName } from './tasks.js';

lowerThisThreadPriority();

export default async function runComputeTask(request: ComputeRequest<ComputeTaskName>): Promise<ComputeReply<ComputeTaskName>> {
  const started = new Int32Array(request.started);
  Atomics.store(started, 0, 1);
  Atomics.notify(started, 0);
  const task = computeTasks[request.task] as (input: unknown) => unknown;
  try {
    return { ok: true, value: (await task(request.input)) as ComputeOutput<ComputeTaskName> };
  } catch (error) {
    if (error instanceof ValidationFailed) return { ok: false, error: { kind: 'validation', issues: error.issues } };
    if (error instanceof ApiError) return { ok: false, error: { kind: 'api', statusCode: error.statusCode, detail: error.detail, headers: error.headers } };
    throw error;
  }
}
