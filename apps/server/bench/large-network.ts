// Benchmark (not a timed test): a 100 000-junction network over 24 h (loops, two pumps, two tanks;
// test/large-network.ts) created through POST /api/v1/simulations on the real app with an in-memory
// PGlite, then its estimate asked for: prints the .inp's size, the create request's time (its
// estimate and storing the parameters) and the estimate's, against the estimate's time limit for
// that text (compute/estimates.ts, docs/adr/0035-large-networks.md).
//
//   npm run bench:large-network -w apps/server

import { benchApp } from './app.js';
import { estimateLimits } from '../src/compute/estimates.js';
import { largeNetworkInp } from '../test/large-network.js';

const { app, config, headers, close } = await benchApp();

const network = largeNetworkInp({ rows: 316, cols: 317 });
const parameters = { inp: network.inp };
const limitMs = estimateLimits({ timeLimitMs: config.compute.estimateTimeLimitMs, queueLimitMs: 0 }, parameters).timeLimitMs;
let started = performance.now();
const created = await app.inject({ method: 'POST', url: '/api/v1/simulations/', headers, payload: { title: '100 000 junctions', type: 'PIPE_NETWORK', parameters } });
const createMs = performance.now() - started;
started = performance.now();
const estimated = await app.inject({ method: 'POST', url: '/api/v1/simulations/metamodel_estimate_v2', headers, payload: { type: 'PIPE_NETWORK', parameters } });
const estimateMs = performance.now() - started;
const ok = created.statusCode === 201 && estimated.statusCode === 200;
process.stdout.write(`PIPE_NETWORK ${network.junctions} junctions, ${network.links} links, 24 h: .inp ${(network.inp.length / 1e6).toFixed(1)} M characters\n`);
process.stdout.write(`create (POST /simulations)   ${(createMs / 1000).toFixed(1).padStart(6)} s  HTTP ${created.statusCode}\n`);
process.stdout.write(`estimate (metamodel_estimate_v2) ${(estimateMs / 1000).toFixed(1).padStart(6)} s  HTTP ${estimated.statusCode}  (its time limit for this text: ${(limitMs / 1000).toFixed(1)} s)\n`);
if (!ok) process.stdout.write(`${created.statusCode === 201 ? estimated.body : created.body}\n`);
await close();
process.exit(ok ? 0 : 1);
