// A small fixed-window counter for the sign-in form (per client IP + email, and per client IP
// across emails against password spraying). Every attempt counts before the password is checked
// (parallel guesses cannot slip through); a successful sign-in clears the count of its email and
// takes its own attempt back from its address, so only failures add up. It lives in the server
// process: with several API instances each one counts on its own, which still bounds guessing.

export interface AttemptLimiter {
  /** Counts one attempt; false when the key has used up its window. */
  hit(key: string): boolean;
  /** Forgets the key's attempts (after a successful sign-in). */
  reset(key: string): void;
  /** Takes back one attempt of the key (a successful sign-in from a shared address). */
  forgive(key: string): void;
}

export function createAttemptLimiter(options: { max: number; windowMs: number; now?: () => number }): AttemptLimiter {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = now() + options.windowMs;

  function sweep(t: number): void {
    if (t < nextSweep) return;
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
    nextSweep = t + options.windowMs;
  }

  return {
    hit(key) {
      const t = now();
      sweep(t);
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + options.windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return w.count <= options.max;
    },
    reset(key) {
      windows.delete(key);
    },
    forgive(key) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count -= 1;
    },
  };
}
