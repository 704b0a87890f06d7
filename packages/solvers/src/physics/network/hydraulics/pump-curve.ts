// Pump head curves as EPANET reads them: one point (Q1, H1) becomes the power function through
// (0, 4/3·H1), (Q1, H1), (2·Q1, 0); three points starting at zero flow become the power function
// h = a − b·Qᶜ through them; any other curve is used as a piecewise-linear (custom) curve whose heads
// must fall as the flow rises.

import { CUSTOM, POWER_FUNC } from './constants.js';

export interface FittedPumpCurve {
  type: typeof POWER_FUNC | typeof CUSTOM;
  /** Head loss form h = h0 + r·Qⁿ: h0 = −a (shutoff head), r = b. */
  h0: number;
  r: number;
  n: number;
  hmax: number;
  qmax: number;
  /** Initial flow at speed 1. */
  q0: number;
  curveX: Float64Array;
  curveY: Float64Array;
}

const TINY = 1e-6;

/** a, b, c of h = a − b·Qᶜ (b > 0) through (0, h0), (q1, h1), (q2, h2); null if no such curve. */
export function powerCurve(h0: number, h1: number, h2: number, q1: number, q2: number): { a: number; b: number; c: number } | null {
  if (h0 < TINY || h0 - h1 < TINY || h1 - h2 < TINY || q1 < TINY || q2 - q1 < TINY) return null;
  const c = Math.log((h0 - h2) / (h0 - h1)) / Math.log(q2 / q1);
  if (!(c > 0 && c <= 20)) return null;
  const b = (h0 - h1) / q1 ** c;
  if (!(b > 0)) return null;
  return { a: h0, b, c };
}

export function fitPumpCurve(points: readonly [number, number][]): FittedPumpCurve | string {
  const curveX = Float64Array.from(points, (p) => p[0]);
  const curveY = Float64Array.from(points, (p) => p[1]);
  const n = points.length;
  let shape: { h0: number; h1: number; h2: number; q1: number; q2: number } | null = null;
  if (n === 1) {
    const [q1, h1] = points[0]!;
    shape = { h0: 1.33334 * h1, h1, h2: 0, q1, q2: 2 * q1 };
  } else if (n === 3 && points[0]![0] === 0) {
    shape = { h0: points[0]![1], q1: points[1]![0], h1: points[1]![1], q2: points[2]![0], h2: points[2]![1] };
  }
  if (shape) {
    const fit = powerCurve(shape.h0, shape.h1, shape.h2, shape.q1, shape.q2);
    if (!fit) return 'not a valid pump curve (heads must fall as the flow rises)';
    return {
      type: POWER_FUNC,
      h0: -fit.a,
      r: fit.b,
      n: fit.c,
      hmax: shape.h0,
      qmax: (fit.a / fit.b) ** (1 / fit.c),
      q0: shape.q1,
      curveX,
      curveY,
    };
  }
  for (let m = 1; m < n; m++) {
    if (curveY[m]! >= curveY[m - 1]!) return 'not a valid pump curve (heads must fall as the flow rises)';
  }
  const qmax = curveX[n - 1]!;
  return { type: CUSTOM, h0: 0, r: 0, n: 1, hmax: curveY[0]!, qmax, q0: (curveX[0]! + qmax) / 2, curveX, curveY };
}

/** Intercept h0 and slope r of the segment of a piecewise-linear curve that brackets x (EPANET's curvecoeff). */
export function curveSegment(x: Float64Array, y: Float64Array, q: number): { h0: number; r: number } {
  const npts = x.length;
  let k2 = 0;
  while (k2 < npts && x[k2]! < q) k2++;
  if (k2 === 0) k2++;
  else if (k2 === npts) k2--;
  const k1 = k2 - 1;
  const r = (y[k2]! - y[k1]!) / (x[k2]! - x[k1]!);
  return { h0: y[k1]! - r * x[k1]!, r };
}
