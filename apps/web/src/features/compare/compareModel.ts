// The comparison of runs as pure functions: its address, the rows of the inputs and results tables
// (with which cells differ from the first run), and whether the runs can be compared at all.
//
// Address: /main/simulations/compare?runs={simulation_id}:{run_id},{simulation_id}:{run_id},...
// A reference without `:{run_id}` means the simulation's current (latest) run. Whoever opens the
// address sees the comparison only if the server lets them read every simulation in it (another
// user's simulation answers 404, exactly as on the view page).
import { catalogueEntry, describeForm, getAtPath, isFieldVisible, type FormField, type ScalarResult } from '@simforge/contracts';
import { formatNumber } from '../../lib/displayUnits';
import { fromSIIn, unitInSystem, type UnitSystem } from '../../lib/unitSystems';

export const COMPARE_PATH = '/main/simulations/compare';
export const RUNS_PARAM = 'runs';

export interface RunRef {
  simulationId: string;
  /** null: the simulation's current run. */
  runId: string | null;
}

export function parseRunRefs(value: string | null): RunRef[] {
  if (!value) return [];
  const refs = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [simulationId, runId] = part.split(':');
      return { simulationId: simulationId!, runId: runId || null };
    });
  // The same run twice adds nothing.
  return refs.filter((ref, i) => refs.findIndex((r) => r.simulationId === ref.simulationId && r.runId === ref.runId) === i);
}

export function compareUrl(refs: readonly RunRef[]): string {
  const value = refs.map((r) => (r.runId ? `${r.simulationId}:${r.runId}` : r.simulationId)).join(',');
  return `${COMPARE_PATH}?${RUNS_PARAM}=${value}`;
}

/** One run as the comparison needs it. */
export interface ComparedRun {
  key: string;
  /** `Cooling water line #2`. */
  name: string;
  type: string;
  solverVersion: string | null;
  parameters: Record<string, unknown>;
  summary: Record<string, ScalarResult> | null;
}

export interface Comparability {
  comparable: boolean;
  reasons: string[];
}

export function comparability(runs: readonly ComparedRun[]): Comparability {
  const reasons: string[] = [];
  const types = [...new Set(runs.map((r) => r.type))];
  if (types.length > 1) reasons.push(`The runs are of different types (${types.join(', ')}): their inputs and results mean different things.`);
  const versions = [...new Set(runs.map((r) => r.solverVersion ?? 'unknown'))];
  if (versions.length > 1) reasons.push(`The runs used different solver versions (${versions.join('; ')}): differences may come from the solver, not the inputs.`);
  return { comparable: reasons.length === 0, reasons };
}

export interface CompareCell {
  text: string;
  /** SI value as given, for a tooltip. */
  si?: string;
  /** Differs from the first run's value. */
  differs: boolean;
  /** Relative difference to the first run (ratio-scale numbers only): (v - v0) / |v0|. */
  relative?: number;
  /**
   * The difference to the first run of an interval-scale quantity (a temperature): v − v0 in a unit
   * of temperature difference (K, or °F in US units). A percentage of an absolute temperature means
   * nothing (30 °C against 20 °C is not −3.35 %).
   */
  difference?: { value: number; unit: string };
}

export interface CompareRow {
  key: string;
  label: string;
  unit: string;
  cells: CompareCell[];
  differs: boolean;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b || Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b));
  return JSON.stringify(a) === JSON.stringify(b);
}

function relativeTo(first: unknown, value: unknown): number | undefined {
  if (typeof first !== 'number' || typeof value !== 'number' || first === 0) return undefined;
  return (value - first) / Math.abs(first);
}

/** Temperatures (SI K) are interval-scale: their change is a difference, never a percentage. */
const isTemperature = (siUnit: string): boolean => siUnit === 'K';

