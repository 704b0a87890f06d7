// The work budget of a run (docs/limits.md): the solver's plan of a case (cells, steps, memory,
// expected seconds; from its estimate) against this server's limits. Create, update and run refuse
// a case over them with 422 and a message in the form's terms: the fields by their labels, what the
// case needs, the limit, and the change that fits (a coarser mesh preset when one does, else the
// parameters that set the plan).

import { catalogueEntry, describeForm, type FormField, type WorkBudget, type WorkLimits, type WorkPlan } from '@simforge/contracts';
import type { EstimateResult } from '@simforge/solvers';
import type { RunLimits } from '../config.js';
import { unprocessable, ValidationFailed } from './errors.js';

type Loc = (string | number)[];
type Over = WorkBudget['over'][number];

const MESH_FIELD = 'mesh_size';

export function workLimitsOf(limits: RunLimits): WorkLimits {
  return { max_cells: limits.maxCells, max_seconds: limits.maxSeconds, max_memory_bytes: limits.maxMemoryMb * 2 ** 20 };
}

function overLimits(plan: WorkPlan, limits: WorkLimits): Over[] {
  const over: Over[] = [];
  if (!(plan.cells <= limits.max_cells)) over.push('cells');
  if (!(plan.seconds <= limits.max_seconds)) over.push('seconds');
  if (!(plan.memory_bytes <= limits.max_memory_bytes)) over.push('memory');
  return over;
}

/** `42.1 M`, `578 k`, `950`. */
export function formatCount(n: number): string {
  if (n >= 1e6) return `${Number((n / 1e6).toPrecision(3))} M`;
  if (n >= 1e4) return `${Math.round(n / 1e3)} k`;
  return String(Math.round(n));
}

/** `45 s`, `12 min`, `2.2 h`, `4.2 days`. */
export function formatDuration(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${Number((seconds / 3600).toPrecision(2))} h`;
  return `${Number((seconds / 86_400).toPrecision(3))} days`;
}

/** `1.2 GB`, `512 MB`. */
export function formatBytes(bytes: number): string {
  return bytes >= 2 ** 30 ? `${Number((bytes / 2 ** 30).toPrecision(3))} GB` : `${Math.round(bytes / 2 ** 20)} MB`;
}

function fieldsOf(type: string): Map<string, FormField> {
  const schema = catalogueEntry(type)?.parameters;
  return new Map(schema ? describeForm(schema).fields.map((field) => [field.path, field]) : []);
}

function meshLabel(fields: Map<string, FormField>, preset: string): string {
  const field = fields.get(MESH_FIELD);
  const option = field?.kind === 'enum' ? field.options.find((o) => o.value === preset) : undefined;
  // `Fine (slow)` -> `Fine mesh`: the option's name without its remark.
  return `${(option?.label ?? preset).replace(/\s*\(.*\)$/, '')} ${(field?.label ?? 'mesh').toLowerCase()}`;
}

/** `A`, `A or B`, `A, B or C`. */
function joinOr(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** `A`, `A and B`, `A, B and C`. */
function joinAnd(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** What the plan needs against each limit it passes: `42.1 M cells (this server's limit: 2 M)`. */
function needs(plan: WorkPlan, limits: WorkLimits, over: Over[]): string[] {
  const out: string[] = [];
  if (over.includes('cells')) out.push(`${formatCount(plan.cells)} cells (this server's limit: ${formatCount(limits.max_cells)})`);
  if (over.includes('memory')) out.push(`about ${formatBytes(plan.memory_bytes)} of memory (limit: ${formatBytes(limits.max_memory_bytes)})`);
  if (over.includes('seconds')) out.push(`about ${formatDuration(plan.seconds)} of computing (limit: ${formatDuration(limits.max_seconds)})`);
  return out;
}

/** The change that fits: a coarser preset within every limit, else the fields that set what is over. */
function suggestion(plan: WorkPlan, over: Over[], byMesh: Record<string, WorkPlan> | undefined, limits: WorkLimits, fields: Map<string, FormField>, preset: string | undefined): { text: string; field?: string } {
  const fitting = byMesh ? Object.entries(byMesh).filter(([name, p]) => name !== preset && overLimits(p, limits).length === 0) : [];
  const coarser = fitting.sort((a, b) => b[1].cells - a[1].cells)[0];
  const drivers = [...(over.includes('cells') || over.includes('memory') || over.includes('seconds') ? plan.cell_fields : []), ...(over.includes('seconds') ? plan.step_fields : [])]
    .filter((d) => d.path !== MESH_FIELD && fields.has(d.path))
    .filter((d, i, all) => all.findIndex((e) => e.path === d.path) === i);
  const lowered = drivers.filter((d) => d.change === 'lower').map((d) => fields.get(d.path)!.label);
  const raised = drivers.filter((d) => d.change === 'raise').map((d) => fields.get(d.path)!.label);
  const changes = [lowered.length ? `lower ${joinOr(lowered)}` : '', raised.length ? `raise ${joinOr(raised)}` : ''].filter(Boolean).join(', or ');
  if (coarser) {
    const [name, p] = coarser;
    return { text: `use the ${meshLabel(fields, name)} (${formatCount(p.cells)} cells, about ${formatDuration(p.seconds)})${changes ? `, or ${changes}` : ''}`, field: MESH_FIELD };
  }
  const first = drivers[0]?.path;
  return changes ? { text: changes, ...(first ? { field: first } : {}) } : { text: 'make the case smaller' };
}

/**
 * The case's plan against the limits. `estimate` undefined: the solver could not plan the case
 * (`reason` says why); such a case is refused, since nothing bounds its run.
 */
export function assessWorkBudget(type: string, parameters: Record<string, unknown>, estimate: Pick<EstimateResult, 'work' | 'work_by_mesh'> | undefined, limits: RunLimits, reason?: string): WorkBudget & { field?: string } {
  const wire = workLimitsOf(limits);
  if (!estimate) {
    return {
      plan: null,
      limits: wire,
      within_limits: false,
      over: ['plan'],
      message: `This case's work cannot be planned before it runs${reason ? ` (${reason})` : ''}, so this server does not run it: bring the parameters back into the model's range`,
    };
  }
  const plan = estimate.work;
  const over = overLimits(plan, wire);
  if (over.length === 0) return { plan, limits: wire, within_limits: true, over, message: null };
  const fields = fieldsOf(type);
  const preset = typeof parameters[MESH_FIELD] === 'string' ? (parameters[MESH_FIELD] as string) : undefined;
  const subject = preset && fields.has(MESH_FIELD) ? `With the ${meshLabel(fields, preset)} this case needs` : 'This case needs';
  const change = suggestion(plan, over, estimate.work_by_mesh, wire, fields, preset);
  return {
    plan,
    limits: wire,
    within_limits: false,
    over,
    message: `${subject} ${joinAnd(needs(plan, wire, over))}: ${change.text}`,
    ...(change.field ? { field: change.field } : {}),
  };
}

/** Create and update: a 422 on the parameter that the message's change names. */
export function refuseOverBudget(budget: WorkBudget & { field?: string }, loc: Loc): void {
  if (budget.within_limits) return;
  throw new ValidationFailed([{ loc: [...loc, ...(budget.field ? budget.field.split('.') : [])], msg: budget.message!, type: 'work_budget' }]);
}

/** Run: a 422 whose detail is the message (the run call has no body to point into). */
export function refuseRunOverBudget(budget: WorkBudget): void {
  if (!budget.within_limits) throw unprocessable(budget.message!);
}
