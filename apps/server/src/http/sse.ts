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

/** Whether the request that opened a stream may still read it (its user and token are still valid). */
export type SseRevalidate = (request: FastifyRequest) => Promise<boolean>;

/**
 * The open streams of one app; they are ended when it closes (otherwise close would wait for the
 * clients). With `revalidate`, every stream checks its request again at each heartbeat and on
 * `recheckAll`, and ends once its user is deactivated or gone or its session ended.
 */
export class SseStreams {
  readonly open = new Set<SseStream>();
  private readonly requests = new Map<SseStream, FastifyRequest>();

  constructor(
    app: FastifyInstance,
    readonly heartbeatMs: number,
    private readonly revalidate?: SseRevalidate,
  ) {
    app.addHook('preClose', async () => {
      for (const stream of [...this.open]) stream.close();
    });
  }

  start(request: FastifyRequest, reply: FastifyReply): SseStream {
    const stream = openSse(request, reply, {
      heartbeatMs: this.heartbeatMs,
      registry: this.open,
      onHeartbeat: () => void this.recheck(stream),
    });
    this.requests.set(stream, request);
    stream.onClose(() => this.requests.delete(stream));
    return stream;
  }

  /** Checks every open stream again now (e.g. after a user's sessions were ended). */
  async recheckAll(): Promise<void> {
    await Promise.all([...this.open].map((stream) => this.recheck(stream)));
  }

  private async recheck(stream: SseStream): Promise<void> {
    const request = this.requests.get(stream);
    if (!this.revalidate || !request || stream.closed) return;
    let allowed = false;
    try {
      allowed = await this.revalidate(request);
    } catch {
      // a failed check (database briefly away) keeps the stream: the next heartbeat checks again
      allowed = true;
    }
    if (!allowed) stream.close();
  }
}

function openSse(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { heartbeatMs: number; registry: Set<SseStream>; onHeartbeat?: () => void },
): SseStream {
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
  const heartbeat = setInterval(() => {
    stream.comment('heartbeat');
    options.onHeartbeat?.();
  }, options.heartbeatMs);

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
