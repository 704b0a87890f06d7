// The results index lists a network run's per-element series as counts, every other series in full.

import { describe, expect, it } from 'vitest';
import type { StoredSeries } from '../repositories/index.js';
import { seriesIndex } from './results-index.js';

const time = { name: 'time', unit: 's', label: 'Time', values: [0, 3600] };
const series = (label: string, y: string): StoredSeries => ({ label, x: time, y: [{ name: y, unit: 'm', label: y, values: [1, 2] }] });

describe('seriesIndex', () => {
  it('counts node and link series instead of listing them', () => {
    const stored: Record<string, StoredSeries> = { totals: series('Network totals', 'total_demand') };
    for (let i = 0; i < 3; i++) stored[`node:J${i}`] = series(`Junction J${i}`, 'head');
    for (let k = 0; k < 2; k++) stored[`link:P${k}`] = series(`Pipe P${k}`, 'flow');
    const index = seriesIndex(stored);
    expect(index.series.map((s) => s.name)).toEqual(['totals']);
    expect(index.series[0]).toEqual({ name: 'totals', label: 'Network totals', x: { name: 'time', unit: 's', label: 'Time' }, y: [{ name: 'total_demand', unit: 'm', label: 'total_demand' }], length: 2 });
    expect(index.element_series).toEqual({ nodes: 3, links: 2, length: 2 });
  });

  it('leaves element_series out for a run without per-element series', () => {
    const index = seriesIndex({ pressure: series('Pressure along the pipe', 'pressure') });
    expect(index).toEqual({ series: [expect.objectContaining({ name: 'pressure', length: 2 })] });
  });
});
