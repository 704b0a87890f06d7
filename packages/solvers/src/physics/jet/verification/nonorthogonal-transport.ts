// Steady convection–diffusion of a scalar on the face arrays of face-geometry.ts (planar quadrilateral
// cells, cell-centred finite volumes), with Dirichlet, zero-gradient or symmetry sides: a standalone
// verification of the convection terms on σ grids (after nonorthogonal-diffusion.ts); the product's
// solver does not call it (transport.ts has its own face loop).
//
//   Γ ∇²φ − ∇·(ρu φ) = S,   integrated over cell P with outward area vectors S_f and mass fluxes F_f:
//   R_P = Σ_f (Γ ∇φ_f·S_f − F_f φ_f) − S_P V_P = 0.
//
// Diffusion is nonorthogonal-diffusion.ts's over-relaxed split Γ |E|/|d| (φ_N − φ_P) + Γ ∇φ_f·T_f.
// Convection is conservative (Σ F_f φ_f) with transport.ts's face value: upwind in the matrix and the
// product's TVD limiter (tvdFaceValue, same ψ(r)) by deferred correction. The limiter works along the
// grid line through the face, with arc distances node to node (|d| of the faces on that line) standing
// in for the Cartesian coordinates: C the upwind node, D the downwind one, U the node upstream of C (a
// ring node next to a boundary), the face at w |d| from the low node. Boundary faces are upwind.
//
// Sides:
//   dirichlet      φ given on the ring (the face midpoints): diffusion as in nonorthogonal-diffusion.ts,
//                  inflow carries the ring value, outflow the cell value.
//   zero-gradient  ∂φ/∂n = 0 (an outlet): no diffusive flux; the face value (convected either way) is
//                  φ_b = φ_P + ∇φ_P·t, t the part of (c_f − P) along the face. On a face whose normal is
//                  n̂ the normal part of ∇φ_P·(c_f − P) is zero by the condition, so the extrapolation is
//                  second order where the cell centroid is offset along the face (σ-grid skewness).
//   symmetry       for a scalar, zero gradient with no flux through the side (F_f is ignored). A vector's
//                  symmetry (reflected normal component) is left to the momentum piece.
// The ring values of zero-gradient and symmetry sides are written into φ (the Gauss gradients use them).
//
// Outer iterations (defect correction, as in nonorthogonal-diffusion.ts): A δ = R(φ), φ += α δ, where A
// is the implicit part (orthogonal diffusion + upwind convection, nonsymmetric) solved by BiCGSTAB
// preconditioned with alternating line sweeps (line-solver.ts). Only R carries the deferred parts, so the
// converged φ solves the full discrete equation. Measured at α = 1: default ridge 41–50 outer iterations to
// 1e-10, sheared box 25–34. The ring extrapolation is explicit: where a cell's centroid sits many cell
// thicknesses along the side from the face midpoint (45° cells 250 times wider than thick) the outer loop
// diverges, even at α = 0.5; such sides need their ring values in A.

import type { ConvectionScheme } from '../case.js';
import type { FaceGeometry, FaceSet } from '../grid/face-geometry.js';
import type { FlowGrid } from '../grid/grid.js';
import { LineSolver, createCoefficients, type Coefficients } from '../numerics/line-solver.js';
import { gaussGradient, sourceScale } from '../numerics/nonorthogonal-diffusion.js';
import { tvdFaceValue } from '../physics/transport.js';

export type SideKind = 'dirichlet' | 'zero-gradient' | 'symmetry';

export interface Sides {
  xmin: SideKind;
  xmax: SideKind;
  ymin: SideKind;
  ymax: SideKind;
}

/** transport.ts's limiter codes (its SCHEME_CODE is not exported). */
const SCHEME_CODE: Record<ConvectionScheme, number> = { upwind: 0, minmod: 1, 'van-leer': 2, mc: 3 };

export interface TransportFields {
  gamma: number;
  /** Mass flux F_f = ρ u_f·S_f per face, along the face's S (low → high node); halo layout per family. */
  Fx: Float64Array;
  Fy: Float64Array;
  scheme: ConvectionScheme;
  sides: Sides;
}

