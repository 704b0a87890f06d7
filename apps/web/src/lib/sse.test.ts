import { describe, expect, it, vi } from 'vitest';
import { backoffDelay, openEventStream, SseParser, type SseMessage, type SseState } from './sse';

function parse(chunks: string[], lastEventId = ''): SseMessage[] {
  const messages: SseMessage[] = [];
  const parser = new SseParser((m) => messages.push(m), undefined, lastEventId);
  for (const chunk of chunks) parser.feed(chunk);
  return messages;
}

const stream = 'retry: 2000\n\nid: 1\nevent: status\ndata: {"a":1}\n\n: heartbeat\n\nid: 2\nevent: log\ndata: line one\ndata: line two\n\n';

describe('SseParser', () => {
  it('reads events, ids, names and multi-line data', () => {
    expect(parse([stream])).toEqual([
      { event: 'status', data: '{"a":1}', lastEventId: '1' },
      { event: 'log', data: 'line one\nline two', lastEventId: '2' },
    ]);
  });

  it('gives the same messages however the text is split into chunks', () => {
    const whole = parse([stream]);
    for (let size = 1; size <= 7; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < stream.length; i += size) chunks.push(stream.slice(i, i + size));
      expect(parse(chunks)).toEqual(whole);
    }
    for (let cut = 0; cut <= stream.length; cut++) {
      expect(parse([stream.slice(0, cut), stream.slice(cut)])).toEqual(whole);
    }
  });

  it('accepts CRLF and CR line ends, also with the pair split across chunks', () => {
    const crlf = stream.replace(/\n/g, '\r\n');
    const cr = stream.replace(/\n/g, '\r');
    const whole = parse([stream]);
    expect(parse([crlf])).toEqual(whole);
    expect(parse([cr])).toEqual(whole);
    for (let cut = 0; cut <= crlf.length; cut++) expect(parse([crlf.slice(0, cut), crlf.slice(cut)])).toEqual(whole);
  });

  it('keeps the last id across messages, default event name message, no dispatch without data', () => {
    expect(parse(['id: 7\n\ndata: x\n\nid\ndata: y\n\n'])).toEqual([
      { event: 'message', data: 'x', lastEventId: '7' },
      { event: 'message', data: 'y', lastEventId: '' },
    ]);
    expect(parse(['data\n\n'])).toEqual([{ event: 'message', data: '', lastEventId: '' }]);
    expect(parse(['data:no space\n\n'])[0]!.data).toBe('no space');
    expect(parse(['data:  two spaces\n\n'])[0]!.data).toBe(' two spaces');
    expect(parse(['data: x\n'])).toEqual([]);
  });

  it('ignores a leading byte order mark and reports retry', () => {
    const retries: number[] = [];
    const messages: SseMessage[] = [];
    const parser = new SseParser((m) => messages.push(m), (ms) => retries.push(ms));
    parser.feed('\uFEFFretry: 1500\ndata: a\n\nretry: soon\n\n');
    expect(messages).toEqual([{ event: 'message', data: 'a', lastEventId: '' }]);
    expect(retries).toEqual([1500]);
  });
});

describe('backoffDelay', () => {
  it('doubles from the base up to the cap', () => {
    const options = { initialMs: 1000, maxMs: 8000, factor: 2 };
    expect([0, 1, 2, 3, 4, 5].map((a) => backoffDelay(a, 1000, options))).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
  });
});

/** A fetch answering each call with the next scripted body (chunks of bytes), keeping the headers. */
function scriptedFetch(bodies: (string[] | { status: number })[]) {
  const calls: Headers[] = [];
  const encoder = new TextEncoder();
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push(new Headers(init.headers));
    const next = bodies.shift();
    if (!next) return new Promise<Response>(() => undefined); // hangs: the test closes the stream
    if (!Array.isArray(next)) return new Response('{"detail":"Simulation not found"}', { status: next.status });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of next) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  });
  return { fetchMock, calls };
}

