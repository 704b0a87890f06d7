// The shapes shared by every solver: the case, the run hooks, and the result (simulations.md,
// "Shared conventions"). Values are SI; `unit` strings are SI symbols, '' for dimensionless.

import type { HelperThreads } from './helper-threads.js';

export interface CaseInput {
  type: string;
  parameters: unknown;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface LogLine {
  /** Seconds since the start of the run (from the injected clock). */
  t: number;
  level: LogLevel;
  message: string;
}

export interface Progress {
  /** 0..1, never decreasing during one run. */
  fraction: number;
  etaSeconds?: number;
  phase?: string;
}

export interface Residuals {
  iteration: number;
  values: Record<string, number>;
}

/**
 * Throws AbortedError when the run has been asked to stop (RunContext.checkAbort). Numerical kernels
 * that can run for more than a few milliseconds in one call (a linear solve, a mesh build, a plate
 * solve) take one and call it between chunks of their work, so that no stretch of a run goes
 * unchecked for long (docs/adr/0005-solver-abort-and-run-recovery.md). It reads a flag, not a
 * clock: cheap enough to call every few microseconds of work.
 */
export type AbortCheck = () => void;

/** The subset of AbortSignal the solvers read (a DOM or Node AbortSignal fits). */
export interface AbortSignalLike {
  readonly aborted: boolean;
}

export interface SolveOptions {
  onProgress?(progress: Progress): void;
  onLog?(line: LogLine): void;
  onResiduals?(residuals: Residuals): void;
  signal?: AbortSignalLike;
  /**
   * A second abort source polled in the loops, for hosts that cannot deliver an AbortSignal while
   * the loop runs (a worker thread reading a SharedArrayBuffer flag with Atomics.load).
   */
  isAborted?(): boolean;
  /**
   * Lets the host's event loop run (for example `() => new Promise((r) => setImmediate(r))`), so that
   * abort messages and I/O are handled during a long run. Library code never creates timers itself.
   */
  yieldToEventLoop?(): Promise<void>;
  /**
   * Resolves after `ms` milliseconds (for example `(ms) => new Promise((r) => setTimeout(r, ms))`):
   * a run waiting for a helper thread sleeps in such steps and checks the abort request between them.
   */
  pause?(ms: number): Promise<void>;
  /** Milliseconds; defaults to Date.now. Inject a fake clock for reproducible logs. */
  now?(): number;
  /**
   * Threads the run may use (default 1): the host gives a run the cores no other run needs. Solvers
   * that can split their work do so (the thermal core's linear solve, thread-team.ts); the results
   * are the same on any number.
   */
  threads?: number;
  /**
   * Helper threads that run the solvers' own code beside the run (run/helper-threads.ts), used when
   * `threads` is 2 or more: a network's water quality follows its hydraulics there.
   */
  helpers?: HelperThreads;
  /**
   * Whether the run may keep its helper thread busy now (default: always). A host whose other runs
   * need the core answers false; the solver then goes on one thread from its next iteration or time
   * step, and takes its helper again once the answer is true (RunContext.helperGranted). The results
   * are the same either way.
   */
  helperGranted?(): boolean;
  /** Minimum time between progress reports (default 100 ms). */
  progressIntervalMs?: number;
  /** Minimum time between calls of yieldToEventLoop (default 50 ms). */
  yieldIntervalMs?: number;
}

export interface ScalarResult {
  value: number | string;
  unit: string;
  label: string;
}

export interface SeriesAxis {
  name: string;
  unit: string;
  label: string;
  values: number[];
}

/** 1-D data: one x axis and one or more y curves of the same length. */
export interface Series {
  label: string;
  x: SeriesAxis;
  y: SeriesAxis[];
}

export interface FieldGridAxis {
  name: string;
  unit: string;
  values: number[];
}

/** 2-D/3-D data on a structured grid: `values` is row-major (the last axis varies fastest). */
export interface Field {
  label: string;
  unit: string;
  grid: { axes: FieldGridAxis[] };
  shape: number[];
  values: number[];
}

export interface SolverOutput {
  summary: Record<string, ScalarResult>;
  series: Record<string, Series>;
  fields: Record<string, Field>;
}

export interface SolveResult extends SolverOutput {
  log: LogLine[];
  solver_version: string;
}

export interface ValidityCheck {
  quantity: string;
  min: number;
  max: number;
  value: number;
  inside: boolean;
}

/**
 * The work a run will do, known before it starts: the same mesh or step plan the solver uses, so a
 * server can refuse a case that would not fit before it runs (docs/limits.md).
 */
export interface WorkPlan {
  /** Cells (nodes, elements) the solver allocates its per-cell arrays for. */
  cells: number;
  /** Time steps or iterations: the most the solver allows for this case. */
  steps: number;
  /** Estimated peak memory of the run (its arrays and the results it keeps), bytes. */
  memory_bytes: number;
  /** Expected run time, s (the estimate's expected_runtime_seconds). */
  seconds: number;
  /** The parameters that set the cell count, the most effective change first. */
  cell_fields: PlanDriver[];
  /** The parameters that set the step count. */
  step_fields: PlanDriver[];
}

/** A parameter (`laser.track_length`) and the change of it that makes the plan smaller. */
export interface PlanDriver {
  path: string;
  change: 'lower' | 'raise';
}

export interface EstimateResult {
  model: string;
  results: Record<string, ScalarResult>;
  validity: ValidityCheck[];
  inside_validity: boolean;
  expected_runtime_seconds: number;
  /** Types with mesh presets: the expected run time of each preset, s. */
  expected_runtime_seconds_by_mesh?: Record<string, number>;
  /** The run's work plan for these parameters. */
  work: WorkPlan;
  /** Types with mesh presets: the work plan of each preset (the same case otherwise). */
  work_by_mesh?: Record<string, WorkPlan>;
}
