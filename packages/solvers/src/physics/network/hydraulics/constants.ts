// Codes and constants of the hydraulic engine. Link types and statuses keep EPANET's numbering (its
// status logic compares them by order, e.g. "status <= CLOSED"); the numerical constants are EPANET's,
// taken in its feet / cfs units and converted to SI.

import { CFS, FT } from '../units.js';

// Link types (EPANET order).
export const CVPIPE = 0;
export const PIPE = 1;
export const PUMP = 2;
export const PRV = 3;
export const PSV = 4;
export const PBV = 5;
export const FCV = 6;
export const TCV = 7;
export const GPV = 8;
export const PCV = 9;

// Link statuses (EPANET order).
export const XHEAD = 0; // pump cannot deliver its head: closed
export const TEMPCLOSED = 1; // closed for now (full / empty tank)
export const CLOSED = 2;
export const OPEN = 3;
export const ACTIVE = 4; // control valve regulating
export const XFLOW = 5;
export const XFCV = 6; // flow control valve cannot deliver its flow: open
export const XPRESSURE = 7; // pressure valve cannot hold its setting: open

export type LinkStatusCode = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const STATUS_NAMES = ['closed (pump cannot deliver head)', 'temporarily closed', 'closed', 'open', 'active', 'open (flow limit)', 'open (cannot deliver flow)', 'open (cannot hold pressure)'] as const;

// Pump curve types.
export const CONST_HP = 0;
export const POWER_FUNC = 1;
export const CUSTOM = 2;

/** EPANET's marker for "no setting": a valve whose status is fixed open or closed. */
export const MISSING = -1e10;

/** Head-loss gradient unit of EPANET (ft per cfs) in SI (m per m³/s). */
const GRADIENT = FT / CFS;

/** A very large head-loss gradient (closed link), m per m³/s. */
export const CBIG_RESISTANCE = 1e8 * GRADIENT;
/** A very small head-loss gradient (open valve without loss), m per m³/s. */
export const CSMALL_RESISTANCE = 1e-6 * GRADIENT;
/** A very large conductance used to pin a node's head (active PRV / PSV), m³/s per m. */
export const CBIG_CONDUCTANCE = 1e8 / GRADIENT;
/** Equivalent of zero flow, m³/s (1e-6 cfs). */
export const QZERO = 1e-6 * CFS;
/** EPANET's TINY in flow terms (1e-6 cfs), m³/s. */
export const TINY_FLOW = 1e-6 * CFS;
/** Default status tolerances: head 0.0005 ft, flow 0.0001 cfs, low gradient 1e-7 ft/cfs. */
export const DEFAULT_HTOL = 0.0005 * FT;
export const DEFAULT_QTOL = 0.0001 * CFS;
export const DEFAULT_RQTOL = 1e-7 * GRADIENT;
/** Pressure-driven demand: the least pressure range of the demand function (0.1 ft) and the demand tolerance (1e-4 cfs). */
export const PDA_MIN_RANGE = 0.1 * FT;
export const PDA_QTOL = 0.0001 * CFS;
/** EPANET's barrier functions: head loss 1e9·Δq (ft per cfs) beyond a flow limit, smoothed over ~1e-12 cfs. */
export const BARRIER_SLOPE = 1e9;

/** EPANET's minor-loss conversion (8 / (g·π²) with g = 32.2 ft/s², rounded to 0.02517 s²/ft), s²/m. */
export const MINOR_LOSS_FACTOR = 0.02517 / FT;

/** Minor-loss coefficient on a Q² basis (m per (m³/s)²) from K (v²/2g basis) and the diameter, m. */
export function minorLossResistance(k: number, diameter: number): number {
  const d2 = diameter * diameter;
  return (MINOR_LOSS_FACTOR * k) / (d2 * d2);
}
