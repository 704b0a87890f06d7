// A network whose `.inp` is several times the former 2 M-character limit (40 000 junctions over 24 h:
// loops, pumps, tanks) is created through POST /api/simulations: it fits MAX_INP_LENGTH and the body
// limit, and its estimate finishes within the estimate's time limit, which grows with the file
// (compute/estimates.ts). A body over the limit is answered 413 before it is read, naming the field.
// docs/adr/0035-large-networks.md. The 100 000-junction network (17.4 M characters) is
// `npm run bench:large-network -w apps/server` (its estimate takes 6-16 s).

import { INP_LABEL, MAX_INP_LENGTH, type EstimateResponse, type Simulation } from '@simforge/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pglite, type DatabaseUnderTest } from './databases.js';
import { expectStatus, Harness, type Person } from './harness.js';
import { largeNetworkInp } from './large-network.js';

let owned: DatabaseUnderTest;
let h: Harness;
let engineer: Person;
beforeAll(async () => {
  owned = await pglite.open();
  // The time limit is this test's subject only as far as it grows with the text (estimates.test.ts):
  // the compute threads run at a lower priority than the test suite's workers, so on a busy 2-core
  // machine a large estimate here can take several times its quiet 2-4 s.
  h = await Harness.on(owned.database, { app: { jobs: false }, env: { ESTIMATE_TIME_LIMIT_MS: '120000' } });
  engineer = await h.signUp();
});
afterAll(async () => {
  await h?.close();
  await owned?.dispose();
});

describe('a 40 000-junction network', () => {
  it('is created with its estimate: 200 × 200 junctions, 24 h, two pumps and two tanks', async () => {
    const network = largeNetworkInp({ rows: 200, cols: 200 });
    expect(network.junctions).toBeGreaterThanOrEqual(40_000);
    expect(network.inp.length).toBeGreaterThan(3 * 2_000_000);
    expect(network.inp.length).toBeLessThan(MAX_INP_LENGTH);
    const body = { title: '40 000 junctions', type: 'PIPE_NETWORK', parameters: { inp: network.inp } };

    const started = performance.now();
    const created = await h.post('simulations/', { as: engineer, body });
    const seconds = (performance.now() - started) / 1000;
    expectStatus(created, 201);
    const simulation = created.json<Simulation>();
    expect(simulation.parameters['inp']).toHaveLength(network.inp.length);
    console.info(`create of ${network.inp.length} characters: ${seconds.toFixed(1)} s`);

    const estimate = await h.post('simulations/metamodel_estimate_v2', { as: engineer, body: { type: 'PIPE_NETWORK', parameters: { inp: network.inp } } });
    expectStatus(estimate, 200);
    const answer = estimate.json<EstimateResponse>();
    expect(answer.results['junctions']!.value).toBe(network.junctions);
    expect(answer.results['links']!.value).toBe(network.links);
    expect(answer.work!.cells).toBe(network.junctions + 4 + network.links);
    expect(answer.work!.steps).toBeGreaterThanOrEqual(25);
    expect(answer.work_budget).toMatchObject({ within_limits: true, over: [] });
  }, 120_000);

  it('a body over the limit is refused with 413 before it is read, naming the field', async () => {
    // Within the character limit, but 3 bytes a character in UTF-8: over the body limit.
    const wide = '€'.repeat(MAX_INP_LENGTH);
    const refused = await h.post('simulations/', { as: engineer, body: { title: 'Too wide', type: 'PIPE_NETWORK', parameters: { inp: wide } } });
    expectStatus(refused, 413);
    expect(refused.json().detail).toContain(`${INP_LABEL} may hold at most 32,000,000 characters`);
    expect(refused.json().detail).toMatch(/^The request is larger than the 64\.3 MB this route accepts/);
  }, 60_000);
});
