// Exact laminar solutions and published correlations the developing-duct model is checked against
// (and logs next to its own results).

/** Darcy f·Re of fully developed laminar flow in a circular pipe (Hagen-Poiseuille). */
export const PIPE_LAMINAR_FRICTION_REYNOLDS = 64;

/**
 * Fully developed laminar Nusselt numbers of a circular pipe: uniform wall temperature, the first
 * Graetz eigenvalue 3.65679 (R. K. Shah, A. L. London, "Laminar Flow Forced Convection in Ducts",
 * Academic Press, 1978, Ch. V), and uniform heat flux 48/11 = 4.36364 (ibid.).
 */
export const PIPE_LAMINAR_NUSSELT_TEMPERATURE = 3.65679;
export const PIPE_LAMINAR_NUSSELT_HEAT_FLUX = 48 / 11;

/**
 * Parallel plates, one wall heated, the other insulated (the annulus as r_i/r_o → 1): uniform wall
 * temperature 4.8608, uniform heat flux 70/13 = 5.3846 (Shah & London 1978, Ch. VI;
 * Incropera et al., "Fundamentals of Heat and Mass Transfer", 7th ed., Table 8.2: 4.86).
 */
export const PLATES_ONE_SIDED_NUSSELT_TEMPERATURE = 4.8608;
export const PLATES_ONE_SIDED_NUSSELT_HEAT_FLUX = 70 / 13;

/**
 * Darcy f·Re (hydraulic diameter 2(r_o - r_i)) of fully developed laminar flow in a concentric
 * annulus of radius ratio κ = r_i/r_o (Shah & London 1978, concentric annular ducts, in the Darcy convention):
 *   f Re = 64 (1 - κ)² / [1 + κ² - (1 - κ²)/ln(1/κ)]
 * 95.25 at κ = 0.5; 64 as κ → 0 and 96 (parallel plates) as κ → 1.
 */
export function annulusLaminarFrictionReynolds(ratio: number): number {
  if (ratio === 0) return PIPE_LAMINAR_FRICTION_REYNOLDS;
  // ln(1/κ) = -log1p(κ - 1) and 1 - κ² = (1 - κ)(1 + κ) keep their digits as κ → 1, where the
  // denominator is a small difference (~ (1 - κ)²·2/3).
  return (64 * (1 - ratio) ** 2) / (1 + ratio * ratio - ((1 - ratio) * (1 + ratio)) / -Math.log1p(ratio - 1));
}

/** The fully developed laminar annulus velocity u(r)/u_m for r_o = 1, r_i = κ (Shah & London 1978, concentric annular ducts). */
export function annulusLaminarVelocity(ratio: number, r: number): number {
  const k2 = ratio * ratio;
  const b = ((1 - ratio) * (1 + ratio)) / -Math.log1p(ratio - 1);
  // ∫_κ^1 (1 - s² + b ln s) s ds, with ∫ s ln s ds = s² ln s / 2 - s²/4.
  const integral = 0.25 - (k2 / 2 - (k2 * k2) / 4) + b * (-(1 - k2) / 4 - (k2 / 2) * Math.log(ratio));
  const mean = (2 * integral) / (1 - k2);
  return (1 - r * r + b * Math.log(r)) / mean;
}

/**
 * Apparent Fanning friction factor of developing laminar flow in a circular pipe from a uniform
 * inlet (R. K. Shah, "A correlation for laminar hydrodynamic entry length solutions for circular and
 * noncircular ducts", J. Fluids Eng. 100 (1978) 177-179; stated accuracy ±2.4 %):
 *   f_app Re = 3.44/√x⁺ + (1.25/(4x⁺) + 16 - 3.44/√x⁺) / (1 + 0.00021/x⁺²),   x⁺ = x/(D Re).
 * Returned in the Darcy convention (4 × Fanning).
 */
export function shahApparentFrictionReynolds(xPlus: number): number {
  const root = 3.44 / Math.sqrt(xPlus);
  return 4 * (root + (1.25 / (4 * xPlus) + 16 - root) / (1 + 0.00021 / (xPlus * xPlus)));
}

/**
 * Laminar hydrodynamic entrance length (99 % of the fully developed centreline velocity) of a pipe,
 * L/D = 0.60/(1 + 0.035 Re) + 0.056 Re (R.-Y. Chen, "Flow in the entrance region at low Reynolds
 * numbers", J. Fluids Eng. 95 (1973) 153-158; quoted by Shah & London 1978, Ch. V). The second term, 0.056 Re,
 * is the boundary-layer (parabolised) limit; the first is the axial diffusion the parabolised
 * equations neglect.
 */
export function chenEntranceLength(reynolds: number): number {
  return 0.6 / (1 + 0.035 * reynolds) + 0.056 * reynolds;
}

type State4 = [number, number, number, number];

