// Steady scalar diffusion Γ ∇²φ = S on the face arrays of face-geometry.ts (planar quadrilateral cells,
// cell-centred finite volumes, Dirichlet φ on all four sides): the verification operator of the
// non-orthogonal split (docs/adr/0021); the product's solver uses its gaussGradient (boundaries.ts).
//
// Integrated over cell P, with S_f the outward area vector of face f:
//   Σ_f Γ ∇φ_f·S_f = S_P V_P,
//   ∇φ_f·S_f = |E_f|/|d_f| (φ_N − φ_P)  +  ∇φ_f·T_f          (S_f = E_f + T_f, E_f ∥ d_f, over-relaxed)
// The first part is implicit (a 5-point matrix along the node-to-node vectors); the second, the
// non-orthogonal correction, is deferred: ∇φ at the cells by Gauss, ∇φ_P = (1/V_P) Σ_f φ_f S_f with
// φ_f = (1 − w) φ_P + w φ_N, and ∇φ_f = (1 − w) ∇φ_P + w ∇φ_N. On a boundary face the node N is the face's
// midpoint (the halo ring), so |E|/|d| = |S|/δ_n with δ_n = d·n̂ the wall-normal distance of P, and
// ∇φ_P·T = −|S| ∇φ_P·(d − δ_n n̂)/δ_n corrects for the tangential offset of P from the face midpoint
// (∇φ_f at a boundary face is the interior cell's gradient).
//
// Outer iterations (defect correction): with F(φ) = Σ_f Γ ∇φ_f·S_f − S V the full discrete residual and
// A the implicit (orthogonal) part, A δ = F(φ^k), φ^{k+1} = φ^k + α δ. Only F carries the correction, so
// the converged φ solves the full discrete equation whatever A and α are; A is symmetric positive
// definite and is solved by multigrid.ts's V-cycle-preconditioned CG.
//
// Under-relaxation at 45°: there |T| = |S| (face-geometry.ts), so the deferred part is as large as the
// implicit one. The over-relaxed split (|E| = |S|²/(S·d̂) ≥ |S|) makes A the larger, and the outer update
// φ += α δ is left undamped by default (α = 1): measured on the σ grids with 45° faces, each outer
// iteration reduces F by ≈ 0.55–0.6 (default ridge 62×148 … 248×592: 40–47 iterations to 1e-10; sheared
// box: 24–41). Damping only slows it (α 0.8: 47–52, α 0.7: 54–60 on the ridge) and over-relaxing fails
// (α 1.2: 292 iterations at 62×148, not converged in 400 at 124×296), so α < 1 is for harder grids only.

import { MultigridConjugateGradient } from './multigrid.js';
import { faceGaussGradient } from '../physics/transport.js';
import type { FaceGeometry, FaceSet } from '../grid/face-geometry.js';
import type { SevenPointMatrix } from '../../../numerics/seven-point-matrix.js';

/** Cell gradients by Gauss, ∇φ_P = (1/V_P) Σ_f φ_f S_f (halo layout; boundary faces take the halo value; the halo set to 0). */
export function gaussGradient(fg: FaceGeometry, phi: Float64Array, gx: Float64Array, gy: Float64Array): void {
  faceGaussGradient(fg, phi, gx, gy);
  const { nx, ny, stride: W } = fg;
  for (let j = 0; j <= ny + 1; j++) {
    for (let i = 0; i <= nx + 1; i++) {
      if (i >= 1 && i <= nx && j >= 1 && j <= ny) continue;
      gx[i + W * j] = 0;
      gy[i + W * j] = 0;
    }
  }
}

/**
 * Γ ∇φ_f·S_f over the faces of one family, added to `out` at the low node and subtracted at the high node
 * (the area vector points low → high). `step` is 1 (x-faces) or the stride (y-faces).
 */
function addFluxes(fg: FaceGeometry, set: FaceSet, step: number, gamma: number, phi: Float64Array, gx: Float64Array | null, gy: Float64Array | null, out: Float64Array): void {
  const { nx, ny, stride: W } = fg;
  const xFamily = step === 1;
  for (let j = xFamily ? 1 : 0; j <= ny; j++) {
    for (let i = xFamily ? 0 : 1; i <= nx; i++) {
      const L = i + W * j;
      const H = L + step;
      const lowInside = xFamily ? i >= 1 : j >= 1;
      const highInside = xFamily ? i < nx : j < ny;
      let flux = (set.orthogonal[L]! / set.distance[L]!) * (phi[H]! - phi[L]!);
      if (gx && gy) {
        // ∇φ_f: interpolated inside, the interior cell's gradient on the boundary.
        const w = set.weight[L]!;
        const fx = !lowInside ? gx[H]! : !highInside ? gx[L]! : gx[L]! + w * (gx[H]! - gx[L]!);
        const fy = !lowInside ? gy[H]! : !highInside ? gy[L]! : gy[L]! + w * (gy[H]! - gy[L]!);
        flux += fx * set.Tx[L]! + fy * set.Ty[L]!;
      }
      flux *= gamma;
      if (lowInside) out[L] += flux;
      if (highInside) out[H] -= flux;
    }
  }
}

export interface ResidualWork {
  gx: Float64Array;
  gy: Float64Array;
}

export function residualWork(fg: FaceGeometry): ResidualWork {
  return { gx: new Float64Array(fg.size), gy: new Float64Array(fg.size) };
}

/**
 * F(φ) = Σ_f Γ ∇φ_f·S_f − S V at the cells (halo layout, 0 on the ring); `correction` false drops the
 * deferred ∇φ_f·T_f term (the 5-point operator alone).
 */
