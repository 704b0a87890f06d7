// The positional control valve of EPANET 2.3 (PCV; hydcoeffs.c pcvlosscoeff). Its setting is how far
// it is open, in per cent. The valve curve gives its flow coefficient Kv as a per cent of the fully
// open Kv₀ at each opening (no curve: Kv/Kv₀ = the opening); the minor loss of the fully open valve,
// K₀, then becomes K₀ / (Kv/Kv₀)², since the head loss at a given flow goes as 1/Kv².

import type { CompiledNetwork } from './compile.js';
import { CFS, FT } from '../units.js';

/** EPANET's cap on a loss coefficient (1e8 in ft per cfs²), m per (m³/s)². */
const CBIG_LOSS = (1e8 * FT) / (CFS * CFS);
/** EPANET's floor on Kv/Kv₀ (CSMALL). */
const KV_RATIO_FLOOR = 1e-6;

/** The minor-loss coefficient (m per (m³/s)²) of PCV k at opening s, per cent. */
export function pcvLossCoefficient(net: CompiledNetwork, k: number, s: number): number {
  const fullyOpen = net.km[k]!;
  if (s >= 100) return fullyOpen;
  if (s <= 0) return CBIG_LOSS;
  const curve = net.pcvCurve[k];
  let kvr: number;
  if (!curve) kvr = s;
  else {
    const { x, y } = curve;
    const last = x.length - 1;
    if (s < x[0]!) kvr = (s / x[0]!) * y[0]!;
    // As EPANET 2.3.5 extrapolates past the last point: (s − x)/(1 − x), not (100 − x).
    else if (s > x[last]!) kvr = ((s - x[last]!) / (1 - x[last]!)) * (1 - y[last]!) + y[last]!;
    else if (last === 0) kvr = y[0]!;
    else {
      let k2 = 0;
      while (k2 <= last && x[k2]! < s) k2++;
      if (k2 === 0) k2++;
      else if (k2 === last + 1) k2--;
      const k1 = k2 - 1;
      kvr = y[k1]! + ((y[k2]! - y[k1]!) / (x[k2]! - x[k1]!)) * (s - x[k1]!);
    }
  }
  kvr = Math.max(Math.min(kvr / 100, 1), KV_RATIO_FLOOR);
  return Math.min(fullyOpen / (kvr * kvr), CBIG_LOSS);
}
