// Tank mixing models (EPANET 2.3 qualreact.c tankmix1–4): a fully mixed volume; two compartments,
// inflow and outflow through a mixing zone of a given share of the tank that overflows into (or
// draws from) a stagnant zone; plug flow first in, first out; and plug flow last in, first out.
// A tank's chain of segments starts at its outlet (first) and ends at the newest water (last).

import { NONE, type SegmentPool } from './segments.js';
import type { QualityState } from './state.js';

/** Mixes a step's inflow (volume vin of mass win) and outflow vout into tank f; returns the tank's quality. */
export function mixTank(s: QualityState, f: number, vin: number, win: number, vout: number): number {
  const vnet = vin - vout;
  switch (s.q.mixing[f]) {
    case '2comp':
      twoCompartments(s, f, vin, win, vnet);
      break;
    case 'fifo':
      firstInFirstOut(s, f, vin, win, vnet);
      break;
    case 'lifo':
      lastInFirstOut(s, f, vin, win, vnet);
      break;
    default:
      fullyMixed(s, f, vin, win, vnet);
  }
  return s.tankC[f]!;
}

function fullyMixed(s: QualityState, f: number, vin: number, win: number, vnet: number): void {
  const { v, c, first } = s.segments;
  const seg = first[s.net.nLinks + f]!;
  if (seg === NONE) return;
  const vnew = v[seg]! + vin;
  if (vnew > 0) c[seg] = (c[seg]! * v[seg]! + win) / vnew;
  v[seg] = Math.max(0, v[seg]! + vnet);
  s.tankC[f] = c[seg]!;
  if (v[seg]! > s.q.tankVmax[f]!) v[seg] = s.q.tankVmax[f]!;
}

function twoCompartments(s: QualityState, f: number, vin: number, win: number, vnet: number): void {
  const k = s.net.nLinks + f;
  const { v, c, first, last } = s.segments;
  const mix = last[k]!;
  const stagnant = first[k]!;
  if (mix === NONE || stagnant === NONE) return;
  const vmax = s.q.tankVmax[f]!;
  const vmz = s.q.mixFraction[f]! * vmax;
  let vt = 0;
  if (vnet > 0) {
    vt = Math.max(0, v[mix]! + vnet - vmz);
    if (vin > 0) c[mix] = (c[mix]! * v[mix]! + win) / (v[mix]! + vin);
    if (vt > 0) c[stagnant] = (c[stagnant]! * v[stagnant]! + c[mix]! * vt) / (v[stagnant]! + vt);
  } else if (vnet < 0) {
    if (v[stagnant]! > 0) vt = Math.min(v[stagnant]!, -vnet);
    if (vin + vt > 0) c[mix] = (c[mix]! * v[mix]! + win + c[stagnant]! * vt) / (v[mix]! + vin + vt);
  }
  if (vt > 0) {
    if (vnet > 0) {
      v[mix] = vmz;
      v[stagnant] = Math.min(v[stagnant]! + vt, vmax - vmz);
    } else {
      v[stagnant] = Math.max(0, v[stagnant]! - vt);
      v[mix] = vmz + vt + vnet;
    }
  } else {
    v[mix] = Math.max(0, Math.min(v[mix]! + vnet, vmz));
    if (vmz - v[mix]! > 0) v[stagnant] = 0;
  }
  s.tankC[f] = c[mix]!;
}

/** Withdraws volume `volume` from the front of chain k; returns the volume taken and its mass. */
function withdraw(pool: SegmentPool, k: number, volume: number): { taken: number; mass: number } {
  const { v, c, first, last, prev } = pool;
  let taken = 0;
  let mass = 0;
  let left = volume;
  while (left > 0) {
    const seg = first[k]!;
    if (seg === NONE) break;
    let vseg = Math.min(v[seg]!, left);
    if (seg === last[k]) vseg = left;
    taken += vseg;
    mass += c[seg]! * vseg;
    left -= vseg;
    if (left >= 0 && vseg >= v[seg]!) {
      if (prev[seg] !== NONE) {
        first[k] = prev[seg]!;
        pool.release(seg);
      }
    } else v[seg] = v[seg]! - vseg;
  }
  return { taken, mass };
}

function firstInFirstOut(s: QualityState, f: number, vin: number, win: number, vnet: number): void {
  const k = s.net.nLinks + f;
  const pool = s.segments;
  if (pool.last[k] === NONE || pool.first[k] === NONE) return;
  if (vin > 0) {
    const cin = win / vin;
    const seg = pool.last[k]!;
    if (Math.abs(pool.c[seg]! - cin) < s.q.tolerance) pool.v[seg] = pool.v[seg]! + vin;
    else pool.add(k, vin, cin);
  }
  const full = s.tankV[f]! >= s.q.tankVmax[f]! && vnet > 0;
  const { taken, mass } = withdraw(pool, k, full ? vin : vin - vnet);
  if (taken > 0) s.tankC[f] = mass / taken;
  else s.tankC[f] = pool.first[k] !== NONE ? pool.c[pool.first[k]!]! : 0;
}

function lastInFirstOut(s: QualityState, f: number, vin: number, win: number, vnet: number): void {
  const k = s.net.nLinks + f;
  const pool = s.segments;
  if (pool.last[k] === NONE || pool.first[k] === NONE) return;
  const cin = vin > 0 ? win / vin : 0;
  s.tankC[f] = pool.c[pool.last[k]!]!;
  if (vnet > 0) {
    const seg = pool.last[k]!;
    if (Math.abs(pool.c[seg]! - cin) < s.q.tolerance) pool.v[seg] = pool.v[seg]! + vnet;
    else pool.add(k, vnet, cin);
    s.tankC[f] = pool.c[pool.last[k]!]!;
    if (s.tankV[f]! >= s.q.tankVmax[f]!) withdraw(pool, k, vnet);
  } else if (vnet < 0) {
    pool.reverse(k);
    const { taken, mass } = withdraw(pool, k, -vnet);
    pool.reverse(k);
    s.tankC[f] = (mass + win) / (taken + vin);
  }
}
