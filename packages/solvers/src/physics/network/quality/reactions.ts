// Reactions in pipes and tanks (EPANET 2.3 qualreact.c): bulk reactions of order n with an optional
// limiting concentration (or Michaelis–Menten for n < 0), wall reactions of order 0 or 1 limited by
// mass transfer to the wall (Sherwood number from Notter–Sleicher in turbulent flow, the Graetz
// solution in laminar flow, 2 when stagnant), and water age growing by the step.

import { PIPE, CLOSED } from '../hydraulics/constants.js';
import { NONE } from './segments.js';
import { AGE, CHEMICAL, type QualityState } from './state.js';

const SECONDS_PER_DAY = 86400;
const TINY = 1e-6;
const BIG = 1e10;

/** EPANET's getucf: the factor of an n-th order rate coefficient given per (mass/L)^(n−1). */
export function orderFactor(order: number): number {
  const n = order < 0 ? 0 : order;
  return n === 1 ? 1 : 1 / 28.317 ** (n - 1);
}

/** Wall rate coefficients of the current hydraulic step (EPANET's ratecoeffs and piperate). */
export function rateCoefficients(s: QualityState): void {
  const { net, q } = s;
  for (let k = 0; k < net.nLinks; k++) s.rc[k] = q.kw[k] !== 0 ? pipeRate(s, k) : 0;
  // First-order bulk and wall decay without a limit (the common case): one factor per pipe for the
  // whole interval, NaN where the general rate laws apply.
  const linearLaw = q.parameter !== AGE && q.bulkOrder === 1 && q.limit === 0;
  for (let k = 0; k < net.nLinks; k++) {
    const kw = q.kw[k]!;
    const d = q.diameter[k]!;
    const linear = linearLaw && (q.wallOrder === 1 || kw === 0 || d === 0);
    s.linearRate[k] = linear ? q.kb[k]! * q.bulkFactor + (kw === 0 || d === 0 ? 0 : s.rc[k]!) : Number.NaN;
  }
  let allLinear = true;
  for (const k of q.pipes) {
    const rate = s.linearRate[k]!;
    s.chainRate[k] = rate;
    if (rate !== rate) allLinear = false;
  }
  s.allLinear = allLinear;
}

function pipeRate(s: Pick<QualityState, 'q' | 'record'>, k: number): number {
  const q = s.q;
  const d = q.diameter[k]!;
  if (q.schmidt === 0) return q.wallOrder === 0 ? BIG : (q.kw[k]! * 4) / d;
  const flow = s.record.status[k]! <= CLOSED ? 0 : s.record.flow[k]!;
  const u = Math.abs(flow) / ((Math.PI * d * d) / 4);
  const re = (u * d) / q.viscosity;
  let sh: number;
  if (re < 1) sh = 2;
  else if (re >= 2300) sh = 0.0149 * re ** 0.88 * q.schmidtFactor;
  else {
    const y = (d / q.length[k]!) * re * q.schmidt;
    sh = 3.65 + (0.0668 * y) / (1 + 0.04 * y ** 0.667);
  }
  const kf = (sh * q.diffusivity) / d;
  if (q.wallOrder === 0) return kf;
  const kw = q.kw[k]!;
  return ((4 / d) * kw * kf) / (kf + Math.abs(kw));
}

function bulkRate(s: QualityState, c: number, kb: number, order: number): number {
  const limit = s.q.limit;
  let potential: number;
  if (order === 0) potential = 1;
  else if (order < 0) {
    let c1 = limit + Math.sign(kb) * c;
    if (Math.abs(c1) < TINY) c1 = Math.sign(c1) * TINY;
    potential = c / c1;
  } else {
    const c1 = limit === 0 ? c : Math.max(0, Math.sign(kb) * (limit - c));
    if (order === 1) potential = c1;
    else if (order === 2) potential = c1 * c;
    else potential = c1 * Math.max(0, c) ** (order - 1);
  }
  if (potential < 0) potential = 0;
  return kb * potential;
}

function wallRate(s: QualityState, c: number, d: number, kw: number, kf: number): number {
  if (kw === 0 || d === 0) return 0;
  if (s.q.wallOrder === 0) {
    const transfer = Math.sign(kw) * c * kf;
    const rate = Math.abs(transfer) < Math.abs(kw) ? transfer : kw;
    return (rate * 4) / d;
  }
  return c * kf;
}

export function reactPipes(s: QualityState, dt: number): void {
  const { q } = s;
  const pool = s.segments;
  const { c, prev, first } = pool;
  const pipes = q.pipes;
  if (s.allLinear && q.parameter !== AGE) {
    // Every segment of the pool in index order instead of chain by chain: no pointer chasing. Free
    // segments react too, harmlessly (a segment's values are set anew when it is reused).
    const { link } = pool;
    const rates = s.chainRate;
    for (let seg = 0, used = pool.used; seg < used; seg++) {
      const rate = rates[link[seg]!]!;
      if (rate !== rate) continue;
      const c0 = c[seg]!;
      c[seg] = Math.max(0, c0 + rate * c0 * dt);
    }
    return;
  }
  if (q.parameter === AGE) {
    for (let i = 0; i < pipes.length; i++) for (let seg = first[pipes[i]!]!; seg !== NONE; seg = prev[seg]!) c[seg] = Math.max(0, c[seg]! + dt / 3600);
    return;
  }
  for (let i = 0; i < pipes.length; i++) {
    const k = pipes[i]!;
    const rate = s.linearRate[k]!;
    if (rate === rate) {
      for (let seg = first[k]!; seg !== NONE; seg = prev[seg]!) {
        const c0 = c[seg]!;
        c[seg] = Math.max(0, c0 + rate * c0 * dt);
      }
      continue;
    }
    const kb = q.kb[k]!;
    const kw = q.kw[k]!;
    const rc = s.rc[k]!;
    const d = q.diameter[k]!;
    for (let seg = first[k]!; seg !== NONE; seg = prev[seg]!) {
      const c0 = c[seg]!;
      const rbulk = bulkRate(s, c0, kb, q.bulkOrder) * q.bulkFactor;
      const rwall = wallRate(s, c0, d, kw, rc);
      c[seg] = Math.max(0, c0 + rbulk * dt + rwall * dt);
    }
  }
}

export function reactTanks(s: QualityState, dt: number): void {
  const { net, q } = s;
  const nFixed = net.nNodes - net.nJunctions;
  for (let f = 0; f < nFixed; f++) {
    if (net.tankArea[f] === 0) continue;
    const pool = s.segments;
    for (let seg = pool.first[net.nLinks + f]!; seg !== NONE; seg = pool.prev[seg]!) {
      const c0 = pool.c[seg]!;
      const dc = q.parameter === AGE ? dt / 3600 : bulkRate(s, c0, q.tankKb[f]!, q.tankOrder) * q.tankFactor * dt;
      pool.c[seg] = Math.max(0, c0 + dc);
    }
  }
}

/** EPANET's setreactflag: age always reacts, a trace never, a chemical when some coefficient is set. */
export function isReactive(s: Pick<QualityState, 'q' | 'net'>): boolean {
  const { q, net } = s;
  if (q.parameter === AGE) return true;
  if (q.parameter !== CHEMICAL) return false;
  for (let k = 0; k < net.nLinks; k++) if (net.linkType[k]! <= PIPE && (q.kb[k] !== 0 || q.kw[k] !== 0)) return true;
  return q.tankKb.some((kb) => kb !== 0);
}

export const PER_DAY = 1 / SECONDS_PER_DAY;
