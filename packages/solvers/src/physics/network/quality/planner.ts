// What a hydraulic interval's quality steps read of the hydraulics (EPANET 2.3 quality.c: the
// hydraulics file's record): the flows, demands and statuses in EPANET's units, the tank volumes at
// the interval's end and the flow direction of each link, taken once per interval as soon as its
// length and end volumes are known. It reads no quality, so a run given two threads plans on the
// hydraulics' thread and routes on a helper (pipeline.ts); every interval is handed over in arrays of
// its own (moved between the threads, not copied). What else depends on the flows alone (the wall
// rate coefficients, the node order, the transport plan) is left to the router: on two threads the
// helper has the time for it and the hydraulics' thread has not (docs/performance.md).

import { CLOSED } from '../hydraulics/constants.js';
import type { CompiledNetwork } from '../hydraulics/compile.js';
import { tankVolume } from '../hydraulics/tanks.js';
import type { HydraulicSnapshot } from '../simulate.js';
import { CFS } from '../units.js';
import { toCubicFeet, type HydraulicRecord } from './state.js';
import { Q_STAGNANT } from './transport.js';

/** What routing needs of a hydraulic step (a HydraulicSnapshot has it all). */
export type QualityStepInput = Pick<HydraulicSnapshot, 'time' | 'flow' | 'status' | 'demand' | 'head'>;

/** Where an interval ends: the next step's time and heads (tanks' only are read). */
export type IntervalEnd = Pick<HydraulicSnapshot, 'time' | 'head'>;

/** Links at each node in EPANET's adjacency order: adjLink[adjStart[n] .. adjStart[n + 1]), the other end in adjNode. */
export interface Adjacency {
  adjStart: Int32Array;
  adjLink: Int32Array;
  adjNode: Int32Array;
}

/** One hydraulic interval, planned: everything routing reads of the flows. */
export interface QualityInterval {
  /** Start of the interval, s. */
  time: number;
  /** Its length, s; 0 for the last step (its tables only). */
  length: number;
  record: HydraulicRecord;
  /** Volume of each tank at the interval's end, ft³ (fixed-grade node index; 0 for reservoirs). */
  tankV: Float64Array;
  /** −1, 0 or 1 per link: the flow's direction over the interval (0 stagnant or closed). */
  flowDir: Int8Array;
}

/** The buffers of an interval, to move it to another thread. */
export function intervalBuffers(interval: QualityInterval): ArrayBuffer[] {
  const { record, tankV, flowDir } = interval;
  const arrays = [record.flow, record.absFlow, record.demand, record.status, tankV, flowDir];
  return arrays.map((array) => array.buffer as ArrayBuffer);
}

/** EPANET's adjacency lists: each link put in front of its end nodes' lists, in link order. */
export function adjacency(net: CompiledNetwork): Adjacency {
  const adjStart = new Int32Array(net.nNodes + 1);
  for (let k = 0; k < net.nLinks; k++) {
    adjStart[net.linkFrom[k]! + 1]!++;
    adjStart[net.linkTo[k]! + 1]!++;
  }
  for (let n = 0; n < net.nNodes; n++) adjStart[n + 1]! += adjStart[n]!;
  const fill = adjStart.slice(1);
  const adjLink = new Int32Array(2 * net.nLinks);
  const adjNode = new Int32Array(2 * net.nLinks);
  for (let k = net.nLinks - 1; k >= 0; k--) {
    const a = net.linkFrom[k]!;
    const b = net.linkTo[k]!;
    // Filled from each list's end backwards, link order reversed: the head-first order of EPANET.
    let at = --fill[b]!;
    adjLink[at] = k;
    adjNode[at] = a;
    at = --fill[a]!;
    adjLink[at] = k;
    adjNode[at] = b;
  }
  return { adjStart, adjLink, adjNode };
}

/**
 * Plans each interval once it is known where it ends: `next` with each step taken, and, where the
 * hydraulics tell it, `end` as soon as they know the next step's time and tank levels, before solving
 * it (a helper then routes the interval while that step is solved; `next` then has nothing left).
 */
export class QualityPlanner {
  private pending: QualityStepInput | undefined;

  constructor(private readonly net: CompiledNetwork) {}

  /** The interval of the step before `step`, if any. */
  next(step: QualityStepInput): QualityInterval | undefined {
    const interval = this.end(step);
    this.pending = step;
    return interval;
  }

