// Darcy–Weisbach friction factor and its derivative with respect to the flow, as EPANET computes them:
// Hagen–Poiseuille 64/Re below Re = 2000 (applied by the caller), Dunlop's cubic interpolation between
// Re = 2000 and 4000, and above 4000 the Swamee–Jain approximation of Colebrook–White or, as an
// option, Colebrook–White itself solved by Newton's method.
//
// Arguments: q = |flow|, e = roughness / diameter, s = viscosity · diameter, so that q / s = Re·π/4.

const A1 = 1000 * Math.PI; // Re = 4000
const A2 = 500 * Math.PI; // Re = 2000
const A8 = 5.74 * (Math.PI / 4) ** 0.9;
const A9 = -2 / Math.LN10;
const AB = 5.74 / 4000 ** 0.9;
const AC = -2 * 0.9 * (2 / Math.LN10) * AB;

export const LAMINAR_LIMIT = A2;

export interface FrictionFactor {
  f: number;
  /** df/dq. */
  dfdq: number;
}

export function swameeJain(q: number, e: number, s: number): FrictionFactor {
  const w = q / s;
  if (w >= A1) {
    const y1 = A8 / w ** 0.9;
    const y2 = e / 3.7 + y1;
    const y3 = A9 * Math.log(y2);
    const f = 1 / (y3 * y3);
    return { f, dfdq: (1.8 * f * y1 * A9) / y2 / y3 / q };
  }
  const y2 = e / 3.7 + AB;
  const y3 = A9 * Math.log(y2);
  const fa = 1 / (y3 * y3);
  const fb = (2 + AC / (y2 * y3)) * fa;
  return dunlop(w, s, fa, fb);
}

/** Dunlop's cubic in r = Re/2000 from f = 0.032 at r = 1 to fa at r = 2 with slope fb/2 − fa there. */
function dunlop(w: number, s: number, fa: number, fb: number): FrictionFactor {
  const r = w / A2;
  const x1 = 7 * fa - fb;
  const x2 = 0.128 - 17 * fa + 2.5 * fb;
  const x3 = -0.128 + 13 * fa - 2 * fb;
  const x4 = 0.032 - 3 * fa + 0.5 * fb;
  return { f: x1 + r * (x2 + r * (x3 + r * x4)), dfdq: (x2 + r * (2 * x3 + r * 3 * x4)) / s / A2 };
}

/** Colebrook–White 1/√f = −2·log10(e/3.7 + 2.51/(Re·√f)) and df/dRe, by Newton's method on x = 1/√f. */
export function colebrookWhite(reynolds: number, e: number): { f: number; dfdRe: number } {
  const sj = 0.25 / Math.log10(e / 3.7 + 5.74 / reynolds ** 0.9) ** 2;
  let x = 1 / Math.sqrt(sj);
  const c = 2 / Math.LN10;
  for (let iteration = 0; iteration < 50; iteration++) {
    const arg = e / 3.7 + (2.51 * x) / reynolds;
    const g = x + 2 * Math.log10(arg);
    const dg = 1 + (c * 2.51) / reynolds / arg;
    const step = g / dg;
    x -= step;
    if (Math.abs(step) <= 1e-14 * x) break;
  }
  const arg = e / 3.7 + (2.51 * x) / reynolds;
  const dFdx = 1 + (c * 2.51) / reynolds / arg;
  const dFdRe = (-c * 2.51 * x) / (reynolds * reynolds) / arg;
  const dxdRe = -dFdRe / dFdx;
  return { f: 1 / (x * x), dfdRe: (-2 / (x * x * x)) * dxdRe };
}

export function colebrook(q: number, e: number, s: number): FrictionFactor {
  const w = q / s;
  const dRedq = 4 / Math.PI / s;
  if (w >= A1) {
    const cw = colebrookWhite((4 * w) / Math.PI, e);
    return { f: cw.f, dfdq: cw.dfdRe * dRedq };
  }
  // Transition: Dunlop's cubic joined to Colebrook's value and slope at Re = 4000.
  const at4000 = colebrookWhite(4000, e);
  const fa = at4000.f;
  const fb = 2 * (fa + 2000 * at4000.dfdRe);
  return dunlop(w, s, fa, fb);
}
