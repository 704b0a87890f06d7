// Reading untrusted parameter objects: every problem is collected with the path of its field, and
// `finish()` throws one InvalidParametersError listing them all.

import { InvalidParametersError, type ParameterIssue } from '../errors.js';

export type PlainObject = Record<string, unknown>;

export function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function joinPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

export interface NumberRule {
  /** Unit appended to messages ("diameter must be > 0 m"). */
  unit?: string;
  gt?: number;
  ge?: number;
  lt?: number;
  le?: number;
  integer?: boolean;
}

export class ParameterChecker {
  readonly issues: ParameterIssue[] = [];

  add(path: string, message: string): void {
    this.issues.push({ path, message });
  }

  get ok(): boolean {
    return this.issues.length === 0;
  }

  finish(): void {
    if (this.issues.length > 0) throw new InvalidParametersError(this.issues);
  }

  object(value: unknown, path: string): PlainObject | undefined {
    if (isPlainObject(value)) return value;
    this.add(path, value === undefined ? 'is required' : 'must be an object');
    return undefined;
  }

  /** Reports keys of `obj` that are not in `allowed` (typos would otherwise be silently ignored). */
  noUnknownKeys(obj: PlainObject, allowed: readonly string[], path: string): void {
    for (const key of Object.keys(obj)) {
      if (!allowed.includes(key)) this.add(joinPath(path, key), `is not a parameter of this model (expected one of: ${allowed.join(', ')})`);
    }
  }

  /** A finite number satisfying `rule`; undefined (with an issue) when missing or invalid. */
  number(value: unknown, path: string, rule: NumberRule = {}): number | undefined {
    if (value === undefined || value === null) {
      this.add(path, 'is required');
      return undefined;
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      this.add(path, 'must be a finite number');
      return undefined;
    }
    const unit = rule.unit ? ` ${rule.unit}` : '';
    const fail = (relation: string, bound: number): undefined => {
      this.add(path, `must be ${relation} ${bound}${unit} (got ${value}${unit})`);
      return undefined;
    };
    if (rule.integer && !Number.isInteger(value)) {
      this.add(path, `must be an integer (got ${value})`);
      return undefined;
    }
    if (rule.gt !== undefined && !(value > rule.gt)) return fail('>', rule.gt);
    if (rule.ge !== undefined && !(value >= rule.ge)) return fail('>=', rule.ge);
    if (rule.lt !== undefined && !(value < rule.lt)) return fail('<', rule.lt);
    if (rule.le !== undefined && !(value <= rule.le)) return fail('<=', rule.le);
    return value;
  }

  optionalNumber(value: unknown, path: string, fallback: number, rule: NumberRule = {}): number | undefined {
    return value === undefined ? fallback : this.number(value, path, rule);
  }

  oneOf<T extends string>(value: unknown, path: string, choices: readonly T[]): T | undefined {
    if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T;
    this.add(path, value === undefined ? `is required (one of: ${choices.join(', ')})` : `must be one of: ${choices.join(', ')}`);
    return undefined;
  }
}