export interface FaceCentres {
  xFaces: { x: Float64Array; y: Float64Array };
  yFaces: { x: Float64Array; y: Float64Array };
}

/** The midpoints of the x- and y-faces from the mesh corners (index i + (nx+1) j), in the halo layout. */
export function faceCentres(fg: FaceGeometry, corners: { cornerX: ArrayLike<number>; cornerY: ArrayLike<number> }): FaceCentres {
  const { nx, ny, stride: W, size } = fg;
  const C = nx + 1;
  const { cornerX: cx, cornerY: cy } = corners;
  const out: FaceCentres = {
    xFaces: { x: new Float64Array(size), y: new Float64Array(size) },
    yFaces: { x: new Float64Array(size), y: new Float64Array(size) },
  };
  for (let j = 0; j <= ny; j++) {
    for (let i = 0; i <= nx; i++) {
      const I = i + W * j;
      if (j >= 1) {
        const [a, b] = [i + C * (j - 1), i + C * j];
        out.xFaces.x[I] = 0.5 * (cx[a]! + cx[b]!);
        out.xFaces.y[I] = 0.5 * (cy[a]! + cy[b]!);
      }
      if (i >= 1) {
        const [a, b] = [i - 1 + C * j, i + C * j];
        out.yFaces.x[I] = 0.5 * (cx[a]! + cx[b]!);
        out.yFaces.y[I] = 0.5 * (cy[a]! + cy[b]!);
      }
    }
  }
  return out;
}

/**
 * F_f = u(c_f)·S_f at the face midpoints c_f (the corners' mean), for a velocity field (ρ = 1). The
 * faces without a FaceSet entry stay 0.
 */
export function faceMassFluxes(fg: FaceGeometry, corners: { cornerX: ArrayLike<number>; cornerY: ArrayLike<number> }, velocity: (x: number, y: number) => [number, number]): { Fx: Float64Array; Fy: Float64Array } {
  const { nx, ny, stride: W, xFaces: X, yFaces: Y } = fg;
  const c = faceCentres(fg, corners);
  const Fx = new Float64Array(fg.size);
  const Fy = new Float64Array(fg.size);
  for (let j = 0; j <= ny; j++) {
    for (let i = 0; i <= nx; i++) {
      const I = i + W * j;
      if (j >= 1) {
        const [u, v] = velocity(c.xFaces.x[I]!, c.xFaces.y[I]!);
        Fx[I] = u * X.Sx[I]! + v * X.Sy[I]!;
      }
      if (i >= 1) {
        const [u, v] = velocity(c.yFaces.x[I]!, c.yFaces.y[I]!);
        Fy[I] = u * Y.Sx[I]! + v * Y.Sy[I]!;
      }
    }
  }
  return { Fx, Fy };
}

/** One family of faces with what differs between x- and y-faces. */
interface Family {
  set: FaceSet;
  F: Float64Array;
  step: number;
  /** Faces are i = from … nx (x) or j = from … ny (y) along the family's direction. */
  x: boolean;
  low: SideKind;
  high: SideKind;
}

function families(fg: FaceGeometry, t: TransportFields): [Family, Family] {
  return [
    { set: fg.xFaces, F: t.Fx, step: 1, x: true, low: t.sides.xmin, high: t.sides.xmax },
    { set: fg.yFaces, F: t.Fy, step: fg.stride, x: false, low: t.sides.ymin, high: t.sides.ymax },
  ];
}

/**
 * Calls visit(L, H, lowInside, highInside, side) for every face of the family; `side` is the boundary
 * kind on boundary faces (the ring node is L when !lowInside, H when !highInside), else null.
 */
function eachFace(fg: FaceGeometry, f: Family, visit: (L: number, H: number, lowInside: boolean, highInside: boolean, side: SideKind | null) => void): void {
  const { nx, ny, stride: W } = fg;
  for (let j = f.x ? 1 : 0; j <= ny; j++) {
    for (let i = f.x ? 0 : 1; i <= nx; i++) {
      const L = i + W * j;
      const lowInside = f.x ? i >= 1 : j >= 1;
      const highInside = f.x ? i < nx : j < ny;
      visit(L, L + f.step, lowInside, highInside, !lowInside ? f.low : !highInside ? f.high : null);
    }
  }
}

