// /simulations/...: thin routes. Each parses with the contracts' schemas, calls the service (which
// checks permission first) and presents the answer. Static paths (/all, /run/{id},
// /metamodel_estimate_v2) take precedence over /{id} in Fastify's router.

import {
  AdminSimulationListQuery,
  EstimateRequest,
  EstimateResponse,
  fieldBinary,
  INP_FILE_KIND,
  INP_LABEL,
  LogQuery,
  Message,
  ResultsIndex,
  SeriesResponse,
  Simulation,
  SimulationCreate,
  SimulationIdParams,
  SimulationIdParamsAlt,
  SimulationListQuery,
  SimulationLog,
  SimulationRuns,
  SimulationsPublic,
  SimulationUpdate,
} from '@simforge/contracts';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventBus } from '../events/bus.js';
import { streamSimulationEvents } from '../events/simulation-stream.js';
import { actorOf, type AuthGuards } from '../http/auth-guard.js';
import { bearerSecurity } from '../http/docs.js';
import { lastEventId, type SseStreams } from '../http/sse.js';
import type { Repositories } from '../repositories/index.js';
import type { SimulationsService } from '../services/simulations.js';
import { seriesIndex } from '../services/results-index.js';
import { INP_BODY_LIMIT, inpTooLarge } from '../http/body-limits.js';
import { toPage, toRun, toSimulation } from './presenters.js';
import { errorResponses } from './schemas.js';

/**
 * Options of the routes whose body carries parameters: the size limit (a PIPE_NETWORK's `.inp` text,
 * http/body-limits.ts) with its message, and `inp` as a file (text-check.ts).
 */
const parametersBody = {
  bodyLimit: INP_BODY_LIMIT,
  config: { textFiles: { 'parameters.inp': INP_FILE_KIND }, bodyTooLarge: inpTooLarge(INP_LABEL) },
};

export interface SimulationsRoutesOptions {
  guards: AuthGuards;
  simulations: SimulationsService;
  repos: Repositories;
  bus: EventBus;
  now: () => Date;
  sse: SseStreams;
  /** The per-user budget of the routes that compute the solver's estimate (create, edit, estimate). */
  estimateLimit: onRequestAsyncHookHandler;
}

const RunQuery = z.object({ run_id: z.uuid({ error: 'This field is invalid' }).optional() });
/** A field whole, or one index of its first axis (a network table at one reporting time). */
const FieldQuery = RunQuery.extend({ index: z.coerce.number({ error: 'This field is invalid' }).int({ error: 'This field is invalid' }).min(0, { error: 'This field is invalid' }).max(2 ** 31 - 1, { error: 'This field is invalid' }).optional() });
const NamedResult = SimulationIdParams.extend({ name: z.string().min(1) });

function logText(lines: { seq: number; t: number; level: string; message: string }[]): string {
  return lines.map((line) => `[${line.t.toFixed(3).padStart(9)} s] ${line.level.toUpperCase().padEnd(5)} ${line.message}`).join('\n') + (lines.length ? '\n' : '');
}

