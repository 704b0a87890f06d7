// A load generator on its own event loop (a worker thread), so that a server blocking the event
// loop of the process under test cannot also stall the clock that measures it. Open loop: request i
// is sent at start + i / rate whatever the earlier answers, and its latency counts from that
// moment (a late send is the server's delay too).

import { Worker } from 'node:worker_threads';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  requestsPerSecond: number;
}

export interface LoadResult {
  /** Latency of each answered request, ms, in sending order. */
  latencies: number[];
  /** Answers that were not 2xx, and requests that failed. */
  failures: number;
}

const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, headers, requestsPerSecond } = workerData;
const latencies = [];
const inFlight = new Set();
let failures = 0;
let stopped = false;
const start = performance.now();
let sent = 0;
function tick() {
  if (stopped) return;
  const due = start + (sent * 1000) / requestsPerSecond;
  sent += 1;
  const request = fetch(url, { headers })
    .then(async (res) => { await res.arrayBuffer(); if (res.ok) latencies.push(performance.now() - due); else failures += 1; })
    .catch(() => { failures += 1; })
    .finally(() => inFlight.delete(request));
  inFlight.add(request);
  setTimeout(tick, Math.max(0, start + (sent * 1000) / requestsPerSecond - performance.now()));
}
parentPort.on('message', async () => {
  stopped = true;
  await Promise.all(inFlight);
  parentPort.postMessage({ latencies, failures });
});
tick();
`;

/** Starts sending; `stop()` ends it, waits for the answers in flight and gives the latencies. */
export function startLoad(options: LoadOptions): { stop(): Promise<LoadResult> } {
  const worker = new Worker(WORKER_CODE, { eval: true, workerData: { url: options.url, headers: options.headers ?? {}, requestsPerSecond: options.requestsPerSecond } });
  return {
    async stop() {
      const result = new Promise<LoadResult>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      worker.postMessage('stop');
      const answer = await result;
      await worker.terminate();
      return answer;
    },
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  return [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))]!;
}
