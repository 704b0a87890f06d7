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
// On a curvilinear grid (FlowGrid.faces) the same equation is assembled face by face with the area
// vectors: diffusion split into Γ|E|/|d| (implicit) and Γ ∇φ_f·T (deferred), see curvilinearFaces().
//
// Under-relaxation (Patankar): aP ← aP/α, b ← b + (1 − α) aP/α φ_P.
// The residual r_P = b + Σ a_nb φ_nb − aP φ_P is taken before relaxation with the current φ (it is the
// same after relaxation at φ = φ_old).

import type { ConvectionScheme } from '../case.js';
import type { FaceSet } from '../grid/face-geometry.js';
import type { FlowGrid } from '../grid/grid.js';
import type { Coefficients } from '../numerics/line-solver.js';
import type { SolidCells } from './solid.js';
import { cellGradient } from './gradient.js';

export { cellGaussGradient, cellGradient, faceGaussGradient } from './gradient.js';

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

/**
 * The grid differences of tvdFaceValue() per face of an axis, for either flow direction (forward:
 * C = f, U = f − 1, D = f + 1; backward: C = f + 1, U = f + 2, D = f), computed once with the same
 * operations, so that the limited face values keep their bits: x_C − x_U, x_D − x_C and
 * (x_face − x_C)/(x_D − x_C).
 */
interface TvdStencil {
  forwardUC: Float64Array;
  forwardCD: Float64Array;
  forwardFraction: Float64Array;
  backwardUC: Float64Array;
  backwardCD: Float64Array;
  backwardFraction: Float64Array;
}

const stencils = new WeakMap<FlowGrid['x'], TvdStencil>();

function tvdStencil(axis: FlowGrid['x']): TvdStencil {
  let stencil = stencils.get(axis);
  if (stencil) return stencil;
  const { node: X, faces, n } = axis;
  const f64 = (): Float64Array => new Float64Array(n + 1);
  stencil = { forwardUC: f64(), forwardCD: f64(), forwardFraction: f64(), backwardUC: f64(), backwardCD: f64(), backwardFraction: f64() };
  // Interior faces only (1 … n−1): U exists on both sides there.
  for (let f = 1; f < n; f++) {
    stencil.forwardUC[f] = X[f]! - X[f - 1]!;
    stencil.forwardCD[f] = X[f + 1]! - X[f]!;
    stencil.forwardFraction[f] = (faces[f]! - X[f]!) / (X[f + 1]! - X[f]!);
    stencil.backwardUC[f] = X[f + 1]! - X[f + 2]!;
    stencil.backwardCD[f] = X[f]! - X[f + 1]!;
    stencil.backwardFraction[f] = (faces[f]! - X[f + 1]!) / (X[f]! - X[f + 1]!);
  }
  stencils.set(axis, stencil);
  return stencil;
}

/** tvdFaceValue() with the stencil's grid differences: uc = x_C − x_U, cd = x_D − x_C, fraction = (x_face − x_C)/cd. */
function tvdFace(code: number, phiU: number, phiC: number, phiD: number, uc: number, cd: number, fraction: number): number {
  const jump = phiD - phiC;
  if (jump === 0) return phiC;
  const r = ((phiC - phiU) / uc) * (cd / jump);
  return phiC + limiter(code, r) * jump * fraction;
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
   * wall diffusivity `gamma`, times `factor` per face when given (the automatic wall treatment's
   * effective diffusivities); the solid cells' own equations hold their (ghost) values.
   */
  immersed?: ImmersedWalls;
  /** Cells whose value is imposed (φ = value where mask is 1; halo-indexed): the wall cells' ω of the automatic treatment. */
  held?: { mask: Uint8Array; value: Float64Array };
  /**
   * cellGradient(grid, phi) as phi is now, when the caller has it already (the momentum equations'
   * stress terms, the SST blending): the curvilinear assembly then does not compute it again.
   */
  gradient?: { gx: Float64Array; gy: Float64Array };
}

export interface ImmersedWalls {
  solid: SolidCells;
  wall: number | Float64Array;
  gamma: number;
  factor?: Float64Array;
}

export interface AssemblyReport {
  /** Σ |r_P| */
  residual: number;
  /** Σ aP before relaxation. */
  diagonal: number;
  /** Σ |aP φ_P| before relaxation. */
  weightedDiagonal: number;
}

/**
 * Rows j0 … j1 only when given (a row band of a loop split over threads, threads/parts.ts): every cell
 * of the band gets the terms, in the order, that the whole assembly gives it; the faces between two
 * bands are formed by both, each writing its own side. The sums are the band's.
 */
