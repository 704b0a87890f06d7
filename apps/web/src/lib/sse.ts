// A server-sent-events client over fetch (the streams need the bearer token in the Authorization
// header, which EventSource cannot send). The parser follows the WHATWG "event stream
// interpretation": lines end in CRLF, LF or CR, chunks may split anywhere (even a CRLF pair or a
// UTF-8 character), `data:` lines join with "\n", `id:` sets the last event id (kept across
// messages), `retry:` sets the reconnection time, `:` lines are comments (heartbeats).
// The connection resumes with `Last-Event-ID` after a drop, with exponential backoff.

export interface SseMessage {
  /** The `event:` name, `message` when none was given. */
  event: string;
  data: string;
  /** The last event id after this message (the stream's, not only this message's), or '' when none yet. */
  lastEventId: string;
}

/** Incremental parser: feed it text as it arrives, it calls back once per complete message. */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private eventName = '';
  private lastId = '';
  private sawCarriageReturn = false;
  private started = false;

  constructor(
    private readonly onMessage: (message: SseMessage) => void,
    private readonly onRetry: (ms: number) => void = () => undefined,
    initialLastEventId = '',
  ) {
    this.lastId = initialLastEventId;
  }

  get lastEventId(): string {
    return this.lastId;
  }

  feed(chunk: string): void {
    let text = chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    // A CR ended the previous chunk: a LF opening this one belongs to the same line break.
    if (this.sawCarriageReturn && text.startsWith('\n')) text = text.slice(1);
    this.sawCarriageReturn = false;
    this.buffer += text;
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer[i];
      if (c !== '\n' && c !== '\r') continue;
      this.line(this.buffer.slice(start, i));
      if (c === '\r') {
        if (i + 1 < this.buffer.length) {
          if (this.buffer[i + 1] === '\n') i++;
        } else {
          this.sawCarriageReturn = true;
        }
      }
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
  }

  /** Forgets a half-received message (the connection dropped); the last event id stays. */
  reset(): void {
    this.buffer = '';
    this.data = [];
    this.eventName = '';
    this.sawCarriageReturn = false;
    this.started = false;
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.data.push(value);
        break;
      case 'event':
        this.eventName = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.onRetry(Number(value));
        break;
      default:
        break;
    }
  }

  private dispatch(): void {
    const hasData = this.data.length > 0;
    const message: SseMessage = { event: this.eventName || 'message', data: this.data.join('\n'), lastEventId: this.lastId };
    this.data = [];
    this.eventName = '';
    if (hasData) this.onMessage(message);
  }
}

export type SseState = 'connecting' | 'open' | 'retrying' | 'closed';

/** The stream was refused with an HTTP status (4xx other than 408/429 ends the attempts). */
export class SseHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`Request failed with status ${status}`);
    this.name = 'SseHttpError';
  }
}

export interface BackoffOptions {
  /** First wait after a drop (the server's `retry:` replaces it). */
  initialMs: number;
  maxMs: number;
  factor: number;
}

export const defaultBackoff: BackoffOptions = { initialMs: 1000, maxMs: 30_000, factor: 2 };

/** The wait before attempt `attempt` (0-based): base·factor^attempt, capped. */
export function backoffDelay(attempt: number, baseMs: number, options: BackoffOptions = defaultBackoff): number {
  return Math.min(options.maxMs, baseMs * options.factor ** Math.max(0, attempt));
}

export interface EventStreamOptions {
  /** Absolute or same-origin URL. */
  url: string;
  /** Headers of each attempt (read again on every reconnect, so a renewed token is used). */
  headers?: () => Record<string, string>;
  /** Resume point of the first connection. */
  lastEventId?: string;
  onMessage: (message: SseMessage) => void;
  onStateChange?: (state: SseState) => void;
  /** Every failure; `fatal` when no further attempt follows. */
  onError?: (error: unknown, fatal: boolean) => void;
  backoff?: Partial<BackoffOptions>;
  fetch?: typeof fetch;
  /** Waits (tests replace it). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface EventStream {
  close(): void;
  /** Drops the current connection and connects again at once (keeping the last event id). */
  reconnect(): void;
  readonly lastEventId: string;
  readonly state: SseState;
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

function isFatalStatus(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** Opens the stream and keeps it open (reconnecting with Last-Event-ID) until close(). */
export function openEventStream(options: EventStreamOptions): EventStream {
  const backoff: BackoffOptions = { ...defaultBackoff, ...options.backoff };
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const sleep = options.sleep ?? abortableSleep;
  let serverRetryMs: number | null = null;
  const parser = new SseParser(
    (message) => {
      receivedSinceOpen = true;
      options.onMessage(message);
    },
    (ms) => (serverRetryMs = ms),
    options.lastEventId ?? '',
  );
  let state: SseState = 'connecting';
  let closed = false;
  let attempt = 0;
  let receivedSinceOpen = false;
  let connection: AbortController | null = null;
  let wait: AbortController | null = null;
  let reconnectNow = false;

  const setState = (next: SseState) => {
    if (state === next) return;
    state = next;
    options.onStateChange?.(next);
  };

  async function connectOnce(): Promise<void> {
    connection = new AbortController();
    const headers: Record<string, string> = { Accept: 'text/event-stream', 'Cache-Control': 'no-cache', ...options.headers?.() };
    if (parser.lastEventId !== '') headers['Last-Event-ID'] = parser.lastEventId;
    const response = await doFetch(options.url, { headers, signal: connection.signal, credentials: 'same-origin', cache: 'no-store' });
    if (!response.ok || !response.body) {
      const body = await response.text().catch(() => '');
      throw new SseHttpError(response.status, body);
    }
    setState('open');
    receivedSinceOpen = false;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        if (value) parser.feed(decoder.decode(value, { stream: true }));
        if (receivedSinceOpen) attempt = 0;
      }
    } finally {
      reader.releaseLock();
    }
  }

  async function run(): Promise<void> {
    while (!closed) {
      setState(attempt === 0 && state !== 'retrying' ? 'connecting' : 'retrying');
      try {
        await connectOnce();
      } catch (error) {
        if (closed) break;
        const fatal = error instanceof SseHttpError && isFatalStatus(error.status);
        // An abort by reconnect() is not an error.
        if ((error as { name?: unknown } | null)?.name !== 'AbortError') options.onError?.(error, fatal);
        if (fatal) {
          closed = true;
          break;
        }
      }
      if (closed) break;
      parser.reset();
      setState('retrying');
      if (reconnectNow) {
        reconnectNow = false;
        continue;
      }
      const delay = backoffDelay(attempt, serverRetryMs ?? backoff.initialMs, backoff);
      attempt += 1;
      wait = new AbortController();
      await sleep(delay, wait.signal);
      wait = null;
      reconnectNow = false;
    }
    setState('closed');
  }

  void run();

  return {
    close() {
      closed = true;
      connection?.abort();
      wait?.abort();
      setState('closed');
    },
    reconnect() {
      if (closed) return;
      attempt = 0;
      reconnectNow = true;
      if (wait) wait.abort();
      else connection?.abort();
    },
    get lastEventId() {
      return parser.lastEventId;
    },
    get state() {
      return state;
    },
  };
}
