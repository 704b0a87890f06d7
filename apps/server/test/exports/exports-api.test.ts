// Exports and import through the API on a real app and database (PGlite): each download parses
// back (CSV columns, VTK structure and point count, case JSON re-import, .inp through the solvers'
// parser, PDF text through pdfjs-dist), someone else's simulation is a 404, bad files answer 422 on
// the file's own field.

import { CaseFile, decodeFloat32, exportPaths, VerificationReport, type ResultsIndex, type Simulation } from '@simforge/contracts';
import { parseInp } from '@simforge/solvers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pglite } from '../databases.js';
import { API, expectInvalidField, expectStatus, Harness, type Person } from '../harness.js';
import { createSimulation, expectSimulationStatus, runAndWait } from '../simulation-harness.js';
import { twoPipesInp } from '../fixtures/two-pipes-inp.js';
import { parseCsv, parseVtk, pdfText } from './parse-back.js';

const NETWORK_INP = twoPipesInp();

let h: Harness;
let engineer: Person;
let stranger: Person;
let pipe: Simulation;
let index: ResultsIndex;

const url = (path: string) => `${API}${path}`;

beforeAll(async () => {
  h = await Harness.start(pglite);
  engineer = await h.signUp();
  stranger = await h.signUp();
  const created = await createSimulation(h, engineer, { title: 'Heated water pipe', description: 'Export check', type: 'CIRCULAR_PIPE', parameters: { model: 'developing' } });
  pipe = await runAndWait(h, engineer, created.id);
  expectSimulationStatus(pipe, 'completed');
  index = (await h.get(`simulations/${pipe.id}/results`, { as: engineer })).json<ResultsIndex>();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('exports of a completed CIRCULAR_PIPE run', () => {
  it('series as CSV: a header with names and units, one row per point, the stored values', async () => {
    const entry = index.series.find((s) => s.name === 'pressure')!;
    const res = await h.get(url(exportPaths.seriesCsv(pipe.id, 'pressure')), { as: engineer });
    expectStatus(res, 200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="heated-water-pipe-run-1-pressure\.csv"/);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([`${entry.x.name} [${entry.x.unit}]`, ...entry.y.map((y) => (y.unit ? `${y.name} [${y.unit}]` : y.name))]);
    expect(rows.length - 1).toBe(entry.length);
    const series = (await h.get(`simulations/${pipe.id}/results/series/pressure`, { as: engineer })).json<{ x: { values: number[] }; y: { values: number[] }[] }>();
    rows.slice(1).forEach((row, i) => {
      expect(Number(row[0])).toBe(series.x.values[i]);
      expect(Number(row[1])).toBe(series.y[0]!.values[i]);
    });
  });

  it('a field as VTK XML: the grid type matches the extension, point count and values match the stored field', async () => {
    const meta = index.fields.find((f) => f.name === 'temperature')!;
    const res = await h.get(url(exportPaths.fieldVtk(pipe.id, 'temperature')), { as: engineer });
    expectStatus(res, 200);
    const filename = /filename="([^"]+)"/.exec(res.headers['content-disposition'] as string)![1]!;
    const vtk = parseVtk(res.body);
    expect(filename).toBe(`heated-water-pipe-run-1-temperature.${vtk.type === 'ImageData' ? 'vti' : 'vtu'}`);
    const points = meta.shape.reduce((a, b) => a * b, 1);
    expect(vtk.pointCount).toBe(points);
    expect(res.headers['x-vtk-points']).toBe(String(points));
    const values = vtk.pointData.get('temperature')!;
    expect(values).toHaveLength(points);
    const binary = await h.get(`simulations/${pipe.id}/results/fields/temperature`, { as: engineer });
    const bytes = binary.rawPayload;
    const stored = decodeFloat32(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    // VTK orders points X fastest; the store is row-major (last axis fastest): same values, transposed.
    const [n0, n1] = meta.shape as [number, number];
    for (const [i, j] of [[0, 0], [n0 - 1, 0], [0, n1 - 1], [Math.floor(n0 / 2), Math.floor(n1 / 2)]] as const) expect(values[i + n0 * j]).toBe(stored[i * n1 + j]);
    if (vtk.type === 'UnstructuredGrid') {
      expect(vtk.cellCount).toBe((n0 - 1) * (n1 - 1));
      expect(vtk.points).toHaveLength(3 * points);
      // Point (i, j) sits at (axis0[i], axis1[j], 0).
      const k = n0 - 1 + n0 * (n1 - 1);
      expect(vtk.points!.slice(3 * k, 3 * k + 3)).toEqual([meta.grid.axes[0]!.values[n0 - 1], meta.grid.axes[1]!.values[n1 - 1], 0]);
    }
  });

  it('the case as JSON re-imports into an equal simulation', async () => {
    const res = await h.get(url(exportPaths.caseJson(pipe.id)), { as: engineer });
    expectStatus(res, 200);
    expect(res.headers['content-disposition']).toMatch(/filename="heated-water-pipe-case\.json"/);
    const file = CaseFile.parse(res.json());
    expect(file).toMatchObject({ type: 'CIRCULAR_PIPE', title: 'Heated water pipe', description: 'Export check', solver_version: pipe.solver_version, parameters: pipe.parameters });
    const imported = await h.post(url(exportPaths.import), { as: engineer, body: { file_name: 'heated-water-pipe-case.json', content: res.body } });
    expectStatus(imported, 201);
    const copy = imported.json<Simulation>();
    expect(copy.id).not.toBe(pipe.id);
    expect(copy).toMatchObject({ type: pipe.type, family: pipe.family, title: pipe.title, description: pipe.description, parameters: pipe.parameters, status: 'draft', owner_id: engineer.id });
  });

  it('a chosen run: the case carries that run\'s parameters even after the simulation was edited', async () => {
    const created = await createSimulation(h, engineer, { title: 'Edited later', type: 'CIRCULAR_PIPE', parameters: { model: 'developing', length: 1 } });
    const done = await runAndWait(h, engineer, created.id);
    const edited = await h.put(`simulations/${created.id}`, { as: engineer, body: { parameters: { model: 'developing', length: 2 } } });
    expectStatus(edited, 200);
    const file = (await h.get(url(exportPaths.caseJson(created.id)), { as: engineer, query: { run_id: done.current_run_id! } })).json<CaseFile>();
    expect(file.parameters.length).toBe(1);
    expect(file.source).toMatchObject({ run_id: done.current_run_id, run_number: 1 });
    expect((await h.get(url(exportPaths.caseJson(created.id)), { as: engineer })).json<CaseFile>().parameters.length).toBe(2);
    // Its results are gone with the edit; the run chosen by id still has them.
    expectStatus(await h.get(url(exportPaths.seriesCsv(created.id, 'pressure')), { as: engineer }), 404);
    expectStatus(await h.get(url(exportPaths.seriesCsv(created.id, 'pressure')), { as: engineer, query: { run_id: done.current_run_id! } }), 200);
  });

  it('the PDF report holds the title, the solver, the inputs with units, the summary and the verification status', async () => {
    const res = await h.get(url(exportPaths.reportPdf(pipe.id)), { as: engineer });
    expectStatus(res, 200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/filename="heated-water-pipe-run-1-report\.pdf"/);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Heated water pipe');
    expect(text).toContain(pipe.solver_version!);
    expect(text).toContain('Inputs');
    // Inputs in display units with the SI value beside them.
    expect(text).toContain('Inner diameter 25 mm 0.025 m');
    expect(text).toContain('Inlet temperature 20 °C 293.15 K');
    expect(text).toContain('Summary');
    const pressureDrop = pipe.summary!.pressure_drop!;
    expect(text).toContain(`Pressure drop ${Number(Number(pressureDrop.value).toPrecision(5))} Pa`);
    expect(text).toContain(`Pressure drop (pressure_drop): ${pressureDrop.label}.`);
    expect(text).toContain('Verification status of the solver');
    // The committed report has the developing-flow model's cases (npm run verify).
    expect(text).toMatch(/duct-developing: \d+ of \d+ verification, validation and sensitivity cases pass/);
    expect(text).toContain('Key plots');
  });

  it("someone else's simulation is a 404 on every export; no token is a 401", async () => {
    for (const path of [exportPaths.seriesCsv(pipe.id, 'pressure'), exportPaths.fieldVtk(pipe.id, 'temperature'), exportPaths.caseJson(pipe.id), exportPaths.networkInp(pipe.id), exportPaths.reportPdf(pipe.id)]) {
      expectStatus(await h.get(url(path), { as: stranger }), 404, 'Simulation not found');
      expectStatus(await h.get(url(path)), 401);
    }
  });

  it('unknown series or field names, a run of another simulation and a non-network .inp export are 404s', async () => {
    expectStatus(await h.get(url(exportPaths.seriesCsv(pipe.id, 'nothing')), { as: engineer }), 404, 'No series named nothing');
    expectStatus(await h.get(url(exportPaths.fieldVtk(pipe.id, 'nothing')), { as: engineer }), 404, 'No field named nothing');
    expectStatus(await h.get(url(exportPaths.networkInp(pipe.id)), { as: engineer }), 404, 'No .inp export: CIRCULAR_PIPE is not a pipe network');
    const other = await createSimulation(h, engineer, { title: 'Other', type: 'CIRCULAR_PIPE' });
    expectStatus(await h.get(url(exportPaths.caseJson(other.id)), { as: engineer, query: { run_id: pipe.current_run_id! } }), 404, 'Run not found');
  });
});

describe('pipe networks: .inp export and import', () => {
  it('exports the network as EPANET .inp (overrides applied) that the parser reads back to the same network', async () => {
    const created = await createSimulation(h, engineer, { title: 'Two pipes', type: 'PIPE_NETWORK', parameters: { inp: NETWORK_INP, headloss: 'darcy_weisbach' } });
    const res = await h.get(url(exportPaths.networkInp(created.id)), { as: engineer });
    expectStatus(res, 200);
    expect(res.headers['content-disposition']).toMatch(/filename="two-pipes\.inp"/);
    const back = parseInp(res.body).network;
    const original = parseInp(NETWORK_INP).network;
    expect(back.junctions.map((j) => j.id)).toEqual(['J1', 'J2']);
    expect(back.pipes.map((p) => [p.id, p.length, p.diameter])).toEqual(original.pipes.map((p) => [p.id, p.length, p.diameter]));
    for (const [i, j] of back.junctions.entries()) expect(j.elevation).toBeCloseTo(original.junctions[i]!.elevation, 12);
    expect(back.options.headloss).toBe('D-W');
  });

  it("a network run's report carries its convergence history (the solver's residuals) and plots its totals", async () => {
    const created = await createSimulation(h, engineer, { title: 'Two pipes over a day', type: 'PIPE_NETWORK', parameters: { inp: NETWORK_INP, period: 'extended', duration: 6 * 3600 } });
    const done = await runAndWait(h, engineer, created.id);
    expectSimulationStatus(done, 'completed');
    const text = (await pdfText((await h.get(url(exportPaths.reportPdf(created.id)), { as: engineer })).rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Convergence history');
    expect(text).not.toContain('None recorded for this run');
    expect(text).toContain('relative_flow_change');
    // Whole-network series are plotted before the per-element ones.
    expect(text.indexOf('(totals)')).toBeGreaterThan(0);
    expect(text.indexOf('(totals)')).toBeLessThan(text.indexOf('(link:'));
  });

  it('imports an .inp file as a PIPE_NETWORK titled by its [TITLE]', async () => {
    const res = await h.post(url(exportPaths.import), { as: engineer, body: { file_name: 'two-pipes.inp', content: NETWORK_INP } });
    expectStatus(res, 201);
    expect(res.json<Simulation>()).toMatchObject({ type: 'PIPE_NETWORK', title: 'Two pipes from a reservoir', status: 'draft', parameters: { inp: NETWORK_INP } });
  });

  it('a broken .inp answers on the content with its line number', async () => {
    const res = await h.post(url(exportPaths.import), { as: engineer, body: { file_name: 'broken.inp', content: NETWORK_INP.replace(' P2  J1  J2  300  100  110  0  Open', ' P2  J1  J2  abc  100  110  0  Open') } });
    expect(res.statusCode, res.body).toBe(422);
    const issue = res.json<{ detail: { loc: string[]; msg: string }[] }>().detail[0]!;
    expect(issue.loc).toEqual(['body', 'content']);
    expect(issue.msg).toMatch(/line 13/);
  });
});

describe('import of bad files answers on the field', () => {
  const importing = (body: unknown) => h.post(url(exportPaths.import), { as: engineer, body });

  it('an unknown file kind, an empty file, invalid JSON, a wrong format tag', async () => {
    expectInvalidField(await importing({ file_name: 'case.txt', content: '{}' }), ['body', 'file_name'], 'This field is invalid: expected a SimForge case file (.json) or an EPANET input file (.inp)');
    expectInvalidField(await importing({ file_name: 'case.json', content: '' }), ['body', 'content'], 'The file is empty');
    const notJson = await importing({ file_name: 'case.json', content: '{"format": ' });
    expect(notJson.json().detail[0]).toMatchObject({ loc: ['body', 'content'], msg: expect.stringMatching(/^This field is invalid: not a JSON file/) });
    expectInvalidField(await importing({ file_name: 'case.json', content: JSON.stringify({ format: 'other', version: 1, type: 'CIRCULAR_PIPE', title: 'x', parameters: {} }) }), ['body', 'content', 'format'], 'This field must be "simforge-case"');
    expectInvalidField(await importing({ file_name: 'case.json', content: JSON.stringify({ format: 'simforge-case', version: 1, type: 'CIRCULAR_PIPE', parameters: {} }) }), ['body', 'content', 'title'], 'This field is required');
  });

  it("a parameter out of range or an unknown type is named by the file's path", async () => {
    const file = { format: 'simforge-case', version: 1, type: 'CIRCULAR_PIPE', title: 'Bad pipe', parameters: { diameter: -1 } };
    const res = await importing({ file_name: 'bad.json', content: JSON.stringify(file) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'content', 'parameters', 'diameter'], msg: expect.stringMatching(/^This field must be between/) });
    const unknown = await importing({ file_name: 'bad.json', content: JSON.stringify({ ...file, type: 'WARP_DRIVE', parameters: {} }) });
    expect(unknown.statusCode, unknown.body).toBe(422);
    expect(unknown.json().detail[0].loc).toEqual(['body', 'content', 'type']);
  });
});

describe('the OpenAPI document', () => {
  it('describes the export, import and verification-report routes', async () => {
    const res = await h.get('/docs/json');
    expectStatus(res, 200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/simulations/{id}/export/series/{name}',
        '/api/v1/simulations/{id}/export/fields/{name}',
        '/api/v1/simulations/{id}/export/case',
        '/api/v1/simulations/{id}/export/network',
        '/api/v1/simulations/{id}/export/report',
        '/api/v1/simulations/import',
        '/api/v1/verification-report',
      ]),
    );
  });
});

