// The simulation calls (spec section 7; bodies and answers from @simforge/contracts), their cache
// keys, and the actions (create, update, run, abort, clone, delete) with their notifications and
// analytics events.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  EstimateResponse,
  ResultsIndex,
  RunStarted,
  SeriesResponse,
  Simulation,
  SimulationLog,
  SimulationRuns,
  SimulationsPublic,
  type SimulationCreate,
  type SimulationStatus,
  type SimulationUpdate,
} from '@simforge/contracts';
import { api } from '../../lib/api';
import { errorDetail } from '../../lib/errorDetail';
import { saveText } from '../../lib/saveFile';
import { trackSimulationEvent } from '../../lib/analytics';
import { withNotifications, type OperationMessages } from '../../lib/withNotifications';
import type { ListApiQuery } from './listQuery';

export type ListScope = 'mine' | 'all';

export const simulationsKeys = {
  all: ['simulations'] as const,
  lists: ['simulations', 'list'] as const,
  list: (scope: ListScope, query: ListApiQuery) => ['simulations', 'list', scope, query] as const,
  one: (id: string) => ['simulations', 'one', id] as const,
  runs: (id: string) => ['simulations', 'runs', id] as const,
  log: (id: string, runId: string | null) => ['simulations', 'log', id, runId] as const,
  results: (id: string, runId: string | null) => ['simulations', 'results', id, runId] as const,
  series: (id: string, name: string, runId: string) => ['simulations', 'series', id, name, runId] as const,
  estimate: (type: string, parameters: unknown) => ['simulations', 'estimate', type, parameters] as const,
};

/** GET /simulations/ (mine) or /simulations/all (superuser): one page and the total count. */
export const simulationsPageQuery = (scope: ListScope, query: ListApiQuery) =>
  queryOptions({
    queryKey: simulationsKeys.list(scope, query),
    queryFn: async ({ signal }) => SimulationsPublic.parse(await api.get(scope === 'all' ? '/simulations/all' : '/simulations/', { auth: true, query: { ...query }, signal })),
    placeholderData: keepPreviousData,
  });

export const simulationQuery = (id: string) =>
  queryOptions({
    queryKey: simulationsKeys.one(id),
    queryFn: async ({ signal }) => Simulation.parse(await api.get('/simulations/{id}', { auth: true, pathParams: { id }, signal })),
    structuralSharing: (known: unknown, next: unknown) => mergeSimulation(known as Simulation | undefined, next as Simulation),
  });

export const runsQuery = (id: string) =>
  queryOptions({
    queryKey: simulationsKeys.runs(id),
    queryFn: async ({ signal }) => SimulationRuns.parse(await api.get('/simulations/{id}/runs', { auth: true, pathParams: { id }, signal })),
  });

/** The stored log of the current run (runId null) or of a given run. */
export const logQuery = (id: string, runId: string | null) =>
  queryOptions({
    queryKey: simulationsKeys.log(id, runId),
    queryFn: async ({ signal }) =>
      SimulationLog.parse(await api.get('/simulations/{id}/log', { auth: true, pathParams: { id }, query: { run_id: runId ?? undefined }, signal })),
    staleTime: 0,
  });

export const resultsQuery = (id: string, runId: string | null) =>
  queryOptions({
    queryKey: simulationsKeys.results(id, runId),
    queryFn: async ({ signal }) =>
      ResultsIndex.parse(await api.get('/simulations/{id}/results', { auth: true, pathParams: { id }, query: { run_id: runId ?? undefined }, signal })),
  });

export const seriesQuery = (id: string, name: string, runId: string) =>
  queryOptions({
    queryKey: simulationsKeys.series(id, name, runId),
    queryFn: async ({ signal }) =>
      SeriesResponse.parse(await api.get('/simulations/{id}/results/series/{name}', { auth: true, pathParams: { id, name }, query: { run_id: runId }, signal })),
    staleTime: Infinity,
  });

/** POST /simulations/metamodel_estimate_v2: the fast estimate of a parameter set (SI). */
export async function fetchEstimate(type: string, parameters: Record<string, unknown>, signal?: AbortSignal): Promise<EstimateResponse> {
  return EstimateResponse.parse(await api.post('/simulations/metamodel_estimate_v2', { auth: true, body: { type, parameters }, signal }));
}

