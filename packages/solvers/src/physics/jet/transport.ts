// The steady transport equation of a cell-centred scalar φ (a velocity component, T, k or ω):
//
//   Σ_f F_f (φ_f − φ_P)  −  Σ_f Γ_f A_f (φ_nb − φ_P) / δ_f  =  S_u + S_p φ_P        (S_p ≤ 0)
//   convection              diffusion (central)                  sources (× volume)
//
// F_f is the outward mass flux. Convection is written as Σ F_f (φ_f − φ_P): the conservative
// Σ F_f φ_f minus φ_P times the continuity error, which vanishes as the pressure correction converges
// and keeps the matrix an M-matrix meanwhile. φ_f is upwind in the matrix; a bounded second-order
// face value (TVD: limited linear interpolation from the upwind node) enters by deferred correction
//   b_P −= F_f (φ_f^TVD − φ_f^upwind)   with the previous iterate,
//   φ_f^TVD = φ_C + ψ(r) (φ_D − φ_C) (x_f − x_C)/(x_D − x_C),  r = slope(U→C) / slope(C→D)
// on the non-uniform grid (C upwind, D downwind, U the node upstream of C: a ring node next to a
// boundary). ψ(1) = 1 is linear interpolation (second order); ψ(r ≤ 0) = 0 is upwind at extrema.
// Γ_f interpolates linearly between the nodes (the ring value on a boundary face). Boundary faces:
// diffusion with the ring value at distance δ_b = half a cell where it is `fixed`, none otherwise;
// convection carries in, where fluid enters, the `inflow` value of the boundary node if given (so
// that ring values used for gradients need not jump when an opening changes direction), else the
// ring value.
//
// Under-relaxation (Patankar): aP ← aP/α, b ← b + (1 − α) aP/α φ_P.
// The residual r_P = b + Σ a_nb φ_nb − aP φ_P is taken before relaxation with the current φ (it is the
// same after relaxation at φ = φ_old).

import type { ConvectionScheme } from './case.js';
import type { FlowGrid } from './grid.js';
import type { Coefficients } from './line-solver.js';
import type { SolidCells } from './solid.js';

const SCHEME_CODE: Record<ConvectionScheme, number> = { upwind: 0, minmod: 1, 'van-leer': 2, mc: 3 };

/** The flux limiter ψ(r). */
function limiter(code: number, r: number): number {
  switch (code) {
    case 1:
      return Math.max(0, Math.min(r, 1));
    case 2:
      return (r + Math.abs(r)) / (1 + Math.abs(r));
    case 3:
      return Math.max(0, Math.min(2 * r, 0.5 * (1 + r), 2));
    default:
      return 0;
  }
}

/** The limited face value between upwind node C and downwind node D, with U upstream of C. */
export function tvdFaceValue(code: number, phiU: number, phiC: number, phiD: number, xU: number, xC: number, xD: number, xFace: number): number {
  const jump = phiD - phiC;
  if (jump === 0) return phiC;
  const r = ((phiC - phiU) / (xC - xU)) * ((xD - xC) / jump);
  return phiC + limiter(code, r) * jump * ((xFace - xC) / (xD - xC));
}

export interface TransportEquation {
  /** Halo field; the ring holds the boundary values. */
  phi: Float64Array;
  /** Diffusivity at the nodes (kg/(m·s) for mass-flux convection), ring included. */
  gamma: Float64Array;
  /** 1 on ring nodes whose value is imposed in the diffusion term. */
  fixed: Uint8Array;
  /** Explicit source and implicit coefficient (S_p ≤ 0) per cell, integrated over the volume. */
  su: Float64Array;
  sp: Float64Array;
  scheme: ConvectionScheme;
  relaxation: number;
  /** Values carried in by fluid entering through boundary faces, at the ring nodes. */
  inflow?: Float64Array;
  /**
   * Blocked cells (solid.ts): φ = `wall` on their faces (one value, or one per immersed face) with the
   * wall diffusivity `gamma`; the solid cells' own equations hold their (ghost) values.
   */
  immersed?: { solid: SolidCells; wall: number | Float64Array; gamma: number };
}

