// A result field whole or one index of its first axis at a time (`?index=`): the network view reads a
// large table one reporting time at a time; the slice is cut in the database. On both databases.

import { readFileSync } from 'node:fs';
import { decodeFloat32 } from '@simforge/contracts';
import { describe, expect, it } from 'vitest';
import { implementations } from './databases.js';
import { expectInvalidField, expectStatus, harnessForBlock, type Person } from './harness.js';
import { createSimulation, expectSimulationStatus, runAndWait } from './simulation-harness.js';

const NET1 = readFileSync(new URL('./fixtures/net1.inp', import.meta.url), 'utf8');

for (const impl of implementations) {
  describe.skipIf(Boolean(impl.skip))(`field slices on ${impl.name}`, () => {
    let engineer: Person;
    const h = harnessForBlock(impl, async (started) => {
      engineer = await started.signUp();
    });

    it('serves a table one reporting time at a time (index), read in the database; a bad index is a 422 on `index`', async () => {
      const created = await createSimulation(h(), engineer, { title: 'Net1 over a day', type: 'PIPE_NETWORK_2', parameters: { inp: NET1 } });
      expectSimulationStatus(await runAndWait(h(), engineer, created.id), 'completed');
      const url = `simulations/${created.id}/results/fields/network_node_head`;
      const decode = (res: { rawPayload: Buffer }) => decodeFloat32(res.rawPayload.buffer.slice(res.rawPayload.byteOffset, res.rawPayload.byteOffset + res.rawPayload.byteLength) as ArrayBuffer);
      const whole = await h().get(url, { as: engineer });
      expectStatus(whole, 200);
      const [times, nodes] = whole.headers['x-field-shape']!.toString().split(',').map(Number) as [number, number];
      expect(times).toBe(25);
      const all = decode(whole);
      for (const index of [0, 7, times - 1]) {
        const one = await h().get(url, { as: engineer, query: { index: String(index) } });
        expectStatus(one, 200);
        expect(one.headers['x-field-shape']).toBe(`1,${nodes}`);
        expect(Array.from(decode(one))).toEqual(Array.from(all.slice(index * nodes, (index + 1) * nodes)));
      }
      const beyond = await h().get(url, { as: engineer, query: { index: String(times) } });
      expectInvalidField(beyond, ['query', 'index'], `This field is invalid: network_node_head has ${times} entries along its first axis (time): index 0 to ${times - 1}`);
      for (const bad of ['-1', '1.5', 'x']) expectStatus(await h().get(url, { as: engineer, query: { index: bad } }), 422);
      // Someone else's simulation stays a 404 by index too.
      const other = await h().signUp();
      expectStatus(await h().get(url, { as: other, query: { index: '0' } }), 404);
    });
  });
}