describe('the verification report', () => {
  it('is served to everyone (no sign-in) in the contract shape, each case with its model, tolerance, error and outcome', async () => {
    const res = await h.get(url(exportPaths.verificationReport));
    expectStatus(res, 200);
    const report = VerificationReport.parse(res.json());
    expect(report.cases.length).toBeGreaterThan(0);
    for (const c of report.cases) {
      expect(report.models.map((m) => m.model)).toContain(c.model);
      expect(c.passed).toBe(c.error !== null && c.error <= c.tolerance);
    }
    expect(report.models.find((m) => m.model === 'duct-developing')?.types).toEqual(expect.arrayContaining(['CIRCULAR_PIPE', 'CIRCULAR_ANNULUS']));
  });

  it('names, for every case, the commit and time at which its study last ran (the study’s record)', async () => {
    const report = VerificationReport.parse((await h.get(url(exportPaths.verificationReport))).json());
    expect(report.studies.length).toBeGreaterThan(0);
    const studies = new Map(report.studies.map((s) => [s.file, s]));
    for (const c of report.cases) {
      const study = studies.get(c.test.file);
      expect(study, c.id).toBeDefined();
      expect(c.last_run, c.id).toEqual({ commit: study!.commit, uncommitted_changes: study!.uncommitted_changes, ran_at: study!.ran_at, sources_hash: study!.sources_hash });
    }
  });
});
