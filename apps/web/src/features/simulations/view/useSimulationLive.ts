// Follows one simulation live over GET /simulations/{id}/events (fetch-based SSE with the bearer
// token, resumed with Last-Event-ID): status changes update the cached simulation at once (and
// refresh runs, log and results when a run ends), progress and residuals are kept for the
// progress panel, and log lines are collected per run for the live log.
//
// Why the events are applied in batches: a solver reports progress, residuals and log lines 10–20
// times a second, and every change re-renders the whole view page (cards, plots, log, run history).
// Applied one by one they kept the browser's main thread busy for the whole run (a TEE weld: 8.1 s of
// 8 s) and took a core from the solver beside it. Progress, residuals and log lines are gathered and
// applied together at most every LIVE_BATCH_MS; a status or result event applies the gathered ones
// first and then itself at once, so the order holds and a finished run shows without delay.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { finishedStatuses, parseSimulationEvent, type LogLine, type Simulation, type SimulationEvent, type SimulationStatus } from '@simforge/contracts';
import { API_BASE, ApiError, reportUnauthorized, bearerHeaders } from '../../../lib/api';
import { openEventStream, SseHttpError, type SseState } from '../../../lib/sse';
import { simulationsKeys } from '../simulationsApi';

export interface LiveProgress {
  runId: string | null;
  fraction: number;
  etaSeconds: number | null;
  phase: string | null;
  at: string;
}

export interface LiveResiduals {
  runId: string | null;
  /** The latest reported iteration and its residuals. */
  iteration: number;
  values: Record<string, number>;
  /** Every iteration reported since the previous batch, in order (the latest last); absent: only the latest. */
  points?: { iteration: number; values: Record<string, number> }[];
}

export interface LiveLog {
  runId: string | null;
  /** By seq (per run). */
  lines: Map<number, LogLine>;
}

export interface SimulationLive {
  connection: SseState;
  progress: LiveProgress | null;
  residuals: LiveResiduals | null;
  log: LiveLog;
  /** Bumps whenever the stream (re)connects, so the stored log can be fetched again to close any gap. */
  connectedAt: number;
}

const emptyLog: LiveLog = { runId: null, lines: new Map() };
const MAX_LIVE_LINES = 20_000;
/** Progress, residuals and log lines reach the page at most this often (4 times a second). */
export const LIVE_BATCH_MS = 250;

type ProgressEvent = Extract<SimulationEvent, { type: 'progress' }>;
type ResidualsEvent = Extract<SimulationEvent, { type: 'residuals' }>;
type LogEvent = Extract<SimulationEvent, { type: 'log' }>;
type BatchedEvent = ProgressEvent | ResidualsEvent | LogEvent;

export function eventsUrl(simulationId: string): string {
  return `${API_BASE}/simulations/${encodeURIComponent(simulationId)}/events`;
}

/** Applies a status event to the cached simulation (the event is the newer truth). */
export function withStatus(simulation: Simulation, event: Extract<SimulationEvent, { type: 'status' }>): Simulation {
  return {
    ...simulation,
    status: event.status,
    progress: event.progress,
    error: event.error === undefined ? simulation.error : event.error,
    current_run_id: event.run_id ?? simulation.current_run_id,
  };
}

/** The live log with the lines of `events` added (a new run's first line starts a new log). */
function withLogLines(current: LiveLog, events: LogEvent[]): LiveLog {
  let { runId, lines } = current;
  let copied = false;
  for (const event of events) {
    if (event.run_id !== runId) {
      runId = event.run_id;
      lines = new Map();
      copied = true;
    } else if (!copied) {
      lines = new Map(lines);
      copied = true;
    }
    if (lines.size < MAX_LIVE_LINES) lines.set(event.seq, { seq: event.seq, t: event.t, level: event.level, message: event.message });
  }
  return { runId, lines };
}