// Long function: the route table of /simulations; each handler is a few lines calling the service.
export const simulationsRoutes: FastifyPluginAsyncZod<SimulationsRoutesOptions> = async (app, options) => {
  const { guards, simulations } = options;
  const signedIn = { onRequest: guards.user };
  const estimating = { onRequest: [guards.user, options.estimateLimit] };
  const tags = ['simulations'];
  const security = bearerSecurity;

  app.get(
    '/simulations/',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'My simulations (filters, text search, sort, paging); parameters without texts over 8 192 characters (GET by id has them)',
        security,
        querystring: SimulationListQuery,
        response: { 200: SimulationsPublic, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => toPage(await simulations.list(actorOf(request), request.query), toSimulation),
  );

  app.get(
    '/simulations/all',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "All users' simulations (superuser); owner_id filters by owner, q also searches the owner's email; parameters as in the own list",
        security,
        querystring: AdminSimulationListQuery,
        response: { 200: SimulationsPublic, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => toPage(await simulations.listAll(actorOf(request), request.query), toSimulation),
  );

  app.post(
    '/simulations/',
    {
      ...estimating,
      ...parametersBody,
      schema: {
        tags,
        summary: "Create a draft simulation; parameters are checked against the type's schema, defaults fill the rest",
        security,
        body: SimulationCreate,
        response: { 201: Simulation, ...errorResponses(400, 401, 404, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const created = await simulations.create(actorOf(request), request.body);
      return reply.code(201).send(toSimulation(created));
    },
  );

  app.post(
    '/simulations/metamodel_estimate_v2',
    {
      ...estimating,
      ...parametersBody,
      schema: {
        tags,
        summary: "The type's fast estimate: model, validity range, whether the inputs are inside it, expected run time (and, for welding, the cross-section the solver would mesh)",
        security,
        body: EstimateRequest,
        response: { 200: EstimateResponse, ...errorResponses(400, 401, 404, 422, 429, 503) },
      },
    },
    async (request) => simulations.estimate(actorOf(request), request.body),
  );

  app.get(
    '/simulations/run/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Run the simulation: 202 with it queued (current_run_id is the new run); 409 when already queued or running',
        security,
        params: SimulationIdParams,
        response: { 202: Simulation, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    async (request, reply) => reply.code(202).send(toSimulation(await simulations.run(actorOf(request), request.params.id))),
  );

  app.post(
    '/simulations/:simulation_id/abort',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Abort: queued -> aborted at once, running -> aborting (aborted within a second, log kept); 409 when nothing runs',
        security,
        params: SimulationIdParamsAlt,
        response: { 200: Simulation, ...errorResponses(400, 401, 404, 409, 422) },
      },
    },
    async (request) => toSimulation(await simulations.abort(actorOf(request), request.params.simulation_id)),
  );

  app.get(
    '/simulations/:id',
    { ...signedIn, schema: { tags, summary: 'One simulation', security, params: SimulationIdParams, response: { 200: Simulation, ...errorResponses(400, 401, 404, 422) } } },
    async (request) => toSimulation(await simulations.get(actorOf(request), request.params.id)),
  );

  app.put(
    '/simulations/:id',
    {
      ...estimating,
      ...parametersBody,
      schema: {
        tags,
        summary: 'Edit title, description, parameters (409 while queued or running; new parameters return a finished one to draft)',
        security,
        params: SimulationIdParams,
        body: SimulationUpdate,
        response: { 200: Simulation, ...errorResponses(400, 401, 404, 409, 422, 429, 503) },
      },
    },
    async (request) => toSimulation(await simulations.update(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/simulations/:id',
    {
      ...signedIn,
      schema: { tags, summary: 'Delete (a running simulation is aborted first)', security, params: SimulationIdParams, response: { 200: Message, ...errorResponses(400, 401, 404, 422) } },
    },
    async (request) => {
      await simulations.delete(actorOf(request), request.params.id);
      return { msg: 'Simulation deleted successfully' };
    },
  );

  app.get(
    '/simulations/:id/runs',
    {
      ...signedIn,
      schema: { tags, summary: 'Run history, newest first', security, params: SimulationIdParams, response: { 200: SimulationRuns, ...errorResponses(400, 401, 404, 422) } },
    },
    async (request) => {
      const runs = await simulations.runs(actorOf(request), request.params.id);
      return { data: runs.map(toRun), count: runs.length };
    },
  );

  app.get(
    '/simulations/:id/log',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The complete stored log of the current (or given) run; ?format=text downloads it',
        security,
        params: SimulationIdParams,
        querystring: LogQuery,
        response: { 200: SimulationLog.or(z.string()), ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request, reply) => {
      const { simulation, run, lines } = await simulations.log(actorOf(request), request.params.id, request.query.run_id);
      const body = lines.map((line) => ({ seq: line.seq, t: line.t, level: line.level as 'info', message: line.message }));
      if (request.query.format === 'text') {
        const filename = `simulation-${simulation.id.slice(0, 8)}${run ? `-run-${run.number}` : ''}.log`;
        return reply.type('text/plain; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(logText(body));
      }
      return { simulation_id: simulation.id, run_id: run?.id ?? null, lines: body };
    },
  );

  app.get(
    '/simulations/:id/events',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Server-sent events (status, progress, log, residuals, result); resumable with Last-Event-ID',
        security,
        params: SimulationIdParams,
      },
    },
    async (request, reply) => {
      const simulation = await simulations.get(actorOf(request), request.params.id);
      const stream = options.sse.start(request, reply);
      await streamSimulationEvents({ stream, simulationId: simulation.id, lastEventId: lastEventId(request), repos: options.repos, bus: options.bus, now: options.now }).catch(
        (error: unknown) => {
          request.log.error({ err: error }, 'Event stream failed');
          stream.close();
        },
      );
    },
  );

  app.get(
    '/simulations/:id/results',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Results index of the current (or given) completed run: summary, series and field names with units',
        security,
        params: SimulationIdParams,
        querystring: RunQuery,
        response: { 200: ResultsIndex, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => {
      const { simulation, run, stored, fields } = await simulations.results(actorOf(request), request.params.id, request.query.run_id);
      return {
        simulation_id: simulation.id,
        run_id: run.id,
        solver_version: run.solver_version,
        summary: stored.summary,
        ...seriesIndex(stored.series),
        fields,
      };
    },
  );

  app.get(
    '/simulations/:id/results/series/:name',
    {
      ...signedIn,
      schema: { tags, summary: 'One series (x and y values, SI)', security, params: NamedResult, querystring: RunQuery, response: { 200: SeriesResponse, ...errorResponses(400, 401, 404, 422) } },
    },
    async (request) => {
      const { run, name, series } = await simulations.series(actorOf(request), request.params.id, request.params.name, request.query.run_id);
      return { ...series, name, run_id: run.id };
    },
  );

  app.get(
    '/simulations/:id/results/fields/:name',
    {
      ...signedIn,
      schema: {
        tags,
        summary: `One field as little-endian Float32 (${fieldBinary.contentType}); shape, unit and dtype in X-Field-* headers. With index, the field at that index of its first axis only (shape 1, …): a large network table one reporting time at a time`,
        security,
        params: NamedResult,
        querystring: FieldQuery,
      },
    },
    async (request, reply) => {
      const { run, field } = await simulations.field(actorOf(request), request.params.id, request.params.name, request.query.run_id, request.query.index);
      const h = fieldBinary.headers;
      return reply
        .type(fieldBinary.contentType)
        .header(h.dtype, fieldBinary.dtype)
        .header(h.shape, field.shape.join(','))
        .header(h.unit, encodeURIComponent(field.unit))
        .header(h.runId, run.id)
        .header('access-control-expose-headers', Object.values(h).join(', '))
        .send(Buffer.from(field.data.buffer, field.data.byteOffset, field.data.byteLength));
    },
  );
};
