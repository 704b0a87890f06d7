// The control block's layout and the waiting of the two-part sweeps (wasm/ic0.ts). The helper's loop that
// serves commands is JavaScript (src/thermal/thread-team.ts), which says what each word means.

export const SEQ: usize = 0;
export const DONE: usize = 4;
export const OP: usize = 8;
export const EXIT: usize = 12;
export const FORWARD: usize = 16;
export const BACKWARD: usize = 24;
export const ARGS: usize = 64;
/** Where the helper leaves what its part returns (after 40 arguments). */
export const SCRATCH: usize = ARGS + 8 * 40;


@inline export function progressOf(oCtl: usize, sweep: usize, part: i32): usize {
  return oCtl + sweep + (<usize>part << 2);
}

/**
 * Returns once the counter at p is at least value. It spins: the other thread is at most a plane
 * of work away. (A timed memory.atomic.wait32 here, woken by memory.atomic.notify, was seen never to
 * return in Node 20's engine; the threads sleep in JavaScript only, between commands.)
 */
export function waitUntil(p: usize, value: i32): void {
  while (atomic.load<i32>(p) < value) {}
}


/** Sets the counter at p (the other thread spins on it in waitUntil). */
@inline export function advance(p: usize, value: i32): void {
  atomic.store<i32>(p, value);
}
