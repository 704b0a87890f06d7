// The per-element results of a network run in the solver output's shapes: one series per node and
// per link (`node:<id>`, `link:<id>`, fetched one at a time by the view) and the network view's
// compact tables (one field per quantity, [reporting times, elements]). Both are cut from the
// dense tables of reported-values.ts.

import type { Field, Series, SeriesAxis } from '../../run/types.js';
import type { CompiledNetwork } from './hydraulics/compile.js';
import { PUMP } from './hydraulics/constants.js';
import type { NetworkModel } from './model.js';
import { column, type ReportedValues } from './reported-values.js';

const capitalised = (text: string): string => `${text[0]!.toUpperCase()}${text.slice(1)}`;

function axis(name: string, unit: string, label: string, values: number[]): SeriesAxis {
  return { name, unit, label, values };
}

/** Series labels' kind word per node (junction, reservoir, tank) and link (pipe, pump, `<type> valve`). */
function elementLabels(model: NetworkModel, net: CompiledNetwork): { node: string[]; link: string[] } {
  const node = new Array<string>(net.nNodes);
  for (let i = 0; i < net.nNodes; i++) node[i] = i < net.nJunctions ? 'Junction' : net.tankArea[i - net.nJunctions] === 0 ? 'Reservoir' : 'Tank';
  const valveType = new Map<string, string>();
  for (const valve of model.valves) if (!valveType.has(valve.id)) valveType.set(valve.id, valve.type);
  const link = new Array<string>(net.nLinks);
  for (let k = 0; k < net.nLinks; k++) {
    const type = net.linkType[k] === PUMP ? undefined : valveType.get(net.linkIds[k]!);
    link[k] = net.linkType[k] === PUMP ? 'Pump' : type !== undefined ? capitalised(`${type} valve`) : 'Pipe';
  }
  return { node, link };
}

/** Adds one series per node and per link to `series` (keys `node:<id>`, `link:<id>`). */
export function addElementSeries(series: Record<string, Series>, model: NetworkModel, net: CompiledNetwork, values: ReportedValues): void {
  const labels = elementLabels(model, net);
  // One time axis object for all: tens of thousands of elements share it (nothing mutates series).
  const x = axis('time', 's', 'Time', values.times);
  const nN = net.nNodes;
  for (let i = 0; i < nN; i++) {
    const id = net.nodeIds[i]!;
    const y = [
      axis('head', 'm', 'Hydraulic head', column(values.head, nN, i)),
      axis('pressure', 'Pa', 'Pressure', column(values.pressure, nN, i)),
      axis('demand', 'm³/s', i < net.nJunctions ? 'Demand' : 'Net inflow', column(values.demand, nN, i)),
    ];
    if (values.leakage && i < net.nJunctions) y.push(axis('leakage', 'm³/s', 'Leakage (part of the demand)', column(values.leakage, nN, i)));
    if (values.temperature) y.push(axis('temperature', 'K', 'Temperature', column(values.temperature, nN, i)));
    if (values.quality) y.push(axis('quality', values.quality.unit, values.quality.label, column(values.quality.node, nN, i)));
    series[`node:${id}`] = { label: `${labels.node[i]!} ${id}`, x, y };
  }
  const nL = net.nLinks;
  for (let k = 0; k < nL; k++) {
    const id = net.linkIds[k]!;
    series[`link:${id}`] = {
      label: `${labels.link[k]!} ${id}`,
      x,
      y: [
        axis('flow', 'm³/s', 'Flow', column(values.flow, nL, k)),
        axis('velocity', 'm/s', 'Velocity', column(values.velocity, nL, k)),
        axis('headloss', 'm', 'Head loss', column(values.headloss, nL, k)),
        axis('status', '', 'Status (0 closed, 1 open, 2 active)', column(values.status, nL, k)),
        ...(values.quality ? [axis('quality', values.quality.unit, values.quality.label, column(values.quality.link, nL, k))] : []),
      ],
    };
  }
}

/** A plain copy (Array.from goes through the iterator protocol: several times slower on millions of values). */
function toArray(data: Float64Array): number[] {
  const out = new Array<number>(data.length);
  for (let i = 0; i < data.length; i++) out[i] = data[i]!;
  return out;
}

/**
 * The network view's compact tables: one field per quantity, shape [reporting times, elements], the
 * columns in the engine's order (junctions, reservoirs, tanks; pipes, pumps, valves), which is the
 * order of the model's lists, so a client that reads the same file knows every column's id.
 * Empty when a table would hold more than `maxValues`.
 */
export function networkTables(values: ReportedValues, maxValues: number): Record<string, Field> {
  const times = values.times;
  if (Math.max(values.nNodes, values.nLinks) * times.length > maxValues) return {};
  const indices = (n: number): number[] => {
    const out = new Array<number>(n);
    for (let j = 0; j < n; j++) out[j] = j;
    return out;
  };
  const nodeColumns = indices(values.nNodes);
  const linkColumns = indices(values.nLinks);
  const table = (label: string, unit: string, data: Float64Array, element: 'node' | 'link'): Field => {
    const n = element === 'node' ? values.nNodes : values.nLinks;
    return {
      label,
      unit,
      grid: { axes: [{ name: 'time', unit: 's', values: times }, { name: element, unit: '', values: element === 'node' ? nodeColumns : linkColumns }] },
      shape: [times.length, n],
      values: toArray(data),
    };
  };
  const fields: Record<string, Field> = {
    network_node_pressure: table('Pressure at the nodes', 'Pa', values.pressure, 'node'),
    network_node_head: table('Hydraulic head at the nodes', 'm', values.head, 'node'),
    network_node_demand: table('Demand at the nodes', 'm³/s', values.demand, 'node'),
  };
  if (values.leakage) fields['network_node_leakage'] = table('Pipe leakage at the nodes', 'm³/s', values.leakage, 'node');
  if (values.temperature) fields['network_node_temperature'] = table('Temperature at the nodes', 'K', values.temperature, 'node');
  fields['network_link_flow'] = table('Flow in the links', 'm³/s', values.flow, 'link');
  fields['network_link_velocity'] = table('Velocity in the links', 'm/s', values.velocity, 'link');
  fields['network_link_headloss'] = table('Head loss in the links', 'm', values.headloss, 'link');
  if (values.quality) {
    fields['network_node_quality'] = table(`${values.quality.label} at the nodes`, values.quality.unit, values.quality.node, 'node');
    fields['network_link_quality'] = table(`${values.quality.label} in the links`, values.quality.unit, values.quality.link, 'link');
  }
  return fields;
}
