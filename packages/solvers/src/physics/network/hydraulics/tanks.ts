// Tank volume and water level: a cylinder, or a volume curve over the level above the bottom.

import type { CompiledNetwork } from './compile.js';
import { interpolate } from './interpolate.js';

/** Volume of fixed-grade node f at head h, m³. */
export function tankVolume(net: CompiledNetwork, f: number, h: number): number {
  const curve = net.tankCurve[f];
  if (!curve) return net.tankVmin[f]! + (h - net.tankHmin[f]!) * net.tankArea[f]!;
  return interpolate(curve.level, curve.volume, h - net.tankBottom[f]!);
}

/** Head of fixed-grade node f holding volume v, m. */
export function tankGrade(net: CompiledNetwork, f: number, v: number): number {
  const curve = net.tankCurve[f];
  if (!curve) return net.tankHmin[f]! + (v - net.tankVmin[f]!) / net.tankArea[f]!;
  return net.tankBottom[f]! + interpolate(curve.volume, curve.level, v);
}
