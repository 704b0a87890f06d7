import { describe, expect, it } from 'vitest';
import { MAX_SERIES_POINTS, seriesNodeIndices } from './solver.js';
import { parameterDefaults, solve } from '../../run/solve.js';

describe('series sampling for plots', () => {
  it('keeps every node of an ordinary march', () => {
    expect(seriesNodeIndices(201)).toEqual(Array.from({ length: 201 }, (_, i) => i));
  });

  it('thins a long march to evenly spaced nodes, always keeping inlet and outlet', () => {
    const kept = seriesNodeIndices(100_001);
    expect(kept.length).toBeLessThanOrEqual(MAX_SERIES_POINTS);
    expect(kept[0]).toBe(0);
    expect(kept.at(-1)).toBe(100_000);
    const gaps = new Set(kept.slice(1, -1).map((v, i) => v - kept[i]!));
    expect(gaps.size).toBe(1);
  });

  it('plots exact nodal values of a long march and keeps the summary from every node', async () => {
    const parameters = { ...(parameterDefaults('CIRCULAR_PIPE') as { length: number }), n_segments: 20_000 };
    const result = await solve({ type: 'CIRCULAR_PIPE', parameters });
    const pressure = result.series.pressure!;
    expect(pressure.x.values.length).toBeLessThanOrEqual(MAX_SERIES_POINTS);
    expect(pressure.x.values.at(-1)).toBe(parameters.length);
    const outletPressure = result.summary.outlet_pressure!.value as number;
    expect(pressure.y[0]!.values.at(-1)).toBe(outletPressure);
  });
});
