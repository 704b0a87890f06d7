// Laws of the wall valid for every first-cell y⁺ (the "automatic" wall treatment of the immersed
// faces, solid.ts), in wall units u⁺ = U/u_τ, y⁺ = u_τ y/ν, T⁺ = ρ c_p u_τ (T_w − T)/q_w:
//
//   velocity  Spalding (1961):  y⁺ = u⁺ + (1/E) [e^{κu⁺} − 1 − κu⁺ − (κu⁺)²/2 − (κu⁺)³/6]
//             (u⁺ = y⁺ in the sublayer, u⁺ = ln(E y⁺)/κ in the log layer, a smooth buffer layer between);
//             OpenFOAM's nutUSpaldingWallFunction solves it for u_τ by Newton with κ 0.41, E 9.8
//             (OpenFOAM-dev, src/MomentumTransportModels/.../nutUSpaldingWallFunctionFvPatchScalarField.C).
//   heat      Kader's blending of the sublayer and the log law:
//               T⁺ = Pr y⁺ e^{−Γ} + Pr_t [ln(E y⁺)/κ + P] e^{−1/Γ},  Γ = 0.01 (Pr y⁺)⁴ / (1 + 5 Pr³ y⁺)
//             with Jayatilleke's P = 9.24 [(Pr/Pr_t)^¾ − 1] [1 + 0.28 e^{−0.007 Pr/Pr_t}]
//             (the P and the log law of OpenFOAM's alphatJayatillekeWallFunction, openfoamdotcom/openfoam
//             src/TurbulenceModels/incompressible/.../alphatJayatillekeWallFunctionFvPatchScalarField.C;
//             the blended form is STAR-CCM+'s "blended wall function" for temperature, "based on Kader's
//             law", and sdhzhs/ransfoil lib/Wallfunc.f03). OpenFOAM itself switches from Pr y⁺ to the log
//             law at their crossing; the blend is smooth in y⁺, which is the point here.
//   ω         the first cell's ω blended between the sublayer and the log layer, OpenFOAM's
//             omegaWallFunction, binomial blending with n = 2 (its default; openfoamdotcom/openfoam
//             src/TurbulenceModels/.../omegaWallFunctionFvPatchScalarField.C):
//               ω = √(ω_vis² + ω_log²),  ω_vis = 6ν/(β₁ y²),  ω_log = u_τ/(√β* κ y)
//             (OpenFOAM takes u_τ = C_μ^¼ √k there; here u_τ is Spalding's, one u_τ per face).
//
// A face whose linear law carries these fluxes has the effective diffusivities
//   μ_w = τ_w y / U = μ y⁺/u⁺    and    (k/c_p)_w = q_w y / (c_p ΔT) = μ y⁺/T⁺,
// which tend to μ and k/c_p as y⁺ → 0 (u⁺ → y⁺, T⁺ → Pr y⁺): the wall-resolved treatment.

export const WALL_LAW = { kappa: 0.41, E: 9.8 } as const;

/** y⁺ of Spalding's law at u⁺. */
export function spaldingYPlus(uPlus: number, kappa: number = WALL_LAW.kappa, E: number = WALL_LAW.E): number {
  const x = kappa * uPlus;
  return uPlus + (Math.exp(x) - 1 - x - (x * x) / 2 - (x * x * x) / 6) / E;
}

/** dy⁺/du⁺ of Spalding's law. */
function spaldingSlope(uPlus: number, kappa: number, E: number): number {
  const x = kappa * uPlus;
  return 1 + (kappa * (Math.exp(x) - 1 - x - (x * x) / 2)) / E;
}

/**
 * u⁺ at a point a distance y from the wall where the velocity is U, from Spalding's law: the root of
 * g(u⁺) = u⁺ y⁺(u⁺) − Re_y, Re_y = U y/ν. g is increasing and convex in u⁺ ≥ 0, so every Newton step
 * lands at or beyond the root and the iterates then fall monotonically onto it. The start is the
 * linear law's u⁺ = √Re_y, or, far into the log layer (where Newton would creep down the exponential
 * by 1/κ a step), the log law's u⁺ = ln(E Re_y/u⁺)/κ by fixed-point iteration.
 */
