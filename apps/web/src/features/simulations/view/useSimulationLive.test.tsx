import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { signedInForEachTest } from '../../../test/signedIn';
import { RUN_2, SIM_ID } from '../testFixtures';
import { LIVE_BATCH_MS, useSimulationLive, type SimulationLive } from './useSimulationLive';

// A solver streams progress, residuals and log lines many times a second; the page applies them in
// batches (at most every LIVE_BATCH_MS) so that it re-renders a few times a second, not once per
// event, and no residual point is lost on the way to the live plot.

function eventStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) }), { status: 200, headers: { 'Content-Type': 'text/event-stream' } })),
  );
  let id = 0;
  return {
    get open() {
      return controller !== null;
    },
    send(event: Record<string, unknown> & { type: string }) {
      id += 1;
      controller?.enqueue(encoder.encode(`id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify({ id, simulation_id: SIM_ID, run_id: RUN_2, at: '2026-01-02T10:00:05.000Z', ...event })}\n\n`));
    },
  };
}

function followed() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const seen: SimulationLive[] = [];
  const hook = renderHook(
    () => {
      const live = useSimulationLive(SIM_ID, true);
      seen.push(live);
      return live;
    },
    { wrapper },
  );
  return { ...hook, seen };
}

signedInForEachTest();

describe('useSimulationLive', () => {
  it('applies a burst of progress, residual and log events in a few renders, and hands every residual point to the plot', async () => {
    const stream = eventStream();
    const { result, seen } = followed();
    await waitFor(() => expect(stream.open).toBe(true));
    stream.send({ type: 'status', status: 'running', progress: 0, error: null });
    await waitFor(() => expect(result.current.connectedAt).toBeGreaterThan(0));
    const before = seen.length;

    for (let i = 1; i <= 30; i++) {
      stream.send({ type: 'residuals', iteration: i, values: { energy: 1 / i } });
      stream.send({ type: 'log', seq: i, t: i / 100, level: 'info', message: `step ${i}` });
      if (i % 3 === 0) stream.send({ type: 'progress', fraction: i / 30, eta_seconds: 30 - i, phase: 'steps' });
      // Apart in time, as a solver's reports arrive: each read of the stream is a task of its own.
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    await waitFor(() => expect(result.current.residuals?.iteration).toBe(30), { timeout: 4 * LIVE_BATCH_MS });

    // 70 events in 30 reads over about 100 ms: a render per read would be 30 or more; batched, the
    // renders are one per batch interval that the burst touches.
    expect(seen.length - before).toBeLessThanOrEqual(4);
    const batches = new Set(seen.map((live) => live.residuals).filter((r) => r !== null));
    const iterations = [...batches].flatMap((r) => (r.points ?? [r]).map((p) => p.iteration));
    expect(iterations).toEqual(Array.from({ length: 30 }, (_, k) => k + 1));
    expect([...result.current.log.lines.values()].map((line) => line.message)).toEqual(Array.from({ length: 30 }, (_, k) => `step ${k + 1}`));
    expect(result.current.progress).toMatchObject({ fraction: 1, etaSeconds: 0, phase: 'steps' });
  });

  it('applies the events gathered before a status change first, and the change at once', async () => {
    const stream = eventStream();
    const { result } = followed();
    await waitFor(() => expect(stream.open).toBe(true));
    stream.send({ type: 'status', status: 'running', progress: 0, error: null });
    await waitFor(() => expect(result.current.connectedAt).toBeGreaterThan(0));

    stream.send({ type: 'progress', fraction: 0.97, eta_seconds: 1, phase: 'steps' });
    stream.send({ type: 'log', seq: 9, t: 2, level: 'info', message: 'completed in 2.000 s' });
    stream.send({ type: 'status', status: 'completed', progress: 1, error: null });
    // Well before a batch would be due: the status took the gathered events with it.
    await waitFor(() => expect(result.current.progress?.etaSeconds).toBeNull(), { timeout: LIVE_BATCH_MS / 2 });
    expect(result.current.progress?.fraction).toBe(0.97);
    expect([...result.current.log.lines.values()].map((line) => line.message)).toEqual(['completed in 2.000 s']);
  });
});