/** GET /simulations/{id}/log?format=text, saved as a file. */
export async function downloadLog(simulation: Pick<Simulation, 'id' | 'title'>, run: { id: string; number: number } | null): Promise<void> {
  const text = await api.get<string>('/simulations/{id}/log', { auth: true, pathParams: { id: simulation.id }, query: { format: 'text', run_id: run?.id } });
  saveText(typeof text === 'string' ? text : JSON.stringify(text), `${slug(simulation.title) || 'simulation'}${run ? `-run-${run.number}` : ''}.log`, 'text/plain;charset=utf-8');
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

// --- actions ----------------------------------------------------------------------------------

export const simulationMessages = {
  create: { progress: 'Creating simulation...', success: 'Simulation created', failure: 'Failed to create simulation' },
  update: { progress: 'Saving simulation...', success: 'Simulation saved', failure: 'Failed to save simulation' },
  run: { progress: 'Starting simulation...', success: 'Simulation queued', failure: 'Failed to start simulation' },
  abort: { progress: 'Aborting simulation...', success: 'Abort requested', failure: 'Failed to abort simulation' },
  clone: { progress: 'Cloning simulation...', success: 'Simulation cloned', failure: 'Failed to clone simulation' },
  delete: { progress: 'Deleting simulation...', success: 'Simulation deleted', failure: 'Failed to delete simulation' },
} satisfies Record<string, OperationMessages>;

/**
 * Runs an action announcing it: progress while it runs, then success, or the failure with the API's
 * detail (a 409 says why). The error is rethrown for forms to place on their fields.
 */
function announced<T>(messages: OperationMessages, work: () => Promise<T>): Promise<T> {
  return withNotifications(messages, work, (error) => {
    const detail = errorDetail(error);
    return detail.status === 422 ? messages.failure : `${messages.failure}: ${detail.message}`;
  });
}

const statusRank: Record<SimulationStatus, number> = { queued: 1, running: 2, aborting: 3, completed: 4, failed: 4, aborted: 4, draft: 5 };

/**
 * A newer answer about a simulation, merged with what the screen already knows: within one run the
 * status only moves forward (queued, running, aborting, finished, draft), so an answer that left the
 * server before a live status event (the run call's "queued" arriving after "running") cannot turn
 * the status back.
 */
export function mergeSimulation(known: Simulation | undefined, next: Simulation): Simulation {
  if (!known || known.id !== next.id || known.current_run_id !== next.current_run_id) return next;
  if (statusRank[next.status] >= statusRank[known.status]) return next;
  return { ...next, status: known.status, progress: Math.max(known.progress, next.progress), error: known.error };
}

/** After any change: the lists and this simulation's runs are fetched again (in the background). */
export function refreshAfterChange(queryClient: QueryClient, simulation?: Simulation | null, removedId?: string): void {
  if (simulation) queryClient.setQueryData<Simulation>(simulationsKeys.one(simulation.id), (known) => mergeSimulation(known, simulation));
  if (removedId) queryClient.removeQueries({ queryKey: simulationsKeys.one(removedId) });
  void queryClient.invalidateQueries({ queryKey: simulationsKeys.lists });
  if (simulation) void queryClient.invalidateQueries({ queryKey: simulationsKeys.runs(simulation.id) });
}

export async function createSimulation(body: SimulationCreate): Promise<Simulation> {
  const created = await announced(simulationMessages.create, async () => Simulation.parse(await api.post('/simulations/', { auth: true, body })));
  trackSimulationEvent('create', { simulation_id: created.id, simulation_type: created.type, simulation_family: created.family });
  return created;
}

/**
 * Saves a simulation through `write`, then queues a run of it when asked; the caches follow each
 * step. A failed run is announced by runSimulation and leaves the simulation saved, so its page
 * opens anyway.
 */
export async function saveThenRun(queryClient: QueryClient, write: () => Promise<Simulation>, andRun: boolean): Promise<Simulation> {
  let saved = await write();
  refreshAfterChange(queryClient, saved);
  if (!andRun) return saved;
  try {
    saved = await runSimulation(saved);
    refreshAfterChange(queryClient, saved);
  } catch {
    // Announced by runSimulation.
  }
  return saved;
}

export async function updateSimulation(id: string, body: SimulationUpdate): Promise<Simulation> {
  const updated = await announced(simulationMessages.update, async () => Simulation.parse(await api.put('/simulations/{id}', { auth: true, pathParams: { id }, body })));
  trackSimulationEvent('update', { simulation_id: id, simulation_type: updated.type });
  return updated;
}

/** GET /simulations/run/{id}: 202 with the queued simulation (also accepted: `{simulation, run_id}`). */
export async function runSimulation(simulation: Pick<Simulation, 'id' | 'type'>): Promise<Simulation> {
  const started = await announced(simulationMessages.run, async () => {
    const body = await api.get('/simulations/run/{id}', { auth: true, pathParams: { id: simulation.id } });
    const wrapped = RunStarted.safeParse(body);
    return wrapped.success ? wrapped.data.simulation : Simulation.parse(body);
  });
  trackSimulationEvent('run', { simulation_id: simulation.id, simulation_type: simulation.type });
  return started;
}

export async function abortSimulation(simulation: Pick<Simulation, 'id' | 'type'>): Promise<Simulation> {
  const aborted = await announced(simulationMessages.abort, async () =>
    Simulation.parse(await api.post('/simulations/{simulation_id}/abort', { auth: true, pathParams: { simulation_id: simulation.id } })),
  );
  trackSimulationEvent('abort', { simulation_id: simulation.id, simulation_type: simulation.type });
  return aborted;
}

export async function deleteSimulation(simulation: Pick<Simulation, 'id' | 'type'>): Promise<void> {
  await announced(simulationMessages.delete, () => api.delete('/simulations/{id}', { auth: true, pathParams: { id: simulation.id } }));
  trackSimulationEvent('delete', { simulation_id: simulation.id, simulation_type: simulation.type });
}

/** The title of a copy: `Copy of …`, within the title limit. */
export function copyTitle(title: string, max = 200): string {
  const copy = `Copy of ${title}`;
  return copy.length <= max ? copy : `${copy.slice(0, max - 1)}…`;
}

/**
 * A new draft with the same type, description and parameters, titled `Copy of …`. The parameters are
 * read again by id: a listed simulation's leave out long texts (a network's `.inp`).
 */
export async function cloneSimulation(simulation: Pick<Simulation, 'id'>): Promise<Simulation> {
  const copy = await announced(simulationMessages.clone, async () => {
    const source = Simulation.parse(await api.get('/simulations/{id}', { auth: true, pathParams: { id: simulation.id } }));
    const body: SimulationCreate = { title: copyTitle(source.title), description: source.description, type: source.type, parameters: source.parameters };
    return Simulation.parse(await api.post('/simulations/', { auth: true, body }));
  });
  trackSimulationEvent('clone', { simulation_id: copy.id, source_id: simulation.id, simulation_type: copy.type });
  return copy;
}
