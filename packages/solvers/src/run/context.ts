// The run context handed to a solver: progress (throttled, mapped into the current phase's band),
// log lines, residuals, abort checks and cooperative yielding. It owns no timers: the clock and the
// yield are injected by the host (SolveOptions), so the same code runs in a worker thread.

import { AbortedError } from '../errors.js';
import type { HelperThreads } from './helper-threads.js';
import type { AbortCheck, LogLevel, LogLine, Residuals, SolveOptions } from './types.js';

const DEFAULT_PROGRESS_INTERVAL_MS = 100;
const DEFAULT_YIELD_INTERVAL_MS = 50;

export class RunContext {
  readonly lines: LogLine[] = [];
  private readonly now: () => number;
  private readonly startMs: number;
  private readonly progressIntervalMs: number;
  private readonly yieldIntervalMs: number;
  private lastProgressMs = Number.NEGATIVE_INFINITY;
  private lastYieldMs: number;
  private reportedFraction = -1;
  private fraction = 0;
  private phaseName: string | undefined;
  private band = { start: 0, end: 1 };
  /** The last answer of helperGranted(). */
  private granted = true;

  constructor(private readonly options: SolveOptions = {}) {
    this.now = options.now ?? Date.now;
    this.startMs = this.now();
    this.lastYieldMs = this.startMs;
    this.progressIntervalMs = options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS;
    this.yieldIntervalMs = options.yieldIntervalMs ?? DEFAULT_YIELD_INTERVAL_MS;
  }

  get elapsedSeconds(): number {
    return (this.now() - this.startMs) / 1000;
  }

  /** Threads the run may use (SolveOptions.threads; at least 1). */
  get threads(): number {
    return Math.max(1, Math.floor(this.options.threads ?? 1));
  }

  /** Helper threads for the solvers' own code (SolveOptions.helpers), when the run may use a second thread. */
  get helpers(): HelperThreads | undefined {
    return this.threads >= 2 ? this.options.helpers : undefined;
  }

  /**
   * Whether the run may keep its helper thread busy now (SolveOptions.helperGranted; true without it).
   * Solvers ask at the start of an iteration or time step. A change of answer is logged.
   */
  helperGranted(): boolean {
    const granted = this.options.helperGranted?.() ?? true;
    if (granted !== this.granted) {
      this.granted = granted;
      this.info(granted ? 'helper thread: its core is free again, two threads from here on' : 'helper thread: handed back, another run needs its core (one thread from here on; the results are the same)');
    }
    return granted;
  }

  get currentPhase(): string | undefined {
    return this.phaseName;
  }

  log(level: LogLevel, message: string): void {
    const line: LogLine = { t: this.elapsedSeconds, level, message };
    this.lines.push(line);
    this.options.onLog?.(line);
  }

  debug(message: string): void {
    this.log('debug', message);
  }

  info(message: string): void {
    this.log('info', message);
  }

  warn(message: string): void {
    this.log('warn', message);
  }

  /** Starts a named phase owning the global progress band [start, end]. */
  beginPhase(name: string, start: number, end: number): void {
    this.phaseName = name;
    this.band = { start, end };
    this.info(`phase: ${name}`);
    this.progress(0, true);
  }

  /** Progress within the current phase (0..1); reported at most every progressIntervalMs. */
  progress(phaseFraction: number, force = false): void {
    const local = Math.min(1, Math.max(0, phaseFraction));
    const global = this.band.start + (this.band.end - this.band.start) * local;
    this.fraction = Math.max(this.fraction, global);
    const onProgress = this.options.onProgress;
    if (!onProgress) return;
    const nowMs = this.now();
    const due = force || nowMs - this.lastProgressMs >= this.progressIntervalMs || (this.fraction >= 1 && this.reportedFraction < 1);
    if (!due || this.fraction === this.reportedFraction) return;
    this.lastProgressMs = nowMs;
    this.reportedFraction = this.fraction;
    const elapsed = (nowMs - this.startMs) / 1000;
    const etaSeconds = this.fraction > 0 && this.fraction < 1 ? (elapsed * (1 - this.fraction)) / this.fraction : undefined;
    onProgress({
      fraction: this.fraction,
      ...(etaSeconds === undefined ? {} : { etaSeconds }),
      ...(this.phaseName === undefined ? {} : { phase: this.phaseName }),
    });
  }

  /** Reports 1.0 regardless of throttling (the driver calls it when the solver returns). */
  complete(): void {
    this.band = { start: 0, end: 1 };
    this.progress(1, true);
  }

  residuals(residuals: Residuals): void {
    this.options.onResiduals?.(residuals);
  }

  get abortRequested(): boolean {
    return (this.options.signal?.aborted ?? false) || (this.options.isAborted?.() ?? false);
  }

  /**
   * Throws AbortedError when an abort was requested. A bound function, so that kernels that know
   * nothing of the run context can take it as their AbortCheck.
   */
  readonly checkAbort: AbortCheck = () => {
    if (this.abortRequested) throw new AbortedError();
  };

  /**
   * Waits for `work` (a helper thread's answer), checking the abort request every `pollMs` while it
   * runs when the host can pause (SolveOptions.pause); without it, simply waits. An abort throws
   * AbortedError at once: the caller ends the helper.
   */
  async waitFor<T>(work: Promise<T>, pollMs = 20): Promise<T> {
    const pause = this.options.pause;
    if (!pause) return work;
    let settled = false;
    const done = work.then(
      () => void (settled = true),
      () => void (settled = true),
    );
    this.checkAbort();
    while (!settled) {
      await Promise.race([done, pause(pollMs)]);
      this.checkAbort();
    }
    return work;
  }

  /**
   * The call a solver makes once per iteration of its outer loop: reports progress, checks the abort
   * request, and lets the host's event loop run when yieldIntervalMs has passed since the last yield.
   */
  async checkpoint(phaseFraction: number): Promise<void> {
    this.progress(phaseFraction);
    this.checkAbort();
    const yieldToEventLoop = this.options.yieldToEventLoop;
    if (!yieldToEventLoop) return;
    const nowMs = this.now();
    if (nowMs - this.lastYieldMs < this.yieldIntervalMs) return;
    await yieldToEventLoop();
    this.lastYieldMs = this.now();
    this.checkAbort();
  }
}

/** A named step of a solver, with its share of the progress bar. */
export interface Phase<State> {
  name: string;
  /** Relative share of the run time, for progress. */
  weight: number;
  run(state: State, ctx: RunContext): void | Promise<void>;
}

/** Runs the phases in order (OpenFOAM-style solver layout: one loop over named phases). */
export async function runPhases<State>(ctx: RunContext, state: State, phases: readonly Phase<State>[]): Promise<void> {
  const total = phases.reduce((sum, phase) => sum + phase.weight, 0);
  let start = 0;
  for (const phase of phases) {
    ctx.checkAbort();
    const end = start + phase.weight / total;
    ctx.beginPhase(phase.name, start, end);
    await phase.run(state, ctx);
    ctx.progress(1);
    start = end;
  }
}
