// The series part of a run's results index. A network run keeps one series per node and per link
// (`node:<id>`, `link:<id>`): tens of thousands on a large network, which made the index megabytes
// long and every screen that lists series slow. They are counted here instead of listed; the view
// fetches one by name when an element is clicked (GET …/results/series/node:<id>).

import { isNetworkElementSeries, type ResultsIndex, type SeriesIndexEntry } from '@simforge/contracts';
import type { StoredSeries } from '../repositories/index.js';

export function seriesIndex(stored: Record<string, StoredSeries>): Pick<ResultsIndex, 'series' | 'element_series'> {
  const series: SeriesIndexEntry[] = [];
  const elements = { nodes: 0, links: 0, length: 0 };
  for (const name in stored) {
    const entry = stored[name]!;
    if (isNetworkElementSeries(name)) {
      if (name.startsWith('node:')) elements.nodes++;
      else elements.links++;
      elements.length = Math.max(elements.length, entry.x.values.length);
      continue;
    }
    series.push({
      name,
      label: entry.label,
      x: { name: entry.x.name, unit: entry.x.unit, label: entry.x.label },
      y: entry.y.map((axis) => ({ name: axis.name, unit: axis.unit, label: axis.label })),
      length: entry.x.values.length,
    });
  }
  return elements.nodes + elements.links > 0 ? { series, element_series: elements } : { series };
}
