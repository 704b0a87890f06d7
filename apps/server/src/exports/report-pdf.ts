// The PDF report of a run: title, case, inputs with units, solver and version, the summary, the
// convergence history, the key plots, and the verification status of the model that ran.

import { resultShortName, type VerificationCase } from '@simforge/contracts';
import type { StoredSeries } from '../repositories/simulation-results.js';
import type { InputRow } from './inputs.js';
import { colours, formatNumber, PdfWriter, type PlotSpec } from './pdf-layout.js';

export interface ReportScalar {
  value: number | string;
  unit: string;
  label: string;
}

export interface ReportInput {
  simulation: { id: string; title: string; description: string | null; type: string; typeLabel: string; family: string; status: string };
  run: { number: number; solver_version: string | null; started_at: Date | null; finished_at: Date | null; duration_seconds: number | null } | null;
  inputs: InputRow[];
  summary: Record<string, ReportScalar> | null;
  series: Record<string, StoredSeries>;
  residuals: { iteration: number; values: Record<string, number> }[];
  /** The model that ran and its cases in the verification report; null when there is no report. */
  verification: { model: string | null; cases: VerificationCase[]; generated_at: string } | null;
  generatedAt: Date;
  /** How many series to draw at most (the CSV export has all of them). */
  maxPlots?: number;
}

const DEFAULT_MAX_PLOTS = 6;

function when(date: Date | null): string {
  return date ? date.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC') : '-';
}

function scalarText(s: ReportScalar): string {
  return typeof s.value === 'number' ? formatNumber(s.value) : s.value;
}

/** Series worth a picture: whole-case series first (a network's per-element `node:J1` series come last). */
function keySeries(series: Record<string, StoredSeries>, max: number): [string, StoredSeries][] {
  const entries = Object.entries(series).filter(([, s]) => s.x.values.length > 1 && s.y.length > 0);
  const ranked = [...entries.filter(([name]) => !name.includes(':')), ...entries.filter(([name]) => name.includes(':'))];
  return ranked.slice(0, max);
}

function seriesPlot(name: string, s: StoredSeries): PlotSpec {
  const units = [...new Set(s.y.map((y) => y.unit))];
  return {
    title: `${s.label} (${name})`,
    xLabel: `${s.x.label || s.x.name}${s.x.unit ? ` [${s.x.unit}]` : ''}`,
    yLabel: units.filter(Boolean).map((u) => `[${u}]`).join(' ') || '[-]',
    curves: s.y.slice(0, 6).map((y) => ({ label: `${y.label || y.name}${y.unit ? ` [${y.unit}]` : ''}`, x: s.x.values, y: y.values })),
  };
}

function residualPlot(residuals: ReportInput['residuals']): PlotSpec {
  const names = [...new Set(residuals.flatMap((r) => Object.keys(r.values)))].slice(0, 6);
  return {
    title: 'Convergence history',
    xLabel: 'iteration',
    yLabel: 'value',
    logY: residuals.every((r) => Object.values(r.values).every((v) => v > 0)),
    curves: names.map((name) => {
      const points = residuals.filter((r) => Number.isFinite(r.values[name]));
      return { label: name, x: points.map((r) => r.iteration), y: points.map((r) => r.values[name]!) };
    }),
  };
}

