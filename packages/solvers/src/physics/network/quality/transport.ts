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


export function transport(s: QualityState, dt: number): void {
  const net = s.net;
  if (s.reactive) {
    reactPipes(s, dt);
    reactTanks(s, dt);
  }
  const { linkFrom, linkTo } = net;
  const { adjStart, adjLink, flowDir } = s;
  const absFlow = s.record.absFlow;
  const inflow = s.inflow;
  for (let j = 0; j < net.nNodes; j++) {
    const n = s.sorted[j]!;
    inflow.volume = 0;
    inflow.mass = 0;
    let volout = 0;
    const end = adjStart[n + 1]!;
    for (let a = adjStart[n]!; a < end; a++) {
      const k = adjLink[a]!;
      const downstream = flowDir[k]! < 0 ? linkFrom[k]! : linkTo[k]!;
      if (downstream === n) takeInflow(s, k, dt);
      else volout += absFlow[k]!;
    }
    if (n < net.nJunctions) volout += Math.max(0, s.record.demand[n]!);
    volout *= dt;
    const c = nodeQuality(s, n, inflow.volume, inflow.mass, volout, dt);
    for (let a = adjStart[n]!; a < end; a++) {
      const k = adjLink[a]!;
      const upstream = flowDir[k]! < 0 ? linkTo[k]! : linkFrom[k]!;
      if (upstream === n) releaseOutflow(s, k, c, dt);
    }
  }
}

/** Moves the leading volume of link k for the step into the node's inflow (s.inflow). */
function takeInflow(s: QualityState, k: number, dt: number): void {
  const pool = s.segments;
  const { v: volumes, c, first, last, prev } = pool;
  let v = s.record.absFlow[k]! * dt;
  let volume = 0;
  let mass = 0;
  while (v > 0) {
    const seg = first[k]!;
    if (seg === NONE) break;
    const vseg = Math.min(volumes[seg]!, v);
    volume += vseg;
    mass += vseg * c[seg]!;
    v -= vseg;
    if (v >= 0 && vseg >= volumes[seg]!) {
      first[k] = prev[seg]!;
      if (first[k] === NONE) last[k] = NONE;
      pool.release(seg);
    } else volumes[seg] = volumes[seg]! - vseg;
  }
  s.inflow.volume += volume;
  s.inflow.mass += mass;
}

function nodeQuality(s: QualityState, n: number, volin: number, massin: number, volout: number, dt: number): number {
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
function noFlowQuality(s: QualityState, n: number): number {
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

function releaseOutflow(s: QualityState, k: number, c: number, dt: number): void {
  const v = s.record.absFlow[k]! * dt;
  if (v === 0) return;
  const pool = s.segments;
  const seg = pool.last[k]!;
  if (seg !== NONE && Math.abs(pool.c[seg]! - c) < s.q.tolerance) {
    pool.c[seg] = (pool.c[seg]! * pool.v[seg]! + c * v) / (pool.v[seg]! + v);
    pool.v[seg] = pool.v[seg]! + v;
  } else pool.add(k, v, c);
}
