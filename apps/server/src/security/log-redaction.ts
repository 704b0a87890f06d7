// Keeps secrets out of every log line (docs/adr/0004). Two layers, both structural, so no call site
// has to remember anything:
// 1. every logged object is scrubbed before it is written: values under secret-looking keys
//    (password, token, secret, hash, authorization, cookie, params...) become `[redacted]`, errors
//    are flattened with their causes and lose the SQL parameters a failed query carries (drizzle
//    puts them in the message and in `params`; PostgreSQL's "Failing row contains (...)" repeats
//    the row);
// 2. every finished line is searched for what is a secret wherever it appears: argon2 hashes,
//    JWTs, bearer credentials, password-reset and sign-in values in URLs, passwords in URLs.

import type { LoggerOptions } from 'pino';

export const REDACTED = '[redacted]';

const SECRET_KEY = /password|passwd|secret|token|authorization|cookie|hash|credential|api_?key|code_verifier|^params$|^parameters$/i;

const TEXT_PATTERNS: [RegExp, string][] = [
  [/\$argon2(?:id|i|d)\$[^\s"'`,)]*/g, REDACTED],
  [/\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g, REDACTED],
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`],
  [/([?&](?:token|access_token|id_token_hint|code|code_verifier|state|nonce|session_id)=)[^&\s"'#]*/gi, `$1${REDACTED}`],
  [/(\b[a-z][\w+.-]*:\/\/)[^\s/:@"']+:[^\s/@"']+@/gi, `$1${REDACTED}@`],
  [/(Failing row contains )\((?:[^"\\]|\\.)*\)/g, `$1(${REDACTED})`],
];

/** Redacts secrets that are recognisable by their form, wherever they stand in a text. */
export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** drizzle's "Failed query: <sql>\nparams: <values>" keeps the SQL and drops the values. */
function scrubMessage(message: string): string {
  return scrubText(message.replace(/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`));
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function scrubError(error: Error, seen: WeakSet<object>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message: scrubMessage(error.message),
    ...(error.stack ? { stack: scrubMessage(error.stack) } : {}),
  };
  for (const key of Object.keys(error)) {
    if (key === 'message' || key === 'stack' || key === 'cause') continue;
    out[key] = SECRET_KEY.test(key) ? REDACTED : scrub((error as unknown as Record<string, unknown>)[key], seen, depth + 1);
  }
  const cause = (error as { cause?: unknown }).cause;
  if (cause !== undefined) out.cause = scrub(cause, seen, depth + 1);
  return out;
}

/**
 * A copy of a logged value without secrets: plain objects, arrays and errors are walked (to a
 * depth of 8); other objects (requests, replies) are left to the logger's serializers and to the
 * text pass over the finished line.
 */
export function scrub(value: unknown, seen = new WeakSet<object>(), depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8 || seen.has(value)) return '[…]';
  if (value instanceof Error) {
    seen.add(value);
    return scrubError(value, seen, depth);
  }
  if (Array.isArray(value)) {
    seen.add(value);
    return value.map((item) => scrub(item, seen, depth + 1));
  }
  if (!isPlainObject(value)) return value;
  seen.add(value);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) && item !== null && item !== undefined ? REDACTED : scrub(item, seen, depth + 1);
  }
  return out;
}

/** pino options (also Fastify's `logger`) with both layers added to what the caller set. */
export function withLogRedaction<T extends LoggerOptions>(options: T): T {
  const log = options.formatters?.log;
  const streamWrite = options.hooks?.streamWrite;
  const logMethod = options.hooks?.logMethod;
  return {
    ...options,
    // Errors arrive here already scrubbed into plain objects (formatters.log runs first): keep them
    // as they are, rather than letting the standard serializer rename their type to "Object".
    serializers: { ...options.serializers, err: (value: unknown) => (value instanceof Error ? scrub(value) : value) },
    formatters: {
      ...options.formatters,
      log: (object: Record<string, unknown>) => scrub(log ? log(object) : object) as Record<string, unknown>,
    },
    hooks: {
      ...options.hooks,
      // `log.error(err)` and `log.error({ err })` take their message from the raw error: give them the scrubbed one.
      logMethod(args: unknown[], method: (...args: unknown[]) => void, level: number) {
        const [first, second] = args;
        const error = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
        const fixed =
          error instanceof Error && typeof second !== 'string'
            ? [first instanceof Error ? { err: first } : first, scrubMessage(error.message), ...args.slice(1)]
            : args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg));
        if (logMethod) return logMethod.call(this, fixed as Parameters<typeof logMethod>[0], method as never, level);
        return method.apply(this, fixed);
      },
      streamWrite: (line: string) => scrubText(streamWrite ? streamWrite(line) : line),
    },
  };
}
