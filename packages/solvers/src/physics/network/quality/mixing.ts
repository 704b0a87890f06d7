// Tank mixing models (EPANET 2.3 qualreact.c tankmix1–4): a fully mixed volume; two compartments,
// inflow and outflow through a mixing zone of a given share of the tank that overflows into (or
// draws from) a stagnant zone; plug flow first in, first out; and plug flow last in, first out.
// A tank's chain of segments starts at its outlet (first) and ends at the newest water (last).

import { addSegment, reverseSegments } from './segments.js';
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
  const seg = s.first[s.net.nLinks + f];
  if (!seg) return;
  const vnew = seg.v + vin;
  if (vnew > 0) seg.c = (seg.c * seg.v + win) / vnew;
  seg.v = Math.max(0, seg.v + vnet);
  s.tankC[f] = seg.c;
  if (seg.v > s.q.tankVmax[f]!) seg.v = s.q.tankVmax[f]!;
}

function twoCompartments(s: QualityState, f: number, vin: number, win: number, vnet: number): void {
  const k = s.net.nLinks + f;
  const mix = s.last[k];
  const stagnant = s.first[k];
  if (!mix || !stagnant) return;
  const vmax = s.q.tankVmax[f]!;
  const vmz = s.q.mixFraction[f]! * vmax;
  let vt = 0;
  if (vnet > 0) {
    vt = Math.max(0, mix.v + vnet - vmz);
    if (vin > 0) mix.c = (mix.c * mix.v + win) / (mix.v + vin);
    if (vt > 0) stagnant.c = (stagnant.c * stagnant.v + mix.c * vt) / (stagnant.v + vt);
  } else if (vnet < 0) {
    if (stagnant.v > 0) vt = Math.min(stagnant.v, -vnet);
    if (vin + vt > 0) mix.c = (mix.c * mix.v + win + stagnant.c * vt) / (mix.v + vin + vt);
  }
  if (vt > 0) {
    if (vnet > 0) {
      mix.v = vmz;
      stagnant.v += vt;
      stagnant.v = Math.min(stagnant.v, vmax - vmz);
    } else {
      stagnant.v = Math.max(0, stagnant.v - vt);
      mix.v = vmz + vt + vnet;
    }
  } else {
    mix.v = Math.max(0, Math.min(mix.v + vnet, vmz));
    if (vmz - mix.v > 0) stagnant.v = 0;
  }
  s.tankC[f] = mix.c;
}

/** Withdraws volume `v` from the front of chain k; returns the mass withdrawn and the volume taken. */
function withdraw(s: QualityState, k: number, v: number): { volume: number; mass: number } {
  let volume = 0;
  let mass = 0;
  let left = v;
  while (left > 0) {
    const seg = s.first[k];
    if (!seg) break;
    let vseg = Math.min(seg.v, left);
    if (seg === s.last[k]) vseg = left;
    volume += vseg;
    mass += seg.c * vseg;
    left -= vseg;
    if (left >= 0 && vseg >= seg.v) {
      if (seg.prev) {
        s.first[k] = seg.prev;
        seg.prev = s.free;
        s.free = seg;
      }
    } else seg.v -= vseg;
  }
  return { volume, mass };
}

function firstInFirstOut(s: QualityState, f: number, vin: number, win: number, vnet: number): void {
  const k = s.net.nLinks + f;
  if (!s.last[k] || !s.first[k]) return;
  if (vin > 0) {
    const cin = win / vin;
    const seg = s.last[k]!;
    if (Math.abs(seg.c - cin) < s.q.tolerance) seg.v += vin;
    else addSegment(s, k, vin, cin);
  }
  const full = s.tankV[f]! >= s.q.tankVmax[f]! && vnet > 0;
  const vout = full ? vin : vin - vnet;
  const { volume, mass } = withdraw(s, k, vout);
  if (volume > 0) s.tankC[f] = mass / volume;
  else s.tankC[f] = s.first[k] ? s.first[k]!.c : 0;
}

function lastInFirstOut(s: QualityState, f: number, vin: number, win: number, vnet: number): void {
  const k = s.net.nLinks + f;
  if (!s.last[k] || !s.first[k]) return;
  const cin = vin > 0 ? win / vin : 0;
  s.tankC[f] = s.last[k]!.c;
  if (vnet > 0) {
    const seg = s.last[k]!;
    if (Math.abs(seg.c - cin) < s.q.tolerance) seg.v += vnet;
    else addSegment(s, k, vnet, cin);
    s.tankC[f] = s.last[k]!.c;
    if (s.tankV[f]! >= s.q.tankVmax[f]!) withdraw(s, k, vnet);
  } else if (vnet < 0) {
    reverseSegments(s, k);
    const { volume, mass } = withdraw(s, k, -vnet);
    reverseSegments(s, k);
    s.tankC[f] = (mass + win) / (volume + vin);
  }
}
