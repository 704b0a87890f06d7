// A second thread for one thermal solver's loops (ADR 0039). The block is a shared WebAssembly
// memory (wasm-kernel.ts); the helper is a worker thread running another instance of the same module
// on it. To run a loop on two threads the caller posts the command and its arguments into the control
// block, runs part 0 itself and waits for the helper's part 1. No message goes through either event
// loop: the solver runs synchronously, and the helper answers through the shared memory alone.
//
// The helper's loop is JavaScript (HELPER below): it waits for a command, calls the module's export
// for it (COMMANDS) with the arguments from the control block, and reports it done. It calls the same
// exported functions the caller runs. (A dispatch inside the module, with the optimiser inlining the
// small loops into it, compiled them to code several times slower than the exports: the peaks took
// 1.6 ms for a half of 400 000 cells on the helper against 0.19 ms on the caller.)
//
// The split never changes a result: the two-part loops compute every cell with the one-thread
// loop's operations and operands, and the sums are taken in two fixed parts of the rows on one
// thread as on two (cg-wasm.ts, linear-solver.ts). Until the helper has started (a worker takes
// some milliseconds) the caller runs the one-thread loops: `ready` says which.
//
// Layout at `offset` (teamBytes(planes) bytes, 8-aligned): the control block (CONTROL bytes: the
// words of wasm/sync.ts, the arguments as f64 from ARGS, the helper's results from SCRATCH), then
// the plane partition of the coupled rows as i32 pairs (the plane's first row of part 0, its first
// row of part 1: row-set.ts RowSet), then the number of part-0 rows and of all rows.
import { wasmMemoryFor } from './wasm-kernel.js';

/** The command number (the caller adds one to post a command). */
const SEQ = 0;
/** The last command number the helper finished. */
const DONE = 1;
/** The command (OP_* below). */
const OP = 2;
/** Nonzero: the helper's loop ends. */
const EXIT = 3;
/** FORWARD and BACKWARD counters, two each (wasm/sync.ts), in i32 words: planes each part has done in the current sweep. */
const PROGRESS = 4;
/** Set by the helper once it serves. */
const READY = 8;
/** The loops shared out in chunks (wasm/shared.ts): how far the two threads have taken them. */
const NEXT = 9;
/** Set by the helper when its part threw (a trap in the module, an unknown command): it reports the command done and ends. */
const FAILED = 10;
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
export const OP_NEWTON_START = 12;
export const OP_CONSERVATIVE = 13;
export const OP_FLUXES = 14;
export const OP_SWEEP = 15;
export const OP_TEMPERATURES = 16;
export const OP_PEAKS = 17;
export const OP_PROPERTIES = 18;
export const OP_IMPLICIT_START = 19;
export const OP_FACE_SUMS = 20;
export const OP_ASSEMBLE = 21;
export const OP_UPDATE_CELLS = 22;

/** How long the caller waits for the helper's part before it takes the helper as lost (ms). */
const LOST_AFTER_MS = 60_000;
const SPINS = 1 << 14;

/**
 * What the helper runs for a command: the module's export `name` with the first `args` arguments;
 * `table`: seven arguments for useTable come first (each instance holds its own enthalpy table);
 * `part`: the helper's part number (1) and the control block's offset follow (the two-part sweeps
 * wait on each other's counters there); `result`: the value returned goes to SCRATCH.
 */
interface Command {
  name: string;
  args: number;
  table?: true;
  part?: true;
  result?: true;
}

const COMMANDS: Record<number, Command> = {
  [OP_PRODUCT]: { name: 'product', args: 14, result: true },
  [OP_UPDATE]: { name: 'update', args: 9, result: true },
  [OP_DIRECTION]: { name: 'direction', args: 7 },
  [OP_IC0]: { name: 'ic0Part', args: 13, part: true, result: true },
  [OP_FACTOR]: { name: 'factorPart', args: 12, part: true },
  [OP_NEWTON_SYSTEM]: { name: 'newtonSystem', args: 18, table: true },
  [OP_NEWTON_UPDATE]: { name: 'newtonUpdate', args: 11, table: true },
  [OP_DECOUPLED]: { name: 'solveDecoupled', args: 10 },
  [OP_RESIDUAL]: { name: 'residual', args: 7, result: true },
  [OP_RECIPROCAL]: { name: 'reciprocal', args: 3 },
  [OP_NEWTON_START]: { name: 'newtonStart', args: 6, table: true },
  [OP_CONSERVATIVE]: { name: 'conservativeUpdate', args: 11, table: true },
  [OP_FLUXES]: { name: 'conductionFluxes', args: 10 },
  [OP_SWEEP]: { name: 'sweepShared', args: 11 },
  [OP_TEMPERATURES]: { name: 'temperaturesShared', args: 7, table: true },
  [OP_PEAKS]: { name: 'peaksShared', args: 7 },
  [OP_PROPERTIES]: { name: 'properties', args: 20, table: true, result: true },
  [OP_IMPLICIT_START]: { name: 'implicitStartShared', args: 18 },
  [OP_FACE_SUMS]: { name: 'faceSumsShared', args: 10 },
  [OP_ASSEMBLE]: { name: 'assembleShared', args: 14 },
  [OP_UPDATE_CELLS]: { name: 'updateCellsShared', args: 17 },
};

