// The simulation resource (the product decisions, "Simulations"): statuses and their transitions, the
// answers and bodies of /api/v1/simulations, the run record and the fast estimate.

import { z } from 'zod';
import { validationMessages as m } from '../validation.js';
import { ScalarResult } from './results.js';

export const simulationStatuses = ['draft', 'queued', 'running', 'completed', 'failed', 'aborting', 'aborted'] as const;
export const SimulationStatus = z.enum(simulationStatuses, { error: `This field must be one of: ${simulationStatuses.join(', ')}` });
export type SimulationStatus = z.infer<typeof SimulationStatus>;

/** What can happen to a simulation in each status (who does it in the comment). */
export const simulationTransitions: Readonly<Record<SimulationStatus, readonly SimulationStatus[]>> = {
  draft: ['queued'], // run
  queued: ['running', 'aborted', 'failed'], // a worker takes it; abort; the job is lost for good
  running: ['completed', 'failed', 'aborting', 'queued'], // solver ends; abort; re-queued after a restart
  aborting: ['aborted'], // the solver stopped (or its worker was terminated)
  completed: ['queued', 'draft'], // run again; parameters edited
  failed: ['queued', 'draft'],
  aborted: ['queued', 'draft'],
};

export function canTransition(from: SimulationStatus, to: SimulationStatus): boolean {
  return simulationTransitions[from].includes(to);
}

/** Statuses with a run in flight: editing is refused (409), running again is refused (409). */
export const activeStatuses: readonly SimulationStatus[] = ['queued', 'running', 'aborting'];
/** Statuses after a run ended. */
export const finishedStatuses: readonly SimulationStatus[] = ['completed', 'failed', 'aborted'];

export const isActiveStatus = (status: SimulationStatus) => activeStatuses.includes(status);
export const canRun = (status: SimulationStatus) => !activeStatuses.includes(status);
export const canEdit = (status: SimulationStatus) => !activeStatuses.includes(status);
export const canAbort = (status: SimulationStatus) => status === 'queued' || status === 'running';

export const simulationLimits = { titleMax: 200, descriptionMax: 5000, listLimitMax: 1000 } as const;

export const SimulationError = z.object({ code: z.string(), message: z.string() });
export type SimulationError = z.infer<typeof SimulationError>;

export const Summary = z.record(z.string(), ScalarResult);
export type Summary = z.infer<typeof Summary>;

/** The simulation answer. Timestamps are ISO 8601 strings; values in `parameters` and `summary` SI. */
export const Simulation = z.object({
  id: z.uuid(),
  owner_id: z.uuid(),
  owner_email: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  family: z.string(),
  type: z.string(),
  parameters: z.record(z.string(), z.unknown()),
  status: SimulationStatus,
  progress: z.number().min(0).max(1),
  created_at: z.string(),
  updated_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  error: SimulationError.nullable(),
  summary: Summary.nullable(),
  solver_version: z.string().nullable(),
  /** Increases by one on every change; send it back in PUT to refuse lost updates (409). */
  revision: z.number().int(),
  current_run_id: z.uuid().nullable(),
});
export type Simulation = z.infer<typeof Simulation>;

export const SimulationsPublic = z.object({ data: z.array(Simulation), count: z.number().int() });
export type SimulationsPublic = z.infer<typeof SimulationsPublic>;

const title = z
  .string({ error: m.required })
  .trim()
  .min(1, { error: m.required })
  .max(simulationLimits.titleMax, { error: `At most ${simulationLimits.titleMax} characters` });
const description = z
  .string()
  .max(simulationLimits.descriptionMax, { error: `At most ${simulationLimits.descriptionMax} characters` })
  .nullish();
const parameters = z.record(z.string(), z.unknown(), { error: 'This field must be an object' });

/** POST /simulations/: the server validates `parameters` with the type's schema and fills in defaults. */
export const SimulationCreate = z.object({
  title,
  description,
  type: z.string({ error: m.required }).trim().min(1, { error: m.required }),
  parameters: parameters.optional(),
});
export type SimulationCreate = z.infer<typeof SimulationCreate>;

