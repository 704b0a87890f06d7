// The ONE typed event union of simulations: what the job system publishes on the bus and what
// GET /api/v1/simulations/{id}/events serves as server-sent events (SSE is a view of the bus).
//
// Every event carries `id`, a number that increases across all events of a simulation (the
// database assigns it), sent as the SSE `id:` so a client resumes with `Last-Event-ID`. The SSE
// `event:` name is the event's `type`, and `data:` is the JSON of the whole event.
//
// On connect the stream first sends a `status` event with the current state (its id is the resume
// point: Last-Event-ID when given, else the latest id), then, when resuming, the stored events after
// Last-Event-ID, then live events. Log lines carry `seq` (per run, from 1), so a client that also
// loads GET /{id}/log can merge both without duplicates.

import { z } from 'zod';
import { ScalarResult } from './results.js';
import { SimulationError, SimulationStatus } from './simulation.js';

const base = {
  id: z.number().int(),
  simulation_id: z.uuid(),
  run_id: z.uuid().nullable(),
  /** ISO 8601 time the event happened. */
  at: z.string(),
};

export const StatusEvent = z.object({
  ...base,
  type: z.literal('status'),
  status: SimulationStatus,
  progress: z.number().min(0).max(1),
  error: SimulationError.nullable().optional(),
});

export const ProgressEvent = z.object({
  ...base,
  type: z.literal('progress'),
  fraction: z.number().min(0).max(1),
  eta_seconds: z.number().nullable(),
  phase: z.string().nullable(),
});

export const LogEvent = z.object({
  ...base,
  type: z.literal('log'),
  seq: z.number().int(),
  /** Seconds since the run started. */
  t: z.number(),
  level: z.enum(['debug', 'info', 'warn', 'error']),
  message: z.string(),
});

export const ResidualsEvent = z.object({
  ...base,
  type: z.literal('residuals'),
  iteration: z.number().int(),
  values: z.record(z.string(), z.number()),
});

/** Results are stored: fetch GET /{id}/results for series and fields. */
export const ResultEvent = z.object({
  ...base,
  type: z.literal('result'),
  summary: z.record(z.string(), ScalarResult),
});

export const SimulationEvent = z.discriminatedUnion('type', [StatusEvent, ProgressEvent, LogEvent, ResidualsEvent, ResultEvent]);
export type SimulationEvent = z.infer<typeof SimulationEvent>;
export type SimulationEventType = SimulationEvent['type'];
export type SimulationEventOf<T extends SimulationEventType> = Extract<SimulationEvent, { type: T }>;
export type StatusEvent = z.infer<typeof StatusEvent>;
export type ProgressEvent = z.infer<typeof ProgressEvent>;
export type LogEvent = z.infer<typeof LogEvent>;
export type ResidualsEvent = z.infer<typeof ResidualsEvent>;
export type ResultEvent = z.infer<typeof ResultEvent>;

export const simulationEventTypes = ['status', 'progress', 'log', 'residuals', 'result'] as const satisfies readonly SimulationEventType[];

/** An event before the database gave it its id. */
export type SimulationEventInput = SimulationEvent extends infer E ? (E extends SimulationEvent ? Omit<E, 'id'> : never) : never;

/** GET /api/v1/utils/sse-test: a tick per interval (default once a second) for `seconds`. */
export const SseTestQuery = z.object({
  seconds: z.coerce.number().int().min(1).max(300).default(10),
  interval_ms: z.coerce.number().int().min(50).max(10_000).default(1000),
});
export type SseTestQuery = z.infer<typeof SseTestQuery>;

export const TickEvent = z.object({
  type: z.literal('tick'),
  /** 1, 2, 3...: also the SSE id (resume with Last-Event-ID to continue the count). */
  id: z.number().int(),
  n: z.number().int(),
  remaining: z.number().int(),
  at: z.string(),
});
export type TickEvent = z.infer<typeof TickEvent>;

/** Seconds between SSE heartbeats (`: heartbeat` comment lines) on every stream. */
export const SSE_HEARTBEAT_SECONDS = 15;

/** Parses the `data:` of an SSE message of the simulation stream. */
export function parseSimulationEvent(data: string): SimulationEvent {
  return SimulationEvent.parse(JSON.parse(data));
}
