import { decodeFloat32, exampleNetworkInp, fieldBinary, MAX_INP_LENGTH, type Simulation } from '@simforge/contracts';
import { expect, it } from 'vitest';
import { expectInvalidField, expectStatus } from '../harness.js';
import { createSimulation, expectSimulationStatus, runAndWait } from '../simulation-harness.js';
import { twoPipesInp } from '../fixtures/two-pipes-inp.js';
import type { GetHarness } from '../harness.js';

/** A reservoir and two pipes in L/s and m, with a water-quality section the engine does not use ([QUALITY] on line 11; pipe P2 on line 17). */
const SMALL_INP = twoPipesInp('[LABELS]\n 10  20  "Main"\n 30  40  "Side"\n\n');

export function pipeFamilyTests(h: GetHarness): void {
  it('CIRCULAR_ANNULUS: created with both walls filled in, runs, and serves its summary, series and fields', async () => {
    const engineer = await h().signUp();
    const created = await createSimulation(h(), engineer, {
      title: 'Double-pipe exchanger',
      type: 'CIRCULAR_ANNULUS',
      parameters: { flow_rate: 0.00005, outer_wall: { condition: 'heat_flux' } },
    });
    expect(created).toMatchObject({
      type: 'CIRCULAR_ANNULUS',
      family: 'pipe',
      parameters: { inner_diameter: 0.025, outer_diameter: 0.05, inner_wall: { condition: 'temperature', temperature: 333.15 }, outer_wall: { condition: 'heat_flux', heat_flux: 10_000 } },
    });
    const done = await runAndWait(h(), engineer, created.id);
    expectSimulationStatus(done, 'completed');
    expect(done.solver_version).toContain('duct-developing');
    expect(done.summary).toMatchObject({
      reynolds_number: { unit: '' },
      flow_regime: { value: 'laminar' },
      pressure_drop: { unit: 'Pa' },
      nusselt_number_inner: { unit: '' },
      nusselt_number_outer: { unit: '' },
      outlet_temperature: { unit: 'K' },
      heat_transfer_rate: { unit: 'W' },
    });
    const index = (await h().get(`simulations/${created.id}/results`, { as: engineer })).json();
    expect(index.series.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(['pressure', 'temperature', 'nusselt_number', 'velocity_profiles']));
    const field = index.fields.find((f: { name: string }) => f.name === 'temperature');
    expect(field).toMatchObject({ unit: 'K', grid: { axes: [{ name: 'position' }, { name: 'radius' }] } });
    const res = await h().get(`simulations/${created.id}/results/fields/temperature`, { as: engineer });
    expectStatus(res, 200);
    expect(res.headers[fieldBinary.headers.shape]).toBe(field.shape.join(','));
    const bytes = res.rawPayload;
    const values = decodeFloat32(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    expect(values.length).toBe(field.shape[0] * field.shape[1]);
    expect(Math.min(...values)).toBeGreaterThan(290);

    // The estimate names its correlations; a bad geometry answers on its field.
    const estimate = await h().post('simulations/metamodel_estimate_v2', { as: engineer, body: { type: 'CIRCULAR_ANNULUS' } });
    expect(estimate.json()).toMatchObject({ model: expect.stringContaining('Gnielinski (2009) annulus'), inside_validity: true, results: { nusselt_number_inner: { unit: '' } } });
    const inverted = await h().post('simulations/', { as: engineer, body: { title: 'Inverted', type: 'CIRCULAR_ANNULUS', parameters: { inner_diameter: 0.06 } } });
    expect(inverted.statusCode).toBe(422);
    expect(inverted.json().detail[0]).toMatchObject({ loc: ['body', 'parameters', 'inner_diameter'], msg: 'This field is invalid: must be smaller than outer_diameter (0.06 m >= 0.05 m)' });
  });

  it('PIPE_NETWORK: the example network is created, runs over a day, and serves node and link series', async () => {
    const engineer = await h().signUp();
    const created = await createSimulation(h(), engineer, { title: 'District', type: 'PIPE_NETWORK' });
    expect(created.parameters).toMatchObject({ inp: exampleNetworkInp, period: 'from_network', heat: { transport: 'off' } });
    const done = await runAndWait(h(), engineer, created.id);
    expectSimulationStatus(done, 'completed');
    expect(done.solver_version).toContain('network-gga');
    expect(Object.keys(done.summary!).sort()).toEqual(['iterations', 'max_velocity', 'min_pressure', 'total_demand', 'unbalanced']);
    expect(done.summary).toMatchObject({ min_pressure: { unit: 'Pa' }, unbalanced: { value: 0 } });
    const index = (await h().get(`simulations/${created.id}/results`, { as: engineer })).json();
    // The per-element series are counted, not listed (a large network has tens of thousands), and fetched by name.
    expect(index.series.map((s: { name: string }) => s.name)).toEqual(['totals']);
    expect(index.element_series).toEqual({ nodes: 8, links: 9, length: 25 });
    const node = await h().get(`simulations/${created.id}/results/series/${encodeURIComponent('node:J3')}`, { as: engineer });
    expectStatus(node, 200);
    expect(node.json()).toMatchObject({ name: 'node:J3', x: { name: 'time', unit: 's' }, y: [{ name: 'head', unit: 'm' }, { name: 'pressure', unit: 'Pa' }, { name: 'demand', unit: 'm³/s' }] });
    expect(node.json().x.values.at(-1)).toBe(86_400);
    const log = (await h().get(`simulations/${created.id}/log`, { as: engineer })).json().lines.map((l: { message: string }) => l.message);
    expect(log).toContain('phase: hydraulics');
  });

  it('PIPE_NETWORK: an uploaded .inp runs steady with its unused sections in the log; a line it cannot read answers 422 on `inp` with the line', async () => {
    const engineer = await h().signUp();
    const steady = await createSimulation(h(), engineer, { title: 'Two pipes', type: 'PIPE_NETWORK', parameters: { inp: SMALL_INP, heat: { transport: 'ground_loss' } } });
    const done = await runAndWait(h(), engineer, steady.id);
    expectSimulationStatus(done, 'completed');
    expect(done.summary).toMatchObject({ total_demand: { value: expect.closeTo(0.0035, 6) }, heat_loss: { unit: 'W' }, min_temperature: { unit: 'K' } });
    const lines = (await h().get(`simulations/${steady.id}/log`, { as: engineer })).json().lines as { level: string; message: string }[];
    expect(lines).toContainEqual(expect.objectContaining({ level: 'warn', message: 'inp line 11 [LABELS]: map labels are not kept (2 line(s))' }));

    const broken = SMALL_INP.replace(' P2  J1  J2  300', ' P2  J1  J9  300');
    expectInvalidField(
      await h().post('simulations/', { as: engineer, body: { title: 'Broken', type: 'PIPE_NETWORK', parameters: { inp: broken } } }),
      ['body', 'parameters', 'inp'],
      "This field is invalid: line 17: [PIPES] node2: unknown node 'J9'",
    );
    const estimate = await h().post('simulations/metamodel_estimate_v2', { as: engineer, body: { type: 'PIPE_NETWORK', parameters: { inp: broken } } });
    expectInvalidField(estimate, ['body', 'parameters', 'inp'], "This field is invalid: line 17: [PIPES] node2: unknown node 'J9'");
    const fine = await h().post('simulations/metamodel_estimate_v2', { as: engineer, body: { type: 'PIPE_NETWORK', parameters: { inp: SMALL_INP } } });
    expect(fine.json()).toMatchObject({ model: expect.stringContaining('one Newton solve'), results: { junctions: { value: 2 }, inp_warnings: { value: 1 } } });
    expectInvalidField(await h().post('simulations/', { as: engineer, body: { title: 'Empty', type: 'PIPE_NETWORK', parameters: { inp: ' ' } } }), ['body', 'parameters', 'inp'], 'This field is required');
  });

  it('PIPE_NETWORK: takes an .inp over 1 MB (the server’s default body limit) and refuses one over MAX_INP_LENGTH (32 M characters) on `inp`', async () => {
    const engineer = await h().signUp();
    const padding = `;${'x'.repeat(99)}\n`.repeat(12_000); // 1.2 MB of comments
    const large = await h().post('simulations/', { as: engineer, body: { title: 'Large file', type: 'PIPE_NETWORK', parameters: { inp: SMALL_INP.replace('[END]', `${padding}[END]`) } } });
    expectStatus(large, 201);
    expect(large.json<Simulation>().parameters.inp).toHaveLength(SMALL_INP.length + padding.length);
    const tooLarge = await h().post('simulations/', { as: engineer, body: { title: 'Too large', type: 'PIPE_NETWORK', parameters: { inp: 'x'.repeat(MAX_INP_LENGTH + 1) } } });
    expectInvalidField(tooLarge, ['body', 'parameters', 'inp'], 'EPANET input file (.inp): at most 32,000,000 characters (this one has 32,000,001)');
  });
}
