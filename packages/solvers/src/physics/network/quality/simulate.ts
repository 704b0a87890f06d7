// Water quality over an extended-period run (EPANET 2.3 quality.c): after the hydraulics, each
// hydraulic interval's flows carry the constituent through the network in quality steps (a tenth of
// the hydraulic step unless given), with reactions, sources and tank mixing; the quality at every
// node and in every link is kept at each hydraulic time, in the units the user sees (the chemical's
// concentration units, hours of age, per cent of traced water).

import { CLOSED, PIPE } from '../hydraulics/constants.js';
import { tankVolume } from '../hydraulics/tanks.js';
import type { NetworkModel } from '../model.js';
import type { CompiledNetwork } from '../hydraulics/compile.js';
import type { HydraulicSnapshot, NetworkSimulation } from '../simulate.js';
import { CFS } from '../units.js';
import { compileQuality } from './compile.js';
import { isReactive, rateCoefficients } from './reactions.js';
import { NONE, SegmentPool } from './segments.js';
import { AGE, emptyTransportPlan, TRACE, toCubicFeet, type CompiledQuality, type HydraulicRecord, type QualityState } from './state.js';
import { planTransport, Q_STAGNANT, transport } from './transport.js';

export interface QualitySimulation {
  /** 'mg/L' (or the chemical's units), 'h' or '%'. */
  units: string;
  label: string;
  /** Quality step, s. */
  step: number;
  /** Per hydraulic step of the simulation (the same times): node and link qualities. */
  node: Float64Array[];
  link: Float64Array[];
}

/** What routing needs of a hydraulic step (a HydraulicSnapshot has it all). */
export type QualityStepInput = Pick<HydraulicSnapshot, 'time' | 'flow' | 'status' | 'demand' | 'head'>;

/** The constituent's units and label as the user sees them. */
export function qualityLabels(model: NetworkModel, parameter: number): { units: string; label: string } {
  const units = parameter === AGE ? 'h' : parameter === TRACE ? '%' : (model.quality?.units ?? 'mg/L');
  const label = parameter === AGE ? 'Water age' : parameter === TRACE ? `Water from ${model.quality?.traceNode}` : (model.quality?.chemical ?? 'Chemical');
  return { units, label };
}

/**
 * Water quality fed one hydraulic step at a time, in order: step i is routed when step i+1 arrives
 * (its interval ends there, and the tank volumes are those at its end), so routing can follow the
 * hydraulics one step behind, on this thread or on a helper (pipeline.ts).
 */
export class QualityRouter {
  private readonly s: QualityState;
  private pending: QualityStepInput | undefined;
  readonly node: Float64Array[] = [];
  readonly link: Float64Array[] = [];

  constructor(
    net: CompiledNetwork,
    private readonly compiled: CompiledQuality,
  ) {
    this.s = initialState(net, compiled);
  }

  push(step: QualityStepInput): void {
    if (this.pending) this.route(this.pending, step);
    this.pending = step;
  }

  /** Keeps the last step's qualities; the per-step node and link tables. */
  finish(): { node: Float64Array[]; link: Float64Array[] } {
    if (this.pending) this.route(this.pending, undefined);
    this.pending = undefined;
    return { node: this.node, link: this.link };
  }

  private route(step: QualityStepInput, next: QualityStepInput | undefined): void {
    const s = this.s;
    const compiled = this.compiled;
    setRecord(s, step, next ?? step);
    this.node.push(s.nodeQual.map((c) => c / compiled.scale));
    this.link.push(linkQualities(s));
    if (!next) return;
    if (s.reactive && compiled.parameter !== AGE) rateCoefficients(s);
    if (flowDirectionsChanged(s)) sortNodes(s);
    planTransport(s);
    const hydstep = next.time - step.time;
    s.time = step.time;
    for (let t = 0; t < hydstep; ) {
      const dt = Math.min(compiled.qualityStep, hydstep - t);
      t += dt;
      transport(s, dt);
    }
  }
}

/** Runs water quality over the simulation's hydraulic steps; undefined when the model asks for none. */
export function simulateQuality(sim: NetworkSimulation, model: NetworkModel, checkAbort?: () => void): QualitySimulation | undefined {
  const compiled = compileQuality(model, sim.net);
  if (!compiled) return undefined;
  const router = new QualityRouter(sim.net, compiled);
  for (const step of sim.steps) {
    router.push(step);
    checkAbort?.();
  }
  const { node, link } = router.finish();
  return { ...qualityLabels(model, compiled.parameter), step: compiled.qualityStep, node, link };
}