export function diffusionResidual(fg: FaceGeometry, gamma: number, phi: Float64Array, source: Float64Array, out: Float64Array, work: ResidualWork, correction = true): void {
  out.fill(0);
  let gx: Float64Array | null = null;
  let gy: Float64Array | null = null;
  if (correction) {
    gaussGradient(fg, phi, work.gx, work.gy);
    [gx, gy] = [work.gx, work.gy];
  }
  addFluxes(fg, fg.xFaces, 1, gamma, phi, gx, gy, out);
  addFluxes(fg, fg.yFaces, fg.stride, gamma, phi, gx, gy, out);
  const { nx, ny, stride: W, V } = fg;
  for (let j = 1; j <= ny; j++) for (let i = 1; i <= nx; i++) out[i + W * j] -= source[i + W * j]! * V[i + W * j]!;
}

/**
 * The implicit part A (D x_P − Σ O x_N, cells only, index (i−1) + nx (j−1)): O = Γ |E|/|d| of the faces
 * between two cells, D = Σ of all four faces' Γ |E|/|d| (a boundary face's with the wall-normal distance).
 */
export function orthogonalMatrix(fg: FaceGeometry, gamma: number): SevenPointMatrix {
  const { nx, ny, stride: W, xFaces: X, yFaces: Y } = fg;
  const n = nx * ny;
  const A: SevenPointMatrix = { nx, ny, nz: 1, D: new Float64Array(n), Ox: new Float64Array(n), Oy: new Float64Array(n), Oz: new Float64Array(n) };
  for (let j = 1; j <= ny; j++) {
    for (let i = 1; i <= nx; i++) {
      const I = i + W * j;
      const c = i - 1 + nx * (j - 1);
      const east = (gamma * X.orthogonal[I]!) / X.distance[I]!;
      const west = (gamma * X.orthogonal[I - 1]!) / X.distance[I - 1]!;
      const north = (gamma * Y.orthogonal[I]!) / Y.distance[I]!;
      const south = (gamma * Y.orthogonal[I - W]!) / Y.distance[I - W]!;
      A.D[c] = east + west + north + south;
      if (i < nx) A.Ox[c] = east;
      if (j < ny) A.Oy[c] = north;
    }
  }
  return A;
}

/** The norm the outer iterations' residuals are measured against: ‖S V‖₂ over the cells (1 when S = 0). */
export function sourceScale(fg: FaceGeometry, source: Float64Array): number {
  const { nx, ny, stride: W, V } = fg;
  let scale = 0;
  for (let j = 1; j <= ny; j++) for (let i = 1; i <= nx; i++) scale += (source[i + W * j]! * V[i + W * j]!) ** 2;
  return Math.sqrt(scale) || 1;
}

export interface DiffusionOptions {
  gamma: number;
  /** S per unit volume at the cells (halo layout). */
  source: Float64Array;
  /** φ on the halo ring (the boundary faces' midpoints); the cells' entries are the initial guess. */
  phi: Float64Array;
  /** Include the deferred non-orthogonal correction (default true). */
  correction?: boolean;
  /** Under-relaxation α of the outer update (default 1). */
  relaxation?: number;
  /** Stop when ‖F‖₂ ≤ tolerance · ‖S V‖₂ (default 1e-10). */
  tolerance?: number;
  maxOuter?: number;
  /** Relative tolerance of each inner linear solve (default 1e-3: the outer loop removes what is left). */
  innerTolerance?: number;
}

export interface DiffusionReport {
  outer: number;
  innerIterations: number;
  relativeResidual: number;
  converged: boolean;
}

/** Solves Γ ∇²φ = S in place in `options.phi` by outer defect-correction iterations. */
export function solveDiffusion(fg: FaceGeometry, options: DiffusionOptions): DiffusionReport {
  if (fg.geometry !== 'planar') throw new RangeError('solveDiffusion: planar grids only (the Gauss gradient has no hoop term)');
  const { gamma, source, phi } = options;
  const correction = options.correction ?? true;
  const alpha = options.relaxation ?? 1;
  const tolerance = options.tolerance ?? 1e-10;
  const maxOuter = options.maxOuter ?? 200;
  const { nx, ny, stride: W } = fg;
  const A = orthogonalMatrix(fg, gamma);
  const solver = new MultigridConjugateGradient(nx, ny);
  const work = residualWork(fg);
  const F = new Float64Array(fg.size);
  const b = new Float64Array(nx * ny);
  const delta = new Float64Array(nx * ny);
  const scale = sourceScale(fg, source);
  let innerIterations = 0;
  let relative = Infinity;
  for (let outer = 0; outer <= maxOuter; outer++) {
    diffusionResidual(fg, gamma, phi, source, F, work, correction);
    let norm = 0;
    for (let j = 1; j <= ny; j++) {
      for (let i = 1; i <= nx; i++) {
        const r = F[i + W * j]!;
        b[i - 1 + nx * (j - 1)] = r;
        norm += r * r;
      }
    }
    relative = Math.sqrt(norm) / scale;
    if (relative <= tolerance) return { outer, innerIterations, relativeResidual: relative, converged: true };
    if (outer === maxOuter || !Number.isFinite(relative)) break;
    delta.fill(0);
    innerIterations += solver.solve(A, b, delta, { tolerance: options.innerTolerance ?? 1e-3, maxIterations: 500 }).iterations;
    for (let j = 1; j <= ny; j++) for (let i = 1; i <= nx; i++) phi[i + W * j] += alpha * delta[i - 1 + nx * (j - 1)]!;
  }
  return { outer: maxOuter, innerIterations, relativeResidual: relative, converged: false };
}
