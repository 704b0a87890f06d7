// The round trip of one cache line between the run's thread and a helper thread (ns): two threads
// hand a counter back and forth through shared memory. On this kind of virtual machine it is either
// about 110 ns or about 380 ns, as the host places the two virtual cores (docs/performance.md, "Two
// threads"); split loops that share cells between threads run up to 30 % slower in the second case, so
// the thread benchmark prints it beside its times.
import { Worker } from 'node:worker_threads';

const TRIPS = 100_000;

const helper = `
const { workerData } = require('node:worker_threads');
const words = new Int32Array(workerData);
Atomics.store(words, 2, 1);
for (let k = 1; k <= ${TRIPS}; k++) {
  while (Atomics.load(words, 0) !== k);
  Atomics.store(words, 1, k);
}
`;

/** The median of `rounds` measurements of a round trip (ns). */
export async function coreRoundTrip(rounds = 3): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const buffer = new SharedArrayBuffer(64);
    const words = new Int32Array(buffer);
    const worker = new Worker(helper, { eval: true, workerData: buffer });
    while (Atomics.load(words, 2) !== 1) await new Promise((resolve) => setTimeout(resolve, 1));
    const start = performance.now();
    for (let k = 1; k <= TRIPS; k++) {
      Atomics.store(words, 0, k);
      while (Atomics.load(words, 1) !== k);
    }
    times.push(((performance.now() - start) * 1e6) / TRIPS);
    await worker.terminate();
  }
  return times.sort((a, b) => a - b)[Math.floor(rounds / 2)]!;
}