function initialState(net: CompiledNetwork, q: CompiledQuality): QualityState {
  const nFixed = net.nNodes - net.nJunctions;
  // EPANET's adjacency lists put each link in front of its end nodes' lists, in link order: here the
  // same order in one array per quantity (each node's links from the last to the first).
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
  const s: QualityState = {
    net,
    q,
    nodeQual: q.parameter === TRACE ? new Float64Array(net.nNodes) : q.initial.slice(),
    tankC: new Float64Array(nFixed),
    tankV: q.tankV0.slice(),
    segments: new SegmentPool(new Int32Array(net.nLinks + nFixed), new Int32Array(net.nLinks + nFixed), 4 * (net.nLinks + nFixed)),
    flowDir: new Int8Array(net.nLinks),
    rc: new Float64Array(net.nLinks),
    linearRate: new Float64Array(net.nLinks),
    chainRate: new Float64Array(net.nLinks + nFixed).fill(Number.NaN),
    allLinear: false,
    sorted: new Int32Array(net.nNodes),
    adjStart,
    adjLink,
    adjNode,
    plan: emptyTransportPlan(net.nNodes, net.nLinks),
    record: emptyRecord(net.nNodes, net.nLinks, nFixed),
    time: 0,
    sourceQual: 0,
    reactive: false,
  };
  for (let f = 0; f < nFixed; f++) s.tankC[f] = s.nodeQual[net.nJunctions + f]!;
  if (q.parameter === TRACE) s.nodeQual[q.traceNode] = 100;
  s.reactive = isReactive(s);
  for (let k = 0; k < net.nLinks; k++) {
    if (net.linkType[k] !== PIPE) continue;
    s.segments.add(k, 0.785398 * q.length[k]! * q.diameter[k]! * q.diameter[k]!, s.nodeQual[net.linkTo[k]!]!);
  }
  for (let f = 0; f < nFixed; f++) {
    if (net.tankArea[f] === 0) continue;
    const k = net.nLinks + f;
    const c = q.initial[net.nJunctions + f]!;
    const v = q.tankV0[f]!;
    s.segments.add(k, v, c);
    if (q.mixing[f] === '2comp') {
      const mixing = Math.max(0, v - q.mixFraction[f]! * q.tankVmax[f]!);
      s.segments.v[s.segments.first[k]!] = mixing;
      s.segments.add(k, v - mixing, c);
    }
  }
  return s;
}

function emptyRecord(nNodes: number, nLinks: number, nFixed: number): HydraulicRecord {
  return { time: 0, flow: new Float64Array(nLinks), absFlow: new Float64Array(nLinks), demand: new Float64Array(nNodes), status: new Uint8Array(nLinks), tankVolume: new Float64Array(nFixed) };
}

/** The hydraulic step's tables in EPANET's units; tank volumes at the end of the interval. */
function setRecord(s: QualityState, step: QualityStepInput, end: QualityStepInput): void {
  const r = s.record;
  const net = s.net;
  r.time = step.time;
  for (let k = 0; k < net.nLinks; k++) {
    r.flow[k] = step.flow[k]! / CFS;
    r.absFlow[k] = step.status[k]! <= CLOSED ? 0 : Math.abs(r.flow[k]!);
  }
  for (let n = 0; n < net.nNodes; n++) r.demand[n] = step.demand[n]! / CFS;
  r.status.set(step.status);
  for (let f = 0; f < net.nNodes - net.nJunctions; f++) {
    if (net.tankArea[f] === 0) continue;
    s.tankV[f] = toCubicFeet(tankVolume(net, f, end.head[net.nJunctions + f]!));
  }
}

function linkQualities(s: QualityState): Float64Array {
  const net = s.net;
  const out = new Float64Array(net.nLinks);
  const { v, c, prev, first } = s.segments;
  for (let k = 0; k < net.nLinks; k++) {
    let vsum = 0;
    let msum = 0;
    for (let seg = first[k]!; seg !== NONE; seg = prev[seg]!) {
      vsum += v[seg]!;
      msum += c[seg]! * v[seg]!;
    }
    const mean = vsum > 0 ? msum / vsum : (s.nodeQual[net.linkFrom[k]!]! + s.nodeQual[net.linkTo[k]!]!) / 2;
    out[k] = mean / s.q.scale;
  }
  return out;
}

function flowDirectionsChanged(s: QualityState): boolean {
  let changed = false;
  for (let k = 0; k < s.net.nLinks; k++) {
    const old = s.flowDir[k]!;
    const q = s.record.status[k]! <= CLOSED ? 0 : s.record.flow[k]!;
    const dir = Math.abs(q) < Q_STAGNANT ? 0 : Math.sign(q);
    if (dir * old < 0) s.segments.reverse(k);
    if (dir !== old) changed = true;
    s.flowDir[k] = dir;
  }
  return changed;
}

/** Topological order of the nodes along the flow (EPANET's sortnodes, cycles broken as it does). */
function sortNodes(s: QualityState): void {
  const net = s.net;
  const indegree = new Int32Array(net.nNodes);
  for (let k = 0; k < net.nLinks; k++) {
    const dir = s.flowDir[k]!;
    if (dir > 0) indegree[net.linkTo[k]!]!++;
    else if (dir < 0) indegree[net.linkFrom[k]!]!++;
  }
  const stack: number[] = [];
  for (let i = 0; i < net.nNodes; i++) if (indegree[i] === 0) stack.push(i);
  let sorted = 0;
  while (sorted < net.nNodes) {
    if (stack.length === 0) {
      const j = nonStackNode(s, sorted, indegree);
      if (j < 0) break;
      indegree[j] = 0;
      stack.push(j);
    }
    const i = stack.pop()!;
    s.sorted[sorted++] = i;
    for (let a = s.adjStart[i]!; a < s.adjStart[i + 1]!; a++) {
      const k = s.adjLink[a]!;
      const dir = s.flowDir[k]!;
      if (dir === 0) continue;
      const n = dir < 0 ? net.linkFrom[k]! : net.linkTo[k]!;
      if (n !== i && indegree[n]! > 0) {
        indegree[n]!--;
        if (indegree[n] === 0) stack.push(n);
      }
    }
  }
}

function nonStackNode(s: QualityState, sorted: number, indegree: Int32Array): number {
  for (let i = sorted - 1; i >= 0; i--) {
    const m = s.sorted[i]!;
    for (let a = s.adjStart[m]!; a < s.adjStart[m + 1]!; a++) if (indegree[s.adjNode[a]!]! > 0) return s.adjNode[a]!;
  }
  for (let i = 0; i < s.net.nNodes; i++) if (indegree[i]! > 0) return i;
  return -1;
}