  /** The interval of the step held, ending at `end` (undefined when none is held). */
  end(end: IntervalEnd): QualityInterval | undefined {
    const step = this.pending;
    this.pending = undefined;
    return step ? this.plan(step, end) : undefined;
  }

  /** The last step, as an interval of length 0 (its tables only); undefined when none is held. */
  last(): QualityInterval | undefined {
    const step = this.pending;
    this.pending = undefined;
    return step ? this.plan(step, undefined) : undefined;
  }

  private plan(step: QualityStepInput, end: IntervalEnd | undefined): QualityInterval {
    const { net } = this;
    const record = hydraulicRecord(net, step);
    const interval: QualityInterval = { time: step.time, length: end ? end.time - step.time : 0, record, tankV: endVolumes(net, end ?? step), flowDir: new Int8Array(0) };
    if (!end) return interval;
    interval.flowDir = flowDirections(net, record);
    return interval;
  }
}

/** The hydraulic step's tables in EPANET's units (cfs). */
function hydraulicRecord(net: CompiledNetwork, step: QualityStepInput): HydraulicRecord {
  const r: HydraulicRecord = { time: step.time, flow: new Float64Array(net.nLinks), absFlow: new Float64Array(net.nLinks), demand: new Float64Array(net.nNodes), status: step.status.slice() };
  for (let k = 0; k < net.nLinks; k++) {
    r.flow[k] = step.flow[k]! / CFS;
    r.absFlow[k] = step.status[k]! <= CLOSED ? 0 : Math.abs(r.flow[k]!);
  }
  for (let n = 0; n < net.nNodes; n++) r.demand[n] = step.demand[n]! / CFS;
  return r;
}

/** Tank volumes (ft³) at a step's heads; 0 for reservoirs. */
function endVolumes(net: CompiledNetwork, end: IntervalEnd): Float64Array {
  const tankV = new Float64Array(net.nNodes - net.nJunctions);
  for (let f = 0; f < tankV.length; f++) if (net.tankArea[f] !== 0) tankV[f] = toCubicFeet(tankVolume(net, f, end.head[net.nJunctions + f]!));
  return tankV;
}

function flowDirections(net: CompiledNetwork, record: HydraulicRecord): Int8Array {
  const flowDir = new Int8Array(net.nLinks);
  for (let k = 0; k < net.nLinks; k++) {
    const q = record.status[k]! <= CLOSED ? 0 : record.flow[k]!;
    flowDir[k] = Math.abs(q) < Q_STAGNANT ? 0 : Math.sign(q);
  }
  return flowDir;
}

/** Topological order of the nodes along the flow (EPANET's sortnodes, cycles broken as it does). */
export function sortNodes(net: CompiledNetwork, adj: Adjacency, flowDir: Int8Array, sorted: Int32Array): void {
  const indegree = new Int32Array(net.nNodes);
  for (let k = 0; k < net.nLinks; k++) {
    const dir = flowDir[k]!;
    if (dir > 0) indegree[net.linkTo[k]!]!++;
    else if (dir < 0) indegree[net.linkFrom[k]!]!++;
  }
  const stack: number[] = [];
  for (let i = 0; i < net.nNodes; i++) if (indegree[i] === 0) stack.push(i);
  let count = 0;
  while (count < net.nNodes) {
    if (stack.length === 0) {
      const j = nonStackNode(net, adj, sorted, count, indegree);
      if (j < 0) break;
      indegree[j] = 0;
      stack.push(j);
    }
    const i = stack.pop()!;
    sorted[count++] = i;
    for (let a = adj.adjStart[i]!; a < adj.adjStart[i + 1]!; a++) {
      const k = adj.adjLink[a]!;
      const dir = flowDir[k]!;
      if (dir === 0) continue;
      const n = dir < 0 ? net.linkFrom[k]! : net.linkTo[k]!;
      if (n !== i && indegree[n]! > 0) {
        indegree[n]!--;
        if (indegree[n] === 0) stack.push(n);
      }
    }
  }
}

function nonStackNode(net: CompiledNetwork, adj: Adjacency, sorted: Int32Array, count: number, indegree: Int32Array): number {
  for (let i = count - 1; i >= 0; i--) {
    const m = sorted[i]!;
    for (let a = adj.adjStart[m]!; a < adj.adjStart[m + 1]!; a++) if (indegree[adj.adjNode[a]!]! > 0) return adj.adjNode[a]!;
  }
  for (let i = 0; i < net.nNodes; i++) if (indegree[i]! > 0) return i;
  return -1;
}