/** Classic 4th-order Runge-Kutta over [a, b] in `steps` steps of dy/dr = f(r, y) for a 4-component state. */
function rungeKutta4(f: (r: number, y: State4, out: State4) => void, y0: State4, a: number, b: number, steps: number): State4 {
  const y: State4 = [...y0];
  const k1: State4 = [0, 0, 0, 0];
  const k2: State4 = [0, 0, 0, 0];
  const k3: State4 = [0, 0, 0, 0];
  const k4: State4 = [0, 0, 0, 0];
  const t: State4 = [0, 0, 0, 0];
  const h = (b - a) / steps;
  for (let i = 0; i < steps; i++) {
    const r = a + i * h;
    f(r, y, k1);
    for (let j = 0; j < 4; j++) t[j] = y[j] + (h / 2) * k1[j];
    f(r + h / 2, t, k2);
    for (let j = 0; j < 4; j++) t[j] = y[j] + (h / 2) * k2[j];
    f(r + h / 2, t, k3);
    for (let j = 0; j < 4; j++) t[j] = y[j] + h * k3[j];
    f(r + h, t, k4);
    for (let j = 0; j < 4; j++) y[j] += (h / 6) * (k1[j] + 2 * k2[j] + 2 * k3[j] + k4[j]);
  }
  return y;
}

export type AnnulusWall = 'inner' | 'outer';

/**
 * Fully developed laminar Nusselt number (based on D_h = 2(r_o - r_i)) of the heated wall of a
 * concentric annulus whose other wall is insulated, for a uniform temperature or a uniform heat flux
 * on the heated wall: the ordinary differential equations of the fully developed state integrated
 * across the gap with the exact velocity by 4th-order Runge-Kutta (error ~ steps⁻⁴; 2000 steps give
 * ~11 digits), the temperature case's eigenvalue found by bracketing and the Illinois variant of
 * regula falsi. An independent reference for the finite-volume solution (Incropera Table 8.2 lists
 * the uniform-temperature numbers to 3 digits).
 *   heat flux:   (1/r)(r T')' = u(r),  T'(insulated) = 0
 *   temperature: (1/r)(r θ')' = -λ u(r) θ,  θ'(insulated) = 0, θ(heated) = 0, the smallest λ
 */
export function annulusOneSidedNusselt(ratio: number, heated: AnnulusWall, condition: 'temperature' | 'heat_flux', steps = 2000): number {
  const b = ((1 - ratio) * (1 + ratio)) / -Math.log1p(ratio - 1);
  const u = (r: number): number => 1 - r * r + b * Math.log(r);
  const start = heated === 'outer' ? ratio : 1;
  const end = heated === 'outer' ? 1 : ratio;
  const dh = 2 * (1 - ratio);
  // y = [r T', T, ∫ u T r dr, ∫ u r dr] from the other wall to the heated one; (r T')' = u r times
  // `source` (1 for a uniform flux, −λ T for the eigenproblem of a uniform wall temperature).
  const march = (source: (ur: number, T: number) => number, y0: State4): State4 =>
    rungeKutta4(
      (r, s, out) => {
        const ur = u(r) * r;
        out[0] = source(ur, s[1]);
        out[1] = s[0] / r;
        out[2] = ur * s[1];
        out[3] = ur;
      },
      y0,
      start,
      end,
      steps,
    );
  if (condition === 'heat_flux') {
    // From the insulated wall (T = 0 there).
    const y = march((ur) => ur, [0, 0, 0, 0]);
    const bulk = y[2] / y[3];
    return (Math.abs(y[0] / end) * dh) / Math.abs(y[1] - bulk);
  }
  const shoot = (lambda: number): State4 => march((ur, T) => -lambda * ur * T, [0, 1, 0, 0]);
  // θ(heated; λ) falls from 1 at λ = 0 and first crosses zero at the smallest eigenvalue; eigenvalues
  // grow roughly as n² (Sturm-Liouville), so steps of 1.5 cannot jump past the second.
  let lo = 0;
  let fLo = 1;
  let hi = 1;
  let fHi = shoot(hi)[1];
  while (fHi > 0) {
    lo = hi;
    fLo = fHi;
    hi *= 1.5;
    fHi = shoot(hi)[1];
  }
  let side = 0;
  let lambda = hi;
  for (let i = 0; i < 100 && hi - lo > 1e-14 * hi; i++) {
    lambda = (lo * fHi - hi * fLo) / (fHi - fLo);
    const value = shoot(lambda)[1];
    if (value === 0) break;
    if (value > 0) {
      lo = lambda;
      fLo = value;
      if (side === -1) fHi /= 2;
      side = -1;
    } else {
      hi = lambda;
      fHi = value;
      if (side === 1) fLo /= 2;
      side = 1;
    }
    if (Math.abs(value) < 1e-15) break;
  }
  const y = shoot(lambda);
  const bulk = y[2] / y[3];
  return (Math.abs(y[0] / end) * dh) / Math.abs(bulk);
}