export function assembleTransport(grid: FlowGrid, Fx: Float64Array, Fy: Float64Array, eq: TransportEquation, out: Coefficients, j0 = 1, j1 = grid.ny): AssemblyReport {
  const { nx, stride: W } = grid;
  const { phi, su, sp } = eq;
  const { aE, aW, aN, aS, aP, b } = out;
  const code = SCHEME_CODE[eq.scheme];
  if (j0 > j1) return { residual: 0, diagonal: 0, weightedDiagonal: 0 };
  // aP first collects the inflow terms of boundary faces (when `inflow` is given).
  for (let j = j0; j <= j1; j++) {
    for (let I = 1 + W * j, end = nx + W * j; I <= end; I++) {
      b[I] = su[I]!;
      aP[I] = 0;
    }
  }

  if (grid.curvilinear) {
    if (eq.immersed) throw new RangeError('assembleTransport: immersed (blocked) cells are for Cartesian grids only, not with a curvilinear mesh');
    curvilinearFaces(grid, Fx, Fy, eq, out, code, j0, j1);
  } else cartesianFaces(grid, Fx, Fy, eq, out, code, j0, j1);

  const solid = eq.immersed?.solid;
  if (eq.immersed) immersedWalls(eq.immersed, out, W * j0, W * (j1 + 1));

  const alpha = eq.relaxation;
  const held = eq.held?.mask;
  const heldValue = eq.held?.value;
  let residual = 0;
  let diagonal = 0;
  let weightedDiagonal = 0;
  for (let j = j0; j <= j1; j++) {
    for (let I = 1 + W * j, end = nx + W * j; I <= end; I++) {
      if (solid?.mask[I] || held?.[I]) {
        aE[I] = aW[I] = aN[I] = aS[I] = 0;
        aP[I] = 1;
        b[I] = held?.[I] ? heldValue![I]! : phi[I]!;
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

/** The faces' coefficients on FlowGrid's rectangles (axis spacings and weights; T = 0). */
function cartesianFaces(grid: FlowGrid, Fx: Float64Array, Fy: Float64Array, eq: TransportEquation, out: Coefficients, code: number, j0: number, j1: number): void {
  const { nx, ny, stride: W, Ax, Ay } = grid;
  const { phi, gamma, fixed, inflow } = eq;
  const { aE, aW, aN, aS, aP, b } = out;
  // x-faces: face f of row j lies between nodes I = f + W j and J = I + 1; the boundary faces
  // (f = 0, nx) are taken before and after the interior ones, as they come in the row.
  {
    const { spacing, weight } = grid.x;
    const { forwardUC, forwardCD, forwardFraction, backwardUC, backwardCD, backwardFraction } = tvdStencil(grid.x);
    const w0 = weight[0]!;
    const wn = weight[nx]!;
    for (let j = j0; j <= j1; j++) {
      const row = W * j;
      {
        const I = row;
        const J = I + 1;
        const D = (((1 - w0) * gamma[I]! + w0 * gamma[J]!) * Ax[I]!) / spacing[0]!;
        aW[J] = (fixed[I] ? D : 0) + boundaryInflow(inflow, I, Math.max(Fx[I]!, 0), J, aP, b);
      }
      for (let f = 1; f < nx; f++) {
        const I = f + row;
        const J = I + 1;
        const F = Fx[I]!;
        const w = weight[f]!;
        const D = (((1 - w) * gamma[I]! + w * gamma[J]!) * Ax[I]!) / spacing[f]!;
        aE[I] = D + Math.max(-F, 0);
        aW[J] = D + Math.max(F, 0);
        if (code === 0 || F === 0) continue;
        const correction =
          F > 0
            ? F * (tvdFace(code, phi[I - 1]!, phi[I]!, phi[J]!, forwardUC[f]!, forwardCD[f]!, forwardFraction[f]!) - phi[I]!)
            : F * (tvdFace(code, phi[J + 1]!, phi[J]!, phi[I]!, backwardUC[f]!, backwardCD[f]!, backwardFraction[f]!) - phi[J]!);
        b[I] -= correction;
        b[J] += correction;
      }
      {
        const I = nx + row;
        const J = I + 1;
        const D = (((1 - wn) * gamma[I]! + wn * gamma[J]!) * Ax[I]!) / spacing[nx]!;
        aE[I] = (fixed[J] ? D : 0) + boundaryInflow(inflow, J, Math.max(-Fx[I]!, 0), I, aP, b);
      }
    }
  }

  // y-faces: face f of column i lies between nodes I = i + W f and J = I + W.
  {
    const { spacing, weight } = grid.y;
    const { forwardUC, forwardCD, forwardFraction, backwardUC, backwardCD, backwardFraction } = tvdStencil(grid.y);
    // The faces below and above the band's rows, each written on the band's side only.
    for (let f = j0 - 1; f <= j1; f++) {
      const w = weight[f]!;
      const delta = spacing[f]!;
      if (f === 0 || f === ny) {
        for (let i = 1; i <= nx; i++) {
          const I = i + W * f;
          const J = I + W;
          const F = Fy[I]!;
          const D = (((1 - w) * gamma[I]! + w * gamma[J]!) * Ay[I]!) / delta;
          if (f === 0) aS[J] = (fixed[I] ? D : 0) + boundaryInflow(inflow, I, Math.max(F, 0), J, aP, b);
          else aN[I] = (fixed[J] ? D : 0) + boundaryInflow(inflow, J, Math.max(-F, 0), I, aP, b);
        }
        continue;
      }
      const low = f >= j0;
      const high = f < j1;
      const [uc, cd, fraction] = [forwardUC[f]!, forwardCD[f]!, forwardFraction[f]!];
      const [ucBack, cdBack, fractionBack] = [backwardUC[f]!, backwardCD[f]!, backwardFraction[f]!];
      for (let i = 1; i <= nx; i++) {
        const I = i + W * f;
        const J = I + W;
        const F = Fy[I]!;
        const D = (((1 - w) * gamma[I]! + w * gamma[J]!) * Ay[I]!) / delta;
        if (low) aN[I] = D + Math.max(-F, 0);
        if (high) aS[J] = D + Math.max(F, 0);
        if (code === 0 || F === 0) continue;
        const correction =
          F > 0
            ? F * (tvdFace(code, phi[I - W]!, phi[I]!, phi[J]!, uc, cd, fraction) - phi[I]!)
            : F * (tvdFace(code, phi[J + W]!, phi[J]!, phi[I]!, ucBack, cdBack, fractionBack) - phi[J]!);
        if (low) b[I] -= correction;
        if (high) b[J] += correction;
      }
    }
  }
}

/** Per grid, the cells' Gauss gradients of φ for the deferred non-orthogonal diffusion (owned here, so callers need not pass them). */
const gradientScratch = new WeakMap<FlowGrid, { gx: Float64Array; gy: Float64Array }>();

/**
 * The faces' coefficients on a curvilinear grid (face-geometry.ts's arrays). Diffusion is the
 * over-relaxed split Γ_f |E|/|d| (φ_H − φ_L) + Γ_f ∇φ_f·T, the second part deferred into b (∇φ_f
 * interpolated with w from the cells' Gauss gradients; the cell's own on a fixed boundary face, whose
 * ring node is the face midpoint, so |d| is the centroid→midpoint distance). The TVD correction works
 * along the grid line through the face with the faces' node distances as arc lengths
 * (nonorthogonal-transport.ts): C upwind, D downwind, U the node upstream of C, the face at w |d|.
 */
function curvilinearFaces(grid: FlowGrid, Fx: Float64Array, Fy: Float64Array, eq: TransportEquation, out: Coefficients, code: number, j0: number, j1: number): void {
  const { nx, ny, stride: W } = grid;
  const { phi, gamma, fixed, inflow } = eq;
  const { aE, aW, aN, aS, aP, b } = out;
  let gradient = eq.gradient;
  if (!gradient) {
    // The faces of a band read the gradients of the rows next to it: a band is given them.
    if (j0 !== 1 || j1 !== ny) throw new RangeError('assembleTransport: a row band on a curvilinear grid needs the gradient');
    let scratch = gradientScratch.get(grid);
    if (!scratch) gradientScratch.set(grid, (scratch = { gx: new Float64Array(grid.size), gy: new Float64Array(grid.size) }));
    cellGradient(grid, phi, scratch.gx, scratch.gy);
    gradient = scratch;
  }
  const { gx, gy } = gradient;
  const terms: CurvilinearFaceTerms = { phi, gamma, fixed, inflow, gx, gy, aP, b, code };
  // x-faces row by row, then y-faces row by row: the order in which b and aP accumulate.
  for (let j = j0; j <= j1; j++) {
    const row = W * j;
    curvilinearBoundaryFace(terms, grid.faces.xFaces, Fx, aW, row, row + 1, true);
    curvilinearInteriorFaces(terms, grid.faces.xFaces, Fx, aE, aW, 1, row + 1, row + nx - 1);
    curvilinearBoundaryFace(terms, grid.faces.xFaces, Fx, aE, row + nx + 1, row + nx, false);
  }
  if (j0 === 1) for (let i = 1; i <= nx; i++) curvilinearBoundaryFace(terms, grid.faces.yFaces, Fy, aS, i, i + W, true);
  // The faces below and above the band's rows, each written on the band's side only.
  for (let j = Math.max(j0 - 1, 1); j <= Math.min(j1, ny - 1); j++) curvilinearInteriorFaces(terms, grid.faces.yFaces, Fy, aN, aS, W, 1 + W * j, nx + W * j, j >= j0, j < j1);
  if (j1 === ny) for (let i = 1; i <= nx; i++) curvilinearBoundaryFace(terms, grid.faces.yFaces, Fy, aN, i + W * (ny + 1), i + W * ny, false);
}

/** What curvilinearFaces() hands its face loops: the equation's fields and the coefficients it fills. */
interface CurvilinearFaceTerms {
  phi: Float64Array;
  gamma: Float64Array;
  fixed: Uint8Array;
  inflow: Float64Array | undefined;
  gx: Float64Array;
  gy: Float64Array;
  aP: Float64Array;
  b: Float64Array;
  code: number;
}

/**
 * A boundary face between ring node B and cell P (`low`: the ring is on the face's low side, the face
 * stored at B; else at P): Γ_f is the ring value, diffusion only where the ring value is imposed.
 * `toCell` is the coefficient array that couples P to B (aW/aS on a low face, aE/aN on a high one).
 */
function curvilinearBoundaryFace(terms: CurvilinearFaceTerms, set: FaceSet, F: Float64Array, toCell: Float64Array, B: number, P: number, low: boolean): void {
  const { gamma, fixed, inflow, gx, gy, aP, b } = terms;
  const L = low ? B : P;
  const m = F[L]!;
  let D = 0;
  if (fixed[B]) {
    D = (gamma[B]! * set.orthogonal[L]!) / set.distance[L]!;
    const correction = gamma[B]! * (gx[P]! * set.Tx[L]! + gy[P]! * set.Ty[L]!);
    b[P] += low ? -correction : correction;
  }
  toCell[P] = D + boundaryInflow(inflow, B, Math.max(low ? m : -m, 0), P, aP, b);
}

/**
 * The interior faces L = first … last of one row (stored at their low node L, high node H = L + step):
 * Γ_f |E|/|d| implicit, Γ_f ∇φ_f·T and the TVD correction deferred into b; written on the low side, the
 * high side or both.
 */
function curvilinearInteriorFaces(terms: CurvilinearFaceTerms, set: FaceSet, F: Float64Array, toHigh: Float64Array, toLow: Float64Array, step: number, first: number, last: number, low = true, high = true): void {
  const { phi, gamma, gx, gy, b, code } = terms;
  const { weight, orthogonal, distance, Tx, Ty } = set;
  for (let L = first; L <= last; L++) {
    const H = L + step;
    const m = F[L]!;
    const w = weight[L]!;
    const gammaFace = (1 - w) * gamma[L]! + w * gamma[H]!;
    const D = (gammaFace * orthogonal[L]!) / distance[L]!;
    if (low) toHigh[L] = D + Math.max(-m, 0);
    if (high) toLow[H] = D + Math.max(m, 0);
    const faceGx = gx[L]! + w * (gx[H]! - gx[L]!);
    const faceGy = gy[L]! + w * (gy[H]! - gy[L]!);
    const nonorthogonal = gammaFace * (faceGx * Tx[L]! + faceGy * Ty[L]!);
    if (low) b[L] += nonorthogonal;
    if (high) b[H] -= nonorthogonal;
    if (code === 0 || m === 0) continue;
    const correction =
      m > 0
        ? m * (tvdFace(code, phi[L - step]!, phi[L]!, phi[H]!, distance[L - step]!, distance[L]!, w) - phi[L]!)
        : m * (tvdFace(code, phi[H + step]!, phi[H]!, phi[L]!, distance[H]!, distance[L]!, 1 - w) - phi[H]!);
    if (low) b[L] -= correction;
    if (high) b[H] += correction;
  }
}

/** The immersed wall faces as Dirichlet terms on their fluid cells P (from ≤ P < to), decoupled from the solid cells. */
function immersedWalls(immersed: ImmersedWalls, out: Coefficients, from: number, to: number): void {
  const { solid, wall, gamma, factor } = immersed;
  const { aE, aW, aN, aS, aP, b } = out;
  for (let k = 0; k < solid.count; k++) {
    const P = solid.fluid[k]!;
    if (P < from || P >= to) continue;
    const D = ((factor ? gamma * factor[k]! : gamma) * solid.area[k]!) / solid.distance[k]!;
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
