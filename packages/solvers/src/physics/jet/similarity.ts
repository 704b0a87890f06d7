// Reference solutions for the verification of the flow solver: the planar stagnation-point flow
// (Hiemenz 1911) and its thermal boundary layer, computed by shooting with classical Runge–Kutta.
//
//   u = a x f'(η),  v = −√(aν) f(η),  η = y √(a/ν)
//   f''' + f f'' + 1 − f'² = 0,   f(0) = f'(0) = 0,  f'(∞) = 1           (f''(0) = 1.232588)
//   p = p₀ − ½ ρ a² x² − ρ a ν (½ f² + f')                                  (exact, from y-momentum)
//   T = T_w + (T_∞ − T_w) θ(η),  θ'' + Pr f θ' = 0,  θ(0) = 0,  θ(∞) = 1
//   θ(η) = ∫₀^η e^(−Pr F) dη' / ∫₀^∞ e^(−Pr F) dη',  F = ∫₀^η f
// so the wall shear is τ_w = μ a x √(a/ν) f''(0) and the heat flux q_w = k (T_w − T_∞) √(a/ν) θ'(0).

export interface HiemenzSolution {
  /** f''(0) */
  wallShear: number;
  /** θ'(0) */
  wallHeatFlux: number;
  /** Values at η (linear interpolation in a table of step 10⁻³; constant beyond its end). */
  f(eta: number): number;
  fPrime(eta: number): number;
  theta(eta: number): number;
}

const STEP = 1e-3;

/** Integrates f''' = f'² − f f'' − 1 from 0 to `end` with f''(0) = s; returns the tables. */
function integrate(s: number, end: number, keep: boolean): { f: Float64Array; fp: Float64Array; fpEnd: number } {
  const n = Math.round(end / STEP);
  const f = new Float64Array(keep ? n + 1 : 0);
  const fp = new Float64Array(keep ? n + 1 : 0);
  let y0 = 0;
  let y1 = 0;
  let y2 = s;
  const rhs = (a: number, b: number, c: number): number => b * b - a * c - 1;
  for (let i = 0; i < n; i++) {
    if (keep) [f[i], fp[i]] = [y0, y1];
    const k1 = [y1, y2, rhs(y0, y1, y2)] as const;
    const k2 = [y1 + 0.5 * STEP * k1[1], y2 + 0.5 * STEP * k1[2], rhs(y0 + 0.5 * STEP * k1[0], y1 + 0.5 * STEP * k1[1], y2 + 0.5 * STEP * k1[2])] as const;
    const k3 = [y1 + 0.5 * STEP * k2[1], y2 + 0.5 * STEP * k2[2], rhs(y0 + 0.5 * STEP * k2[0], y1 + 0.5 * STEP * k2[1], y2 + 0.5 * STEP * k2[2])] as const;
    const k4 = [y1 + STEP * k3[1], y2 + STEP * k3[2], rhs(y0 + STEP * k3[0], y1 + STEP * k3[1], y2 + STEP * k3[2])] as const;
    y0 += (STEP / 6) * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0]);
    y1 += (STEP / 6) * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1]);
    y2 += (STEP / 6) * (k1[2] + 2 * k2[2] + 2 * k3[2] + k4[2]);
    if (!keep && (y1 > 2 || y1 < -1)) return { f, fp, fpEnd: y1 };
  }
  if (keep) [f[n], fp[n]] = [y0, y1];
  return { f, fp, fpEnd: y1 };
}

/** The Hiemenz solution for Prandtl number `prandtl`, shooting to η = `end` (default 8). */
export function hiemenz(prandtl: number, end = 8): HiemenzSolution {
  // Bisection on f''(0): too large overshoots f' = 1, too small falls back below it.
  let lo = 1;
  let hi = 1.5;
  for (let i = 0; i < 60; i++) {
    const mid = 0.5 * (lo + hi);
    if (integrate(mid, end, false).fpEnd > 1) hi = mid;
    else lo = mid;
  }
  const wallShear = 0.5 * (lo + hi);
  const { f, fp } = integrate(wallShear, end, true);
  const n = f.length - 1;
  // θ: cumulative trapezoid of e^(−Pr F), F = ∫ f (trapezoid; the table step keeps both errors ~10⁻⁷).
  const integral = new Float64Array(n + 1);
  let F = 0;
  let previous = 1;
  for (let i = 1; i <= n; i++) {
    F += 0.5 * STEP * (f[i - 1]! + f[i]!);
    const value = Math.exp(-prandtl * F);
    integral[i] = integral[i - 1]! + 0.5 * STEP * (previous + value);
    previous = value;
  }
  const total = integral[n]!;
  const table = (values: Float64Array, scale = 1) => (eta: number): number => {
    const x = Math.max(0, eta) / STEP;
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
