// The test stream GET /utils/sse-test over the fetch-based SSE client: ticks with their ids, an
// `end` event after the last one, resumable with Last-Event-ID (the count continues).
import { useCallback, useEffect, useRef, useState } from 'react';
import { TickEvent } from '@simforge/contracts';
import { API_BASE, ApiError, queryString, reportUnauthorized, bearerHeaders } from '../../../lib/api';
import { openEventStream, SseHttpError, type EventStream, type SseState } from '../../../lib/sse';

export interface ReceivedTick extends TickEvent {
  receivedAt: string;
  /** Which connection brought it (1 for the first, 2 after a reconnect...). */
  connection: number;
}

export interface TestStreamOptions {
  seconds: number;
  intervalMs: number;
}

export function testStreamUrl({ seconds, intervalMs }: TestStreamOptions): string {
  return `${API_BASE}/utils/sse-test${queryString({ seconds, interval_ms: intervalMs })}`;
}

export function useTestStream() {
  const [ticks, setTicks] = useState<ReceivedTick[]>([]);
  const [state, setState] = useState<SseState | 'idle'>('idle');
  const [ended, setEnded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [lastEventId, setLastEventId] = useState('');
  const stream = useRef<EventStream | null>(null);
  const connections = useRef(0);
  const options = useRef<TestStreamOptions>({ seconds: 10, intervalMs: 1000 });

  const open = useCallback((resumeFrom: string) => {
    stream.current?.close();
    connections.current += 1;
    const connection = connections.current;
    setEnded(false);
    setError(null);
    let source: EventStream | null = null;
    source = openEventStream({
      url: testStreamUrl(options.current),
      lastEventId: resumeFrom,
      headers: bearerHeaders,
      onMessage: (message) => {
        setLastEventId(message.lastEventId);
        if (message.event === 'end') {
          setEnded(true);
          source?.close();
          return;
        }
        if (message.event !== 'tick') return;
        const parsed = TickEvent.safeParse(JSON.parse(message.data));
        if (parsed.success) setTicks((list) => [...list, { ...parsed.data, receivedAt: new Date().toISOString(), connection }]);
      },
      onStateChange: (next) => {
        if (source === null || stream.current === source) setState(next);
      },
      onError: (e, fatal) => {
        if (e instanceof SseHttpError && e.status === 401) reportUnauthorized(new ApiError(401, 'Unauthorized', e.body));
        setError(e instanceof SseHttpError ? `${e.message}${fatal ? '' : ' (retrying)'}` : 'The connection dropped (retrying)');
      },
    });
    stream.current = source;
    setState('connecting');
  }, []);

  useEffect(() => () => stream.current?.close(), []);

  return {
    ticks,
    state,
    ended,
    error,
    lastEventId,
    /** A fresh stream: the list is cleared and counting starts at 1. */
    connect(next: TestStreamOptions) {
      options.current = next;
      setTicks([]);
      setLastEventId('');
      open('');
    },
    /** Drops the connection and opens a new one with Last-Event-ID: the count continues. */
    reconnect() {
      open(stream.current?.lastEventId || lastEventId);
    },
    disconnect() {
      stream.current?.close();
      setState('closed');
    },
  };
}
