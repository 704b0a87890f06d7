// How long the event loop of this process was held while some work ran (in-process servers and
// PGlite share it with the test): the longest gap between the ticks of a 10 ms timer.

import { monitorEventLoopDelay } from 'node:perf_hooks';

export async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  // Its timer counts a stall from its previous tick: let it tick before the work starts.
  await new Promise((resolve) => setTimeout(resolve, 30));
  try {
    const result = await work();
    // ...and a stall is recorded when the timer fires after it: let it fire.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { result, stallMs: histogram.max / 1e6 };
  } finally {
    histogram.disable();
  }
}