describe('openEventStream', () => {
  it('sends the bearer header, reconnects after a drop with Last-Event-ID and backs off', async () => {
    const { fetchMock, calls } = scriptedFetch([['id: 4\nevent: tick\nda', 'ta: {"n":4}\n\n'], ['id: 5\nevent: tick\ndata: {"n":5}\n\n']]);
    const messages: SseMessage[] = [];
    const sleeps: number[] = [];
    const states: SseState[] = [];
    const source = openEventStream({
      url: '/api/v1/utils/sse-test',
      headers: () => ({ Authorization: 'Bearer tok' }),
      lastEventId: '3',
      onMessage: (m) => messages.push(m),
      onStateChange: (s) => states.push(s),
      fetch: fetchMock as unknown as typeof fetch,
      sleep: async (ms) => void sleeps.push(ms),
      backoff: { initialMs: 100, maxMs: 1000, factor: 2 },
    });
    await vi.waitFor(() => expect(calls.length).toBe(3));
    source.close();
    expect(messages.map((m) => [m.event, m.data, m.lastEventId])).toEqual([
      ['tick', '{"n":4}', '4'],
      ['tick', '{"n":5}', '5'],
    ]);
    expect(calls[0]!.get('Authorization')).toBe('Bearer tok');
    expect(calls[0]!.get('Accept')).toBe('text/event-stream');
    expect(calls.map((h) => h.get('Last-Event-ID'))).toEqual(['3', '4', '5']);
    // Each connection delivered a message, so each wait starts again from the base.
    expect(sleeps).toEqual([100, 100]);
    expect(states).toContain('open');
    expect(states.at(-1)).toBe('closed');
  });

  it('follows the server retry time and doubles while connections fail', async () => {
    const { fetchMock, calls } = scriptedFetch([['retry: 300\n\n'], { status: 503 }, { status: 502 }]);
    const sleeps: number[] = [];
    const errors: [number, boolean][] = [];
    const source = openEventStream({
      url: '/x',
      onMessage: () => undefined,
      onError: (e, fatal) => errors.push([(e as { status: number }).status, fatal]),
      fetch: fetchMock as unknown as typeof fetch,
      sleep: async (ms) => void sleeps.push(ms),
    });
    await vi.waitFor(() => expect(calls.length).toBe(4));
    source.close();
    expect(sleeps).toEqual([300, 600, 1200]);
    expect(errors).toEqual([
      [503, false],
      [502, false],
    ]);
  });

  it('stops on a refusal (404) and reports it as fatal', async () => {
    const { fetchMock, calls } = scriptedFetch([{ status: 404 }]);
    const errors: boolean[] = [];
    const states: SseState[] = [];
    openEventStream({ url: '/x', onMessage: () => undefined, onError: (_, fatal) => errors.push(fatal), onStateChange: (s) => states.push(s), fetch: fetchMock as unknown as typeof fetch });
    await vi.waitFor(() => expect(states.at(-1)).toBe('closed'));
    expect(calls.length).toBe(1);
    expect(errors).toEqual([true]);
  });

  it('reconnect() opens a new connection at once, keeping the last id', async () => {
    const encoder = new TextEncoder();
    const calls: Headers[] = [];
    let controllerOfFirst: ReadableStreamDefaultController<Uint8Array> | null = null;
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push(new Headers(init.headers));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          if (!controllerOfFirst) {
            controllerOfFirst = controller;
            controller.enqueue(encoder.encode('id: 9\ndata: a\n\n'));
          }
        },
      });
      init.signal?.addEventListener('abort', () => {
        try {
          (controllerOfFirst as ReadableStreamDefaultController<Uint8Array> | null)?.error(new DOMException('aborted', 'AbortError'));
        } catch {
          // already closed
        }
      });
      return new Response(body, { status: 200 });
    });
    const sleeps: number[] = [];
    const errors: unknown[] = [];
    const messages: string[] = [];
    const source = openEventStream({ url: '/x', onMessage: (m) => messages.push(m.data), onError: (e) => errors.push(e), fetch: fetchMock as unknown as typeof fetch, sleep: async (ms) => void sleeps.push(ms) });
    await vi.waitFor(() => expect(messages).toEqual(['a']));
    source.reconnect();
    await vi.waitFor(() => expect(calls.length).toBe(2));
    source.close();
    expect(calls[1]!.get('Last-Event-ID')).toBe('9');
    expect(sleeps).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('decodes UTF-8 split between chunks', async () => {
    const bytes = new TextEncoder().encode('data: 20 °C → 1 m³/s\n\n');
    const calls: number[] = [];
    const fetchMock = vi.fn(async () => {
      calls.push(1);
      if (calls.length > 1) return new Promise<Response>(() => undefined);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i++) controller.enqueue(bytes.slice(i, i + 1));
          controller.close();
        },
      });
      return new Response(body, { status: 200 });
    });
    const messages: string[] = [];
    const source = openEventStream({ url: '/x', onMessage: (m) => messages.push(m.data), fetch: fetchMock as unknown as typeof fetch, sleep: async () => undefined });
    await vi.waitFor(() => expect(messages).toEqual(['20 °C → 1 m³/s']));
    source.close();
  });
});
