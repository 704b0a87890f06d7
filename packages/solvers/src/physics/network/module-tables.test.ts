// The network view's tables (fields of shape [reporting times, elements], columns in the model's
// order) carry exactly the per-element series' values; PIPE_NETWORK_2 runs the same engine.

import { describe, expect, it } from 'vitest';
import { parameterDefaults, solve, solverTypes, type SolveResult } from '../../index.js';
import { parseInp } from './inp/parse.js';
import { NET1_INP } from '../../../test/networks.js';

function column(result: SolveResult, field: string, index: number): number[] {
  const f = result.fields[field]!;
  const [times, columns] = f.shape as [number, number];
  return Array.from({ length: times }, (_, t) => f.values[t * columns + index]!);
}

describe('PIPE_NETWORK result tables', () => {
  it('hold every node and link in the model order (junctions, reservoirs, tanks; pipes, pumps, valves), equal to the series', async () => {
    const result = await solve({ type: 'PIPE_NETWORK', parameters: { inp: NET1_INP } });
    const model = parseInp(NET1_INP).network;
    const nodes = [...model.junctions, ...model.reservoirs, ...model.tanks].map((n) => n.id);
    const links = [...model.pipes, ...model.pumps, ...model.valves].map((l) => l.id);
    // Net1 carries chlorine: its quality tables come with the hydraulic ones.
    expect(Object.keys(result.fields).sort()).toEqual(['network_link_flow', 'network_link_headloss', 'network_link_quality', 'network_link_velocity', 'network_node_demand', 'network_node_head', 'network_node_pressure', 'network_node_quality']);
    const times = result.series['totals']!.x.values;
    expect(result.fields['network_node_pressure']!.shape).toEqual([times.length, nodes.length]);
    expect(result.fields['network_node_pressure']!.grid.axes[0]!.values).toEqual(times);
    nodes.forEach((id, j) => {
      const series = result.series[`node:${id}`]!;
      expect(column(result, 'network_node_head', j), id).toEqual(series.y[0]!.values);
      expect(column(result, 'network_node_pressure', j), id).toEqual(series.y[1]!.values);
    });
    links.forEach((id, k) => expect(column(result, 'network_link_flow', k), id).toEqual(result.series[`link:${id}`]!.y[0]!.values));
  });

  it('PIPE_NETWORK_2 is registered and answers what PIPE_NETWORK answers', async () => {
    expect(solverTypes()).toContain('PIPE_NETWORK_2');
    expect(parameterDefaults('PIPE_NETWORK_2')).toEqual(parameterDefaults('PIPE_NETWORK'));
    const parameters = { ...(parameterDefaults('PIPE_NETWORK') as Record<string, unknown>), period: 'steady' };
    const [one, two] = await Promise.all([solve({ type: 'PIPE_NETWORK', parameters }), solve({ type: 'PIPE_NETWORK_2', parameters })]);
    expect(two.summary).toEqual(one.summary);
    expect(two.fields).toEqual(one.fields);
  });
});
