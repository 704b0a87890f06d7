// The pipe diagram editors' conversions (/networks/from-inp, /networks/to-inp) on EPANET's Net1, and
// PIPE_NETWORK_2 created from the written file, run, with the network view's tables in its results.

import { readFileSync } from 'node:fs';
import { decodeFloat32, exampleNetworkDocument, exampleNetworkInp, networkNodeIds, type NetworkDocument, type Simulation } from '@simforge/contracts';
import { inpToNetwork } from '../src/services/networks.js';
import { describe, expect, it } from 'vitest';
import { pglite } from './databases.js';
import { expectInvalidField, expectStatus, harnessForBlock, type Person } from './harness.js';
import { createSimulation, expectSimulationStatus, getSimulation, runAndWait } from './simulation-harness.js';
import { LIST_TEXT_LIMIT } from '../src/repositories/listed-parameters.js';
import { largeNetworkInp } from './large-network.js';

const NET1 = readFileSync(new URL('./fixtures/net1.inp', import.meta.url), 'utf8');
const FT = 0.3048;
const IN = 0.0254;

/** Every number of `actual` within `relative` of `expected`'s (the file keeps 15 significant digits in its own units). */
function expectSameNetwork(actual: unknown, expected: unknown, path = 'network'): void {
  if (typeof expected === 'number') {
    expect(typeof actual, path).toBe('number');
    expect(Math.abs((actual as number) - expected), path).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(expected)));
  } else if (Array.isArray(expected)) {
    expect(Array.isArray(actual) && actual.length, path).toBe(expected.length);
    expected.forEach((item, i) => expectSameNetwork((actual as unknown[])[i], item, `${path}[${i}]`));
  } else if (expected && typeof expected === 'object') {
    expect(Object.keys(actual as object).sort(), path).toEqual(Object.keys(expected).sort());
    for (const [key, value] of Object.entries(expected)) expectSameNetwork((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
  } else {
    expect(actual, path).toEqual(expected);
  }
}

describe('network documents', () => {
  it('the contracts’ example document is what the server reads from the example .inp', () => {
    expectSameNetwork(inpToNetwork(exampleNetworkInp).network, exampleNetworkDocument());
  });
});

describe('networks API (pipe diagram editor conversions)', () => {
  let engineer: Person;
  const h = harnessForBlock(pglite, async (started) => {
    engineer = await started.signUp();
  });

  const fromInp = (inp: string, as: Person | null = engineer) => h().post('networks/from-inp', { ...(as ? { as } : {}), body: { inp } });
  const toInp = (network: unknown) => h().post('networks/to-inp', { as: engineer, body: { network } });

  it('reads Net1 into the document in SI, with coordinates, and lists what it does not use with line numbers', async () => {
    const res = await fromInp(NET1);
    expectStatus(res, 200);
    const { network, warnings } = res.json<{ network: NetworkDocument; warnings: { line: number; section: string; message: string }[] }>();
    expect(network.units).toEqual({ flow: 'GPM', pressure: 'PSI' });
    expect([network.junctions.length, network.reservoirs.length, network.tanks.length, network.pipes.length, network.pumps.length, network.valves.length]).toEqual([9, 1, 1, 12, 1, 0]);
    const pipe10 = network.pipes.find((p) => p.id === '10')!;
    expect(pipe10).toMatchObject({ from: '10', to: '11', status: 'open' });
    expect(pipe10.length).toBeCloseTo(10530 * FT, 9);
    expect(pipe10.diameter).toBeCloseTo(18 * IN, 12);
    expect(network.junctions.find((j) => j.id === '11')!.position).toEqual({ x: 30, y: 70 });
    expect(network.tanks[0]).toMatchObject({ id: '2', diameter: expect.closeTo(50.5 * FT, 9) });
    expect(network.pumps[0]).toMatchObject({ id: '9', from: '9', to: '10', headCurve: '1' });
    expect(networkNodeIds(network)).toEqual(['10', '11', '12', '13', '21', '22', '23', '31', '32', '9', '2']);
    // Energy and water quality are read into the document; the report options are not used.
    expect(network.energy).toMatchObject({ efficiency: 75, price: 0, demandCharge: 0 });
    expect(network.quality).toMatchObject({ parameter: 'chemical', chemical: 'Chlorine', units: 'mg/L' });
    expect(warnings.map((w) => w.section)).not.toContain('ENERGY');
    expect(warnings.map((w) => w.section)).not.toContain('QUALITY');
    expect(warnings).toContainEqual(expect.objectContaining({ section: 'REPORT' }));
  });

  it('writes the document back: .inp -> JSON -> .inp -> JSON gives the same network', async () => {
    const first = (await fromInp(NET1)).json<{ network: NetworkDocument }>().network;
    const written = await toInp(first);
    expectStatus(written, 200);
    const { inp } = written.json<{ inp: string; warnings: string[] }>();
    expect(inp).toMatch(/^\[TITLE\]/);
    expect(inp).toContain('[COORDINATES]');
    const again = (await fromInp(inp)).json<{ network: NetworkDocument }>().network;
    expectSameNetwork(again, first);
  });

  it('carries EPANET 2.3’s positional control valves, tanks that overflow and emitters without backflow both ways', async () => {
    const inp = `[JUNCTIONS]
 J1 10 2
 J2 12 3
[RESERVOIRS]
 R1 60
[TANKS]
 T1 40 2 0 5 8 0 * YES
[PIPES]
 P1 R1 J1 500 200 120 0 Open
 P2 J2 T1 300 150 120 0 Open
[VALVES]
 V1 J1 J2 150 PCV 40 3 open
[EMITTERS]
 J2 0.5
[CURVES]
 open 0 0
 open 100 100
[OPTIONS]
 Units LPS
 Unbalanced Stop
 Backflow Allowed NO
[END]
`;
    const read = await fromInp(inp);
    expectStatus(read, 200);
    const document = read.json<{ network: NetworkDocument }>().network;
    expect(document.valves[0]).toMatchObject({ type: 'PCV', setting: 40, valveCurve: 'open', minorLoss: 3 });
    expect(document.tanks[0]!.overflow).toBe(true);
    expect(document.options.emitterBackflow).toBe(false);
    expect(document.curves.find((c) => c.id === 'open')!.kind).toBe('valve');
    const written = await toInp(document);
    expectStatus(written, 200);
    const again = (await fromInp(written.json<{ inp: string }>().inp)).json<{ network: NetworkDocument }>().network;
    expectSameNetwork(again, document);
  });

  it('answers a line it cannot read with 422 on `inp` naming the line; a bad document on its field; no token 401', async () => {
    const broken = NET1.replace(/^ 12(\s+)12(\s+)13(\s+)5280/m, ' 12$112$199$35280');
    const line = broken.split('\n').findIndex((l) => /^ 12\s+12\s+99/.test(l)) + 1;
    expect(line).toBe(30);
    expectInvalidField(await fromInp(broken), ['body', 'inp'], "line 30: [PIPES] node2: unknown node '99'");
    expectInvalidField(await fromInp(''), ['body', 'inp'], 'This field is required');

    const network = (await fromInp(NET1)).json<{ network: NetworkDocument }>().network;
    network.pipes[2]!.diameter = -1;
    expectInvalidField(await toInp(network), ['body', 'network', 'pipes', 2, 'diameter'], 'This field must be more than 0');
    expectStatus(await fromInp(NET1, null), 401, 'Not authenticated');
  });

  it('reads the document’s rules with the engine’s parser: each faulty line answers 422 on `rules` with its number; good rules are written and read back', async () => {
    const network = (await fromInp(NET1)).json<{ network: NetworkDocument }>().network;
    network.controls = [];
    // Net1's two controls as a rule (GPM and PSI: the file's units), and a second rule with two faults.
    const good = ['RULE PUMPING', 'IF TANK 2 LEVEL BELOW 110', 'THEN PUMP 9 STATUS IS OPEN', 'ELSE PUMP 9 STATUS IS CLOSED', 'PRIORITY 2'];
    network.rules = [...good, '', 'RULE NIGHT', 'IF SYSTEM CLOCKTIME >= 22:00', 'THEN PIPE 99 STATUS IS CLOSED', 'AND PUMP 9 SPEED IS fast'].join('\n');
    const refused = await toInp(network);
    expectInvalidField(refused, ['body', 'network', 'rules'], "line 9: rule NIGHT: unknown link '99'");
    expectInvalidField(refused, ['body', 'network', 'rules'], "line 10: rule NIGHT: 'fast' is not OPEN, CLOSED, ACTIVE or a setting of 0 or more");
    expect(refused.json<{ detail: unknown[] }>().detail).toHaveLength(2);

    network.rules = good.join('\n');
    const written = await toInp(network);
    expectStatus(written, 200);
    const { inp } = written.json<{ inp: string }>();
    expect(inp).toMatch(/\[RULES\]\s+RULE PUMPING\nIF TANK 2 LEVEL BELOW 110\n/);
    const again = (await fromInp(inp)).json<{ network: NetworkDocument }>().network;
    expect(again.rules).toBe(good.join('\n'));
  });

  it('answers a value too large for the file’s units (1e308 m is Infinity in inches) with 422 on `network`, not a 500', async () => {
    const network = (await fromInp(NET1)).json<{ network: NetworkDocument }>().network;
    network.pipes[2]!.diameter = 1e308;
    expectInvalidField(await toInp(network), ['body', 'network'], "This field is invalid: [PIPES] a value is Infinity in the file's units: too large to write");
  });

  it('is in the OpenAPI document with bearer auth', async () => {
    const doc = (await h().get('/docs/json')).json<{ paths: Record<string, { post?: { security?: unknown[] } }> }>();
    expect(doc.paths['/api/v1/networks/from-inp']?.post?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/v1/networks/to-inp']?.post).toBeTruthy();
  });

  it('PIPE_NETWORK_2: created from the written file (family unknown), runs on the network engine, serves the view’s tables', async () => {
    const network = (await fromInp(NET1)).json<{ network: NetworkDocument }>().network;
    network.times.duration = 0;
    const { inp } = (await toInp(network)).json<{ inp: string }>();
    const created = await createSimulation(h(), engineer, { title: 'Net1 drawn', type: 'PIPE_NETWORK_2', parameters: { inp } });
    expect(created).toMatchObject({ type: 'PIPE_NETWORK_2', family: 'unknown' });
    const done: Simulation = await runAndWait(h(), engineer, created.id);
    expectSimulationStatus(done, 'completed');
    expect(done.solver_version).toContain('network-gga');
    const index = (await h().get(`simulations/${created.id}/results`, { as: engineer })).json<{ fields: { name: string; shape: number[] }[] }>();
    const pressure = index.fields.find((f) => f.name === 'network_node_pressure')!;
    expect(pressure.shape).toEqual([1, 11]);
    const res = await h().get(`simulations/${created.id}/results/fields/network_node_pressure`, { as: engineer });
    expectStatus(res, 200);
    const bytes = res.rawPayload;
    const values = decodeFloat32(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    // Junctions above 0, the reservoir (column 9) at 0 by definition.
    expect(Math.min(...values.slice(0, 9))).toBeGreaterThan(0);
    expect(values[9]).toBe(0);
  });

  it('lists a network without its long .inp (a page of large networks stays small); reading it by id gives the whole text', async () => {
    const { inp } = largeNetworkInp({ rows: 12, cols: 12 });
    expect(inp.length).toBeGreaterThan(LIST_TEXT_LIMIT);
    const created = await createSimulation(h(), engineer, { title: 'Listed grid', type: 'PIPE_NETWORK', parameters: { inp } });
    const small = await createSimulation(h(), engineer, { title: 'Listed example', type: 'PIPE_NETWORK', parameters: { inp: exampleNetworkInp } });
    const listed = (await h().get('simulations/?limit=100', { as: engineer })).json<{ data: Simulation[] }>().data;
    const row = listed.find((s) => s.id === created.id)!;
    expect(row.title).toBe('Listed grid');
    expect(row.parameters['inp']).toBeUndefined();
    expect(Object.keys(row.parameters).sort()).toEqual(Object.keys(created.parameters).filter((k) => k !== 'inp').sort());
    expect(listed.find((s) => s.id === small.id)!.parameters['inp']).toBe(exampleNetworkInp);
    expect((await getSimulation(h(), engineer, created.id)).parameters['inp']).toBe(inp);
    // The run history lists each run's parameters the same way.
    await runAndWait(h(), engineer, created.id);
    const runs = (await h().get(`simulations/${created.id}/runs`, { as: engineer })).json<{ data: { parameters: Record<string, unknown> }[] }>().data;
    expect(runs).toHaveLength(1);
    expect(Object.keys(runs[0]!.parameters).sort()).toEqual(Object.keys(created.parameters).filter((k) => k !== 'inp').sort());
  });

  it('GET /simulations/{id}/network: the stored .inp as the document (as from-inp reads it); another user’s is 404, a pipe is 404', async () => {
    const created = await createSimulation(h(), engineer, { title: 'Net1 stored', type: 'PIPE_NETWORK', parameters: { inp: NET1 } });
    const res = await h().get(`simulations/${created.id}/network`, { as: engineer });
    expectStatus(res, 200);
    expect(res.json()).toEqual((await fromInp(NET1)).json());
    const other = await h().signUp();
    expectStatus(await h().get(`simulations/${created.id}/network`, { as: other }), 404);
    const pipe = await createSimulation(h(), engineer, { title: 'A pipe' });
    expectStatus(await h().get(`simulations/${pipe.id}/network`, { as: engineer }), 404);
    expectStatus(await h().get(`simulations/${created.id}/network`), 401);
    // Kept for the next visit, and read again once the .inp is edited.
    expect((await h().get(`simulations/${created.id}/network`, { as: engineer })).json()).toEqual(res.json());
    const edited = NET1.replace(/^ 10\s+710\b/m, ' 10              \t712');
    expect(edited).not.toBe(NET1);
    expectStatus(await h().put(`simulations/${created.id}`, { as: engineer, body: { parameters: { ...created.parameters, inp: edited } } }), 200);
    const after = (await h().get(`simulations/${created.id}/network`, { as: engineer })).json<{ network: { junctions: { id: string; elevation: number }[] } }>();
    expect(after.network.junctions.find((j) => j.id === '10')!.elevation).toBeCloseTo(712 * 0.3048, 9);
  });
});
