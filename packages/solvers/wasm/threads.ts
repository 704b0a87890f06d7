// A second thread on the thermal solver's state block (src/thermal/thread-team.ts starts it). The
// memory is shared: the helper is an instance of this same module in a worker, on the same memory,
// and runs `serve`, which waits for a command in the control block, runs its part of it and reports
// back. The calling thread runs part 0 of the same function meanwhile. Commands and their arguments
// are written into the control block by the caller (ThreadTeam.post); no message passes through
// JavaScript on either side.
//
// Control block (i32 words at oCtl, f64 arguments from oCtl + ARGS):
//   SEQ   the command number (the caller adds one to post a command)
//   DONE  the last command number the helper finished
//   OP    the command (OP_* below)
//   EXIT  nonzero: the helper's loop ends
//   FORWARD, BACKWARD  two counters each (part 0, part 1): planes done in the current sweep
//
// Waiting: an idle helper spins briefly (a command follows the previous one within microseconds
// while the conjugate-gradient iteration runs), then sleeps in JavaScript until the next is posted,
// so an idle helper costs no core; within a command the two parts spin on each other's counters
// (wasm/sync.ts).
import { direction, product, reciprocal, residual, solveDecoupled, update } from './cg';
import { factorPart, ic0Part, residualDot } from './ic0';
import { conservativeUpdate, newtonStart, newtonSystem, newtonUpdate } from './newton';
import { conductionFluxes } from './fluxes';
import { sweepPairs } from './kernel';
import { peaks, temperatures } from './enthalpy';
import { useTable } from './table';
import { ARGS, DONE, EXIT, OP, SCRATCH, SEQ } from './sync';

const OP_PRODUCT = 1;
const OP_UPDATE = 2;
const OP_DIRECTION = 3;
const OP_IC0 = 4;
const OP_FACTOR = 5;
const OP_NEWTON_SYSTEM = 6;
const OP_NEWTON_UPDATE = 7;
const OP_DECOUPLED = 8;
const OP_RESIDUAL = 9;
const OP_RECIPROCAL = 10;
const OP_RESIDUAL_DOT = 11;
const OP_NEWTON_START = 12;
const OP_CONSERVATIVE = 13;
const OP_FLUXES = 14;
const OP_SWEEP = 15;
const OP_TEMPERATURES = 16;
const OP_PEAKS = 17;

/** Spins of an idle helper before it returns to sleep in JavaScript. */
const SPINS = 1 << 18;

@inline function arg(oCtl: usize, k: usize): f64 {
  return load<f64>(oCtl + ARGS + (k << 3));
}
@inline function addr(oCtl: usize, k: usize): usize {
  return <usize>arg(oCtl, k);
}
@inline function int(oCtl: usize, k: usize): i32 {
  return <i32>arg(oCtl, k);
}

/** What the helper's part returns, for the caller to read after the join. */
@inline function result(oCtl: usize, value: f64): void {
  store<f64>(oCtl + SCRATCH, value);
}

