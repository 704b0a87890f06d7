// The code that runs inside a worker thread of the solver pool (piscina): one `solve` of
// @simforge/solvers per task. Progress, log lines and residuals go back over the task's MessagePort
// as they happen; the abort flag is a SharedArrayBuffer the owning process sets (Atomics), polled
// by the solver loops. The answer is the result, or the solver's error as plain data.

import type { MessagePort } from 'node:worker_threads';
import { solve, toSolverErrorJSON, type LogLine, type Progress, type Residuals, type SolveResult } from '@simforge/solvers';
import { lowerThisThreadPriority } from './thread-priority.js';

lowerThisThreadPriority();

export interface SolverTask {
  type: string;
  parameters: Record<string, unknown>;
  port: MessagePort;
  /** Int32Array(1) over a SharedArrayBuffer: 1 asks the solver to stop. */
  abortFlag: SharedArrayBuffer;
  progressIntervalMs: number;
}

export type ThreadMessage =
  | { kind: 'progress'; progress: Progress }
  | { kind: 'log'; line: LogLine }
  | { kind: 'residuals'; residuals: Residuals }
  /** The last message of a task: everything before it has been delivered. */
  | { kind: 'end' };

export interface ThreadField {
  name: string;
  label: string;
  unit: string;
  shape: number[];
  grid: { axes: { name: string; unit: string; values: number[] }[] };
  /** Float32 values (transferred). */
  values: Float32Array;
}

export type SolverOutcome =
  | { ok: true; summary: SolveResult['summary']; series: SolveResult['series']; fields: ThreadField[]; solver_version: string }
  | { ok: false; error: { code: string; message: string; details: Record<string, unknown> } };

export default async function runSolverTask(task: SolverTask): Promise<SolverOutcome> {
  const flag = new Int32Array(task.abortFlag);
  const post = (message: ThreadMessage) => task.port.postMessage(message);
  try {
    const result = await solve(
      { type: task.type, parameters: task.parameters },
      {
        onProgress: (progress) => post({ kind: 'progress', progress }),
        onLog: (line) => post({ kind: 'log', line }),
        onResiduals: (residuals) => post({ kind: 'residuals', residuals }),
        isAborted: () => Atomics.load(flag, 0) === 1,
        yieldToEventLoop: () => new Promise((resolve) => setImmediate(resolve)),
        progressIntervalMs: task.progressIntervalMs,
      },
    );
    const fields = Object.entries(result.fields).map(([name, field]) => ({
      name,
      label: field.label,
      unit: field.unit,
      shape: field.shape,
      grid: field.grid,
      values: Float32Array.from(field.values),
    }));
    return { ok: true, summary: result.summary, series: result.series, fields, solver_version: result.solver_version };
  } catch (error) {
    return { ok: false, error: toSolverErrorJSON(error) };
  } finally {
    post({ kind: 'end' });
    task.port.close();
  }
}
