// A second thread for one thermal solver's loops (ADR 0039). The block is a shared WebAssembly
// memory (wasm-kernel.ts); the helper is a worker thread running another instance of the same module
// on it, in its command loop (wasm/threads.ts `serveOne`). To run a loop on two threads the caller
// posts the command and its arguments into the control block, runs part 0 itself and waits for the
// helper's part 1. No message goes through either event loop: the solver runs synchronously, and the
// helper answers through the shared memory alone.
//
// The split never changes a result: the two-part loops compute every cell with the one-thread
// loop's operations and operands, and the sums are taken in two fixed halves of the rows on one
// thread as on two (cg-wasm.ts, linear-solver.ts). Until the helper has started (a worker takes
// some milliseconds) the caller runs the one-thread loops: `ready` says which.
//
// Layout at `offset` (teamBytes(planes) bytes, 8-aligned): the control block (CONTROL bytes: the
// words of wasm/sync.ts, the arguments as f64 from ARGS, the helper's results from SCRATCH), then
// the plane partition of the coupled rows as i32 pairs (first row of the plane, first row of its
// second part) and the row after the last plane.
import { wasmMemoryFor } from './wasm-kernel.js';

const SEQ = 0;
const DONE = 1;
const OP = 2;
const EXIT = 3;
/** FORWARD and BACKWARD counters, two each (wasm/sync.ts), in i32 words. */
const PROGRESS = 4;
const READY = 8;
const ARGS = 64;
/** Room for 40 arguments, then SCRATCH: 8 values the helper writes results to. */
const SCRATCH = ARGS + 8 * 40;
const CONTROL = SCRATCH + 8 * 8;

export const OP_PRODUCT = 1;
export const OP_UPDATE = 2;
export const OP_DIRECTION = 3;
export const OP_IC0 = 4;
export const OP_FACTOR = 5;
export const OP_NEWTON_SYSTEM = 6;
export const OP_NEWTON_UPDATE = 7;
export const OP_DECOUPLED = 8;
export const OP_RESIDUAL = 9;
export const OP_RECIPROCAL = 10;
export const OP_RESIDUAL_DOT = 11;
export const OP_NEWTON_START = 12;
export const OP_CONSERVATIVE = 13;
export const OP_FLUXES = 14;
export const OP_SWEEP = 15;
export const OP_TEMPERATURES = 16;
export const OP_PEAKS = 17;

/** How long the caller waits for the helper's part before it takes the helper as lost (ms). */
const LOST_AFTER_MS = 60_000;
const SPINS = 1 << 14;

// The helper's whole program: instantiate the module on the shared memory, set READY, serve commands
// (sleeping on SEQ when none comes).
const HELPER = [
  "const { workerData } = process.getBuiltinModule('node:worker_threads');",
  'const { module, memory, control } = workerData;',
  'const instance = new WebAssembly.Instance(module, { env: { memory } });',
  'const words = new Int32Array(memory.buffer, control, 16);',
  `Atomics.store(words, ${READY}, 1);`,
  'for (let served = 1; served !== 0; served = instance.exports.serveOne(control)) {',
  `  if (served === 2) Atomics.wait(words, ${SEQ}, Atomics.load(words, ${DONE}), 100);`,
  '}',
].join('\n');

interface WorkerLike {
  unref(): void;
  terminate(): unknown;
}
type WorkerConstructor = new (code: string, options: { eval: true; workerData: unknown; execArgv: string[] }) => WorkerLike;
type NodeProcess = { getBuiltinModule?: (id: string) => unknown };

function workerConstructor(): WorkerConstructor | undefined {
  const getBuiltin = (globalThis as { process?: NodeProcess }).process?.getBuiltinModule;
  const threads = getBuiltin?.('node:worker_threads') as { Worker?: WorkerConstructor } | undefined;
  return threads?.Worker;
}

/** Planes whose partition a team's region holds. */
export function teamBytes(planes: number): number {
  return CONTROL + 8 * (planes + 1);
}

export class ThreadTeam {
  /** The control words. */
  private readonly words: Int32Array;
  /** The command's arguments. */
  private readonly args: Float64Array;
  /** First row of each plane and of its second part, then the row after the last plane. */
  readonly planes: Int32Array;
  /** Byte offsets of the control block and of the partition in the memory. */
  readonly control: number;
  /** Where the helper writes what a command returns (newtonUpdate's maxima). */
  readonly scratch: Float64Array;
  private worker: WorkerLike | undefined;

  private constructor(buffer: ArrayBufferLike, offset: number, planes: number, worker: WorkerLike) {
    this.control = offset;
    this.words = new Int32Array(buffer, offset, CONTROL / 4);
    this.args = new Float64Array(buffer, offset + ARGS, (SCRATCH - ARGS) / 8);
    this.scratch = new Float64Array(buffer, offset + SCRATCH, (CONTROL - SCRATCH) / 8);
    this.planes = new Int32Array(buffer, offset + CONTROL, 2 * planes + 2);
    this.worker = worker;
  }

  /**
   * A helper thread on the block `buffer` with its control at `offset` (teamBytes(planes) bytes), or
   * undefined where it cannot be had (no shared WebAssembly memory, no worker threads).
   */
  static start(buffer: ArrayBufferLike, offset: number, planes: number): ThreadTeam | undefined {
    const wasm = wasmMemoryFor(buffer);
    const Worker = workerConstructor();
    if (!wasm || !Worker || typeof SharedArrayBuffer === 'undefined' || !(buffer instanceof SharedArrayBuffer)) return undefined;
    new Int32Array(buffer, offset, CONTROL / 4).fill(0);
    try {
      // No loader or other flags of the parent: the helper runs plain JavaScript and the module.
      const worker = new Worker(HELPER, { eval: true, workerData: { module: wasm.module, memory: wasm.memory, control: offset }, execArgv: [] });
      // The helper must not keep a process alive that has finished its work.
      worker.unref();
      return new ThreadTeam(buffer, offset, planes, worker);
    } catch {
      return undefined;
    }
  }

  /** Whether the helper is serving (until then the one-thread loops run). */
  get ready(): boolean {
    return this.worker !== undefined && Atomics.load(this.words, READY) === 1;
  }

  /** Posts command `op` with its arguments for the helper's part 1 (the counters of the sweeps reset). */
  post(op: number, args: readonly number[]): void {
    this.args.set(args);
    for (let k = PROGRESS; k < PROGRESS + 4; k++) Atomics.store(this.words, k, 0);
    Atomics.store(this.words, OP, op);
    Atomics.add(this.words, SEQ, 1);
    Atomics.notify(this.words, SEQ, 1);
  }

  /** Returns when the helper has finished the last command posted. */
  join(): void {
    const seq = Atomics.load(this.words, SEQ);
    let spins = 0;
    let since = 0;
    for (let done = Atomics.load(this.words, DONE); done !== seq; done = Atomics.load(this.words, DONE)) {
      if (++spins < SPINS) continue;
      since ||= Date.now();
      if (Date.now() - since > LOST_AFTER_MS) {
        this.stop();
        throw new Error('the helper thread of the linear solver stopped answering');
      }
      Atomics.wait(this.words, DONE, done, 1);
    }
  }

  /** Ends the helper (its loop returns at the next command or wake-up). */
  stop(): void {
    if (!this.worker) return;
    Atomics.store(this.words, EXIT, 1);
    Atomics.notify(this.words, SEQ, 1);
    void this.worker.terminate();
    this.worker = undefined;
  }
}