export interface AssemblyReport {
  /** Σ |r_P| */
  residual: number;
  /** Σ aP before relaxation. */
  diagonal: number;
  /** Σ |aP φ_P| before relaxation. */
  weightedDiagonal: number;
}

export function assembleTransport(grid: FlowGrid, Fx: Float64Array, Fy: Float64Array, eq: TransportEquation, out: Coefficients): AssemblyReport {
  const { nx, ny, stride: W, Ax, Ay } = grid;
  const { phi, gamma, fixed, su, sp, inflow } = eq;
  const { aE, aW, aN, aS, aP, b } = out;
  const code = SCHEME_CODE[eq.scheme];
  // aP first collects the inflow terms of boundary faces (when `inflow` is given).
  for (let j = 1; j <= ny; j++) {
    for (let I = 1 + W * j, end = nx + W * j; I <= end; I++) {
      b[I] = su[I]!;
      aP[I] = 0;
    }
  }

  // x-faces: face f of row j lies between nodes I = f + W j and J = I + 1.
  {
    const { node: X, faces, spacing, weight } = grid.x;
    for (let j = 1; j <= ny; j++) {
      for (let f = 0; f <= nx; f++) {
        const I = f + W * j;
        const J = I + 1;
        const F = Fx[I]!;
        const w = weight[f]!;
        const D = (((1 - w) * gamma[I]! + w * gamma[J]!) * Ax[I]!) / spacing[f]!;
        if (f === 0) {
          aW[J] = (fixed[I] ? D : 0) + boundaryInflow(inflow, I, Math.max(F, 0), J, aP, b);
          continue;
        }
        if (f === nx) {
          aE[I] = (fixed[J] ? D : 0) + boundaryInflow(inflow, J, Math.max(-F, 0), I, aP, b);
          continue;
        }
        aE[I] = D + Math.max(-F, 0);
        aW[J] = D + Math.max(F, 0);
        if (code === 0 || F === 0) continue;
        const correction =
          F > 0
            ? F * (tvdFaceValue(code, phi[I - 1]!, phi[I]!, phi[J]!, X[f - 1]!, X[f]!, X[f + 1]!, faces[f]!) - phi[I]!)
            : F * (tvdFaceValue(code, phi[J + 1]!, phi[J]!, phi[I]!, X[f + 2]!, X[f + 1]!, X[f]!, faces[f]!) - phi[J]!);
        b[I] -= correction;
        b[J] += correction;
      }
    }
  }

  // y-faces: face f of column i lies between nodes I = i + W f and J = I + W.
  {
    const { node: Y, faces, spacing, weight } = grid.y;
    for (let f = 0; f <= ny; f++) {
      const w = weight[f]!;
      for (let i = 1; i <= nx; i++) {
        const I = i + W * f;
        const J = I + W;
        const F = Fy[I]!;
        const D = (((1 - w) * gamma[I]! + w * gamma[J]!) * Ay[I]!) / spacing[f]!;
        if (f === 0) {
          aS[J] = (fixed[I] ? D : 0) + boundaryInflow(inflow, I, Math.max(F, 0), J, aP, b);
          continue;
        }
        if (f === ny) {
          aN[I] = (fixed[J] ? D : 0) + boundaryInflow(inflow, J, Math.max(-F, 0), I, aP, b);
          continue;
        }
        aN[I] = D + Math.max(-F, 0);
        aS[J] = D + Math.max(F, 0);
        if (code === 0 || F === 0) continue;
        const correction =
          F > 0
            ? F * (tvdFaceValue(code, phi[I - W]!, phi[I]!, phi[J]!, Y[f - 1]!, Y[f]!, Y[f + 1]!, faces[f]!) - phi[I]!)
            : F * (tvdFaceValue(code, phi[J + W]!, phi[J]!, phi[I]!, Y[f + 2]!, Y[f + 1]!, Y[f]!, faces[f]!) - phi[J]!);
        b[I] -= correction;
        b[J] += correction;
      }
    }
  }

  const solid = eq.immersed?.solid;
  if (eq.immersed) immersedWalls(eq.immersed, out);

  const alpha = eq.relaxation;
  let residual = 0;
  let diagonal = 0;
  let weightedDiagonal = 0;
  for (let j = 1; j <= ny; j++) {
    for (let I = 1 + W * j, end = nx + W * j; I <= end; I++) {
      if (solid?.mask[I]) {
        aE[I] = aW[I] = aN[I] = aS[I] = 0;
        aP[I] = 1;
        b[I] = phi[I]!;
        continue;
      }
      const a = aP[I]! + aE[I]! + aW[I]! + aN[I]! + aS[I]! - sp[I]!;
      const value = phi[I]!;
      residual += Math.abs(b[I]! + aE[I]! * phi[I + 1]! + aW[I]! * phi[I - 1]! + aN[I]! * phi[I + W]! + aS[I]! * phi[I - W]! - a * value);
      diagonal += a;
      weightedDiagonal += Math.abs(a * value);
      aP[I] = a / alpha;
      b[I] += (1 - alpha) * aP[I]! * value;
    }
  }
  return { residual, diagonal, weightedDiagonal };
}

