// Water quality over an extended-period run (EPANET 2.3 quality.c): after the hydraulics, each
// hydraulic interval's flows carry the constituent through the network in quality steps (a tenth of
// the hydraulic step unless given), with reactions, sources and tank mixing; the quality at every
// node and in every link is kept at each hydraulic time, in the units the user sees (the chemical's
// concentration units, hours of age, per cent of traced water).

import { PIPE } from '../hydraulics/constants.js';
import type { NetworkModel } from '../model.js';
import type { CompiledNetwork } from '../hydraulics/compile.js';
import type { NetworkSimulation } from '../simulate.js';
import { compileQuality } from './compile.js';
import { adjacency, QualityPlanner, sortNodes, type QualityInterval } from './planner.js';
import { isReactive, rateCoefficients } from './reactions.js';
import { NONE, SegmentPool } from './segments.js';
import { AGE, emptyTransportPlan, TRACE, type CompiledQuality, type HydraulicRecord, type QualityState } from './state.js';
import { RoutingBlock } from './routing-wasm.js';
import { planTransport, transport } from './transport.js';

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

/** The constituent's units and label as the user sees them. */
export function qualityLabels(model: NetworkModel, parameter: number): { units: string; label: string } {
  const units = parameter === AGE ? 'h' : parameter === TRACE ? '%' : (model.quality?.units ?? 'mg/L');
  const label = parameter === AGE ? 'Water age' : parameter === TRACE ? `Water from ${model.quality?.traceNode}` : (model.quality?.chemical ?? 'Chemical');
  return { units, label };
}

/**
 * Water quality routed one planned hydraulic interval at a time, in order (planner.ts plans each
 * from the flows alone), on this thread or on a helper (pipeline.ts): the node and link qualities at
 * the interval's start are kept, the nodes ordered along the flow when a direction changed, and the
 * interval's quality steps taken.
 */
export class QualityRouter {
  private readonly s: QualityState;
  /** Nodes in topological order of the flow, kept until a direction changes. */
  private readonly sorted: Int32Array;
  readonly node: Float64Array[] = [];
  readonly link: Float64Array[] = [];

  constructor(net: CompiledNetwork, compiled: CompiledQuality) {
    this.s = initialState(net, compiled);
    this.sorted = new Int32Array(net.nNodes);
  }

  route(interval: QualityInterval): void {
    const s = this.s;
    checkInterval(s.net, interval);
    s.record = interval.record;
    s.tankV = interval.tankV;
    this.node.push(nodeQualities(s));
    this.link.push(linkQualities(s));
    if (interval.length === 0) return;
    if (s.reactive && s.q.parameter !== AGE) rateCoefficients(s);
    // Links whose flow turned round carry their segments the other way; a new order is needed only
    // when some direction changed.
    let changed = false;
    for (let k = 0; k < s.net.nLinks; k++) {
      const dir = interval.flowDir[k]!;
      const old = s.flowDir[k]!;
      if (dir * old < 0) s.segments.reverse(k);
      if (dir !== old) changed = true;
    }
    s.flowDir = interval.flowDir;
    if (changed) sortNodes(s.net, s, s.flowDir, this.sorted);
    planTransport({ ...s, sorted: this.sorted });
    s.routing?.load(interval);
    s.time = interval.time;
    for (let t = 0; t < interval.length; ) {
      const dt = Math.min(s.q.qualityStep, interval.length - t);
      t += dt;
      if (s.routing) s.routing.transport(dt);
      else transport(s, dt);
    }
  }

  /** The per-step node and link tables. */
  tables(): { node: Float64Array[]; link: Float64Array[] } {
    return { node: this.node, link: this.link };
  }
}

/** Runs water quality over the simulation's hydraulic steps; undefined when the model asks for none. */
export function simulateQuality(sim: NetworkSimulation, model: NetworkModel, checkAbort?: () => void): QualitySimulation | undefined {
  const compiled = compileQuality(model, sim.net);
  if (!compiled) return undefined;
  const planner = new QualityPlanner(sim.net);
  const router = new QualityRouter(sim.net, compiled);
  for (const step of sim.steps) {
    const interval = planner.next(step);
    if (interval) router.route(interval);
    checkAbort?.();
  }
  const last = planner.last();
  if (last) router.route(last);
  const { node, link } = router.tables();
  return { ...qualityLabels(model, compiled.parameter), step: compiled.qualityStep, node, link };
}

function initialState(net: CompiledNetwork, q: CompiledQuality): QualityState {
  const nFixed = net.nNodes - net.nJunctions;
  const { adjStart, adjLink, adjNode } = adjacency(net);
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
    adjStart,
    adjLink,
    adjNode,
    plan: emptyTransportPlan(net.nNodes, net.nLinks),
    record: emptyRecord(net.nNodes, net.nLinks),
    time: 0,
    sourceQual: 0,
    reactive: false,
    routing: undefined,
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
  s.routing = RoutingBlock.adopt(s);
  return s;
}

function emptyRecord(nNodes: number, nLinks: number): HydraulicRecord {
  return { time: 0, flow: new Float64Array(nLinks), absFlow: new Float64Array(nLinks), demand: new Float64Array(nNodes), status: new Uint8Array(nLinks) };
}

/** Plans may come from another thread: tables that do not fit the network, or flows that are not numbers, stop the run here. */
function checkInterval(net: CompiledNetwork, interval: QualityInterval): void {
  const { flow, demand } = interval.record;
  // x·0 is 0 for every finite x and NaN otherwise.
  let sum = 0;
  for (let k = 0; k < flow.length; k++) sum += flow[k]! * 0;
  if (flow.length !== net.nLinks || demand.length !== net.nNodes || sum !== 0) throw new Error('a hydraulic interval whose flows do not fit the network');
}

// Plain loops: a typed array's map with a callback costs as much as a tenth of the routing.
function nodeQualities(s: QualityState): Float64Array {
  const out = new Float64Array(s.net.nNodes);
  const scale = s.q.scale;
  for (let n = 0; n < out.length; n++) out[n] = s.nodeQual[n]! / scale;
  return out;
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
