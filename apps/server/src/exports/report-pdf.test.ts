// The PDF report on its own (no database): what it says, drawn text that pdfjs-dist reads back,
// characters outside the standard font spelt out, many pages when the inputs are long.

import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/exports/parse-back.js';
import { buildReportPdf, type ReportInput } from './report-pdf.js';

const base: ReportInput = {
  simulation: { id: '00000000-0000-4000-8000-000000000000', title: 'Bead on plate Δ test', description: null, type: 'SQUARE_BUTT_WELD', typeLabel: 'Square butt weld', family: 'cwm', status: 'completed' },
  run: { number: 2, solver_version: '@simforge/solvers 0.1.0, cwm-thermal-3d 1.0.0', started_at: new Date('2026-01-01T10:00:00Z'), finished_at: new Date('2026-01-01T10:00:05Z'), duration_seconds: 5 },
  inputs: [{ label: 'Process / Travel speed', value: '5', unit: 'mm/s', si: '0.005 m/s' }],
  summary: { t8_5: { value: 3.41, unit: 's', label: 'Cooling time 800→500 °C' } },
  series: {
    thermal_cycles: { label: 'Thermal cycles', x: { name: 'time', unit: 's', label: 'Time', values: [0, 1, 2, 3] }, y: [{ name: 'fusion_line', unit: 'K', label: 'Fusion line', values: [293, 1800, 900, 600] }] },
  },
  residuals: [1, 2, 3].map((iteration) => ({ iteration, values: { linear: 10 ** -iteration } })),
  verification: {
    model: 'cwm-thermal-3d',
    generated_at: '2026-01-01T00:00:00Z',
    cases: [
      { id: 'a', model: 'cwm-thermal-3d', kind: 'verification', compared: 't8/5 on a bead on plate', reference: 'Rosenthal', value: 3.3, reference_value: 3.4, unit: 's', error_kind: 'relative', tolerance: 0.1, error: 0.029, passed: true, deviation: null, test: { file: 'x', name: 'y' } },
      { id: 'b', model: 'cwm-thermal-3d', kind: 'validation', compared: 'Angular distortion', reference: 'Okerblom', value: 1, reference_value: 2, unit: 'rad', error_kind: 'relative', tolerance: 0.1, error: 0.5, passed: false, deviation: null, test: { file: 'x', name: 'z' } },
    ],
  },
  generatedAt: new Date('2026-01-01T11:00:00Z'),
};

describe('buildReportPdf', () => {
  it('title, solver, inputs with display and SI units, summary, convergence, plots and the verification table', async () => {
    const text = (await pdfText(await buildReportPdf(base))).replace(/\s+/g, ' ');
    for (const phrase of [
      'Bead on plate Delta test',
      'Solver and version @simforge/solvers 0.1.0, cwm-thermal-3d 1.0.0',
      'Process / Travel speed 5 mm/s 0.005 m/s',
      // The short name in the table, the solver's definition below it.
      't8/5 cooling time 3.41 s',
      't8/5 cooling time (t8_5): Cooling time 800->500 °C.',
      'Convergence history',
      'Thermal cycles (thermal_cycles)',
      'cwm-thermal-3d: 1 of 2 verification, validation and sensitivity cases pass',
      'FAIL',
    ]) {
      expect(text).toContain(phrase);
    }
  });

  it('says so when there is no run, no report, or no case for the model; long inputs flow onto more pages', async () => {
    const inputs = Array.from({ length: 120 }, (_, i) => ({ label: `Parameter ${i}`, value: String(i), unit: 'm', si: '' }));
    const bytes = await buildReportPdf({ ...base, run: null, summary: null, series: {}, residuals: [], verification: null, inputs });
    const text = (await pdfText(bytes)).replace(/\s+/g, ' ');
    for (const phrase of ['The simulation has not run yet', 'No results: the simulation has no completed run.', 'The verification report has not been generated', 'Parameter 119 119 m']) {
      expect(text).toContain(phrase);
    }
    const { PDFDocument } = await import('pdf-lib');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(1);
    const none = (await pdfText(await buildReportPdf({ ...base, verification: { model: 'duct-1d', cases: [], generated_at: 'then' } }))).replace(/\s+/g, ' ');
    expect(none).toContain('No verification cases are recorded for duct-1d');
  });
});
