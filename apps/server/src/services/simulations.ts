// Simulation use cases. Each starts with the permission check (someone else's simulation answers
// 404; a superuser may act on any), then the status rules (docs/adr/0014), then the lifecycle.

import {
  activeStatuses,
  canAbort,
  checkTypeAvailable,
  familyOf,
  validateParameters,
  type AdminSimulationListQuery,
  type CrossSectionPreview,
  type EstimateRequest,
  type EstimateResponse,
  type SimulationCreate,
  type SimulationListQuery,
  type SimulationStatus,
  type SimulationUpdate,
  type ValidationIssue,
} from '@simforge/contracts';
import type { EstimateResult } from '@simforge/solvers';
import type { Estimator } from '../compute/estimates.js';
import type { EstimateFailure } from '../compute/tasks.js';
import type { RunLimits } from '../config.js';
import type { Repositories, RunRow, SimulationRow, SimulationWithOwner } from '../repositories/index.js';
import { ApiError, conflict, simulationNotFound, unprocessable, ValidationFailed } from './errors.js';
import { assessWorkBudget, refuseOverBudget, refuseRunOverBudget } from './work-budget.js';
import { assertSuperuser, canAccessSimulation, type Actor } from './policies.js';
import type { SimulationLifecycle } from './simulation-lifecycle.js';

export interface SimulationsServiceDeps {
  repos: Repositories;
  lifecycle: SimulationLifecycle;
  /** Whether runs can be queued (a job queue is configured). */
  canQueue: boolean;
  /** The solver's estimate, in the compute pool (create, update and the estimate route check with it). */
  estimator: Estimator;
  /** How long DELETE waits for a running simulation to finish aborting. */
  deleteAbortWaitMs?: number;
  /** The work budget of one run and the per-user cap on runs in flight (docs/limits.md). */
  limits: RunLimits;
}

type Loc = (string | number)[];

const BODY = { type: ['body', 'type'], parameters: ['body', 'parameters'] };

