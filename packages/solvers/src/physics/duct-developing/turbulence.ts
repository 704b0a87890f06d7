// The wall-resolved eddy-viscosity model: Prandtl's mixing length with Nikuradse's distribution
// across the pipe and van Driest's damping at the wall, integrated down to the wall (no wall
// functions), with a constant turbulent Prandtl number for the heat flux.
//
//   μ_t = ρ l² |∂u/∂r|,        k_t = c_p μ_t / Pr_t
//   l = δ [0.14 - 0.08 (1 - η)² - 0.06 (1 - η)⁴] · [1 - exp(-y⁺/A⁺)],   η = y/δ (at most 1)
//
// Nikuradse's mixing length for fully developed pipe flow (J. Nikuradse, "Gesetzmässigkeiten der
// turbulenten Strömung in glatten Rohren", VDI-Forschungsheft 356, 1932; H. Schlichting, "Boundary-
// Layer Theory", 7th ed., 1979, Ch. XX): y is the distance from the wall and δ the pipe radius;
// near the wall l → 0.4 y (κ = 0.4; the
// profile is scaled to κ = 0.41, roughness.ts). Van Driest's damping (E. R. van Driest, "On turbulent flow near
// a wall", J. Aeronaut. Sci. 23 (1956) 1007-1011) with A⁺ = 26.5 (below) and y⁺ = y u_τ / ν, u_τ = (τ_w/ρ)^½
// of the local wall. This is the model of the classic parabolic duct-flow computations (S. V.
// Patankar, D. B. Spalding, "Heat and Mass Transfer in Boundary Layers", 2nd ed., 1970; W. M. Kays,
// M. E. Crawford, "Convective Heat and Mass Transfer", 3rd ed., 1993, on turbulent internal flows;
// they discuss Pr_t ≈ 0.85-0.9 for gases and liquids with Pr ≥ 0.7). Pr_t = 0.9 by default: with 0.85
// the Nusselt number at Re = 1e4, Pr = 5 is 11 % above Gnielinski's, with 0.9 it is 8.6 % above
// (turbulent.test.ts); the friction factor does not depend on it.
//
// Annulus: each wall has its own layer, split at the radius r_m of the maximum velocity of the fully
// developed flow (zero total shear there); δ is r_m - r_i for the inner wall and r_o - r_m for the
// outer one (the usual treatment of the two sides of an annulus with a pipe mixing length). The
// model ignores that measured zero-shear and maximum-velocity radii differ slightly in turbulent
// annuli, and, as every mixing-length model, gives no eddy viscosity where ∂u/∂r = 0: heat that has
// to cross r_m (one wall heated) meets a resistance real turbulence does not have (at a pipe's axis
// the heat flux vanishes by symmetry, so there it does not matter).
//
// Rough walls: the mixing length moves off the wall by Δy, y → y + Δy in l and in the damping (the
// idea of T. Cebeci, K. C. Chang, AIAA J. 16 (1978) 730-735), with Δy⁺(k⁺) calibrated so that the
// wall layer follows Colebrook-White's roughness function (roughness.ts; k⁺ = k_s u_τ/ν, k_s the
// equivalent sand roughness). Cebeci and Chang's own fit treats k⁺ < 4.5 as smooth and left the
// default commercial-steel pipe 13.5 % below Colebrook.

// In the entrance region the same distribution is used with the local velocity gradient and wall
// shear: a thin boundary layer then gets the mixing length of a developed pipe layer in its outer
// part (the potential core has ∂u/∂r ≈ 0 and no eddy viscosity).

import type { RadialGrid } from './grid.js';
import { innerRadius, outerRadius } from './grid.js';
import { MIXING_LENGTH_KAPPA, roughnessShiftPlus } from './roughness.js';

export interface MixingLengthModel {
  /** Van Driest damping constant A⁺. */
  vanDriestA: number;
  /** Turbulent Prandtl number Pr_t = c_p μ_t / k_t. */
  turbulentPrandtl: number;
}

/**
 * A⁺ sets the log law's intercept, so the level of the friction factor once κ has set its slope
 * (roughness.ts, MIXING_LENGTH_KAPPA). Van Driest's 26 with κ = 0.41 put the smooth pipe 1.1-1.4 %
 * above Colebrook-White at Re 1e5-1e7; 26.5 (within the 25-27 used in the literature, Kays & Crawford
 * 1993) puts it within 0.5 % there. The friction factor against Colebrook over Re and roughness is
 * tabulated in docs/physics/pipe.md.
 */
