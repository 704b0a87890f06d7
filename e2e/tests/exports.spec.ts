import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { apiGet, createSimulation, getSimulation, newEngineer, runToEnd, signInAs } from '../support/sessions.js';

// Issue 8, exports from the view page's "Export" menu, each downloaded and parsed as the program
// that opens it would: a series as CSV (its columns and rows), a field as VTK for ParaView (the
// header and the point count), the case as JSON that the list page's "Import" turns into an equal
// simulation, a network as EPANET .inp (imported back too), and the PDF report (its title and
// summary text, read with pdf.js).

interface ResultIndex {
  series: { name: string; label: string; length: number; x: { name: string; unit: string }; y: { name: string; unit: string }[] }[];
  fields: { name: string; shape: number[] }[];
}

/** Clicks an item of the open Export menu and returns the downloaded file's name and text or bytes. */
async function exportItem(page: Page, name: RegExp): Promise<{ filename: string; bytes: Buffer }> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const item = page.getByRole('menuitem', { name });
  await expect(item).toBeVisible({ timeout: 15_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
  const file = await download.path();
  return { filename: download.suggestedFilename(), bytes: fs.readFileSync(file) };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n').replace(/\s+/g, ' ');
}

/** The list page's Import dialog with one file; lands on the new simulation's page and returns its id. */
async function importFile(page: Page, name: string, bytes: Buffer, mimeType: string): Promise<string> {
  await page.goto('/main/simulations/all');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a simulation' });
  await dialog.getByLabel('Case or .inp file').setInputFiles({ name, mimeType, buffer: bytes });
  await expect(dialog.getByTestId('import-file-name')).toHaveText(name);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page).toHaveURL(/\/main\/simulations\/view\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  return page.url().split('/').pop()!;
}

test('a finished pipe exports CSV, VTK, a case JSON that imports as an equal simulation, and a PDF report', async ({ page, request }) => {
  test.setTimeout(90_000);
  const engineer = await newEngineer(page, request, 'exporter');
  const token = await signInAs(page, engineer);
  const pipe = await createSimulation(request, token, { title: 'Export line DN25', type: 'CIRCULAR_PIPE', parameters: { length: 8, flow_rate: 0.0004 } });
  const done = await runToEnd(request, token, pipe.id);
  expect(done.status).toBe('completed');
  const index = await apiGet<ResultIndex>(request, token, `/simulations/${pipe.id}/results`);

  await page.goto(`/main/simulations/view/${pipe.id}`);
  await expect(page.getByTestId('simulation-status')).toHaveText('Completed');

  // A series as CSV: one column per axis with its unit, one row per point.
  const pressure = index.series.find((s) => s.name === 'pressure')!;
  const csv = await exportItem(page, new RegExp(`^${pressure.label}`));
  expect(csv.filename).toMatch(/pressure\.csv$/);
  const lines = csv.bytes.toString('utf8').trim().split(/\r?\n/);
  expect(lines[0]).toBe('position [m],pressure [Pa]');
  expect(lines).toHaveLength(pressure.length + 1);
  const first = lines[1]!.split(',').map(Number);
  const last = lines.at(-1)!.split(',').map(Number);
  expect(first).toEqual([0, 300000]);
  expect(last[0]).toBeCloseTo(8, 9);
  // The last pressure is the inlet pressure minus the run's pressure drop.
  expect(last[1]).toBeCloseTo(300000 - (done.summary!.pressure_drop!.value as number), 3);

  // A field as VTK XML: ParaView's header, and as many points as the field has values.
  const temperature = index.fields.find((f) => f.name === 'temperature')!;
  const points = temperature.shape.reduce((a, b) => a * b, 1);
  const vtk = await exportItem(page, new RegExp(`^temperature\\s*${temperature.shape.join(' × ')} values`));
  expect(vtk.filename).toMatch(/temperature\.vt[iu]$/);
  const xml = vtk.bytes.toString('utf8');
  expect(xml.startsWith('<?xml version="1.0"?>')).toBe(true);
  expect(xml).toMatch(/<VTKFile type="(UnstructuredGrid|ImageData)" version="1\.0" byte_order="LittleEndian"/);
  expect(Number(/NumberOfPoints="(\d+)"/.exec(xml)?.[1])).toBe(points);
  const coordinates = /<Points>\s*<DataArray[^>]*>([^<]*)<\/DataArray>/.exec(xml)?.[1]?.trim().split(/\s+/) ?? [];
  expect(coordinates).toHaveLength(3 * points);
  const values = /<PointData[^>]*>\s*<DataArray[^>]*Name="temperature"[^>]*>([^<]*)<\/DataArray>/.exec(xml)?.[1]?.trim().split(/\s+/).map(Number) ?? [];
  expect(values).toHaveLength(points);
  // Adiabatic water at 20 °C stays at 293.15 K everywhere (written as Float32: one ulp at 293 K is 3.05e-5 K).
  expect(values.every((v) => Math.abs(v - 293.15) <= 3.05e-5)).toBe(true);

  // The PDF report: the title, the solver, the summary with its values.
  const pdf = await exportItem(page, /^Report/);
  expect(pdf.filename).toMatch(/report\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = await pdfText(pdf.bytes);
  for (const phrase of ['Export line DN25', 'Circular pipe (CIRCULAR_PIPE, family pipe)', 'duct-developing', 'Summary', 'Pressure drop (inlet minus outlet)', 'Convergence history']) {
    expect(text).toContain(phrase);
  }

  // The case as JSON, imported from the list page: a new draft equal to the original.
  const json = await exportItem(page, /^Case file/);
  expect(json.filename).toMatch(/case\.json$/);
  const exported = JSON.parse(json.bytes.toString('utf8')) as { format: string; version: number; type: string; title: string; parameters: Record<string, unknown> };
  expect(exported).toMatchObject({ format: 'simforge-case', version: 1, type: 'CIRCULAR_PIPE', title: 'Export line DN25' });
  expect(exported.parameters).toEqual(done.parameters);
  const importedId = await importFile(page, json.filename, json.bytes, 'application/json');
  expect(importedId).not.toBe(pipe.id);
  await expect(page.getByRole('heading', { name: 'Export line DN25', level: 1 })).toBeVisible();
  await expect(page.getByTestId('simulation-status')).toHaveText('Draft');
  const imported = await getSimulation(request, token, importedId);
  expect(imported.type).toBe('CIRCULAR_PIPE');
  expect(imported.parameters).toEqual(done.parameters);
});

test('a pipe network exports its EPANET .inp, which imports back as a network with the same nodes and links', async ({ page, request }) => {
  test.setTimeout(60_000);
  const engineer = await newEngineer(page, request, 'networker');
  const token = await signInAs(page, engineer);
  const network = await createSimulation(request, token, { title: 'District loop', type: 'PIPE_NETWORK' });
  const original = network.parameters.inp as string;
  const idsIn = (inp: string, section: string) => {
    const body = inp.split(/^\[/m).find((s) => s.toUpperCase().startsWith(`${section}]`)) ?? '';
    return body
      .split(/\r?\n/)
      .slice(1)
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith(';'))
      .map((l) => l.split(/\s+/)[0])
      .sort();
  };
  expect(idsIn(original, 'JUNCTIONS').length).toBeGreaterThan(2);

  await page.goto(`/main/simulations/view/${network.id}`);
  const inp = await exportItem(page, /^EPANET network/);
  expect(inp.filename).toMatch(/\.inp$/);
  const text = inp.bytes.toString('utf8');
  for (const section of ['JUNCTIONS', 'PIPES']) expect(idsIn(text, section)).toEqual(idsIn(original, section));
  expect(text).toMatch(/^\[END\]/m);

  const importedId = await importFile(page, 'district-loop.inp', inp.bytes, 'text/plain');
  const imported = await getSimulation(request, token, importedId);
  expect(imported.type).toBe('PIPE_NETWORK');
  for (const section of ['JUNCTIONS', 'RESERVOIRS', 'TANKS', 'PIPES']) expect(idsIn(imported.parameters.inp as string, section)).toEqual(idsIn(original, section));
});
