// Commands from a run's thread to one helper thread through shared memory alone: the run posts a
// command number and its arguments, does its own part of the work, and waits for the helper's part.
// No message goes through either event loop, so a solver that runs synchronously can split one loop
// over two threads many thousands of times a second. (The thermal core's helper has its own block
// inside its WebAssembly memory, thermal/thread-team.ts; this one serves TypeScript solvers.)

/** Int32 words of the block. */
const SEQ = 0;
const DONE = 1;
const OP = 2;
const EXIT = 3;
const READY = 4;
const FAILED = 5;
const WORDS = 8;
/** Arguments of a command, then the helper's results (partial sums), as float64. */
export const COMMAND_ARGS = 32;
export const COMMAND_RESULTS = 16;
const BYTES = 4 * WORDS + 8 * (COMMAND_ARGS + COMMAND_RESULTS);

/** Spins before a waiting side sleeps: a command follows the last within microseconds while a solver iterates. */
const SPINS = 1 << 16;
/** How long the run waits for the helper's part before it takes the helper as lost (ms). */
const LOST_AFTER_MS = 60_000;

export class CommandBlock {
  readonly buffer: SharedArrayBuffer;
  private readonly words: Int32Array;
  readonly args: Float64Array;
  /** What the helper's part returns (its partial sums), read by the run after join(). */
  readonly results: Float64Array;

  constructor(buffer: SharedArrayBuffer = new SharedArrayBuffer(BYTES)) {
    this.buffer = buffer;
    this.words = new Int32Array(buffer, 0, WORDS);
    this.args = new Float64Array(buffer, 4 * WORDS, COMMAND_ARGS);
    this.results = new Float64Array(buffer, 4 * WORDS + 8 * COMMAND_ARGS, COMMAND_RESULTS);
  }

  /** Whether the helper has said it serves (it may fail first: then `failed` is set). */
  get ready(): boolean {
    return Atomics.load(this.words, READY) === 1;
  }

  get failed(): boolean {
    return Atomics.load(this.words, FAILED) !== 0;
  }

  /**
   * Waits up to `ms` for the helper to be ready or to fail; returns whether it is ready. The helper
   * is woken by markReady() or markFailed().
   */
  waitReady(ms: number): boolean {
    if (!this.ready && !this.failed) Atomics.wait(this.words, READY, 0, ms);
    return this.ready && !this.failed;
  }

  /** Posts command `op` (≥ 1) with its arguments. */
  post(op: number, args: readonly number[]): void {
    for (let k = 0; k < args.length; k++) this.args[k] = args[k]!;
    Atomics.store(this.words, OP, op);
    Atomics.add(this.words, SEQ, 1);
    Atomics.notify(this.words, SEQ, 1);
  }

  /**
   * Returns once the helper has done the last command posted, and whether the run's thread had to
   * sleep for it (the helper was late: a busy core); throws when its part threw or it stopped answering.
   */
  join(): boolean {
    const seq = Atomics.load(this.words, SEQ);
    let spins = 0;
    let since = 0;
    for (let done = Atomics.load(this.words, DONE); done !== seq; done = Atomics.load(this.words, DONE)) {
      if (Atomics.load(this.words, FAILED) !== 0) break;
      if (++spins < SPINS) continue;
      since ||= Date.now();
      if (Date.now() - since > LOST_AFTER_MS) {
        this.stop();
        throw new Error('the helper thread stopped answering');
      }
      Atomics.wait(this.words, DONE, done, 1);
    }
    if (Atomics.load(this.words, FAILED) !== 0) {
      this.stop();
      throw new Error('the helper thread failed in its part of the work');
    }
    return spins >= SPINS;
  }

  /** Ends the helper's loop (at its next command or wake-up). */
  stop(): void {
    Atomics.store(this.words, EXIT, 1);
    Atomics.notify(this.words, SEQ, 1);
  }

  /** The helper's side: says it is ready. */
  markReady(): void {
    Atomics.store(this.words, READY, 1);
    Atomics.notify(this.words, READY);
  }

  /** The helper's side: says it cannot serve (or its part threw); the run's join() or waitReady() sees it. */
  markFailed(): void {
    Atomics.store(this.words, FAILED, 1);
    Atomics.notify(this.words, READY);
    Atomics.notify(this.words, DONE);
  }

  /**
   * The helper's side: runs each command posted until stop(), then returns. A part that throws marks
   * the block failed and ends the loop with the error.
   */
  serve(run: (op: number, args: Float64Array, results: Float64Array) => void): void {
    for (let done = 0; ; ) {
      let seq = Atomics.load(this.words, SEQ);
      for (let spins = 0; seq === done && Atomics.load(this.words, EXIT) === 0; seq = Atomics.load(this.words, SEQ)) {
        if (++spins > SPINS) {
          Atomics.wait(this.words, SEQ, done, 100);
          spins = 0;
        }
      }
      if (Atomics.load(this.words, EXIT) !== 0) return;
      try {
        run(Atomics.load(this.words, OP), this.args, this.results);
      } catch (error) {
        this.markFailed();
        throw error;
      }
      done = seq;
      Atomics.store(this.words, DONE, seq);
      Atomics.notify(this.words, DONE, 1);
    }
  }
}