export const defaultMixingLengthModel: MixingLengthModel = { vanDriestA: 26.5, turbulentPrandtl: 0.9 };

/** Nikuradse's l/δ at η = y/δ (η ≥ 1: the layer's edge), scaled from his wall slope 0.40 to κ. */
export function nikuradseMixingLength(eta: number): number {
  const s = 1 - Math.min(eta, 1);
  const s2 = s * s;
  return (MIXING_LENGTH_KAPPA / 0.4) * (0.14 - 0.08 * s2 - 0.06 * s2 * s2);
}

export interface EddyViscosityInput {
  grid: RadialGrid;
  density: number;
  /** Molecular kinematic viscosity at the wall, m²/s. */
  kinematicViscosity: number;
  /** Axial velocity at the nodes. */
  u: Float64Array;
  /** |τ_w| of the inner (annulus) and outer walls, Pa. */
  wallShear: { inner: number; outer: number };
  /** Radius of maximum velocity splitting the two wall layers of an annulus (ignored for a pipe). */
  splitRadius: number;
  /** Equivalent sand roughness k_s of both walls, m. */
  roughness: number;
  model: MixingLengthModel;
}

interface WallLayer {
  thickness: number;
  frictionVelocity: number;
  shift: number;
}

function wallLayer(input: EddyViscosityInput, thickness: number, shear: number): WallLayer {
  const frictionVelocity = Math.sqrt(Math.abs(shear) / input.density);
  const nu = input.kinematicViscosity;
  const shiftPlus = input.roughness > 0 ? roughnessShiftPlus((input.roughness * frictionVelocity) / nu, input.model.vanDriestA) : 0;
  return { thickness, frictionVelocity, shift: frictionVelocity > 0 ? (shiftPlus * nu) / frictionVelocity : 0 };
}

/** The eddy viscosity μ_t at every face (N + 2 entries; the wall and axis faces get 0). */
export function eddyViscosityAtFaces(input: EddyViscosityInput, out: Float64Array): Float64Array {
  const { grid, u, density, model } = input;
  const ri = innerRadius(grid.shape);
  const ro = outerRadius(grid.shape);
  const nu = input.kinematicViscosity;
  const annulus = grid.shape.kind === 'annulus';
  const split = annulus ? input.splitRadius : ri;
  const inner = annulus ? wallLayer(input, split - ri, input.wallShear.inner) : undefined;
  const outer = wallLayer(input, ro - split, input.wallShear.outer);
  out[0] = 0;
  out[grid.cells + 1] = 0;
  for (let f = 1; f <= grid.cells; f++) {
    const r = grid.faceR[f];
    const onInner = inner !== undefined && r < split;
    const layer = onInner ? inner : outer;
    const y = (onInner ? r - ri : ro - r) + layer.shift;
    const yPlus = (y * layer.frictionVelocity) / nu;
    const length = layer.thickness * nikuradseMixingLength(y / layer.thickness) * (1 - Math.exp(-yPlus / model.vanDriestA));
    const gradient = Math.abs(u[f] - u[f - 1]) / grid.faceSpacing[f];
    out[f] = density * length * length * gradient;
  }
  return out;
}

/**
 * Newton linearisation of the mixing-length stress about u*: τ_t = ρ l² |u_r| u_r has the derivative
 * 2 μ_t with respect to u_r, so τ_t(u_r) ≈ 2 μ_t* u_r - μ_t* u_r*. The face diffusivity becomes
 * μ + 2 μ_t* (implicit) and the face flux gets the explicit part e_f = r_f μ_t* (u*_j - u*_{j-1})/Δr_f
 * (flux towards larger r). Lagging μ_t instead (Picard) oscillates for long steps, where the march
 * approaches the steady (fully developed) problem. The damping's dependence on τ_w stays lagged.
 */
export function linearisedMomentumDiffusion(
  grid: RadialGrid,
  viscosity: number,
  eddy: Float64Array,
  uStar: Float64Array,
  diffusivity: Float64Array,
  fluxCorrection: Float64Array,
): void {
  diffusivity[0] = 0;
  fluxCorrection[0] = 0;
  diffusivity[grid.cells + 1] = 0;
  fluxCorrection[grid.cells + 1] = 0;
  for (let f = 1; f <= grid.cells; f++) {
    diffusivity[f] = viscosity + 2 * eddy[f];
    fluxCorrection[f] = (grid.faceR[f] * eddy[f] * (uStar[f] - uStar[f - 1])) / grid.faceSpacing[f];
  }
}
