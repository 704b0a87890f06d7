// A material property given by the user: a constant, or a table [[T, value], ...] (T in K, strictly
// increasing) interpolated linearly, with no extrapolation outside the table.

import { OutOfRangeError } from '../errors.js';
import type { ParameterChecker } from '../run/parameters.js';
import { joinPath } from '../run/parameters.js';

export type PropertyInput = number | ReadonlyArray<readonly [number, number]>;

export interface PropertyFunction {
  readonly name: string;
  readonly range: { min: number; max: number };
  value(temperature: number): number;
  /** ∫ value dT from `from` to `to` (exact for the piecewise-linear table). */
  integral(from: number, to: number): number;
}

/**
 * The interval i of an increasing table T with T[i] ≤ temperature < T[i + 1] (bisection), for a
 * temperature within [T[0], T[last]]; the last interval at T[last].
 */
export function tableInterval(T: ArrayLike<number>, temperature: number): number {
  let lo = 0;
  let hi = T.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (T[mid]! <= temperature) lo = mid;
    else hi = mid;
  }
  return lo;
}

export function constantProperty(name: string, constant: number): PropertyFunction {
  return {
    name,
    range: { min: 0, max: Number.POSITIVE_INFINITY },
    value: () => constant,
    integral: (from, to) => constant * (to - from),
  };
}

export function tableProperty(name: string, rows: ReadonlyArray<readonly [number, number]>): PropertyFunction {
  const T = rows.map((row) => row[0]);
  const v = rows.map((row) => row[1]);
  const last = T.length - 1;
  const range = { min: T[0]!, max: T[last]! };

  const locate = (temperature: number): number => {
    if (!(temperature >= range.min && temperature <= range.max)) {
      throw new OutOfRangeError(
        `temperature ${temperature} K is outside the ${name} table (${range.min}-${range.max} K)`,
        'temperature',
        temperature,
        range.min,
        range.max,
      );
    }
    return tableInterval(T, temperature);
  };
  const at = (i: number, temperature: number): number => v[i]! + ((v[i + 1]! - v[i]!) * (temperature - T[i]!)) / (T[i + 1]! - T[i]!);
  // ∫ from T[0] to `temperature`, trapezoids over whole intervals plus the partial one.
  const cumulative: number[] = [0];
  for (let i = 0; i < last; i++) cumulative.push(cumulative[i]! + 0.5 * (v[i]! + v[i + 1]!) * (T[i + 1]! - T[i]!));
  const primitive = (temperature: number): number => {
    const i = locate(temperature);
    if (i === last) return cumulative[last]!;
    return cumulative[i]! + 0.5 * (v[i]! + at(i, temperature)) * (temperature - T[i]!);
  };

  return {
    name,
    range,
    value(temperature) {
      const i = locate(temperature);
      return i === last ? v[last]! : at(i, temperature);
    },
    integral: (from, to) => primitive(to) - primitive(from),
  };
}

/** Reads a constant or table from user input, reporting problems under `path`; values must be > 0. */
export function readPropertyInput(input: unknown, path: string, checker: ParameterChecker, unit: string): PropertyFunction | undefined {
  const name = path.split('.').pop() ?? path;
  if (typeof input === 'number') {
    const value = checker.number(input, path, { gt: 0, unit });
    return value === undefined ? undefined : constantProperty(name, value);
  }
  if (!Array.isArray(input)) {
    checker.add(path, input === undefined ? 'is required' : `must be a number (${unit}) or a table [[T, value], ...]`);
    return undefined;
  }
  if (input.length < 2) {
    checker.add(path, 'a table needs at least two rows [[T, value], ...]');
    return undefined;
  }
  const rows: [number, number][] = [];
  let ok = true;
  input.forEach((row: unknown, i) => {
    const rowPath = joinPath(path, i);
    if (!Array.isArray(row) || row.length !== 2) {
      checker.add(rowPath, 'must be a pair [T (K), value]');
      ok = false;
      return;
    }
    const temperature = checker.number(row[0], joinPath(rowPath, 0), { gt: 0, unit: 'K' });
    const value = checker.number(row[1], joinPath(rowPath, 1), { gt: 0, unit });
    if (temperature === undefined || value === undefined) {
      ok = false;
      return;
    }
    const previous = rows[rows.length - 1];
    if (previous && !(temperature > previous[0])) {
      checker.add(joinPath(rowPath, 0), `temperatures must increase strictly (got ${temperature} K after ${previous[0]} K)`);
      ok = false;
    }
    rows.push([temperature, value]);
  });
  return ok ? tableProperty(name, rows) : undefined;
}

/** The units of the properties a user-defined material gives by key (custom fluids and solids). */
const MATERIAL_PROPERTY_UNITS = { density: 'kg/m³', specific_heat: 'J/(kg·K)', conductivity: 'W/(m·K)', viscosity: 'Pa·s' } as const;

/** Reads property `key` of a user-defined material object, reporting problems under `path`.`key`. */
export function readMaterialProperty(input: Record<string, unknown>, key: keyof typeof MATERIAL_PROPERTY_UNITS, path: string, checker: ParameterChecker): PropertyFunction | undefined {
  return readPropertyInput(input[key], joinPath(path, key), checker, MATERIAL_PROPERTY_UNITS[key]);
}

/** The optional `name` of a user-defined material object: a string, or undefined (reported when not a string). */
export function readMaterialName(input: Record<string, unknown>, path: string, checker: ParameterChecker): string | undefined {
  const name = input['name'];
  if (name === undefined || typeof name === 'string') return name;
  checker.add(joinPath(path, 'name'), 'must be a string');
  return undefined;
}