/** Spins of an idle helper before it sleeps (a command follows the last within microseconds while the CG iteration runs). */
const HELPER_SPINS = 1 << 18;

/**
 * The helper's call for each command, as source: the export called with its arguments read from the
 * control block one by one (a generic call that copied them into an array and spread it took about
 * 0.75 µs a command, against commands of a few microseconds in the small meshes' CG iterations).
 */
function commandCalls(): string[] {
  return Object.entries(COMMANDS).map(([op, command]) => {
    const first = command.table ? 7 : 0;
    const list = Array.from({ length: command.args }, (_, k) => `args[${first + k}]`);
    if (command.part) list.push('1', 'control');
    const call = `exports.${command.name}(${list.join(', ')})`;
    const table = command.table ? 'exports.useTable(args[0], args[1], args[2], args[3], args[4], args[5], args[6]); ' : '';
    return `run[${op}] = () => { ${table}${command.result ? `scratch[0] = ${call}` : call}; };`;
  });
}

// The helper's whole program: instantiate the module on the shared memory, set READY, then serve
// commands, sleeping on SEQ when none comes. Arguments go to the exports as numbers: addresses and
// counts are whole numbers, so the engine's conversion to i32 gives the module's own truncation.
const HELPER = [
  "const { workerData } = process.getBuiltinModule('node:worker_threads');",
  'const { module, memory, control } = workerData;',
  'const exports = new WebAssembly.Instance(module, { env: { memory } }).exports;',
  'const words = new Int32Array(memory.buffer, control, 16);',
  `const args = new Float64Array(memory.buffer, control + ${ARGS}, ${(SCRATCH - ARGS) / 8});`,
  `const scratch = new Float64Array(memory.buffer, control + ${SCRATCH}, 1);`,
  'const run = [];',
  ...commandCalls(),
  `Atomics.store(words, ${READY}, 1);`,
  'for (let done = 0; ; ) {',
  `  let seq = Atomics.load(words, ${SEQ});`,
  `  for (let spins = 0; seq === done && Atomics.load(words, ${EXIT}) === 0; seq = Atomics.load(words, ${SEQ})) {`,
  `    if (++spins > ${HELPER_SPINS}) { Atomics.wait(words, ${SEQ}, done, 100); spins = 0; }`,
  '  }',
  `  if (Atomics.load(words, ${EXIT}) !== 0) break;`,
  `  const op = Atomics.load(words, ${OP});`,
  '  let failed = false;',
  '  try {',
  '    run[op]();',
  '  } catch {',
  `    failed = true;`,
  `    Atomics.store(words, ${FAILED}, op);`,
  '  }',
  '  done = seq;',
  `  Atomics.store(words, ${DONE}, seq);`,
  `  Atomics.notify(words, ${DONE}, 1);`,
  '  if (failed) break;',
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
  /** Set by hold(): the loops run on one thread though the helper serves. */
  private held = false;

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

  /** The byte offset of the counter the loops shared out in chunks take their chunks from (reset by each post). */
  get next(): number {
    return this.control + 4 * NEXT;
  }

  /** Whether the helper is serving and not held (until then, and while held, the one-thread loops run). */
  get ready(): boolean {
    return !this.held && this.worker !== undefined && Atomics.load(this.words, READY) === 1;
  }

  /**
   * Holds the helper (true: the loops run on one thread and the helper sleeps, its core free for
   * another run) or lets it serve again. Called between loops, never between a post and its join.
   */
  hold(held: boolean): void {
    this.held = held;
  }

  /** Posts command `op` with its arguments for the helper's part 1 (the counters of the sweeps reset). */
  post(op: number, args: readonly number[]): void {
    this.args.set(args);
    for (let k = PROGRESS; k < PROGRESS + 4; k++) Atomics.store(this.words, k, 0);
    Atomics.store(this.words, NEXT, 0);
    Atomics.store(this.words, OP, op);
    Atomics.add(this.words, SEQ, 1);
    Atomics.notify(this.words, SEQ, 1);
  }

  /**
   * Returns when the helper has finished the last command posted; throws (and ends the helper) when
   * its part threw or it stopped answering.
   */
  join(): void {
    this.await();
    const failed = Atomics.load(this.words, FAILED);
    if (failed !== 0) {
      this.stop();
      throw new Error(`the helper thread of the thermal solver failed in its part of command ${failed}`);
    }
  }

  private await(): void {
    const seq = Atomics.load(this.words, SEQ);
    let spins = 0;
    let since = 0;
    for (let done = Atomics.load(this.words, DONE); done !== seq; done = Atomics.load(this.words, DONE)) {
      if (++spins < SPINS) continue;
      since ||= Date.now();
      if (Date.now() - since > LOST_AFTER_MS) {
        this.stop();
        throw new Error('the helper thread of the thermal solver stopped answering');
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