/**
 * Writes the zero-gradient/symmetry ring values φ_b = φ_P + ∇φ_P·t (t: c_f − P less its normal part)
 * from the cell gradients gx, gy.
 */
function extrapolateRing(fg: FaceGeometry, t: TransportFields, phi: Float64Array, gx: Float64Array, gy: Float64Array): void {
  for (const f of families(fg, t)) {
    eachFace(fg, f, (L, H, lowInside, _highInside, side) => {
      if (side === null || side === 'dirichlet') return;
      const { set } = f;
      // r = c_f − P: the halo node is the face midpoint, d = P_H − P_L.
      const [P, B, sign] = lowInside ? [L, H, 1] : [H, L, -1];
      const [rx, ry] = [sign * set.dx[L]!, sign * set.dy[L]!];
      const [nx, ny] = [set.Sx[L]! / set.area[L]!, set.Sy[L]! / set.area[L]!];
      const normal = rx * nx + ry * ny;
      phi[B] = phi[P]! + gx[P]! * (rx - normal * nx) + gy[P]! * (ry - normal * ny);
    });
  }
}

export interface TransportWork {
  gx: Float64Array;
  gy: Float64Array;
}

export function transportWork(fg: FaceGeometry): TransportWork {
  return { gx: new Float64Array(fg.size), gy: new Float64Array(fg.size) };
}

/**
 * The net transport G_f = F_f φ_f − Γ ∇φ_f·S_f through every face (low → high), into gX / gY (halo
 * layout per family), after writing the zero-gradient ring values into φ. R_P = Σ (inflowing G) − S V.
 */
export function faceTransport(fg: FaceGeometry, t: TransportFields, phi: Float64Array, gX: Float64Array, gY: Float64Array, work: TransportWork): void {
  const { gx, gy } = work;
  // The ring values need the cells' tangential gradient, and the gradient reads the ring: on σ grids the
  // zero-gradient sides are y-faces (S ∥ ŷ), so their ring values enter only ∂φ/∂y while t needs only
  // ∂φ/∂x, and two passes are exact; elsewhere they are one step of a fixed point the outer loop finishes.
  gaussGradient(fg, phi, gx, gy);
  extrapolateRing(fg, t, phi, gx, gy);
  gaussGradient(fg, phi, gx, gy);
  const code = SCHEME_CODE[t.scheme];
  const gamma = t.gamma;
  for (const f of families(fg, t)) {
    const { set, F: mass, step } = f;
    const out = f.x ? gX : gY;
    eachFace(fg, f, (L, H, lowInside, highInside, side) => {
      const F = mass[L]!;
      if (side === 'symmetry' || side === 'zero-gradient') {
        // No diffusive flux; the ring holds the extrapolated face value (no flux at all on a symmetry side).
        out[L] = side === 'symmetry' ? 0 : F * (lowInside ? phi[H]! : phi[L]!);
        return;
      }
      // Diffusion: orthogonal part along d, deferred ∇φ_f·T (the interior cell's gradient on a boundary).
      const w = set.weight[L]!;
      const fgx = !lowInside ? gx[H]! : !highInside ? gx[L]! : gx[L]! + w * (gx[H]! - gx[L]!);
      const fgy = !lowInside ? gy[H]! : !highInside ? gy[L]! : gy[L]! + w * (gy[H]! - gy[L]!);
      const diffusion = gamma * ((set.orthogonal[L]! / set.distance[L]!) * (phi[H]! - phi[L]!) + fgx * set.Tx[L]! + fgy * set.Ty[L]!);
      let face: number;
      if (side === 'dirichlet' || code === 0) face = F >= 0 ? phi[L]! : phi[H]!;
      else if (F >= 0) {
        // C = L, D = H, U one node back along the line; arc coordinates from C.
        const [uc, cd] = [set.distance[L - step]!, set.distance[L]!];
        face = tvdFaceValue(code, phi[L - step]!, phi[L]!, phi[H]!, -uc, 0, cd, w * cd);
      } else {
        const [uc, cd] = [set.distance[H]!, set.distance[L]!];
        face = tvdFaceValue(code, phi[H + step]!, phi[H]!, phi[L]!, -uc, 0, cd, (1 - w) * cd);
      }
      out[L] = F * face - diffusion;
    });
  }
}

