// The code that runs inside a worker thread of the solver pool (piscina): one `solve` of
// @simforge/solvers per task. Progress, log lines and residuals go back over the task's MessagePort
// as they happen; the abort flag is a SharedArrayBuffer the owning process sets (Atomics), polled
// by the solver loops. The answer is the result, or the solver's error as plain data.

import { getHeapStatistics } from 'node:v8';
import type { MessagePort } from 'node:worker_threads';
import { nodeHelperThreads, solve, toSolverErrorJSON, type LogLine, type Progress, type Residuals, type SolveResult, wasmMemoryBytes } from '@simforge/solvers';
import { threadFile } from '../paths.js';
import { workerExecArgv } from './worker-exec-argv.js';
import { lowerThisThreadPriority } from './thread-priority.js';

lowerThisThreadPriority();

const HELPER_FILE = threadFile('helper-thread');
/** This thread's helper threads (a run given two threads uses one; it is kept for the next run). */
const helpers = nodeHelperThreads(HELPER_FILE, workerExecArgv(HELPER_FILE));

export interface SolverTask {
  type: string;
  parameters: Record<string, unknown>;
  port: MessagePort;
  /** Int32Array(1) over a SharedArrayBuffer: 1 asks the solver to stop. */
  abortFlag: SharedArrayBuffer;
  progressIntervalMs: number;
  /**
   * The thread's memory ceiling, bytes (SIM_MAX_MEMORY_MB). The JS heap is capped by the thread's
   * resourceLimits; typed arrays live outside it, so the heap plus external memory is checked here too.
   */
  memoryLimitBytes?: number;
  /** Threads the run may use (SolveOptions.threads): the pool gives a second one when a core is idle. */
  threads?: number;
  /**
   * Int32Array(1) over a SharedArrayBuffer, with two threads: 1 while the run may keep its helper
   * busy, 0 while the pool wants that core for another run (SolveOptions.helperGranted).
   */
  helperGrant?: SharedArrayBuffer;
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

/** The error of a run stopped at its thread's memory ceiling (the pool reports the same code when V8 stops the thread). */
export function outOfMemoryError(limitMb: number, usedMb?: number): { code: 'OUT_OF_MEMORY'; message: string; details: Record<string, unknown> } {
  return {
    code: 'OUT_OF_MEMORY',
    message: `the run needed more than this server's ${limitMb} MB of memory for one simulation${usedMb === undefined ? '' : ` (${usedMb} MB in use)`} and was stopped; use a coarser mesh or a smaller case`,
    details: { limit_mb: limitMb, ...(usedMb === undefined ? {} : { used_mb: usedMb }) },
  };
}

const MEMORY_CHECK_INTERVAL_MS = 50;

/** Polled with the abort flag: true once the thread's heap plus array buffers pass the ceiling (checked at most every 50 ms). */
function memoryWatch(limitBytes: number | undefined): { exceeded(): boolean; usedBytes: number } {
  let checkedAt = 0;
  const watch = {
    usedBytes: 0,
    exceeded(): boolean {
      if (!limitBytes) return false;
      const now = performance.now();
      if (now - checkedAt < MEMORY_CHECK_INTERVAL_MS) return watch.usedBytes > limitBytes;
      checkedAt = now;
      const heap = getHeapStatistics();
      // The solver's WebAssembly memory is shared (a helper thread may run on it) and V8 does not count
      // shared memory as external: the solvers package reports it.
      watch.usedBytes = heap.used_heap_size + heap.external_memory + wasmMemoryBytes();
      return watch.usedBytes > limitBytes;
    },
  };
  return watch;
}

export default async function runSolverTask(task: SolverTask): Promise<SolverOutcome> {
  const flag = new Int32Array(task.abortFlag);
  const grant = task.helperGrant ? new Int32Array(task.helperGrant) : undefined;
  const post = (message: ThreadMessage) => task.port.postMessage(message);
  const memory = memoryWatch(task.memoryLimitBytes);
  try {
    const result = await solve(
      { type: task.type, parameters: task.parameters },
      {
        onProgress: (progress) => post({ kind: 'progress', progress }),
        onLog: (line) => post({ kind: 'log', line }),
        onResiduals: (residuals) => post({ kind: 'residuals', residuals }),
        isAborted: () => Atomics.load(flag, 0) === 1 || memory.exceeded(),
        yieldToEventLoop: () => new Promise((resolve) => setImmediate(resolve)),
        pause: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
        progressIntervalMs: task.progressIntervalMs,
        threads: task.threads ?? 1,
        ...(grant ? { helperGranted: () => Atomics.load(grant, 0) === 1 } : {}),
        ...(helpers ? { helpers } : {}),
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
    if (memory.exceeded()) return { ok: false, error: outOfMemoryError(Math.round(task.memoryLimitBytes! / 2 ** 20), Math.round(memory.usedBytes / 2 ** 20)) };
    return { ok: false, error: toSolverErrorJSON(error) };
  } finally {
    post({ kind: 'end' });
    task.port.close();
  }
}
