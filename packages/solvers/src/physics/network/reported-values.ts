// The per-element results at the reporting times as dense tables, [time][element] row-major, read
// straight from the hydraulic snapshots. The series per element, the network view's tables and the
// log's lowest pressure are all cut from these, so a large network's results are built with a few
// typed arrays instead of one record per node and link.

import { ACTIVE, CLOSED, PUMP } from './hydraulics/constants.js';
import type { HeatStep } from './heat/heat-transport.js';
import type { NetworkSimulation } from './simulate.js';

/** Link status as reported: 0 closed, 1 open, 2 active (a control valve regulating). */
export const REPORTED_STATUS = { closed: 0, open: 1, active: 2 } as const;

export interface ReportedValues {
  /** Seconds from the start, one per row. */
  times: number[];
  nNodes: number;
  nLinks: number;
  /** m; Pa (ρ·g·(head − elevation), 0 at reservoirs); m³/s (tanks and reservoirs: net inflow). */
  head: Float64Array;
  pressure: Float64Array;
  demand: Float64Array;
  /** m³/s at each junction (part of `demand`; 0 at tanks and reservoirs), when pipes leak. */
  leakage?: Float64Array;
  /** K, with heat transport only. */
  temperature?: Float64Array;
  /** Water quality at the nodes and in the links (unit and label in `qualityUnit`), when simulated. */
  quality?: { node: Float64Array; link: Float64Array; unit: string; label: string };
  /** m³/s; m/s (0 in pumps); m (from − to, 0 when closed); REPORTED_STATUS codes. */
  flow: Float64Array;
  velocity: Float64Array;
  headloss: Float64Array;
  status: Uint8Array;
}

/** The reported snapshots (or every hydraulic step) as tables; `heat` from simulateHeat on the same simulation. */
export function reportedValues(sim: NetworkSimulation, options: { everyStep?: boolean; heat?: HeatStep[]; quality?: ReportedQuality } = {}): ReportedValues {
  const net = sim.net;
  const indices = options.everyStep ? sim.steps.map((_, index) => index) : sim.reportSteps;
  const nT = indices.length;
  const nN = net.nNodes;
  const nL = net.nLinks;
  const rhoG = net.options.pascalsPerMetre;
  const head = new Float64Array(nT * nN);
  const pressure = new Float64Array(nT * nN);
  const demand = new Float64Array(nT * nN);
  const flow = new Float64Array(nT * nL);
  const velocity = new Float64Array(nT * nL);
  const headloss = new Float64Array(nT * nL);
  const status = new Uint8Array(nT * nL);
  const area = new Float64Array(nL);
  for (let k = 0; k < nL; k++) area[k] = net.linkType[k] === PUMP ? 0 : (Math.PI * net.diameter[k]! ** 2) / 4;
  for (let t = 0; t < nT; t++) {
    const s = sim.steps[indices[t]!]!;
    const row = t * nN;
    head.set(s.head, row);
    demand.set(s.demand, row);
    for (let i = 0; i < nN; i++) {
      const isReservoir = i >= net.nJunctions && net.tankArea[i - net.nJunctions] === 0;
      pressure[row + i] = isReservoir ? 0 : (s.head[i]! - net.elevation[i]!) * rhoG;
    }
    const linkRow = t * nL;
    flow.set(s.flow, linkRow);
    for (let k = 0; k < nL; k++) {
      const code = s.status[k]!;
      const a = area[k]!;
      velocity[linkRow + k] = a === 0 ? 0 : Math.abs(s.flow[k]!) / a;
      headloss[linkRow + k] = code <= CLOSED ? 0 : s.head[net.linkFrom[k]!]! - s.head[net.linkTo[k]!]!;
      status[linkRow + k] = code <= CLOSED ? REPORTED_STATUS.closed : code === ACTIVE ? REPORTED_STATUS.active : REPORTED_STATUS.open;
    }
  }
  const values: ReportedValues = { times: indices.map((index) => sim.steps[index]!.time), nNodes: nN, nLinks: nL, head, pressure, demand, flow, velocity, headloss, status };
  if (sim.steps[0]?.leakage) {
    const leakage = new Float64Array(nT * nN);
    for (let t = 0; t < nT; t++) leakage.set(sim.steps[indices[t]!]!.leakage!, t * nN);
    values.leakage = leakage;
  }
  if (options.heat) {
    const temperature = new Float64Array(nT * nN);
    for (let t = 0; t < nT; t++) temperature.set(options.heat[indices[t]!]!.nodeTemperature, t * nN);
    values.temperature = temperature;
  }
  if (options.quality) {
    const q = options.quality;
    const node = new Float64Array(nT * nN);
    const link = new Float64Array(nT * nL);
    for (let t = 0; t < nT; t++) {
      node.set(q.node[indices[t]!]!, t * nN);
      link.set(q.link[indices[t]!]!, t * nL);
    }
    values.quality = { node, link, unit: q.unit, label: q.label };
  }
  return values;
}

/** Quality per hydraulic step (as simulateQuality gives it), in the unit the results carry. */
export interface ReportedQuality {
  node: Float64Array[];
  link: Float64Array[];
  unit: string;
  label: string;
}

/** Column j of a [time][element] table as a plain array (the series' format). */
export function column(table: ArrayLike<number>, columns: number, j: number): number[] {
  const rows = table.length / columns;
  const out = new Array<number>(rows);
  for (let t = 0; t < rows; t++) out[t] = table[t * columns + j]!;
  return out;
}
