import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, pathOf, stubFetch } from '../../../test/fetchStub';
import { renderApp } from '../../../test/renderApp';
import { signedInForEachTest } from '../../../test/signedIn';
import { authStore } from '../../../lib/authStore';
import { ticksAsLog } from './LogTestScreen';

function tick(n: number, total: number) {
  return `id: ${n}\nevent: tick\ndata: ${JSON.stringify({ type: 'tick', id: n, n, remaining: total - n, at: `2026-01-02T10:00:0${n}.000Z` })}\n\n`;
}

/** The test stream: answers ticks after Last-Event-ID, then `end`. */
function sseTestServer(total: number) {
  const seen: Headers[] = [];
  const { fetchMock } = stubFetch((call) => (pathOf(call) === '/api/v1/users/me' ? { json: aUser } : pathOf(call) === '/api/v1/simulations/' ? { json: { data: [], count: 0 } } : undefined));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (!url.startsWith('/api/v1/utils/sse-test')) return fetchMock(input, init);
      const headers = new Headers(init.headers);
      seen.push(headers);
      const from = Number(headers.get('Last-Event-ID') ?? 0);
      let text = 'retry: 60000\n\n';
      for (let n = from + 1; n <= Math.min(total, from + 2); n++) text += tick(n, total);
      if (from + 2 >= total) text += 'event: end\ndata: {"type":"end"}\n\n';
      return new Response(text, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }),
  );
  return { seen };
}

signedInForEachTest();

describe('sse-test', () => {
  it('shows the ticks with their ids; Reconnect resumes with Last-Event-ID', async () => {
    const { seen } = sseTestServer(4);
    await authStore.init();
    renderApp('/main/simulations/sse-test');
    const table = await screen.findByRole('table', { name: 'Received ticks' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(seen[0]!.get('Authorization')).toBe('Bearer tok');
    expect(seen[0]!.get('Last-Event-ID')).toBeNull();
    expect(screen.getByTestId('last-event-id').textContent).toBe('2');

    fireEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    expect(seen.at(-1)!.get('Last-Event-ID')).toBe('2');
    expect(await screen.findByText(/The stream ended after tick 4/)).toBeTruthy();
  });
});

describe('log-test', () => {
  it('feeds the live log from the test stream', async () => {
    sseTestServer(2);
    await authStore.init();
    renderApp('/main/simulations/log-test');
    const log = await screen.findByRole('log', { name: 'Test stream log' });
    expect(await within(log).findByText('tick 2 (event id 2), 0 remaining')).toBeTruthy();
  });

  it('turns ticks into log lines timed by the server clock', () => {
    const lines = ticksAsLog([
      { type: 'tick', id: 1, n: 1, remaining: 1, at: '2026-01-02T10:00:00.000Z', receivedAt: '', connection: 1 },
      { type: 'tick', id: 2, n: 2, remaining: 0, at: '2026-01-02T10:00:00.500Z', receivedAt: '', connection: 2 },
    ]);
    expect(lines).toEqual([
      { seq: 1, t: 0, level: 'info', message: 'tick 1 (event id 1), 1 remaining' },
      { seq: 2, t: 0.5, level: 'warn', message: 'tick 2 (event id 2), 0 remaining, connection #2' },
    ]);
  });
});