/** Runs part 1 of command op with the arguments in the control block. */
function dispatch(oCtl: usize, op: i32): void {
  if (op == OP_PRODUCT) {
    result(oCtl, product(addr(oCtl, 0), addr(oCtl, 1), addr(oCtl, 2), addr(oCtl, 3), addr(oCtl, 4), addr(oCtl, 5), addr(oCtl, 6), addr(oCtl, 7), addr(oCtl, 8), int(oCtl, 9), int(oCtl, 10), int(oCtl, 11), int(oCtl, 12), int(oCtl, 13) != 0));
  } else if (op == OP_UPDATE) {
    result(oCtl, update(addr(oCtl, 0), addr(oCtl, 1), addr(oCtl, 2), addr(oCtl, 3), addr(oCtl, 4), int(oCtl, 5), int(oCtl, 6), int(oCtl, 7), arg(oCtl, 8)));
  } else if (op == OP_DIRECTION) {
    direction(addr(oCtl, 0), addr(oCtl, 1), addr(oCtl, 2), int(oCtl, 3), int(oCtl, 4), int(oCtl, 5), arg(oCtl, 6));
  } else if (op == OP_IC0) {
    ic0Part(addr(oCtl, 0), addr(oCtl, 1), addr(oCtl, 2), addr(oCtl, 3), addr(oCtl, 4), addr(oCtl, 5), addr(oCtl, 6), addr(oCtl, 7), addr(oCtl, 8), addr(oCtl, 9), int(oCtl, 10), int(oCtl, 11), int(oCtl, 12), 1, oCtl);
  } else if (op == OP_FACTOR) {
    factorPart(addr(oCtl, 0), addr(oCtl, 1), addr(oCtl, 2), addr(oCtl, 3), addr(oCtl, 4), addr(oCtl, 5), addr(oCtl, 6), addr(oCtl, 7), addr(oCtl, 8), int(oCtl, 9), int(oCtl, 10), int(oCtl, 11), 1, oCtl);
  } else if (op == OP_NEWTON_SYSTEM || op == OP_NEWTON_UPDATE || op == OP_NEWTON_START || op == OP_CONSERVATIVE || op == OP_TEMPERATURES) {
    // The table first: each instance has its own (wasm/table.ts keeps it in globals).
    useTable(addr(oCtl, 0), addr(oCtl, 1), int(oCtl, 2), arg(oCtl, 3), arg(oCtl, 4), arg(oCtl, 5), arg(oCtl, 6));
    if (op == OP_TEMPERATURES) {
      temperatures(addr(oCtl, 7), addr(oCtl, 8), addr(oCtl, 9), int(oCtl, 10), int(oCtl, 11));
    } else if (op == OP_NEWTON_START) {
      newtonStart(addr(oCtl, 7), addr(oCtl, 8), addr(oCtl, 9), addr(oCtl, 10), int(oCtl, 11), arg(oCtl, 12));
    } else if (op == OP_CONSERVATIVE) {
      conservativeUpdate(addr(oCtl, 7), addr(oCtl, 8), addr(oCtl, 9), addr(oCtl, 10), addr(oCtl, 11), addr(oCtl, 12), addr(oCtl, 13), addr(oCtl, 14), int(oCtl, 15), arg(oCtl, 16), arg(oCtl, 17));
    } else if (op == OP_NEWTON_SYSTEM) {
      newtonSystem(addr(oCtl, 7), addr(oCtl, 8), addr(oCtl, 9), addr(oCtl, 10), addr(oCtl, 11), addr(oCtl, 12), addr(oCtl, 13), addr(oCtl, 14), addr(oCtl, 15), addr(oCtl, 16), addr(oCtl, 17), addr(oCtl, 18), addr(oCtl, 19), addr(oCtl, 20), int(oCtl, 21), int(oCtl, 22) != 0, arg(oCtl, 23), arg(oCtl, 24));
    } else {
      newtonUpdate(addr(oCtl, 7), addr(oCtl, 8), addr(oCtl, 9), addr(oCtl, 10), addr(oCtl, 11), addr(oCtl, 12), addr(oCtl, 13), addr(oCtl, 14), int(oCtl, 15), int(oCtl, 16) != 0, addr(oCtl, 17));
    }
  } else if (op == OP_DECOUPLED) {
    solveDecoupled(addr(oCtl, 0), addr(oCtl, 1), addr(oCtl, 2), addr(oCtl, 3), addr(oCtl, 4), addr(oCtl, 5), addr(oCtl, 6), addr(oCtl, 7), int(oCtl, 8), int(oCtl, 9));
  } else if (op == OP_RESIDUAL) {
    result(oCtl, residual(addr(oCtl, 0), addr(oCtl, 1), addr(oCtl, 2), addr(oCtl, 3), int(oCtl, 4), int(oCtl, 5), int(oCtl, 6)));
  } else if (op == OP_RECIPROCAL) {
    reciprocal(addr(oCtl, 0), addr(oCtl, 1), int(oCtl, 2));
  } else if (op == OP_SWEEP) {
    sweepPairs(addr(oCtl, 0), addr(oCtl, 1), addr(oCtl, 2), addr(oCtl, 3), addr(oCtl, 4), addr(oCtl, 5), addr(oCtl, 6), int(oCtl, 7), int(oCtl, 8), int(oCtl, 9), int(oCtl, 10), int(oCtl, 11), int(oCtl, 12) != 0);
  } else if (op == OP_PEAKS) {
    peaks(addr(oCtl, 0), addr(oCtl, 1), addr(oCtl, 2), int(oCtl, 3), int(oCtl, 4));
  } else if (op == OP_FLUXES) {
    conductionFluxes(addr(oCtl, 0), addr(oCtl, 1), addr(oCtl, 2), addr(oCtl, 3), int(oCtl, 4), int(oCtl, 5), int(oCtl, 6), addr(oCtl, 7), int(oCtl, 8), int(oCtl, 9));
  } else if (op == OP_RESIDUAL_DOT) {
    result(oCtl, residualDot(addr(oCtl, 0), addr(oCtl, 1), addr(oCtl, 2), int(oCtl, 3), int(oCtl, 4), int(oCtl, 5)));
  }
}

/**
 * The helper's step: waits for the next command (one posted after the last it finished), runs its
 * part and reports it done. Returns 1 when it ran one, 2 when none came within a short spin (the
 * helper then sleeps in JavaScript, Atomics.wait on SEQ, and calls again), 0 once EXIT is set. The
 * helper calls it in a loop from JavaScript rather than looping here: the engine swaps a function for
 * its optimised code only between calls, so a loop that never returned would run in the baseline
 * tier for good.
 */
export function serveOne(oCtl: usize): i32 {
  const last = atomic.load<i32>(oCtl + DONE);
  let spins = 0;
  let seq = atomic.load<i32>(oCtl + SEQ);
  while (seq == last) {
    if (atomic.load<i32>(oCtl + EXIT) != 0) return 0;
    if (++spins > SPINS) return 2;
    seq = atomic.load<i32>(oCtl + SEQ);
  }
  if (atomic.load<i32>(oCtl + EXIT) != 0) return 0;
  dispatch(oCtl, atomic.load<i32>(oCtl + OP));
  atomic.store<i32>(oCtl + DONE, seq);
  atomic.notify(oCtl + DONE, 1);
  return 1;
}
