// The result shapes of the pipe-network model (simulations.md, pipe): per node head, pressure and
// demand, per link flow, velocity, head loss and status over the reporting times, in SI; and the
// summary keys min_pressure, max_velocity, total_demand, iterations, unbalanced.

import type { ScalarResult } from '../../run/types.js';
import { CLOSED, OPEN, PUMP, ACTIVE, XFLOW, XFCV, XPRESSURE } from './hydraulics/constants.js';
import type { HeatStep } from './heat/heat-transport.js';
import type { HydraulicSnapshot, NetworkSimulation } from './simulate.js';

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

/** Indices of the snapshots reported: the reporting times, or every hydraulic step. */
function reportedIndices(sim: NetworkSimulation, everyStep: boolean): number[] {
  return everyStep ? sim.steps.map((_, index) => index) : sim.reportSteps;
}

function reported(sim: NetworkSimulation, everyStep: boolean): HydraulicSnapshot[] {
  return reportedIndices(sim, everyStep).map((index) => sim.steps[index]!);
}

/**
 * Results keyed by id: head (m), pressure (Pa, ρ·g·(head − elevation); 0 at reservoirs), demand
 * (m³/s; tanks and reservoirs: net inflow), flow (m³/s), velocity (m/s, 0 in pumps), head loss
 * (m, head at `from` minus head at `to`, 0 for closed links; negative across a running pump);
 * with `heat` (from simulateHeat on the same simulation), node temperatures in K.
 */
export function networkResultSeries(sim: NetworkSimulation, options: { everyStep?: boolean; heat?: HeatStep[] } = {}): NetworkResultSeries {
  const net = sim.net;
  const indices = reportedIndices(sim, options.everyStep ?? false);
  const steps = indices.map((index) => sim.steps[index]!);
  const heat = options.heat;
  const rhoG = net.options.pascalsPerMetre;
  const nT = steps.length;
  // Plain loops over preallocated arrays: a large network has tens of thousands of elements.
  const nodes: NetworkResultSeries['nodes'] = {};
  for (let i = 0; i < net.nNodes; i++) {
    const isReservoir = i >= net.nJunctions && net.tankArea[i - net.nJunctions] === 0;
    const elevation = net.elevation[i]!;
    const head = new Array<number>(nT);
    const pressure = new Array<number>(nT);
    const demand = new Array<number>(nT);
    for (let t = 0; t < nT; t++) {
      const s = steps[t]!;
      head[t] = s.head[i]!;
      pressure[t] = isReservoir ? 0 : (s.head[i]! - elevation) * rhoG;
      demand[t] = s.demand[i]!;
    }
    if (heat) {
      const temperature = new Array<number>(nT);
      for (let t = 0; t < nT; t++) temperature[t] = heat[indices[t]!]!.nodeTemperature[i]!;
      nodes[net.nodeIds[i]!] = { head, pressure, demand, temperature };
    } else {
      nodes[net.nodeIds[i]!] = { head, pressure, demand };
    }
  }
  const links: NetworkResultSeries['links'] = {};
  for (let k = 0; k < net.nLinks; k++) {
    const area = (Math.PI * net.diameter[k]! ** 2) / 4;
    const isPump = net.linkType[k] === PUMP;
    const from = net.linkFrom[k]!;
    const to = net.linkTo[k]!;
    const flow = new Array<number>(nT);
    const velocity = new Array<number>(nT);
    const headloss = new Array<number>(nT);
    const status = new Array<LinkStatusName>(nT);
    for (let t = 0; t < nT; t++) {
      const s = steps[t]!;
      const q = s.flow[k]!;
      flow[t] = q;
      velocity[t] = isPump || area === 0 ? 0 : Math.abs(q) / area;
      headloss[t] = s.status[k]! <= CLOSED ? 0 : s.head[from]! - s.head[to]!;
      status[t] = statusName(s.status[k]!);
    }
    links[net.linkIds[k]!] = { flow, velocity, headloss, status };
  }
  return { times: steps.map((s) => s.time), nodes, links };
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
  const steps = reported(sim, false);
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
