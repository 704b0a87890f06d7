// Lagrangian transport over one quality step (EPANET 2.3 qualroute.c transport): nodes are taken in
// topological order of the flow; each takes in the leading volume of the links flowing into it, mixes
// it (junctions by flow, tanks by their mixing model), adds any source, and releases its quality into
// the trailing end of the links flowing out of it, as a new segment unless the quality is within the
// tolerance of the last one.

import { mixTank } from './mixing.js';
import { reactPipes, reactTanks } from './reactions.js';
import { NONE } from './segments.js';
import { CHEMICAL, TRACE, type QualityState } from './state.js';

/** EPANET's stagnant flow, 0.005 gpm in cfs. */
export const Q_STAGNANT = 0.005 / 448.831;


/** Fills s.plan for the interval's hydraulic record and node order (planner.ts, each interval). */
export function planTransport(s: Pick<QualityState, 'net' | 'adjStart' | 'adjLink' | 'flowDir' | 'plan' | 'record'> & { sorted: Int32Array }): void {
  const net = s.net;
  const { linkFrom, linkTo } = net;
  const { adjStart, adjLink, flowDir, plan } = s;
  const absFlow = s.record.absFlow;
  const demand = s.record.demand;
  let nIn = 0;
  let nOut = 0;
  for (let j = 0; j < net.nNodes; j++) {
    const n = s.sorted[j]!;
    plan.order[j] = n;
    plan.inStart[j] = nIn;
    plan.outStart[j] = nOut;
    let rate = 0;
    for (let a = adjStart[n]!, end = adjStart[n + 1]!; a < end; a++) {
      const k = adjLink[a]!;
      const q = absFlow[k]!;
      const downstream = flowDir[k]! < 0 ? linkFrom[k]! : linkTo[k]!;
      if (downstream === n) {
        if (q > 0) plan.inLink[nIn++] = k;
      } else {
        rate += q;
        // The upstream end is the other node when the link points away from n (EPANET's test).
        const upstream = flowDir[k]! < 0 ? linkTo[k]! : linkFrom[k]!;
        if (upstream === n && q > 0) plan.outLink[nOut++] = k;
      }
    }
    if (n < net.nJunctions) rate += Math.max(0, demand[n]!);
    plan.outRate[j] = rate;
  }
  plan.inStart[net.nNodes] = nIn;
  plan.outStart[net.nNodes] = nOut;
}

export function transport(s: QualityState, dt: number): void {
  const net = s.net;
  const reactive = s.reactive;
  if (reactive) {
    reactPipes(s, dt);
    reactTanks(s, dt);
  }
  const { order, inStart, inLink, outStart, outLink, outRate } = s.plan;
  const absFlow = s.record.absFlow;
  const demand = s.record.demand;
  const nodeQual = s.nodeQual;
  const hasSource = s.q.hasSource;
  const trace = s.q.parameter === TRACE;
  const tolerance = s.q.tolerance;
  const nJunctions = net.nJunctions;
  const pool = s.segments;
  // Room for a new segment per link and two per tank: the pool cannot grow during the step, so its
  // arrays and free list live in locals and segments are added and released inline (the pool's
  // methods through the object cost a fifth of the step).
  pool.reserve(net.nLinks + 2 * (net.nNodes - nJunctions));
  const { first, last, v: volume, c: quality, prev, link } = pool;
  let free = pool.free;
  let size = pool.used;
  for (let j = 0; j < net.nNodes; j++) {
    const n = order[j]!;
    // The leading volume of each inflow link for the step (EPANET's getinflow).
    let volin = 0;
    let massin = 0;
    for (let a = inStart[j]!, end = inStart[j + 1]!; a < end; a++) {
      const k = inLink[a]!;
      let v = absFlow[k]! * dt;
      let vsum = 0;
      let mass = 0;
      while (v > 0) {
        const seg = first[k]!;
        if (seg === NONE) break;
        const vs = volume[seg]!;
        const vseg = Math.min(vs, v);
        vsum += vseg;
        mass += vseg * quality[seg]!;
        v -= vseg;
        if (v >= 0 && vseg >= vs) {
          const next = prev[seg]!;
          first[k] = next;
          if (next === NONE) last[k] = NONE;
          prev[seg] = free;
          free = seg;
        } else volume[seg] = vs - vseg;
      }
      volin += vsum;
      massin += mass;
    }
    let c: number;
    if (n < nJunctions && !trace && hasSource[n] === 0) {
      // A junction without a source (nearly every node): flow-weighted mixing only.
      const inflow = volin - Math.min(0, demand[n]!) * dt;
      if (inflow > 0) nodeQual[n] = massin / inflow;
      else if (reactive) nodeQual[n] = noFlowQuality(s, n);
      c = nodeQual[n]!;
    } else {
      // Tanks and sources may add or release segments through the pool.
      pool.free = free;
      pool.used = size;
      c = nodeQuality(s, n, volin, massin, outRate[j]! * dt, dt);
      free = pool.free;
      size = pool.used;
    }
    // The node's quality enters the trailing end of each outflow link (EPANET's release).
    for (let a = outStart[j]!, end = outStart[j + 1]!; a < end; a++) {
      const k = outLink[a]!;
      const v = absFlow[k]! * dt;
      const tail = last[k]!;
      if (tail !== NONE && Math.abs(quality[tail]! - c) < tolerance) {
        const vs = volume[tail]!;
        quality[tail] = (quality[tail]! * vs + c * v) / (vs + v);
        volume[tail] = vs + v;
      } else {
        let seg = free;
        if (seg !== NONE) free = prev[seg]!;
        else seg = size++;
        volume[seg] = v;
        quality[seg] = c;
        prev[seg] = NONE;
        link[seg] = k;
        if (first[k] === NONE) first[k] = seg;
        if (tail !== NONE) prev[tail] = seg;
        last[k] = seg;
      }
    }
  }
  pool.free = free;
  pool.used = size;
}

