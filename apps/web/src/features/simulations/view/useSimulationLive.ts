// Follows one simulation live over GET /simulations/{id}/events (fetch-based SSE with the bearer
// token, resumed with Last-Event-ID): status changes update the cached simulation at once (and
// refresh runs, log and results when a run ends), progress and residuals are kept for the
// progress panel, and log lines are collected per run for the live log.
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
  iteration: number;
  values: Record<string, number>;
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

    const onEvent = (event: SimulationEvent) => {
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
          setProgress({ runId: event.run_id, fraction: event.fraction, etaSeconds: event.eta_seconds, phase: event.phase, at: event.at });
          queryClient.setQueryData<Simulation>(key, (old) => (old && old.current_run_id === event.run_id ? { ...old, progress: event.fraction } : old));
          break;
        case 'residuals':
          setResiduals({ runId: event.run_id, iteration: event.iteration, values: event.values });
          break;
        case 'log':
          setLog((current) => {
            const lines = current.runId === event.run_id ? new Map(current.lines) : new Map<number, LogLine>();
            if (lines.size < MAX_LIVE_LINES) lines.set(event.seq, { seq: event.seq, t: event.t, level: event.level, message: event.message });
            return { runId: event.run_id, lines };
          });
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
    return () => stream.close();
  }, [simulationId, enabled, queryClient]);

  return { connection, progress, residuals, log, connectedAt };
}
