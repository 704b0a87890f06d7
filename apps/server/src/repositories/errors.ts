// Database errors the services turn into answers. PostgreSQL reports a unique violation as SQLSTATE
// 23505; Drizzle wraps driver errors in DrizzleQueryError with the driver's error as `cause`.

export class UniqueViolationError extends Error {
  constructor(readonly constraint: string | undefined) {
    super(`Unique constraint violated${constraint ? `: ${constraint}` : ''}`);
    this.name = 'UniqueViolationError';
  }
}

interface PgLikeError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** Rethrows a unique violation as UniqueViolationError; anything else unchanged. */
export function rethrowUniqueViolation(error: unknown): never {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const candidate = current as PgLikeError;
    if (candidate.code === '23505') {
      throw new UniqueViolationError(typeof candidate.constraint === 'string' ? candidate.constraint : undefined);
    }
    current = candidate.cause;
  }
  throw error;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id would make PostgreSQL raise "invalid input syntax for type uuid"; it simply matches nothing. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
