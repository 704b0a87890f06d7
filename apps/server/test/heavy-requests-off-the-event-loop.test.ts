// The heavy parts of requests run in the compute pool, not on the event loop: the analysis of a
// large noisy image, reading and writing a 2 MB `.inp`, the chat's inversion of the melt-pool
// estimate. Each took a second or more of the event loop before (compute/request-compute.ts).

import { beforeAll, describe, expect, it } from 'vitest';
import { drawImage } from './drawings.js';
import { pglite } from './databases.js';
import { longestStall } from './event-loop-stall.js';
import { expectStatus, harnessWithEngineer } from './harness.js';

/** Longer than the scheduling noise of a loaded 2-core machine, shorter than any of these computations. */
const LONGEST_STALL_MS = 400;

/** Characters of the grid's `.inp`: the limit when this was written (the point is the event loop, not the size; MAX_INP_LENGTH is 32 M now). */
const GRID_INP_LENGTH = 2_000_000;

/** A square grid network of junctions fed by one reservoir, of about GRID_INP_LENGTH characters. */
function largestGridInp(): string {
  const grid = (n: number) => {
    const junctions: string[] = [];
    const pipes: string[] = [];
    let id = 0;
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < n; k++) {
        junctions.push(` J${i}_${k} 10 0.1`);
        if (i + 1 < n) pipes.push(` P${id++} J${i}_${k} J${i + 1}_${k} 100 150 120 0 Open`);
        if (k + 1 < n) pipes.push(` P${id++} J${i}_${k} J${i}_${k + 1} 100 150 120 0 Open`);
      }
    }
    return `[TITLE]\nGrid ${n} x ${n}\n\n[JUNCTIONS]\n${junctions.join('\n')}\n\n[RESERVOIRS]\n R1 80\n\n[PIPES]\n PR R1 J0_0 100 300 120 0 Open\n${pipes.join('\n')}\n\n[OPTIONS]\n Units LPS\n Headloss H-W\n\n[END]\n`;
  };
  let n = 10;
  while (grid(n + 10).length < GRID_INP_LENGTH) n += 10;
  return grid(n);
}

const { h, engineer } = harnessWithEngineer(pglite, { app: { jobs: false } });
// The pool's threads are started before the event loop is watched.
beforeAll(async () => {
  expectStatus(await h().post('simulations/metamodel_estimate_v2', { as: engineer(), body: { type: 'CIRCULAR_PIPE', parameters: {} } }), 200);
});

describe('heavy requests leave the event loop free', () => {
  it(`image analysis of a large noisy drawing: the loop is never held ${LONGEST_STALL_MS} ms`, async () => {
    const image = await drawImage({ polygons: [[[0, 0], [200, 0], [200, 10], [110, 10], [100, 60], [90, 10], [0, 10]]], pxPerMm: 7, noiseSigma: 30, blurSigma: 1 });
    const dataUrl = `data:image/png;base64,${image.bytes.toString('base64')}`;
    const { result, stallMs } = await longestStall(() => h().post('simulations/analyze-image', { as: engineer(), body: { image: dataUrl, px_per_mm: 7 } }));
    expectStatus(result, 200);
    expect(result.json().bounds_mm.width).toBeCloseTo(200, -1);
    expect(stallMs).toBeLessThanOrEqual(LONGEST_STALL_MS);
  }, 60_000);

  it(`a 2 MB .inp read into the document and written back: the loop is never held ${LONGEST_STALL_MS} ms`, async () => {
    const inp = largestGridInp();
    const read = await longestStall(() => h().post('networks/from-inp', { as: engineer(), body: { inp } }));
    expectStatus(read.result, 200);
    expect(read.stallMs).toBeLessThanOrEqual(LONGEST_STALL_MS);
    // The 6 MB request body is written before the event loop is watched (the test client shares the loop).
    const body = JSON.stringify({ network: read.result.json().network });
    const written = await longestStall(() => h().post('networks/to-inp', { as: engineer(), body, headers: { 'content-type': 'application/json' } }));
    expectStatus(written.result, 200);
    expect(written.result.json().inp).toContain('[PIPES]');
    expect(written.stallMs).toBeLessThanOrEqual(LONGEST_STALL_MS);
  }, 60_000);

  it(`the chat's inversion of the melt-pool estimate: the loop is never held ${LONGEST_STALL_MS} ms`, async () => {
    const { result, stallMs } = await longestStall(() =>
      h().post('chat/chat', { as: engineer(), body: { message: 'What laser power gives a 150 µm melt pool width?', conversation_history: [] } }),
    );
    expectStatus(result, 200);
    expect(result.json().reply).toContain('Laser power');
    expect(stallMs).toBeLessThanOrEqual(LONGEST_STALL_MS);
  }, 60_000);
});