export async function buildReportPdf(input: ReportInput): Promise<Uint8Array> {
  const { simulation, run } = input;
  const pdf = await PdfWriter.create(`${simulation.title}: SimForge report`);
  pdf.title(simulation.title);
  pdf.paragraph(`${simulation.typeLabel} (${simulation.type}, family ${simulation.family}). Status: ${simulation.status}.`);
  if (simulation.description) pdf.paragraph(simulation.description, { muted: true });
  pdf.paragraph(`Simulation ${simulation.id}; report generated ${when(input.generatedAt)}.`, { size: 8, muted: true });

  pdf.heading('Solver');
  if (run) {
    pdf.table(
      [
        ['Solver and version', run.solver_version ?? '-'],
        ['Run', `#${run.number}`],
        ['Started', when(run.started_at)],
        ['Finished', when(run.finished_at)],
        ['Duration', run.duration_seconds === null ? '-' : `${formatNumber(run.duration_seconds)} s`],
      ],
      [0.3, 0.7],
    );
  } else pdf.paragraph('The simulation has not run yet: the report lists its inputs only.');

  pdf.heading('Inputs');
  pdf.table([['Parameter', 'Value', 'Unit', 'SI value'], ...input.inputs.map((row) => [row.label, row.value, row.unit, row.si])], [0.45, 0.25, 0.12, 0.18], { header: true });

  pdf.heading('Summary');
  if (input.summary && Object.keys(input.summary).length > 0) {
    // The short name in the table, each result's full definition (the solver's label) below it.
    const entries = Object.entries(input.summary);
    pdf.table([['Result', 'Value', 'Unit'], ...entries.map(([name, s]) => [resultShortName(name, s.label), scalarText(s), s.unit])], [0.6, 0.25, 0.15], { header: true });
    pdf.paragraph('What the results are (name, key, definition):', { size: 8 });
    for (const [name, s] of entries) pdf.paragraph(`${resultShortName(name, s.label)} (${name}): ${s.label}.`, { size: 8, muted: true });
  } else pdf.paragraph('No results: the simulation has no completed run.');

  pdf.heading('Convergence history');
  if (input.residuals.length > 1) {
    pdf.plot(residualPlot(input.residuals));
    pdf.paragraph(`${input.residuals.length} reports of the solver's residuals (sampled at most every 0.1 s during the run).`, { size: 8, muted: true });
  } else pdf.paragraph('None recorded for this run (the solver reports none, or the run is not the latest one).', { muted: true });

  const plots = keySeries(input.series, input.maxPlots ?? DEFAULT_MAX_PLOTS);
  if (plots.length > 0) {
    pdf.heading('Key plots');
    for (const [name, s] of plots) pdf.plot(seriesPlot(name, s));
    const rest = Object.keys(input.series).length - plots.length;
    if (rest > 0) pdf.paragraph(`${rest} more series are in the results (export them as CSV).`, { size: 8, muted: true });
  }

  pdf.heading('Verification status of the solver');
  const v = input.verification;
  if (!v) pdf.paragraph('The verification report has not been generated on this installation (npm run verify).', { muted: true });
  else if (!v.model || v.cases.length === 0) pdf.paragraph(`No verification cases are recorded for ${v.model ?? 'this solver'} in the report of ${v.generated_at}.`);
  else {
    const passed = v.cases.filter((c) => c.passed).length;
    const deviations = v.cases.filter((c) => !c.passed && c.deviation).length;
    const noted = deviations > 0 ? `, ${deviations} documented deviation${deviations === 1 ? '' : 's'} (reason in the verification report)` : '';
    pdf.paragraph(`${v.model}: ${passed} of ${v.cases.length} verification, validation and sensitivity cases pass${noted} (report of ${v.generated_at}).`);
    pdf.table(
      [
        ['Case', 'Reference', 'Tolerance', 'Error', 'Result'],
        ...v.cases.map((c) => [
          `${c.compared} [${c.kind}]`,
          c.reference,
          c.error_kind === 'relative' ? `${formatNumber(100 * c.tolerance)} %` : `${formatNumber(c.tolerance)} ${c.unit}`,
          c.error === null ? 'not computed' : c.error_kind === 'relative' ? `${formatNumber(100 * c.error)} %` : `${formatNumber(c.error)} ${c.unit}`,
          c.passed ? 'pass' : c.deviation ? 'deviation' : 'FAIL',
        ]),
      ],
      [0.34, 0.3, 0.12, 0.14, 0.1],
      { header: true, size: 8, colourOf: (r, c) => (r > 0 && c === 4 ? (v.cases[r - 1]!.passed ? colours.pass : colours.fail) : undefined) },
    );
  }
  return pdf.save();
}
