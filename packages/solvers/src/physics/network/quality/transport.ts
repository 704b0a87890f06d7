// Lagrangian transport over one quality step (EPANET 2.3 qualroute.c transport): nodes are taken in
// topological order of the flow; each takes in the leading volume of the links flowing into it, mixes
// it (junctions by flow, tanks by their mixing model), adds any source, and releases its quality into
// the trailing end of the links flowing out of it, as a new segment unless the quality is within the
// tolerance of the last one.

import { CLOSED } from '../hydraulics/constants.js';
import { mixTank } from './mixing.js';
import { reactPipes, reactTanks } from './reactions.js';
import { addSegment } from './segments.js';
import { CHEMICAL, TRACE, type QualityState } from './state.js';

/** EPANET's stagnant flow, 0.005 gpm in cfs. */
export const Q_STAGNANT = 0.005 / 448.831;

const linkFlow = (s: QualityState, k: number) => (s.record.status[k]! <= CLOSED ? 0 : s.record.flow[k]!);

export function transport(s: QualityState, dt: number): void {
  const net = s.net;
  if (s.reactive) {
    reactPipes(s, dt);
    reactTanks(s, dt);
  }
  const { linkFrom, linkTo } = net;
  for (let j = 0; j < net.nNodes; j++) {
    const n = s.sorted[j]!;
    let volin = 0;
    let massin = 0;
    let volout = 0;
    for (const { link: k } of s.adjacency[n]!) {
      const downstream = s.flowDir[k]! < 0 ? linkFrom[k]! : linkTo[k]!;
      if (downstream === n) {
        const taken = takeInflow(s, k, dt);
        volin += taken.volume;
        massin += taken.mass;
      } else volout += Math.abs(linkFlow(s, k));
    }
    if (n < net.nJunctions) volout += Math.max(0, s.record.demand[n]!);
    volout *= dt;
    const c = nodeQuality(s, n, volin, massin, volout, dt);
    for (const { link: k } of s.adjacency[n]!) {
      const upstream = s.flowDir[k]! < 0 ? linkTo[k]! : linkFrom[k]!;
      if (upstream === n) releaseOutflow(s, k, c, dt);
    }
  }
}

function takeInflow(s: QualityState, k: number, dt: number): { volume: number; mass: number } {
  let v = Math.abs(linkFlow(s, k)) * dt;
  let volume = 0;
  let mass = 0;
  while (v > 0) {
    const seg = s.first[k];
    if (!seg) break;
    const vseg = Math.min(seg.v, v);
    volume += vseg;
    mass += vseg * seg.c;
    v -= vseg;
    if (v >= 0 && vseg >= seg.v) {
      s.first[k] = seg.prev;
      if (s.first[k] === null) s.last[k] = null;
      seg.prev = s.free;
      s.free = seg;
    } else seg.v -= vseg;
  }
  return { volume, mass };
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
  for (const { link: k } of s.adjacency[n]!) {
    const dir = s.flowDir[k]!;
    const inflow = (s.net.linkTo[k] === n && dir >= 0) || (s.net.linkFrom[k] === n && dir < 0);
    const seg = inflow ? s.first[k] : s.last[k];
    if (seg) {
      c += seg.c;
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
  const v = Math.abs(linkFlow(s, k)) * dt;
  if (v === 0) return;
  const seg = s.last[k];
  if (seg && Math.abs(seg.c - c) < s.q.tolerance) {
    seg.c = (seg.c * seg.v + c * v) / (seg.v + v);
    seg.v += v;
  } else addSegment(s, k, v, c);
}