export function spaldingUPlus(reynoldsY: number, kappa: number = WALL_LAW.kappa, E: number = WALL_LAW.E): number {
  if (!(reynoldsY > 0)) return 0;
  let uPlus = Math.sqrt(reynoldsY);
  if (kappa * uPlus > 8) for (let k = 0; k < 8; k++) uPlus = Math.log((E * reynoldsY) / uPlus) / kappa;
  for (let iteration = 0; iteration < 50; iteration++) {
    const yPlus = spaldingYPlus(uPlus, kappa, E);
    const residual = uPlus * yPlus - reynoldsY;
    const step = residual / (yPlus + uPlus * spaldingSlope(uPlus, kappa, E));
    uPlus -= step;
    if (Math.abs(step) <= 1e-13 * uPlus) break;
  }
  return uPlus;
}

/** Jayatilleke's P(Pr/Pr_t): the offset of the thermal log law. */
export function jayatillekeP(prandtlRatio: number): number {
  return 9.24 * (prandtlRatio ** 0.75 - 1) * (1 + 0.28 * Math.exp(-0.007 * prandtlRatio));
}

/** T⁺ at y⁺ (Kader's blending of Pr y⁺ and the thermal log law with Jayatilleke's P). */
export function kaderTPlus(yPlus: number, prandtl: number, turbulentPrandtl: number, kappa: number = WALL_LAW.kappa, E: number = WALL_LAW.E): number {
  const linear = prandtl * yPlus;
  if (!(yPlus > 0)) return 0;
  const gamma = (0.01 * linear ** 4) / (1 + 5 * prandtl ** 3 * yPlus);
  // e^{−1/Γ} underflows to 0 well before the log law is needed (Γ < 1e-3 for Pr y⁺ < 0.6).
  const logLaw = turbulentPrandtl * (Math.log(E * yPlus) / kappa + jayatillekeP(prandtl / turbulentPrandtl));
  return linear * Math.exp(-gamma) + (gamma > 0 ? logLaw * Math.exp(-1 / gamma) : 0);
}

/** The first cell's ω at a distance y from the wall, blended: √(ω_vis² + ω_log²) (1/s). */
export function blendedOmega(nu: number, y: number, frictionVelocity: number, beta1: number, betaStar: number, kappa: number = WALL_LAW.kappa): number {
  const viscous = (6 * nu) / (beta1 * y * y);
  const log = frictionVelocity / (Math.sqrt(betaStar) * kappa * y);
  return Math.sqrt(viscous * viscous + log * log);
}

/** One wall face's automatic treatment from the velocity U tangential to it at the distance y. */
export interface WallLawFace {
  /** u_τ (m/s) and y⁺ = u_τ y/ν. */
  frictionVelocity: number;
  yPlus: number;
  /** μ_w/μ = y⁺/u⁺ (1 when U = 0) and (k/c_p)_w/(k/c_p) = Pr y⁺/T⁺ (1 when U = 0). */
  momentumFactor: number;
  heatFactor: number;
}

export function wallLawFace(speed: number, y: number, nu: number, prandtl: number, turbulentPrandtl: number): WallLawFace {
  const reynoldsY = (Math.abs(speed) * y) / nu;
  if (!(reynoldsY > 0)) return { frictionVelocity: 0, yPlus: 0, momentumFactor: 1, heatFactor: 1 };
  const uPlus = spaldingUPlus(reynoldsY);
  const yPlus = reynoldsY / uPlus;
  const tPlus = kaderTPlus(yPlus, prandtl, turbulentPrandtl);
  return { frictionVelocity: (yPlus * nu) / y, yPlus, momentumFactor: yPlus / uPlus, heatFactor: (prandtl * yPlus) / tPlus };
}
