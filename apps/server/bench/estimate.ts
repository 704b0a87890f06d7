// Benchmark (not a timed test): POST /simulations/metamodel_estimate_v2 must answer in under 50 ms
// on the server (simulations.md, "Speed"). Runs the real app on an in-memory PGlite and prints the
// median and 95th percentile of the whole request (app.inject: routing, auth, validation, estimate,
// serialisation) and of the estimate itself (`elapsed_ms`).
//
//   npm run bench:estimate -w apps/server

import { benchApp } from './app.js';

const TARGET_MS = 50;
const { app, headers, close } = await benchApp();

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))]!;
const request: number[] = [];
const estimate: number[] = [];
for (let i = 0; i < 220; i++) {
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/simulations/metamodel_estimate_v2',
    headers,
    payload: { type: 'CIRCULAR_PIPE', parameters: { diameter: 0.01 + (i % 50) * 0.002, flow_rate: 0.0002 + (i % 7) * 0.0001 } },
  });
  const wall = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(res.body);
  if (i >= 20) {
    request.push(wall);
    estimate.push(res.json<{ elapsed_ms: number }>().elapsed_ms);
  }
}
const line = (name: string, values: number[]) => `${name.padEnd(28)} median ${percentile(values, 0.5).toFixed(2).padStart(7)} ms   p95 ${percentile(values, 0.95).toFixed(2).padStart(7)} ms`;
process.stdout.write(`metamodel_estimate_v2, CIRCULAR_PIPE, ${request.length} requests (target < ${TARGET_MS} ms)\n`);
process.stdout.write(`${line('whole request (inject)', request)}\n${line('estimate (elapsed_ms)', estimate)}\n`);
const ok = percentile(request, 0.95) < TARGET_MS;
process.stdout.write(ok ? 'OK: p95 under the target\n' : 'SLOW: p95 over the target\n');
await close();
process.exit(ok ? 0 : 1);
