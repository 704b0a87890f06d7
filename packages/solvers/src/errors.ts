// Typed errors of the solvers package. Every error a solver throws on purpose is a SolverError with a
// stable `code`, so callers in another thread or process (where class identity is lost in structured
// cloning) can still tell them apart: use `toSolverErrorJSON` to send one and `code` to branch on it.

import type { LogLine } from './run/types.js';

export type SolverErrorCode = 'INVALID_PARAMETERS' | 'UNKNOWN_TYPE' | 'ABORTED' | 'DIVERGED' | 'OUT_OF_RANGE';

export abstract class SolverError extends Error {
  abstract readonly code: SolverErrorCode;
  /** The run's log up to the failure, attached by the driver. */
  log?: LogLine[];

  toJSON(): SolverErrorJSON {
    return { code: this.code, message: this.message, details: this.details() };
  }

  protected details(): Record<string, unknown> {
    return {};
  }
}

export interface SolverErrorJSON {
  code: SolverErrorCode;
  message: string;
  details: Record<string, unknown>;
}

/** One problem with the parameters: `path` names the field (`wall.temperature`, `fluid.viscosity[2]`). */
export interface ParameterIssue {
  path: string;
  message: string;
}

export class InvalidParametersError extends SolverError {
  readonly code = 'INVALID_PARAMETERS' as const;
  override readonly name = 'InvalidParametersError';
  readonly issues: readonly ParameterIssue[];

  constructor(issues: readonly ParameterIssue[]) {
    super(issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; '));
    this.issues = issues;
  }

  protected override details(): Record<string, unknown> {
    return { issues: this.issues };
  }
}

export class UnknownTypeError extends SolverError {
  readonly code = 'UNKNOWN_TYPE' as const;
  override readonly name = 'UnknownTypeError';

  constructor(
    readonly type: string,
    readonly knownTypes: readonly string[],
  ) {
    super(`unknown simulation type '${type}' (solvers exist for: ${knownTypes.join(', ')})`);
  }

  protected override details(): Record<string, unknown> {
    return { type: this.type, known_types: this.knownTypes };
  }
}

export class AbortedError extends SolverError {
  readonly code = 'ABORTED' as const;
  override readonly name = 'AbortedError';

  constructor(message = 'the run was aborted') {
    super(message);
  }
}

export class DivergedError extends SolverError {
  readonly code = 'DIVERGED' as const;
  override readonly name = 'DivergedError';

  constructor(
    message: string,
    readonly iteration?: number,
    readonly residual?: number,
  ) {
    super(message);
  }

  protected override details(): Record<string, unknown> {
    return { iteration: this.iteration, residual: this.residual };
  }
}

/** A state reached during the run lies outside the model's range (water boils, a property table ends). */
export class OutOfRangeError extends SolverError {
  readonly code = 'OUT_OF_RANGE' as const;
  override readonly name = 'OutOfRangeError';

  constructor(
    message: string,
    readonly quantity: string,
    readonly value: number,
    readonly min?: number,
    readonly max?: number,
  ) {
    super(message);
  }

  protected override details(): Record<string, unknown> {
    return { quantity: this.quantity, value: this.value, min: this.min, max: this.max };
  }
}

export function isSolverError(error: unknown): error is SolverError {
  return error instanceof SolverError;
}

/** A plain, cloneable description of any thrown value (non-solver errors become code `INTERNAL`). */
export function toSolverErrorJSON(error: unknown): SolverErrorJSON | { code: 'INTERNAL'; message: string; details: Record<string, unknown> } {
  if (error instanceof SolverError) return error.toJSON();
  return { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error), details: {} };
}