/** R(φ) = Σ_f (Γ ∇φ_f·S_f − F_f φ_f) − S V at the cells (0 on the ring), from faceTransport's G. */
export function transportResidual(fg: FaceGeometry, t: TransportFields, phi: Float64Array, source: Float64Array, out: Float64Array, work: TransportWork & { GX: Float64Array; GY: Float64Array }): void {
  const { GX, GY } = work;
  faceTransport(fg, t, phi, GX, GY, work);
  out.fill(0);
  for (const f of families(fg, t)) {
    const G = f.x ? GX : GY;
    eachFace(fg, f, (L, H, lowInside, highInside) => {
      if (lowInside) out[L] -= G[L]!;
      if (highInside) out[H] += G[L]!;
    });
  }
  const { nx, ny, stride: W, V } = fg;
  for (let j = 1; j <= ny; j++) for (let i = 1; i <= nx; i++) out[i + W * j] -= source[i + W * j]! * V[i + W * j]!;
}

/** The implicit part A as line-solver coefficients (aP δ_P = Σ a_nb δ_nb + b; the ring's δ is 0). */
export function implicitCoefficients(fg: FaceGeometry, t: TransportFields): Coefficients {
  const c = createCoefficients(fg.size);
  for (const f of families(fg, t)) {
    const [toHigh, toLow] = f.x ? [c.aE, c.aW] : [c.aN, c.aS];
    eachFace(fg, f, (L, H, lowInside, highInside, side) => {
      const F = side === 'symmetry' ? 0 : f.F[L]!;
      const D = side === 'symmetry' || side === 'zero-gradient' ? 0 : (t.gamma * f.set.orthogonal[L]!) / f.set.distance[L]!;
      // Upwind: outflow is φ_P (diagonal), inflow the neighbour (off-diagonal; the ring's is known).
      if (lowInside) {
        c.aP[L] += D + Math.max(F, 0);
        if (highInside) toHigh[L] = D + Math.max(-F, 0);
      }
      if (highInside) {
        c.aP[H] += D + Math.max(-F, 0);
        if (lowInside) toLow[H] = D + Math.max(F, 0);
      }
    });
  }
  return c;
}

export interface TransportOptions {
  /** S per unit volume at the cells (halo layout). */
  source: Float64Array;
  /** Dirichlet values on the ring; the cells' entries are the initial guess. Updated in place. */
  phi: Float64Array;
  relaxation?: number;
  /** Stop when ‖R‖₂ ≤ tolerance · ‖S V‖₂ (default 1e-10). */
  tolerance?: number;
  maxOuter?: number;
  /** Relative tolerance of each inner BiCGSTAB solve (default 1e-3). */
  innerTolerance?: number;
}

export interface TransportReport {
  outer: number;
  innerIterations: number;
  relativeResidual: number;
  converged: boolean;
}

/** Solves R(φ) = 0 in place in options.phi by outer defect-correction iterations. */
export function solveTransport(fg: FaceGeometry, t: TransportFields, options: TransportOptions): TransportReport {
  if (fg.geometry !== 'planar') throw new RangeError('solveTransport: planar grids only (the Gauss gradient has no hoop term)');
  const { source, phi } = options;
  const alpha = options.relaxation ?? 1;
  const tolerance = options.tolerance ?? 1e-10;
  const maxOuter = options.maxOuter ?? 300;
  const { nx, ny, stride: W, size } = fg;
  const A = implicitCoefficients(fg, t);
  const inner = new BiCgStab(fg, A);
  const work = { ...transportWork(fg), GX: new Float64Array(size), GY: new Float64Array(size) };
  const R = new Float64Array(size);
  const delta = new Float64Array(size);
  const scale = sourceScale(fg, source);
  let innerIterations = 0;
  let relative = Infinity;
  for (let outer = 0; outer <= maxOuter; outer++) {
    transportResidual(fg, t, phi, source, R, work);
    relative = Math.sqrt(dot(fg, R, R)) / scale;
    if (relative <= tolerance) return { outer, innerIterations, relativeResidual: relative, converged: true };
    if (outer === maxOuter || !Number.isFinite(relative)) break;
    innerIterations += inner.solve(R, delta, options.innerTolerance ?? 1e-3, 500);
    for (let j = 1; j <= ny; j++) for (let i = 1; i <= nx; i++) phi[i + W * j] += alpha * delta[i + W * j]!;
  }
  return { outer: maxOuter, innerIterations, relativeResidual: relative, converged: false };
}