export function useSimulationLive(simulationId: string, enabled: boolean): SimulationLive {
  const queryClient = useQueryClient();
  const [connection, setConnection] = useState<SseState>('connecting');
  const [progress, setProgress] = useState<LiveProgress | null>(null);
  const [residuals, setResiduals] = useState<LiveResiduals | null>(null);
  const [log, setLog] = useState<LiveLog>(emptyLog);
  const [connectedAt, setConnectedAt] = useState(0);
  const lastStatus = useRef<{ status: SimulationStatus; runId: string | null } | null>(null);

  useEffect(() => {
    if (!enabled) return;
    lastStatus.current = null;
    const key = simulationsKeys.one(simulationId);
    let firstStatusOfConnection = true;

    const refreshRunData = () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: simulationsKeys.runs(simulationId) });
      void queryClient.invalidateQueries({ queryKey: ['simulations', 'log', simulationId] });
      void queryClient.invalidateQueries({ queryKey: ['simulations', 'results', simulationId] });
      void queryClient.invalidateQueries({ queryKey: simulationsKeys.lists });
    };

    let batch: BatchedEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const applyBatch = () => {
      clearTimeout(timer);
      timer = undefined;
      const events = batch;
      batch = [];
      if (events.length > 0) applyEvents(events);
    };
    const applyEvents = (events: BatchedEvent[]) => {
      const progressEvent = events.findLast((e): e is ProgressEvent => e.type === 'progress');
      if (progressEvent) {
        setProgress({ runId: progressEvent.run_id, fraction: progressEvent.fraction, etaSeconds: progressEvent.eta_seconds, phase: progressEvent.phase, at: progressEvent.at });
        queryClient.setQueryData<Simulation>(key, (old) => (old && old.current_run_id === progressEvent.run_id ? { ...old, progress: progressEvent.fraction } : old));
      }
      const residualEvents = events.filter((e): e is ResidualsEvent => e.type === 'residuals');
      const latest = residualEvents[residualEvents.length - 1];
      if (latest) {
        const points = residualEvents.filter((e) => e.run_id === latest.run_id).map((e) => ({ iteration: e.iteration, values: e.values }));
        setResiduals({ runId: latest.run_id, iteration: latest.iteration, values: latest.values, points });
      }
      const logEvents = events.filter((e): e is LogEvent => e.type === 'log');
      if (logEvents.length > 0) setLog((current) => withLogLines(current, logEvents));
    };

    const onEvent = (event: SimulationEvent) => {
      if (event.type === 'status' || event.type === 'result') applyBatch();
      switch (event.type) {
        case 'status': {
          const cached = queryClient.getQueryData<Simulation>(key);
          queryClient.setQueryData<Simulation>(key, (old) => (old ? withStatus(old, event) : old));
          const previous = lastStatus.current ?? (cached ? { status: cached.status, runId: cached.current_run_id } : null);
          lastStatus.current = { status: event.status, runId: event.run_id };
          if (firstStatusOfConnection) {
            firstStatusOfConnection = false;
            setConnectedAt(Date.now());
          }
          const changed = previous !== null && (previous.status !== event.status || previous.runId !== event.run_id);
          if (previous !== null && previous.runId !== event.run_id) {
            setProgress(null);
            setResiduals(null);
          }
          if (changed) refreshRunData();
          if (finishedStatuses.includes(event.status) || event.status === 'draft') setProgress((p) => (p && p.runId === event.run_id ? { ...p, etaSeconds: null } : p));
          break;
        }
        case 'progress':
        case 'residuals':
        case 'log':
          batch.push(event);
          if (timer === undefined) timer = setTimeout(applyBatch, LIVE_BATCH_MS);
          break;
        case 'result':
          void queryClient.invalidateQueries({ queryKey: key });
          void queryClient.invalidateQueries({ queryKey: ['simulations', 'results', simulationId] });
          void queryClient.invalidateQueries({ queryKey: simulationsKeys.runs(simulationId) });
          break;
      }
    };

    const stream = openEventStream({
      url: eventsUrl(simulationId),
      headers: bearerHeaders,
      onMessage: (message) => {
        try {
          onEvent(parseSimulationEvent(message.data));
        } catch {
          // An event this version does not know: skipped.
        }
      },
      onStateChange: (state) => {
        if (state === 'open') firstStatusOfConnection = true;
        setConnection(state);
      },
      onError: (error) => {
        if (error instanceof SseHttpError && error.status === 401) reportUnauthorized(new ApiError(401, 'Unauthorized', error.body));
      },
    });
    return () => {
      clearTimeout(timer);
      stream.close();
    };
  }, [simulationId, enabled, queryClient]);

  return { connection, progress, residuals, log, connectedAt };
}
