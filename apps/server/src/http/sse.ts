// Server-sent events on a Fastify reply: the reply is hijacked and written as text/event-stream
// (with the headers the app's hooks already set: security headers, CSP), with a comment line as a
// heartbeat, and closed cleanly when the client goes away or the server shuts down.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface SseMessage {
  id?: number | string;
  event?: string;
  data: unknown;
}

export interface SseStream {
  readonly closed: boolean;
  send(message: SseMessage): void;
  comment(text: string): void;
  close(): void;
  onClose(listener: () => void): void;
}

/** The open streams of one app; they are ended when it closes (otherwise close would wait for the clients). */
export class SseStreams {
  readonly open = new Set<SseStream>();

  constructor(
    app: FastifyInstance,
    readonly heartbeatMs: number,
  ) {
    app.addHook('preClose', async () => {
      for (const stream of [...this.open]) stream.close();
    });
  }

  start(request: FastifyRequest, reply: FastifyReply): SseStream {
    return openSse(request, reply, { heartbeatMs: this.heartbeatMs, registry: this.open });
  }
}

function openSse(request: FastifyRequest, reply: FastifyReply, options: { heartbeatMs: number; registry: Set<SseStream> }): SseStream {
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value as string;
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Reverse proxies (nginx) must not buffer the stream.
    'x-accel-buffering': 'no',
  });
  raw.flushHeaders?.();
  const listeners: (() => void)[] = [];
  const registry = options.registry;
  let closed = false;
  const heartbeat = setInterval(() => stream.comment('heartbeat'), options.heartbeatMs);

  const stream: SseStream = {
    get closed() {
      return closed;
    },
    send(message) {
      if (closed) return;
      let text = '';
      if (message.id !== undefined) text += `id: ${message.id}\n`;
      if (message.event) text += `event: ${message.event}\n`;
      for (const line of JSON.stringify(message.data).split('\n')) text += `data: ${line}\n`;
      raw.write(`${text}\n`);
    },
    comment(textLine) {
      if (!closed) raw.write(`: ${textLine}\n\n`);
    },
    close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      registry.delete(stream);
      for (const listener of listeners.splice(0)) listener();
      raw.end();
    },
    onClose(listener) {
      if (closed) listener();
      else listeners.push(listener);
    },
  };
  registry.add(stream);
  // The client went away: stop everything that feeds this stream.
  request.raw.on('close', () => stream.close());
  raw.on('close', () => stream.close());
  // Tell the client how long to wait before reconnecting, and open the stream at once.
  raw.write('retry: 2000\n\n');
  return stream;
}

/** The Last-Event-ID header as a number, or null. */
export function lastEventId(request: FastifyRequest): number | null {
  const raw = request.headers['last-event-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : null;
}
