// solve() refuses an output with a NaN or an infinite value anywhere (JSON cannot carry them), also
// in the thousandth of many series sharing one time axis, as a network's per-element series do.

import { describe, expect, it, vi } from 'vitest';
import { DivergedError } from '../errors.js';
import type { SolverOutput } from './types.js';

let output: SolverOutput;
vi.mock('./registry.js', () => ({
  getSolver: () => ({ type: 'FAKE', model: 'fake', modelVersion: '1.0.0', title: 'fake', parameterDefaults: {}, solve: async () => output, estimate: () => ({}) }),
}));
const { solve } = await import('./solve.js');

function manySeries(bad?: { series: number; axis: 'x' | 'y'; value: number }): SolverOutput {
  const x = { name: 'time', unit: 's', label: 'Time', values: [0, 1] };
  const series: SolverOutput['series'] = {};
  for (let i = 0; i < 2000; i++) {
    const own = bad?.series === i && bad.axis === 'x' ? { ...x, values: [0, bad.value] } : x;
    series[`node:J${i}`] = { label: `J${i}`, x: own, y: [{ name: 'head', unit: 'm', label: 'Head', values: [1, bad?.series === i && bad.axis === 'y' ? bad.value : 2] }] };
  }
  return { summary: { a: { value: 1, unit: '', label: 'a' } }, series, fields: { f: { label: 'f', unit: '', grid: { axes: [] }, shape: [2], values: [1, 2] } } };
}

describe('solve() and non-finite results', () => {
  it('passes finite outputs and names the first non-finite series, axis or field', async () => {
    output = manySeries();
    await expect(solve({ type: 'FAKE', parameters: {} })).resolves.toMatchObject({ summary: { a: { value: 1 } } });
    for (const [bad, message] of [
      [{ series: 1234, axis: 'y', value: NaN }, 'series node:J1234.head'],
      [{ series: 1999, axis: 'x', value: Infinity }, 'series node:J1999.time'],
      [{ series: 7, axis: 'y', value: -Infinity }, 'series node:J7.head'],
    ] as const) {
      output = manySeries(bad);
      await expect(solve({ type: 'FAKE', parameters: {} })).rejects.toThrow(new RegExp(message.replace('.', '\\.')));
    }
    output = { ...manySeries(), fields: { f: { label: 'f', unit: '', grid: { axes: [] }, shape: [2], values: [1, NaN] } } };
    await expect(solve({ type: 'FAKE', parameters: {} })).rejects.toBeInstanceOf(DivergedError);
    output = { ...manySeries(), summary: { a: { value: Infinity, unit: '', label: 'a' } } };
    await expect(solve({ type: 'FAKE', parameters: {} })).rejects.toThrow(/summary value a/);
  });
});