/** How a numeric cell states its change from the first run: a difference for temperatures, else a ratio. */
function changeFrom(first: unknown, value: number, siUnit: string, displayUnit: string): Pick<CompareCell, 'relative' | 'difference'> {
  if (isTemperature(siUnit)) {
    if (typeof first !== 'number') return {};
    const kelvin = value - first;
    return displayUnit === '°F' ? { difference: { value: kelvin * 1.8, unit: '°F' } } : { difference: { value: kelvin, unit: 'K' } };
  }
  const relative = relativeTo(first, value);
  return relative !== undefined ? { relative } : {};
}

function inputField(type: string): FormField[] {
  const schema = catalogueEntry(type)?.parameters;
  return schema ? describeForm(schema).fields : [];
}

/** Every input of the runs (visible in at least one), labelled, in the unit system, with differences marked. */
export function inputRows(runs: readonly ComparedRun[], system: UnitSystem): CompareRow[] {
  const fields = new Map<string, FormField>();
  for (const run of runs) for (const field of inputField(run.type)) if (!fields.has(field.path)) fields.set(field.path, field);
  const rows: CompareRow[] = [];
  for (const field of fields.values()) {
    const values = runs.map((run) => (isFieldVisible(field, run.parameters) ? getAtPath(run.parameters, field.path) : undefined));
    if (values.every((v) => v === undefined)) continue;
    const unit = field.kind === 'number' ? unitInSystem(system, field.quantity, field.displayUnit) : '';
    const cells = values.map((value): CompareCell => {
      const differs = !sameValue(value, values[0]);
      if (value === undefined || value === null) return { text: '—', differs };
      if (field.kind === 'enum') return { text: field.options.find((o) => o.value === value)?.label ?? String(value), differs };
      if (typeof value !== 'number') return { text: String(value), differs };
      return { text: formatNumber(fromSIIn(value, unit), 6), si: `${formatNumber(value, 10)} ${field.unit}`.trim(), differs, ...changeFrom(values[0], value, field.unit, unit) };
    });
    rows.push({ key: field.path, label: [...field.groups, field.label].join(' › '), unit, cells, differs: cells.some((c) => c.differs) });
  }
  // Parameters the schema does not describe (a drawn section, a network file): compared whole.
  const described = new Set(fields.keys());
  const extra = new Set(runs.flatMap((run) => Object.keys(run.parameters)).filter((key) => ![...described].some((p) => p === key || p.startsWith(`${key}.`))));
  for (const key of extra) {
    const values = runs.map((run) => run.parameters[key]);
    const cells = values.map((value) => ({ text: value === undefined ? '—' : typeof value === 'string' ? `${value.split('\n').length} lines` : 'custom', differs: !sameValue(value, values[0]) }));
    rows.push({ key, label: key, unit: '', cells, differs: cells.some((c) => c.differs) });
  }
  return rows;
}

/** Every key result of the runs, in one unit per row (chosen for the first run's magnitude), with differences. */
export function resultRows(runs: readonly ComparedRun[], chooseUnit: (si: string, magnitude: number) => string, convert: (value: number, si: string, unit: string) => number): CompareRow[] {
  const keys: string[] = [];
  for (const run of runs) for (const key of Object.keys(run.summary ?? {})) if (!keys.includes(key)) keys.push(key);
  return keys.map((key) => {
    const results = runs.map((run) => run.summary?.[key]);
    const first = results.find(Boolean)!;
    const magnitude = Math.max(...results.map((r) => (typeof r?.value === 'number' ? Math.abs(r.value) : 0)));
    const unit = typeof first.value === 'number' ? chooseUnit(first.unit, magnitude) : '';
    const cells = results.map((result): CompareCell => {
      const differs = !sameValue(result?.value, results[0]?.value);
      if (!result) return { text: '—', differs };
      if (typeof result.value !== 'number') return { text: result.value, differs };
      return { text: formatNumber(convert(result.value, result.unit, unit), 5), si: `${formatNumber(result.value, 10)} ${result.unit}`.trim(), differs, ...changeFrom(results[0]?.value, result.value, result.unit, unit) };
    });
    return { key, label: first.label, unit, cells, differs: cells.some((c) => c.differs) };
  });
}