/** The immersed wall faces as Dirichlet terms on their fluid cells, decoupled from the solid cells. */
function immersedWalls(immersed: NonNullable<TransportEquation['immersed']>, out: Coefficients): void {
  const { solid, wall, gamma } = immersed;
  const { aE, aW, aN, aS, aP, b } = out;
  for (let k = 0; k < solid.count; k++) {
    const P = solid.fluid[k]!;
    const D = (gamma * solid.area[k]!) / solid.distance[k]!;
    const forward = solid.direction[k]! > 0;
    if (solid.axis[k] === 0) (forward ? aE : aW)[P] = 0;
    else (forward ? aN : aS)[P] = 0;
    aP[P] += D;
    b[P] += D * (typeof wall === 'number' ? wall : wall[k]!);
  }
}

/**
 * The convective inflow m (≥ 0) through a boundary face into cell P: with `inflow` values it goes to
 * P's diagonal and source (returns 0, no coupling to the ring); otherwise it couples to the ring node.
 */
function boundaryInflow(inflow: Float64Array | undefined, B: number, m: number, P: number, aP: Float64Array, b: Float64Array): number {
  if (inflow === undefined || m === 0) return m;
  aP[P] += m;
  b[P] += m * inflow[B]!;
  return 0;
}

/** Gauss gradient at the cells: ∂φ/∂x = (φ_e − φ_w)/Δx, face values interpolated (ring values on boundary faces). */
export function cellGradient(grid: FlowGrid, phi: Float64Array, gx: Float64Array, gy: Float64Array): void {
  const { nx, ny, stride: W } = grid;
  const wx = grid.x.weight;
  const wy = grid.y.weight;
  const dx = grid.x.width;
  const dy = grid.y.width;
  for (let j = 1; j <= ny; j++) {
    const wn = wy[j]!;
    const ws = wy[j - 1]!;
    const rdy = 1 / dy[j]!;
    for (let i = 1; i <= nx; i++) {
      const I = i + W * j;
      const we = wx[i]!;
      const ww = wx[i - 1]!;
      const east = (1 - we) * phi[I]! + we * phi[I + 1]!;
      const west = (1 - ww) * phi[I - 1]! + ww * phi[I]!;
      const north = (1 - wn) * phi[I]! + wn * phi[I + W]!;
      const south = (1 - ws) * phi[I - W]! + ws * phi[I]!;
      gx[I] = (east - west) / dx[i]!;
      gy[I] = (north - south) * rdy;
    }
  }
}