export function nodeQuality(s: QualityState, n: number, volin: number, massin: number, volout: number, dt: number): number {
  const net = s.net;
  const q = s.q;
  const f = n - net.nJunctions;
  if (f < 0) {
    const inflow = volin - Math.min(0, s.record.demand[n]!) * dt;
    if (inflow > 0) s.nodeQual[n] = massin / inflow;
    else if (s.reactive) s.nodeQual[n] = noFlowQuality(s, n);
  } else if (net.tankArea[f] !== 0) {
    s.nodeQual[n] = mixTank(s, f, volin, massin, volout);
  }
  s.sourceQual = 0;
  if (q.parameter === TRACE) {
    if (n === q.traceNode) s.nodeQual[n] = 100;
    return s.nodeQual[n]!;
  }
  s.sourceQual = sourceQuality(s, n, volout, dt);
  if (s.sourceQual === 0) return s.nodeQual[n]!;
  if (f < 0) {
    s.nodeQual[n]! += s.sourceQual;
    return s.nodeQual[n]!;
  }
  if (net.tankArea[f] !== 0) return s.nodeQual[n]! + s.sourceQual;
  s.nodeQual[n] = s.sourceQual;
  return s.sourceQual;
}

/** A junction without inflow takes the mean quality of the ends of its links (reactions go on). */
export function noFlowQuality(s: QualityState, n: number): number {
  let c = 0;
  let count = 0;
  const pool = s.segments;
  for (let a = s.adjStart[n]!; a < s.adjStart[n + 1]!; a++) {
    const k = s.adjLink[a]!;
    const dir = s.flowDir[k]!;
    const inflow = (s.net.linkTo[k] === n && dir >= 0) || (s.net.linkFrom[k] === n && dir < 0);
    const seg = inflow ? pool.first[k]! : pool.last[k]!;
    if (seg !== NONE) {
      c += pool.c[seg]!;
      count++;
    }
  }
  return count > 0 ? c / count : 0;
}

function sourceQuality(s: QualityState, n: number, volout: number, dt: number): number {
  const q = s.q;
  if (q.parameter !== CHEMICAL) return 0;
  const source = q.sources[n];
  if (!source || source.strength === 0) return 0;
  if (volout / dt <= Q_STAGNANT) return 0;
  let c = source.strength;
  if (source.pattern > 0) {
    const times = s.net.times;
    const multipliers = s.net.patterns[source.pattern]!;
    c *= multipliers[Math.floor((s.time + times.patternStart) / times.patternStep) % multipliers.length]!;
  }
  switch (source.type) {
    case 'concen':
      if (n < s.net.nJunctions) c = s.record.demand[n]! < 0 ? (-c * s.record.demand[n]! * dt) / volout : 0;
      break;
    case 'mass':
      c = (c * dt) / volout;
      break;
    case 'setpoint':
      c = Math.max(c - s.nodeQual[n]!, 0);
      break;
    case 'flowpaced':
      break;
  }
  return c;
}
