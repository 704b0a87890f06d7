// Test helpers in the user's terms: run a case through the public driver and read results.

import { expect } from 'vitest';
import { InvalidParametersError } from '../src/errors.js';
import { solve, type SolveOptions, type SolveResult } from '../src/index.js';

/** The key results every pipe and annulus run reports (simulations.md, the duct family's result names). */
export const DUCT_SUMMARY_KEYS = ['reynolds_number', 'flow_regime', 'friction_factor', 'pressure_drop', 'mean_velocity', 'entrance_length', 'nusselt_number', 'outlet_temperature', 'heat_transfer_rate'] as const;

export async function runPipe(parameters: Record<string, unknown>, options: SolveOptions = {}): Promise<SolveResult> {
  return solve({ type: 'CIRCULAR_PIPE', parameters }, options);
}

export function value(result: SolveResult, key: string): number {
  const item = result.summary[key];
  if (!item || typeof item.value !== 'number') throw new Error(`no numeric summary value ${key}`);
  return item.value;
}

export function curve(result: SolveResult, series: string, name: string): number[] {
  const axis = result.series[series]?.y.find((y) => y.name === name);
  if (!axis) throw new Error(`no curve ${series}.${name}`);
  return axis.values;
}

/** The problems `run` refuses its input for, message by field path; fails when it accepts the input. */
export function refusalIssues(run: () => unknown): Record<string, string> {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidParametersError);
    return Object.fromEntries((error as InvalidParametersError).issues.map((i) => [i.path, i.message]));
  }
  throw new Error('accepted');
}

export const rel = (a: number, b: number): number => Math.abs(a / b - 1);

/** A fake clock: each call advances by `stepMs`. */
export function fakeClock(stepMs = 1): () => number {
  let t = 0;
  return () => (t += stepMs);
}

/** A constant-property liquid (water-like) as a user-defined fluid object. */
export const constantLiquid = { name: 'constant-property liquid', density: 1000, specific_heat: 4000, viscosity: 1e-3, conductivity: 0.6 };
