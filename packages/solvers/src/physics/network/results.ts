// The result shapes of the pipe-network model (simulations.md, pipe): per node head, pressure and
// demand, per link flow, velocity, head loss and status over the reporting times, in SI; and the
// summary keys min_pressure, max_velocity, total_demand, iterations, unbalanced.

import type { ScalarResult } from '../../run/types.js';
import { CLOSED, OPEN, PUMP, ACTIVE, XFLOW, XFCV, XPRESSURE } from './hydraulics/constants.js';
import { column, reportedValues } from './reported-values.js';
import type { HeatStep } from './heat/heat-transport.js';
import type { NetworkSimulation } from './simulate.js';

export type LinkStatusName = 'open' | 'closed' | 'active';

export interface NetworkResultSeries {
  /** Seconds from the start. */
  times: number[];
  nodes: Record<string, { head: number[]; pressure: number[]; demand: number[]; temperature?: number[] }>;
  links: Record<string, { flow: number[]; velocity: number[]; headloss: number[]; status: LinkStatusName[] }>;
}

export function statusName(code: number): LinkStatusName {
  if (code <= CLOSED) return 'closed';
  if (code === ACTIVE) return 'active';
  if (code === OPEN || code === XFLOW || code === XFCV || code === XPRESSURE) return 'open';
  return 'open';
}

/**
 * Results keyed by id: head (m), pressure (Pa, ρ·g·(head − elevation); 0 at reservoirs), demand
 * (m³/s; tanks and reservoirs: net inflow), flow (m³/s), velocity (m/s, 0 in pumps), head loss
 * (m, head at `from` minus head at `to`, 0 for closed links; negative across a running pump);
 * with `heat` (from simulateHeat on the same simulation), node temperatures in K.
 */
export function networkResultSeries(sim: NetworkSimulation, options: { everyStep?: boolean; heat?: HeatStep[] } = {}): NetworkResultSeries {
  const net = sim.net;
  const values = reportedValues(sim, options);
  const statusNames: LinkStatusName[] = ['closed', 'open', 'active'];
  const nodes: NetworkResultSeries['nodes'] = {};
  for (let i = 0; i < net.nNodes; i++) {
    const node: NetworkResultSeries['nodes'][string] = { head: column(values.head, net.nNodes, i), pressure: column(values.pressure, net.nNodes, i), demand: column(values.demand, net.nNodes, i) };
    if (values.temperature) node.temperature = column(values.temperature, net.nNodes, i);
    nodes[net.nodeIds[i]!] = node;
  }
  const links: NetworkResultSeries['links'] = {};
  for (let k = 0; k < net.nLinks; k++) {
    links[net.linkIds[k]!] = {
      flow: column(values.flow, net.nLinks, k),
      velocity: column(values.velocity, net.nLinks, k),
      headloss: column(values.headloss, net.nLinks, k),
      status: column(values.status, net.nLinks, k).map((code) => statusNames[code]!),
    };
  }
  return { times: values.times, nodes, links };
}

export interface NetworkSummary {
  min_pressure: ScalarResult;
  max_velocity: ScalarResult;
  total_demand: ScalarResult;
  iterations: ScalarResult;
  unbalanced: ScalarResult;
}

export function networkSummary(sim: NetworkSimulation): NetworkSummary {
  const net = sim.net;
  const steps = sim.reportSteps.map((index) => sim.steps[index]!);
  const rhoG = net.options.pascalsPerMetre;
  let minPressure = Infinity;
  let maxVelocity = 0;
  let demandSum = 0;
  for (const s of steps) {
    let total = 0;
    for (let i = 0; i < net.nJunctions; i++) {
      minPressure = Math.min(minPressure, (s.head[i]! - net.elevation[i]!) * rhoG);
      total += s.demand[i]!;
    }
    demandSum += total;
    for (let k = 0; k < net.nLinks; k++) {
      if (net.linkType[k] === PUMP) continue;
      const area = (Math.PI * net.diameter[k]! ** 2) / 4;
      if (area > 0) maxVelocity = Math.max(maxVelocity, Math.abs(s.flow[k]!) / area);
    }
  }
  const unbalanced = sim.warnings.find((w) => w.kind === 'unbalanced')?.times.length ?? 0;
  return {
    min_pressure: { value: Number.isFinite(minPressure) ? minPressure : 0, unit: 'Pa', label: 'Lowest junction pressure' },
    max_velocity: { value: maxVelocity, unit: 'm/s', label: 'Highest velocity in a pipe or valve' },
    total_demand: { value: steps.length > 0 ? demandSum / steps.length : 0, unit: 'm³/s', label: 'Total junction demand (mean over the reporting times)' },
    iterations: { value: Math.max(0, ...sim.steps.map((s) => s.iterations)), unit: '', label: 'Most Newton trials in one hydraulic step' },
    unbalanced: { value: unbalanced, unit: '', label: 'Hydraulic steps that did not converge' },
  };
}