/** `wall.temperature` / `fluid.viscosity[2]` -> ['wall', 'temperature'] / ['fluid', 'viscosity', 2] */
function splitSolverPath(path: string): Loc {
  return path
    .split('.')
    .flatMap((part) => part.split(/\[(\d+)\]/).filter((p) => p !== ''))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The solver's failure as data; `details.issues` (INVALID_PARAMETERS) name the fields. */
function solverIssues(error: EstimateFailure, parametersLoc: Loc): ValidationIssue[] | null {
  const issues = error.details['issues'];
  if (error.code !== 'INVALID_PARAMETERS' || !Array.isArray(issues)) return null;
  return (issues as { path: string; message: string }[]).map((issue) => ({ loc: [...parametersLoc, ...splitSolverPath(issue.path)], msg: `This field is invalid: ${issue.message}`, type: 'solver' }));
}

export interface CheckedInput {
  family: string;
  parameters: Record<string, unknown>;
  /** The solver's fast estimate; absent when it failed (then the case has no plan: see the work budget). */
  estimate?: EstimateResult;
  estimateError?: EstimateFailure;
  preview?: CrossSectionPreview;
  previewError?: EstimateFailure;
}

/**
 * The type must be available; the parameters must pass its schema (defaults fill what is left out)
 * and the solver's own cross-field checks (roughness against diameter, the fluid's range...), which
 * run with its estimate in the compute pool (`estimator`), off the event loop.
 */
export async function checkSimulationInput(
  type: string,
  parameters: unknown,
  loc: { type: Loc; parameters: Loc },
  estimator: Estimator,
  options: { preview?: boolean } = {},
): Promise<CheckedInput> {
  const availability = checkTypeAvailable(type);
  if (!availability.ok) throw new ValidationFailed([{ loc: loc.type, msg: availability.message, type: 'type_not_available' }]);
  const checked = validateParameters(availability.entry.parameters, parameters ?? {});
  if (!checked.success) {
    throw new ValidationFailed(checked.issues.map((issue): ValidationIssue => ({ loc: [...loc.parameters, ...issue.path], msg: issue.message, type: issue.type })));
  }
  const family = familyOf(type);
  const outcome = await estimator(type, checked.data, { preview: options.preview ?? false });
  if (outcome.ok) {
    const { estimate, preview, previewError } = outcome;
    return { family, parameters: checked.data, estimate, ...(preview ? { preview } : {}), ...(previewError ? { previewError } : {}) };
  }
  const issues = solverIssues(outcome.error, loc.parameters);
  if (issues) throw new ValidationFailed(issues);
  // Other estimate failures (a state leaving the model along the pipe): the work budget says what follows.
  return { family, parameters: checked.data, estimateError: outcome.error };
}

// Long function: a service factory whose methods share the repositories of one closure.
export function createSimulationsService(deps: SimulationsServiceDeps) {
  const { repos, lifecycle } = deps;
  const budgetOf = (type: string, checked: CheckedInput) => assessWorkBudget(type, checked.parameters, checked.estimate, deps.limits, checked.estimateError?.message);

  /** Queued, running and aborting runs of one owner against SIM_MAX_ACTIVE_RUNS_PER_USER (superusers too). */
  async function checkRunsInFlight(ownerId: string): Promise<void> {
    const inFlight = await repos.simulations.countByOwner(ownerId, activeStatuses);
    const cap = deps.limits.maxActiveRunsPerUser;
    if (inFlight >= cap) {
      throw new ApiError(429, `${inFlight} simulation${inFlight === 1 ? ' is' : 's are'} already queued or running for this user, and this server runs at most ${cap} per user at once: wait until one ends, or abort one`);
    }
  }

  async function load(actor: Actor, id: string): Promise<SimulationWithOwner> {
    const simulation = await repos.simulations.findById(id);
    if (!simulation || !canAccessSimulation(actor, simulation)) throw simulationNotFound();
    return simulation;
  }

  async function withOwner(row: SimulationRow | null, fallback: SimulationWithOwner): Promise<SimulationWithOwner> {
    if (!row) return fallback;
    return { ...row, owner_email: fallback.owner_email };
  }

  /**
   * The given run (it must belong to the simulation), else the current run. The log falls back to
   * the latest run (a draft whose parameters changed still shows its last log); results do not (new
   * parameters cleared them).
   */
  async function runOf(simulation: SimulationRow, runId: string | undefined, fallbackToLatest = false): Promise<RunRow | null> {
    if (runId) {
      const run = await repos.runs.findById(runId);
      if (!run || run.simulation_id !== simulation.id) throw new ApiError(404, 'Run not found');
      return run;
    }
    if (simulation.current_run_id) return repos.runs.findById(simulation.current_run_id);
    return fallbackToLatest ? repos.runs.latestForSimulation(simulation.id) : null;
  }

  /** The slice of field `name` at `index` of its first axis: shape [1, ...], that axis' one value. */
  async function fieldSlice(runId: string, name: string, index: number) {
    const meta = await repos.results.fieldMeta(runId, name);
    if (!meta) throw resultsNotFound(`No field named ${name}`);
    const [count = 0, ...rest] = meta.shape;
    const first = meta.grid.axes[0];
    const invalid = (msg: string) => new ValidationFailed([{ loc: ['query', 'index'], msg, type: 'value_error' }]);
    if (rest.length === 0) throw invalid(`This field is invalid: ${name} has one axis; read it whole (no index)`);
    if (index >= count) throw invalid(`This field is invalid: ${name} has ${count} entries along its first axis${first?.name ? ` (${first.name})` : ''}: index 0 to ${count - 1}`);
    const rowBytes = 4 * rest.reduce((a, b) => a * b, 1);
    const data = await repos.results.fieldBytes(runId, name, index * rowBytes, rowBytes);
    if (!data || data.byteLength !== rowBytes) throw resultsNotFound(`No values of ${name} at index ${index}`);
    const axes = meta.grid.axes.map((axis, a) => (a === 0 && axis.values.length === count ? { ...axis, values: [axis.values[index]!] } : axis));
    return { ...meta, shape: [1, ...rest], grid: { axes }, data };
  }

  async function waitUntilSettled(id: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const current = await repos.simulations.findById(id);
      if (!current || !activeStatuses.includes(current.status as SimulationStatus)) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  return {
    async list(actor: Actor, query: SimulationListQuery) {
      return repos.simulations.list({ ...query, owner_id: actor.id });
    },

    async listAll(actor: Actor, query: AdminSimulationListQuery) {
      assertSuperuser(actor);
      const { owner_id, ...rest } = query;
      return repos.simulations.list({ ...rest, ...(owner_id ? { owner_id } : {}), searchOwnerEmail: true });
    },

    async create(actor: Actor, input: SimulationCreate): Promise<SimulationWithOwner> {
      const checked = await checkSimulationInput(input.type, input.parameters, BODY, deps.estimator);
      refuseOverBudget(budgetOf(input.type, checked), BODY.parameters);
      const row = await repos.simulations.create({
        owner_id: actor.id,
        title: input.title,
        description: input.description ?? null,
        family: checked.family,
        type: input.type,
        parameters: checked.parameters,
      });
      return { ...row, owner_email: actor.email };
    },

    get: load,

    async update(actor: Actor, id: string, input: SimulationUpdate): Promise<SimulationWithOwner> {
      const simulation = await load(actor, id);
      const status = simulation.status as SimulationStatus;
      if (activeStatuses.includes(status)) throw conflict(`The simulation is ${status}: it cannot be edited until it ends or is aborted`);
      if (input.revision !== undefined && input.revision !== simulation.revision) {
        throw conflict(`The simulation was changed meanwhile (revision ${simulation.revision}, yours ${input.revision}); reload it and try again`);
      }
      const patch: Parameters<Repositories['simulations']['update']>[1] = {};
      if (input.title !== undefined) patch.title = input.title;
      if (input.description !== undefined) patch.description = input.description ?? null;
      if (input.parameters !== undefined) {
        const checked = await checkSimulationInput(simulation.type, input.parameters, BODY, deps.estimator);
        if (JSON.stringify(checked.parameters) !== JSON.stringify(simulation.parameters)) {
          refuseOverBudget(budgetOf(simulation.type, checked), BODY.parameters);
          patch.parameters = checked.parameters;
          // New parameters make the results stale: back to draft; the runs stay in the history.
          Object.assign(patch, { status: 'draft', progress: 0, summary: null, error: null, solver_version: null, current_run_id: null, started_at: null, finished_at: null });
        }
      }
      const updated = await repos.simulations.update(id, patch, { statusIn: ['draft', 'completed', 'failed', 'aborted'], revision: simulation.revision });
      if (!updated) {
        const current = await load(actor, id);
        if (activeStatuses.includes(current.status as SimulationStatus)) throw conflict(`The simulation is ${current.status}: it cannot be edited until it ends or is aborted`);
        throw conflict(`The simulation was changed meanwhile (revision ${current.revision}); reload it and try again`);
      }
      if (patch.status === 'draft' && simulation.status !== 'draft') await lifecycle.publishStatus(updated);
      return withOwner(updated, simulation);
    },

    async delete(actor: Actor, id: string): Promise<void> {
      const simulation = await load(actor, id);
      if (simulation.status === 'queued') await lifecycle.abortQueued(simulation);
      if (simulation.status === 'running' || simulation.status === 'queued') {
        const current = await repos.simulations.findById(id);
        if (current?.status === 'running') await lifecycle.requestAbort(current);
      }
      if (activeStatuses.includes(simulation.status as SimulationStatus)) await waitUntilSettled(id, deps.deleteAbortWaitMs ?? 3000);
      // Deleting cascades to runs, logs, results and events; a runner still busy notices the run is gone.
      await repos.simulations.delete(id);
    },

    /** Deletes every queued, running or aborting simulation of `ownerId` (each aborted first), as deleting the account needs. */
    async deleteActiveOf(actor: Actor, ownerId: string): Promise<void> {
      const active = await repos.simulations.list({ owner_id: ownerId, status: [...activeStatuses], sort: 'updated_at', skip: 0, limit: 10_000 });
      for (const simulation of active.rows) await this.delete(actor, simulation.id);
    },

    async run(actor: Actor, id: string): Promise<SimulationWithOwner> {
      const simulation = await load(actor, id);
      const status = simulation.status as SimulationStatus;
      if (activeStatuses.includes(status)) throw conflict(`The simulation is already ${status}`);
      const availability = checkTypeAvailable(simulation.type);
      if (!availability.ok) throw unprocessable(availability.message);
      // The stored parameters against today's limits (they may have changed since the draft was saved).
      const stored = await checkSimulationInput(simulation.type, simulation.parameters, { type: ['path', 'id'], parameters: ['path', 'id'] }, deps.estimator);
      refuseRunOverBudget(budgetOf(simulation.type, stored));
      if (!deps.canQueue) throw conflict('Simulations cannot run: the job queue is not available');
      await checkRunsInFlight(simulation.owner_id);
      const queued = await lifecycle.queueRun(simulation);
      if (!queued) {
        const current = await load(actor, id);
        throw conflict(`The simulation is already ${current.status}`);
      }
      return withOwner(queued.simulation, simulation);
    },

    async abort(actor: Actor, id: string): Promise<SimulationWithOwner> {
      const simulation = await load(actor, id);
      const status = simulation.status as SimulationStatus;
      if (!canAbort(status)) throw conflict(`Nothing to abort: the simulation is ${status}`);
      // A queued run is aborted at once; one a worker just took is running: ask it to stop.
      const aborted = (status === 'queued' ? await lifecycle.abortQueued(simulation) : null) ?? (await lifecycle.requestAbort((await repos.simulations.findById(id)) ?? simulation));
      if (!aborted) {
        const current = await load(actor, id);
        throw conflict(`Nothing to abort: the simulation is ${current.status}`);
      }
      return withOwner(aborted, simulation);
    },

    async runs(actor: Actor, id: string): Promise<RunRow[]> {
      const simulation = await load(actor, id);
      return repos.runs.listForSimulation(simulation.id);
    },

    async log(actor: Actor, id: string, runId: string | undefined) {
      const simulation = await load(actor, id);
      const run = await runOf(simulation, runId, true);
      const lines = run ? await repos.logs.list(run.id) : [];
      return { simulation, run, lines };
    },

    async results(actor: Actor, id: string, runId: string | undefined) {
      const simulation = await load(actor, id);
      const run = await runOf(simulation, runId);
      const stored = run && run.status === 'completed' ? await repos.results.find(run.id) : null;
      if (!run || !stored) throw resultsNotFound('No results yet: the simulation has no completed run');
      return { simulation, run, stored, fields: await repos.results.fieldIndex(run.id) };
    },

    async series(actor: Actor, id: string, name: string, runId: string | undefined) {
      const { run, stored } = await this.results(actor, id, runId);
      const series = Object.hasOwn(stored.series, name) ? stored.series[name] : undefined;
      if (!series) throw resultsNotFound(`No series named ${name}`);
      return { run, name, series };
    },

    /** A field, or with `index` its slice at that index of its first axis (a network table's one reporting time). */
    async field(actor: Actor, id: string, name: string, runId: string | undefined, index?: number) {
      const simulation = await load(actor, id);
      const run = await runOf(simulation, runId);
      if (!run || run.status !== 'completed') throw resultsNotFound('No results yet: the simulation has no completed run');
      if (index !== undefined) return { run, field: await fieldSlice(run.id, name, index) };
      const field = await repos.results.field(run.id, name);
      if (!field) throw resultsNotFound(`No field named ${name}`);
      return { run, field };
    },

    async estimate(_actor: Actor, input: EstimateRequest): Promise<EstimateResponse> {
      const started = performance.now();
      const checked = await checkSimulationInput(input.type, input.parameters, BODY, deps.estimator, { preview: true });
      const failure = checked.estimateError ?? checked.previewError;
      if (!checked.estimate || failure) {
        throw new ValidationFailed([{ loc: ['body', 'parameters'], msg: `This field is invalid: ${failure?.message ?? 'no estimate'}`, type: failure?.code ?? 'solver' }]);
      }
      const { preview } = checked;
      const { field: _field, ...budget } = budgetOf(input.type, checked);
      return { type: input.type, ...checked.estimate, ...(preview ? { preview } : {}), work_budget: budget, elapsed_ms: Math.round((performance.now() - started) * 1000) / 1000 };
    },
  };
}

export type SimulationsService = ReturnType<typeof createSimulationsService>;

const resultsNotFound = (detail: string) => new ApiError(404, detail);