/** Σ a_P b_P over the cells (the ring is not part of the unknowns). */
function dot(fg: FaceGeometry, a: Float64Array, b: Float64Array): number {
  const { nx, ny, stride: W } = fg;
  let s = 0;
  for (let j = 1; j <= ny; j++) for (let I = 1 + W * j, end = nx + W * j; I <= end; I++) s += a[I]! * b[I]!;
  return s;
}

/**
 * BiCGSTAB (van der Vorst) for A x = b with A the implicit coefficients, right-preconditioned by one
 * alternating line sweep from zero (a fixed linear operator, as BiCGSTAB needs). Vectors are halo-sized
 * with 0 on the ring.
 */
class BiCgStab {
  private readonly lines: LineSolver;
  private readonly v: Float64Array[];

  constructor(
    private readonly fg: FaceGeometry,
    private readonly A: Coefficients,
  ) {
    // LineSolver reads only nx, ny and the stride of its grid.
    this.lines = new LineSolver({ nx: fg.nx, ny: fg.ny, stride: fg.stride } as FlowGrid);
    this.v = Array.from({ length: 8 }, () => new Float64Array(fg.size));
  }

  private multiply(x: Float64Array, out: Float64Array): void {
    const { nx, ny, stride: W } = this.fg;
    const { aE, aW, aN, aS, aP } = this.A;
    for (let j = 1; j <= ny; j++) {
      for (let I = 1 + W * j, end = nx + W * j; I <= end; I++) {
        out[I] = aP[I]! * x[I]! - aE[I]! * x[I + 1]! - aW[I]! * x[I - 1]! - aN[I]! * x[I + W]! - aS[I]! * x[I - W]!;
      }
    }
  }

  private precondition(r: Float64Array, z: Float64Array): void {
    z.fill(0);
    this.lines.solve({ ...this.A, b: r }, z, 1);
  }

  /** Solves A x = b from x = 0 to ‖r‖ ≤ tolerance ‖b‖; returns the iterations. */
  solve(b: Float64Array, x: Float64Array, tolerance: number, maxIterations: number): number {
    const fg = this.fg;
    const [r, r0, p, v, s, t, y, z] = this.v as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
    x.fill(0);
    r.set(b);
    r0.set(b);
    p.fill(0);
    v.fill(0);
    const target = tolerance * Math.sqrt(dot(fg, b, b));
    let [rho, alpha, omega] = [1, 1, 1];
    for (let k = 1; k <= maxIterations; k++) {
      const rhoNew = dot(fg, r0, r);
      const beta = (rhoNew / rho) * (alpha / omega);
      rho = rhoNew;
      for (let I = 0; I < fg.size; I++) p[I] = r[I]! + beta * (p[I]! - omega * v[I]!);
      this.precondition(p, y);
      this.multiply(y, v);
      alpha = rho / dot(fg, r0, v);
      for (let I = 0; I < fg.size; I++) s[I] = r[I]! - alpha * v[I]!;
      this.precondition(s, z);
      this.multiply(z, t);
      const tt = dot(fg, t, t);
      omega = tt > 0 ? dot(fg, t, s) / tt : 0;
      for (let I = 0; I < fg.size; I++) {
        x[I] += alpha * y[I]! + omega * z[I]!;
        r[I] = s[I]! - omega * t[I]!;
      }
      if (Math.sqrt(dot(fg, r, r)) <= target || omega === 0) return k;
    }
    return maxIterations;
  }
}
