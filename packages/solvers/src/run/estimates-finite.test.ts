// Every estimate travels as JSON: a non-finite number (Infinity, NaN) would become null there and the
// server's response schema would refuse it (a 500 for the user). The default case of every registered
// type must estimate to finite numbers only.
import { describe, expect, it } from 'vitest';
import { solverRegistry } from './registry.js';

function nonFinitePaths(value: unknown, path: string, found: string[]): string[] {
  if (typeof value === 'number' && !Number.isFinite(value)) found.push(path);
  else if (Array.isArray(value)) value.forEach((item, i) => nonFinitePaths(item, `${path}[${i}]`, found));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) nonFinitePaths(item, path ? `${path}.${key}` : key, found);
  return found;
}

describe('estimates of the default cases', () => {
  it.each([...solverRegistry.keys()])('%s: every number is finite', (type) => {
    const module = solverRegistry.get(type)!;
    expect(nonFinitePaths(module.estimate(module.parameterDefaults), '', [])).toEqual([]);
  });
});
