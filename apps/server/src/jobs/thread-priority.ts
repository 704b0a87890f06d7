// Threads that compute (the solvers, the compute pool of requests) run at a lower CPU priority than
// the event loop, so that on a machine whose cores they keep busy the event loop still gets a core
// as soon as a request arrives (the API stays fast while runs fill every core). Linux: a thread's
// id is a valid target of setpriority, which then applies to that thread only. Elsewhere, or when
// the system refuses, the thread keeps its priority.

import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

/** The nice value of computing threads (0 is the event loop's; 19 the lowest priority). */
export const COMPUTE_NICENESS = 10;

export function lowerThisThreadPriority(niceness = COMPUTE_NICENESS): boolean {
  // The event loop's thread keeps its priority: the solver pool imports solver-thread.ts (for its
  // error shapes), whose top level calls this, and the server's bundle holds that module too.
  if (isMainThread) return false;
  try {
    // `/proc/thread-self` links to `<pid>/task/<tid>`.
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, niceness);
    return true;
  } catch {
    return false;
  }
}
