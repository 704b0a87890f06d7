// Reference solutions for the verification of the flow solver: the Falkner–Skan wedge flows and their
// thermal boundary layers, computed by shooting with classical Runge–Kutta. The planar stagnation-point
// flow (Hiemenz 1911) is the member β = 1.
//
//   U_e = C x^m,  β = 2m/(m+1),  η = y √((m+1) U_e/(2νx)),  ψ = √(2ν x U_e/(m+1)) f(η)
//   f''' + f f'' + β(1 − f'²) = 0,   f(0) = f'(0) = 0,  f'(∞) = 1
//   T = T_w + (T_∞ − T_w) θ(η),  θ'' + Pr f θ' = 0,  θ(0) = 0,  θ(∞) = 1
//   θ(η) = ∫₀^η e^(−Pr F) dη' / ∫₀^∞ e^(−Pr F) dη',  F = ∫₀^η f
// so τ_w = μ U_e √((m+1) U_e/(2νx)) f''(0) and q_w = k (T_w − T_∞) √((m+1) U_e/(2νx)) θ'(0).
// β = 0 is Blasius in this scaling (f''(0) = 0.33206·√2); β = 0.5 the flow past a 90° wedge (m = 1/3).
//
// Hiemenz (β = 1, m = 1, U_e = a x, so η = y √(a/ν)):
//   u = a x f'(η),  v = −√(aν) f(η)                                         (f''(0) = 1.232588)
//   p = p₀ − ½ ρ a² x² − ρ a ν (½ f² + f')                                  (exact, from y-momentum)
// so the wall shear is τ_w = μ a x √(a/ν) f''(0) and the heat flux q_w = k (T_w − T_∞) √(a/ν) θ'(0).

export interface HiemenzSolution {
  /** f''(0) */
  wallShear: number;
  /** θ'(0) */
  wallHeatFlux: number;
  /** Values at η (linear interpolation in a table of the integration step; constant beyond its end). */
  f(eta: number): number;
  fPrime(eta: number): number;
  theta(eta: number): number;
}

/** A Falkner–Skan solution has the same shape as the Hiemenz one (f''(0), θ'(0) and the tables). */
export type FalknerSkanSolution = HiemenzSolution;

const STEP = 1e-3;

/**
 * Integrates f''' = β f'² − f f'' − β from 0 to `end` with f''(0) = s; returns the tables.
 * (Written β f'² − f f'' − β so that β = 1 repeats the Hiemenz arithmetic bit for bit.)
 */
function integrate(beta: number, s: number, end: number, step: number, keep: boolean): { f: Float64Array; fp: Float64Array; fpEnd: number } {
  const n = Math.round(end / step);
  const f = new Float64Array(keep ? n + 1 : 0);
  const fp = new Float64Array(keep ? n + 1 : 0);
  let y0 = 0;
  let y1 = 0;
  let y2 = s;
  const rhs = (a: number, b: number, c: number): number => beta * b * b - a * c - beta;
  for (let i = 0; i < n; i++) {
    if (keep) [f[i], fp[i]] = [y0, y1];
    const k1 = [y1, y2, rhs(y0, y1, y2)] as const;
    const k2 = [y1 + 0.5 * step * k1[1], y2 + 0.5 * step * k1[2], rhs(y0 + 0.5 * step * k1[0], y1 + 0.5 * step * k1[1], y2 + 0.5 * step * k1[2])] as const;
    const k3 = [y1 + 0.5 * step * k2[1], y2 + 0.5 * step * k2[2], rhs(y0 + 0.5 * step * k2[0], y1 + 0.5 * step * k2[1], y2 + 0.5 * step * k2[2])] as const;
    const k4 = [y1 + step * k3[1], y2 + step * k3[2], rhs(y0 + step * k3[0], y1 + step * k3[1], y2 + step * k3[2])] as const;
    y0 += (step / 6) * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0]);
    y1 += (step / 6) * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1]);
    y2 += (step / 6) * (k1[2] + 2 * k2[2] + 2 * k3[2] + k4[2]);
    if (!keep && (y1 > 2 || y1 < -1)) return { f, fp, fpEnd: y1 };
  }
  if (keep) [f[n], fp[n]] = [y0, y1];
  return { f, fp, fpEnd: y1 };
}

/** Shoots on f''(0) in [lo, hi] and builds the solution's tables. */
function solve(beta: number, prandtl: number, end: number, step: number, lo: number, hi: number): FalknerSkanSolution {
  // Bisection on f''(0): too large overshoots f' = 1, too small falls back below it.
  for (let i = 0; i < 60; i++) {
    const mid = 0.5 * (lo + hi);
    if (integrate(beta, mid, end, step, false).fpEnd > 1) hi = mid;
    else lo = mid;
  }
  const wallShear = 0.5 * (lo + hi);
  const { f, fp } = integrate(beta, wallShear, end, step, true);
  const n = f.length - 1;
  // θ: cumulative trapezoid of e^(−Pr F), F = ∫ f (trapezoid; at step 10⁻³ both errors are ~10⁻⁷).
  const integral = new Float64Array(n + 1);
  let F = 0;
  let previous = 1;
  for (let i = 1; i <= n; i++) {
    F += 0.5 * step * (f[i - 1]! + f[i]!);
    const value = Math.exp(-prandtl * F);
    integral[i] = integral[i - 1]! + 0.5 * step * (previous + value);
    previous = value;
  }
  const total = integral[n]!;
  const table = (values: Float64Array, scale = 1) => (eta: number): number => {
    const x = Math.max(0, eta) / step;
    const i = Math.min(Math.floor(x), n - 1);
    const t = Math.min(x - i, 1);
    return scale * ((1 - t) * values[i]! + t * values[i + 1]!);
  };
  const fTable = table(f);
  const fpTable = table(fp);
  const thetaTable = table(integral, 1 / total);
  return {
    wallShear,
    wallHeatFlux: 1 / total,
    f: (eta) => (eta <= end ? fTable(eta) : f[n]! + (eta - end) * fp[n]!),
    fPrime: (eta) => (eta <= end ? fpTable(eta) : fp[n]!),
    theta: (eta) => (eta <= end ? thetaTable(eta) : 1),
  };
}

/** The Hiemenz solution for Prandtl number `prandtl`, shooting to η = `end` (default 8). */
export function hiemenz(prandtl: number, end = 8): HiemenzSolution {
  return solve(1, prandtl, end, STEP, 1, 1.5);
}

/**
 * The Falkner–Skan solution for 0 ≤ β ≤ 2 (the attached, unique branch) and Prandtl number `prandtl`,
 * shooting to η = `end` (default 10) with RK4 steps of `step` (default 10⁻³).
 */
export function falknerSkan(beta: number, prandtl: number, options: { end?: number; step?: number } = {}): FalknerSkanSolution {
  if (!(beta >= 0 && beta <= 2)) throw new RangeError('falknerSkan: β must lie in [0, 2]');
  // f''(0) rises with β: 0.4696 at β = 0, 1.2326 at β = 1, below 2.5 up to β = 2.
  return solve(beta, prandtl, options.end ?? 10, options.step ?? STEP, 0, 2.5);
}