/** PUT /simulations/{id}: `parameters` replaces the whole set (defaults fill what is left out). */
export const SimulationUpdate = z.object({
  title: title.optional(),
  description,
  parameters: parameters.optional(),
  revision: z.number({ error: m.invalid }).int({ error: m.invalid }).optional(),
});
export type SimulationUpdate = z.infer<typeof SimulationUpdate>;

export const simulationSortFields = ['updated_at', 'created_at', 'title', 'status', 'type'] as const;
export type SimulationSortField = (typeof simulationSortFields)[number];
const sortValues = simulationSortFields.flatMap((f) => [f, `-${f}`]) as [string, ...string[]];
export const SimulationSort = z.enum(sortValues as [`${SimulationSortField}` | `-${SimulationSortField}`, ...(`${SimulationSortField}` | `-${SimulationSortField}`)[]], {
  error: `This field must be one of: ${sortValues.join(', ')}`,
});

/** `status=queued,running` (comma-separated) filters by several statuses. */
const statusList = z
  .string()
  .transform((value) => value.split(',').map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(SimulationStatus));

/** GET /simulations/ (mine) and GET /simulations/all (superuser; adds owner_id). */
export const SimulationListQuery = z.object({
  skip: z.coerce.number().int().min(0, { error: m.minValue(0) }).default(0),
  limit: z.coerce
    .number()
    .int()
    .min(1, { error: m.minValue(1) })
    .max(simulationLimits.listLimitMax, { error: m.maxValue(simulationLimits.listLimitMax) })
    .default(100),
  status: statusList.optional(),
  family: z.string().optional(),
  type: z.string().optional(),
  /** Text search in title, description and type (and the owner's email on /all), case-insensitive. */
  q: z.string().max(200).optional(),
  sort: SimulationSort.default('-updated_at'),
});
export type SimulationListQuery = z.infer<typeof SimulationListQuery>;

export const AdminSimulationListQuery = SimulationListQuery.extend({ owner_id: z.uuid({ error: m.invalid }).optional() });
export type AdminSimulationListQuery = z.infer<typeof AdminSimulationListQuery>;

export const SimulationIdParams = z.object({ id: z.uuid({ error: 'Not a valid simulation id' }) });
export const SimulationIdParamsAlt = z.object({ simulation_id: z.uuid({ error: 'Not a valid simulation id' }) });

/** One run of a simulation, recorded for reproducibility and comparison. */
export const SimulationRun = z.object({
  id: z.uuid(),
  simulation_id: z.uuid(),
  /** 1, 2, 3... per simulation. */
  number: z.number().int(),
  status: SimulationStatus,
  parameters: z.record(z.string(), z.unknown()),
  solver_version: z.string().nullable(),
  queued_at: z.string(),
  /** When its current (or last) attempt started: a run is executed again when its process stops. */
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /**
   * Execution time summed over the run's attempts (s). Set when the run ends; while it is queued or
   * running again after a lost attempt, the time of the attempts before (null before any ended).
   */
  duration_seconds: z.number().nullable(),
  summary: Summary.nullable(),
  error: SimulationError.nullable(),
});
export type SimulationRun = z.infer<typeof SimulationRun>;

export const SimulationRuns = z.object({ data: z.array(SimulationRun), count: z.number().int() });
export type SimulationRuns = z.infer<typeof SimulationRuns>;

/**
 * GET /simulations/run/{id} answers 202 with the queued Simulation itself (its current_run_id is
 * the new run). This wrapped shape is kept for clients written against an earlier draft.
 */
export const RunStarted = z.object({ simulation: Simulation, run_id: z.uuid() });
export type RunStarted = z.infer<typeof RunStarted>;

export const EstimateRequest = z.object({
  type: z.string({ error: m.required }).trim().min(1, { error: m.required }),
  parameters: parameters.optional(),
});
export type EstimateRequest = z.infer<typeof EstimateRequest>;

export const ValidityCheck = z.object({ quantity: z.string(), min: z.number(), max: z.number(), value: z.number(), inside: z.boolean() });
export type ValidityCheck = z.infer<typeof ValidityCheck>;

