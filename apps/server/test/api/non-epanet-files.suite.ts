// Files that are no EPANET input file, loaded where an `.inp` goes (the create form's network file,
// the estimate it asks for, the import from the list, the diagram editor's open): each answers 422
// "not an EPANET input file" saying what is wrong, nothing is stored, and a network without nodes
// never gets an estimate "inside the validity range".

import { expect, it } from 'vitest';
import { expectInvalidField, expectStatus, type Person } from '../harness.js';
import type { GetHarness } from '../harness.js';

/** Deterministic "random" bytes (a linear congruential generator), so a failure repeats. */
function noise(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

/** A file as the browser reads it for the form (`File.text()`: UTF-8, bad bytes become U+FFFD). */
const asText = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** The first bytes of a PNG: signature, then the IHDR chunk of a 1 x 1 image (its length and size carry NULs). */
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]);

const NOT_INP = 'This field is invalid: not an EPANET input file (';

const files: { name: string; text: string; reason: RegExp }[] = [
  { name: 'random bytes', text: asText(noise(4096, 20)), reason: /binary content: it contains NUL characters/ },
  { name: 'random bytes without a NUL', text: asText(noise(4096, 20).map((b) => (b === 0 ? 1 : b))), reason: /binary content: \d+ control characters in its first \d+/ },
  { name: 'a PNG image', text: asText(PNG), reason: /binary content: it contains NUL characters/ },
  { name: 'a JSON file', text: JSON.stringify({ junctions: [{ id: 'J1' }], pipes: [] }, null, 2), reason: /no section header EPANET knows, such as \[JUNCTIONS\], \[RESERVOIRS\] or \[PIPES\]/ },
  { name: 'a CSV file', text: 'time_h,power_kW\n0,600\n1,550\n', reason: /no section header EPANET knows/ },
];

function expectNotInp(res: { statusCode: number; body: string; json: () => unknown }, loc: (string | number)[], reason: RegExp): void {
  expect(res.statusCode, res.body).toBe(422);
  const issues = (res.json() as { detail: { loc: (string | number)[]; msg: string }[] }).detail;
  expect(issues).toHaveLength(1);
  expect(issues[0]!.loc).toEqual(loc);
  expect(issues[0]!.msg.startsWith(NOT_INP), issues[0]!.msg).toBe(true);
  expect(issues[0]!.msg).toMatch(reason);
}

export function nonEpanetFileTests(h: GetHarness): void {
  const network = (engineer: Person, inp: string) => ({
    estimate: () => h().post('simulations/metamodel_estimate_v2', { as: engineer, body: { type: 'PIPE_NETWORK', parameters: { inp } } }),
    create: () => h().post('simulations/', { as: engineer, body: { title: 'Loaded file', type: 'PIPE_NETWORK', parameters: { inp } } }),
    importFile: () => h().post('simulations/import', { as: engineer, body: { file_name: 'network.inp', content: inp } }),
    openInEditor: () => h().post('networks/from-inp', { as: engineer, body: { inp } }),
  });

  it.each(files)('$name as an .inp: estimate, create, import and the editor answer 422 "not an EPANET input file" saying why', async ({ text, reason }) => {
    const engineer = await h().signUp();
    const calls = network(engineer, text);
    expectNotInp(await calls.estimate(), ['body', 'parameters', 'inp'], reason);
    expectNotInp(await calls.create(), ['body', 'parameters', 'inp'], reason);
    expectNotInp(await calls.importFile(), ['body', 'content'], reason);
    expectNotInp(await calls.openInEditor(), ['body', 'inp'], reason);
    expect((await h().get('simulations/', { as: engineer })).json().count).toBe(0);
  });

  it('an empty file: 422 as an empty field (This field is required; the import: The file is empty)', async () => {
    const engineer = await h().signUp();
    const calls = network(engineer, '');
    expectInvalidField(await calls.estimate(), ['body', 'parameters', 'inp'], 'This field is required');
    expectInvalidField(await calls.create(), ['body', 'parameters', 'inp'], 'This field is required');
    expectInvalidField(await calls.importFile(), ['body', 'content'], 'The file is empty');
    expectInvalidField(await calls.openInEditor(), ['body', 'inp'], 'This field is required');
  });

  it('an input file without nodes (or with one) is no network: 422, never an estimate inside the validity range', async () => {
    const engineer = await h().signUp();
    for (const [inp, count] of [
      ['[TITLE]\nNothing yet\n\n[END]\n', 'no nodes'],
      ['[RESERVOIRS]\n R1  60\n\n[END]\n', 'one node'],
    ] as const) {
      const calls = network(engineer, inp);
      const message = `This field is invalid: the network has ${count}: at least two junctions, reservoirs or tanks are needed`;
      expectInvalidField(await calls.estimate(), ['body', 'parameters', 'inp'], message);
      expectInvalidField(await calls.create(), ['body', 'parameters', 'inp'], message);
      expectInvalidField(await calls.importFile(), ['body', 'content'], message);
    }
    // The editor opens such a file (it is where a network is drawn from nothing).
    expectStatus(await network(engineer, '[TITLE]\nNothing yet\n\n[END]\n').openInEditor(), 200);
  });
}