const SectionPoint = z.tuple([z.number(), z.number()]);

/**
 * The cross-section the solver would mesh for these parameters (welding types): base-metal and
 * filler (bead) polygons, points [y, z] in m (y across the weld, z up, counter-clockwise), and the
 * weld lines: where the torch aims, [y, z] in m, and the unit torch axis from the torch into the
 * joint. The first weld line is the pass that is simulated.
 */
export const CrossSectionPreview = z.object({
  parts: z.array(z.object({ points: z.array(SectionPoint), filler: z.boolean() })),
  weld_lines: z.array(z.object({ point: SectionPoint, torch_direction: SectionPoint })),
});
export type CrossSectionPreview = z.infer<typeof CrossSectionPreview>;

/** A parameter and the change of it that makes a run's plan smaller. */
export const PlanDriver = z.object({ path: z.string(), change: z.enum(['lower', 'raise']) });

/** The work a run will do, from the solver's own mesh and step plan (docs/limits.md). */
export const WorkPlan = z.object({
  cells: z.number(),
  /** Time steps or iterations, the most the solver allows. */
  steps: z.number(),
  memory_bytes: z.number(),
  seconds: z.number(),
  cell_fields: z.array(PlanDriver),
  step_fields: z.array(PlanDriver),
});
export type WorkPlan = z.infer<typeof WorkPlan>;

/** The server's limits on one run (SIM_MAX_CELLS, SIM_MAX_SECONDS, SIM_MAX_MEMORY_MB). */
export const WorkLimits = z.object({ max_cells: z.number(), max_seconds: z.number(), max_memory_bytes: z.number() });
export type WorkLimits = z.infer<typeof WorkLimits>;

/**
 * A case's plan against the server's limits: what create and run decide. `over` names the limits the
 * plan passes; `message` is the refusal create and run answer (422), null when within the limits.
 */
export const WorkBudget = z.object({
  plan: WorkPlan.nullable(),
  limits: WorkLimits,
  within_limits: z.boolean(),
  over: z.array(z.enum(['cells', 'seconds', 'memory', 'plan'])),
  message: z.string().nullable(),
});
export type WorkBudget = z.infer<typeof WorkBudget>;

/** POST /simulations/metamodel_estimate_v2: labelled as an estimate; SI values. */
export const EstimateResponse = z.object({
  type: z.string(),
  model: z.string(),
  results: z.record(z.string(), ScalarResult),
  validity: z.array(ValidityCheck),
  inside_validity: z.boolean(),
  /** For the parameters as given (their mesh preset, where the type has one). */
  expected_runtime_seconds: z.number(),
  /** Where the type has mesh presets: the expected run time of each (`coarse`, `default`, `fine`), s. */
  expected_runtime_seconds_by_mesh: z.record(z.string(), z.number()).optional(),
  /** Where the type has a cross-section (welding): the section the solver would mesh. */
  preview: CrossSectionPreview.optional(),
  /** The run's work plan for these parameters, and (types with mesh presets) of each preset. */
  work: WorkPlan.optional(),
  work_by_mesh: z.record(z.string(), WorkPlan).optional(),
  /** The plan against this server's limits, shown before Create. */
  work_budget: WorkBudget.optional(),
  elapsed_ms: z.number(),
});
export type EstimateResponse = z.infer<typeof EstimateResponse>;

/** GET /simulations/{id}/log: the complete stored log of a run. */
export const LogLine = z.object({
  seq: z.number().int(),
  t: z.number(),
  level: z.enum(['debug', 'info', 'warn', 'error']),
  message: z.string(),
});
export type LogLine = z.infer<typeof LogLine>;

export const SimulationLog = z.object({ simulation_id: z.uuid(), run_id: z.uuid().nullable(), lines: z.array(LogLine) });
export type SimulationLog = z.infer<typeof SimulationLog>;

export const LogQuery = z.object({ run_id: z.uuid({ error: m.invalid }).optional(), format: z.enum(['json', 'text']).default('json') });
export type LogQuery = z.infer<typeof LogQuery>;
