// Long file: the SIMPLE/SIMPLEC predictor, the Rhie–Chow face fluxes and the pressure correction share the relaxed coefficients and face arrays of one outer iteration.
// Pressure–velocity coupling on the collocated grid: SIMPLE / SIMPLEC with Rhie–Chow face fluxes.
//
// Face velocity (Rhie & Chow 1983, with Majumdar's 1988 relaxation term so that the converged
// solution does not depend on the under-relaxation factor α_u):
//   u_f = ū_f + d̄_f (∇p̄_f − ∇p_f) + (1 − α_u)(u_f^old − ū_f^old),     d = V / aP  (relaxed aP)
// ū, ∇p̄ and d̄ interpolated linearly from the cells, ∇p_f = (p_E − p_P)/δ the compact face gradient,
// ∇p the cells' Gauss gradient used in the momentum equations. At an opening the same formula
// with the cell P on one side and the boundary pressure (boundaries.ts) at δ_b on the other.
//
// Pressure correction: F_f' = −ρ A_f d^c_f (p'_E − p'_P)/δ_f in  Σ_f (F_f* + F_f') = 0:
//   Σ_nb a_f (p'_P − p'_nb) = −Σ_f F_f*,    a_f = ρ A_f d^c_f / δ_f,
// d^c = V/aP (SIMPLE) or V/(aP − Σ a_nb) (SIMPLEC), p' = 0 on openings, ∂p'/∂n = 0 elsewhere; the
// symmetric positive definite system is solved with CG preconditioned by a multigrid V-cycle
// (multigrid.ts), or by IC(0) or Jacobi (the thermal core's CG).
// Without an opening the system is singular (pure Neumann) and consistent, because outlets are
// scaled to the inflow: one cell's equation gets an extra diagonal term, which pins p' = 0 there
// without changing the solution. Then F ← F* + F', u ← u* − d^c ∂p'/∂x, p ← p + α_p p'.
//
// On a curvilinear grid (grid.curvilinear) the same scheme reads the face arrays (face-geometry.ts):
// with S = E + T the face's area vector split along the node-to-node vector d,
//   F_f = ρ [ ū_f·S + d̄_f ( ∇p̄_f·S − ( |E|/|d| (p_N − p_P) + ∇p̄_f·T ) ) ] + Majumdar's term,
// where the bracket's second part is ∇p_f·S with the compact difference along d and the non-orthogonal
// part from the interpolated gradient: for a linear p the whole bracket vanishes, and on a Cartesian
// face (T = 0, |E| = A, |d| = δ) it is the formula above. The scalar d of a face is n̂·diag(d_u, d_v)·n̂
// = d_u n_x² + d_v n_y²: the response of the face-normal velocity to a face-normal pressure gradient
// through the two momentum equations (u ← −d_u ∂p/∂x, v ← −d_v ∂p/∂y); an axis-aligned face keeps its
// own component's d exactly (σ grids: every y-face). The flux correction this form implies is the
// whole face derivative of p′,
//   F_f' = −a_f (p'_N − p'_P) − ρ d^c_f ∇p'_f·T,   a_f = ρ d^c_f |E|/|d|:
// the Rhie–Chow flux of u* − d^c∇p′ and p + p′ is F* + F' (the ∇p̄′·T of ū′·S is not cancelled by the
// compact derivative's). The matrix keeps the orthogonal part, so it stays the symmetric 5-point
// M-matrix; the rest is deferred by non-orthogonal correctors (as OpenFOAM's nNonOrthogonalCorrectors
// [RECALLED]): solve p′, then k = 1…N times put the divergence of −ρ d^c_f ∇p'_f·T (Gauss gradient of
// the last p′) into the right-hand side and solve again; the fluxes get both parts, the non-orthogonal
// one from the p′ before the last solve, so they satisfy continuity to the solver's tolerance with the
// T part included. With N = 0 the T part is dropped (Ferziger & Perić's usual non-orthogonal SIMPLE(C)
// [RECALLED]): it vanishes with p′ at convergence, so N changes the path, not the converged fields,
// but on 45° faces (σ ridges, |T| = |S|, |T|/|E| = sin 45°) the fluxes then miss up to 0.71 of the
// correction they get, and the ridges diverged at velocity relaxation 0.7 (docs/physics/jet.md,
// Numerics). One corrector suffices there: a second changes neither the iterations nor the heat.
// The cells' gradients are Gauss's, (1/V) Σ_f p_f S_f (transport.ts's cellGradient), for p and for p'.
// Cartesian grids never enter these paths, so their arithmetic (and bits) stay as they were.

import type { AbortCheck } from '../../../run/types.js';
import { PRIVATE_ARENA, type FieldArena } from '../../../numerics/field-arena.js';
import { ConjugateGradient, type SevenPointMatrix } from '../../../thermal/linear-solver.js';
import { BoundaryFaces, INLET, OPENING, OUTLET } from './boundaries.js';
import type { FlowNumerics } from '../case.js';
import type { FaceSet } from '../grid/face-geometry.js';
import type { FlowGrid } from '../grid/grid.js';
import type { Coefficients } from '../numerics/line-solver.js';
import { MultigridConjugateGradient } from '../numerics/multigrid.js';
import { RowParts } from '../threads/parts.js';
import { defineCouplingLoops, type CouplingArrays, type CouplingLoops, type CouplingRows } from './coupling-loops.js';
import type { SolidCells } from './solid.js';
import { cellGradient } from './transport.js';

/** n̂·diag(d_u, d_v)·n̂ at node I for a face of area vector S: the header's face-normal d. */
function normalD(dU: Float64Array, dV: Float64Array, I: number, Sx: number, Sy: number): number {
  const xx = Sx * Sx;
  const yy = Sy * Sy;
  return (dU[I]! * xx + dV[I]! * yy) / (xx + yy);
}

/**
 * Non-orthogonal correctors per outer iteration on a curvilinear grid (header), the number measured
 * fastest on the σ ridges (docs/adr/0021).
 */
export const NON_ORTHOGONAL_CORRECTORS = 1;

export interface PressureSolveReport {
  iterations: number;
  relativeResidual: number;
}

export class PressureVelocityCoupling implements CouplingRows {
  /** Pressure (Pa) and its correction, halo fields. */
  readonly p: Float64Array;
  readonly pc: Float64Array;
  /** Gauss gradient of p at the cells (Pa/m). */
  readonly gradX: Float64Array;
  readonly gradY: Float64Array;
  /** Rhie–Chow coefficients V/aP (x and y momentum), and the correction coefficients d^c. */
  readonly dU: Float64Array;
  readonly dV: Float64Array;
  readonly cU: Float64Array;
  readonly cV: Float64Array;
  /** Pressure-correction face coefficients a_f (Fx-/Fy-indexed). */
  private readonly aX: Float64Array;
  private readonly aY: Float64Array;
  private readonly matrix: SevenPointMatrix;
  private readonly rhs: Float64Array;
  private readonly solution: Float64Array;
  private readonly cg: ConjugateGradient | undefined;
  private readonly multigrid: MultigridConjugateGradient | undefined;
  private readonly scratchX: Float64Array;
  private readonly scratchY: Float64Array;
  private readonly pinnedCell: number;
  /** Curvilinear grids: the fluxes with the non-orthogonal part −ρ d^c ∇p'_f·T added (face-indexed). */
  private readonly tX: Float64Array;
  private readonly tY: Float64Array;
  /** Non-orthogonal correctors per correct() (header); curvilinear grids only. */
  nonOrthogonalCorrectors: number;
  /** The loops over rows (coupling-loops.ts), and the arrays of the call under way. */
  private readonly parts: RowParts;
  private readonly loops: CouplingLoops;
  private io: CouplingArrays;
  /** The solver's arrays (useFields()): calls on them split over the parts' threads. */
  private bound: CouplingArrays | undefined;

  constructor(
    private readonly grid: FlowGrid,
    private readonly boundaries: BoundaryFaces,
    private readonly numerics: FlowNumerics,
    private readonly density: number,
    /** Blocked cells: no flux through their faces, p' decoupled there (solid.ts). */
    private readonly solid?: SolidCells,
    /** `parts`: the pressure solve's loops split in two (threads/parts.ts). */
    options: { nonOrthogonalCorrectors?: number; arena?: FieldArena; parts?: RowParts } = {},
  ) {
    const arena = options.arena ?? PRIVATE_ARENA;
    const parts = (this.parts = options.parts ?? new RowParts(grid.ny));
    const f = (): Float64Array => arena.f64(grid.size);
    [this.p, this.pc, this.gradX, this.gradY, this.dU, this.dV, this.cU, this.cV] = [f(), f(), f(), f(), f(), f(), f(), f()];
    [this.aX, this.aY, this.scratchX, this.scratchY] = [f(), f(), f(), f()];
    this.nonOrthogonalCorrectors = options.nonOrthogonalCorrectors ?? NON_ORTHOGONAL_CORRECTORS;
    [this.tX, this.tY] = grid.curvilinear ? [f(), f()] : [new Float64Array(0), new Float64Array(0)];
    const n = grid.nx * grid.ny;
    this.matrix = { nx: grid.nx, ny: grid.ny, nz: 1, D: arena.f64(n), Ox: arena.f64(n), Oy: arena.f64(n), Oz: new Float64Array(n) };
    this.rhs = arena.f64(n);
    this.solution = arena.f64(n);
    if (numerics.pressureSolver.preconditioner === 'multigrid') this.multigrid = new MultigridConjugateGradient(grid.nx, grid.ny, arena, { parts, A: this.matrix, b: this.rhs, x: this.solution });
    else this.cg = new ConjugateGradient(n);
    // Without an opening, pin p' in the cell next to the first outlet face (or the first cell).
    let pinned = -1;
    if (!boundaries.hasOpening) {
      for (let k = 0; k < boundaries.count && pinned < 0; k++) if (boundaries.kind[k] === OUTLET) pinned = this.compact(boundaries.cell[k]!);
      if (pinned < 0) pinned = 0;
    }
    this.pinnedCell = pinned;
    this.io = {} as CouplingArrays;
    this.loops = defineCouplingLoops(parts, this, () => this.io);
  }

  /** The solver's fields: calls on these arrays split over the parts' threads (the helper's copy holds them too). */
  useFields(fields: CouplingArrays): void {
    this.bound = fields;
    this.io = fields;
  }

  get corrected(): { x: Float64Array; y: Float64Array } {
    return { x: this.tX, y: this.tY };
  }

  /** Runs loop `op` on the arrays given (with the bound ones): split when they are the solver's, else on this thread. */
  private split(op: number, args: readonly number[] = [], arrays: Partial<CouplingArrays> = {}): Float64Array {
    const bound = this.bound;
    const own = bound !== undefined && (Object.keys(arrays) as (keyof CouplingArrays)[]).every((key) => bound[key] === arrays[key]);
    this.io = own ? bound : { ...this.io, ...arrays };
    return own ? this.parts.run(op, args) : this.parts.runLocal(op, args);
  }

  private compact(I: number): number {
    const W = this.grid.stride;
    return (I % W) - 1 + this.grid.nx * (Math.floor(I / W) - 1);
  }

  /** The Gauss gradient of the current pressure (ring values must be up to date). */
  updatePressureGradient(): void {
    cellGradient(this.grid, this.p, this.gradX, this.gradY);
  }

  /**
   * d = V/aP of one momentum equation (axis 0: u, 1: v) from its assembled (relaxed) coefficients,
   * and d^c for the correction, on rows j0 … j1 (the thread that assembled the equation takes them).
   */
  momentumCoefficientRows(axis: 0 | 1, c: Coefficients, j0: number, j1: number): void {
    const { nx, stride: W, V } = this.grid;
    const simplec = this.numerics.coupling === 'simplec';
    const [d, dc] = axis === 0 ? [this.dU, this.cU] : [this.dV, this.cV];
    for (let j = j0; j <= j1; j++) {
      for (let I = 1 + W * j, end = nx + W * j; I <= end; I++) {
        d[I] = V[I]! / c.aP[I]!;
        const neighbours = c.aE[I]! + c.aW[I]! + c.aN[I]! + c.aS[I]!;
        dc[I] = simplec ? V[I]! / Math.max(c.aP[I]! - neighbours, 1e-3 * c.aP[I]!) : d[I]!;
      }
    }
  }

  /**
   * Rhie–Chow mass fluxes from the predicted velocities u*, v* (the old velocities and fluxes feed
   * Majumdar's term), then the boundary fluxes. Returns the inflow mass flux (kg/s per m or per rad).
   * `memory` false drops Majumdar's term (the first fluxes, from the initial velocities).
   */
  predictFluxes(u: Float64Array, v: Float64Array, uOld: Float64Array, vOld: Float64Array, FxOld: Float64Array, FyOld: Float64Array, Fx: Float64Array, Fy: Float64Array, memory = true): number {
    const keep = memory ? 1 - this.numerics.relaxation.velocity : 0;
    this.split(this.loops.fluxes, [keep], { u, v, uOld, vOld, FxOld, FyOld, Fx, Fy });
    this.solid?.blockFaces(Fx, Fy);
    return this.boundaryFluxes(u, v, uOld, vOld, FxOld, FyOld, Fx, Fy, keep);
  }

  /** The Rhie–Chow fluxes of the interior faces stored in rows j0 … j1 (predictFluxes()). */
  interiorFluxes(io: CouplingArrays, keep: number, j0: number, j1: number): void {
    const { nx, ny, stride: W, Ax, Ay } = this.grid;
    const rho = this.density;
    const { u, v, uOld, vOld, FxOld, FyOld, Fx, Fy } = io;
    const { p, gradX, gradY, dU, dV } = this;
    if (this.grid.curvilinear) {
      this.faceFluxes(this.grid.faces.xFaces, 1, u, v, uOld, vOld, FxOld, Fx, keep, j0, j1);
      this.faceFluxes(this.grid.faces.yFaces, W, u, v, uOld, vOld, FyOld, Fy, keep, j0, Math.min(j1, ny - 1));
    } else {
      {
        const { weight, spacing } = this.grid.x;
        for (let j = j0; j <= j1; j++) {
          for (let f = 1; f < nx; f++) {
            const I = f + W * j;
            const J = I + 1;
            const w = weight[f]!;
            const m = 1 - w;
            const uBar = m * u[I]! + w * u[J]!;
            const uBarOld = m * uOld[I]! + w * uOld[J]!;
            const dBar = m * dU[I]! + w * dU[J]!;
            const gradBar = m * gradX[I]! + w * gradX[J]!;
            const gradFace = (p[J]! - p[I]!) / spacing[f]!;
            const area = rho * Ax[I]!;
            Fx[I] = area * (uBar + dBar * (gradBar - gradFace) + keep * (FxOld[I]! / area - uBarOld));
          }
        }
      }
      {
        const { weight, spacing } = this.grid.y;
        for (let f = j0; f <= Math.min(j1, ny - 1); f++) {
          const w = weight[f]!;
          const m = 1 - w;
          for (let i = 1; i <= nx; i++) {
            const I = i + W * f;
            const J = I + W;
            const area = rho * Ay[I]!;
            if (area === 0) {
              Fy[I] = 0;
              continue;
            }
            const vBar = m * v[I]! + w * v[J]!;
            const vBarOld = m * vOld[I]! + w * vOld[J]!;
            const dBar = m * dV[I]! + w * dV[J]!;
            const gradBar = m * gradY[I]! + w * gradY[J]!;
            const gradFace = (p[J]! - p[I]!) / spacing[f]!;
            Fy[I] = area * (vBar + dBar * (gradBar - gradFace) + keep * (FyOld[I]! / area - vBarOld));
          }
        }
      }
    }
  }

  /**
   * Rhie–Chow fluxes through the interior faces of one family of a curvilinear grid (step 1: x-faces,
   * the stride: y-faces), the header's face form: F = ρ [ū·S + d̄ (∇p̄·S − compact)] + Majumdar's term.
   */
  private faceFluxes(set: FaceSet, step: number, u: Float64Array, v: Float64Array, uOld: Float64Array, vOld: Float64Array, FOld: Float64Array, F: Float64Array, keep: number, j0: number, j1: number): void {
    const { nx, stride: W } = this.grid;
    const rho = this.density;
    const { p, gradX, gradY, dU, dV } = this;
    const lastI = step === 1 ? nx - 1 : nx;
    for (let j = j0; j <= j1; j++) {
      for (let i = 1; i <= lastI; i++) {
        const P = i + W * j;
        const N = P + step;
        const Sx = set.Sx[P]!;
        const Sy = set.Sy[P]!;
        const w = set.weight[P]!;
        const m = 1 - w;
        const uS = (m * u[P]! + w * u[N]!) * Sx + (m * v[P]! + w * v[N]!) * Sy;
        const uSOld = (m * uOld[P]! + w * uOld[N]!) * Sx + (m * vOld[P]! + w * vOld[N]!) * Sy;
        const dBar = m * normalD(dU, dV, P, Sx, Sy) + w * normalD(dU, dV, N, Sx, Sy);
        const gx = m * gradX[P]! + w * gradX[N]!;
        const gy = m * gradY[P]! + w * gradY[N]!;
        const compact = (set.orthogonal[P]! / set.distance[P]!) * (p[N]! - p[P]!) + gx * set.Tx[P]! + gy * set.Ty[P]!;
        F[P] = rho * (uS + dBar * (gx * Sx + gy * Sy - compact)) + keep * (FOld[P]! - rho * uSOld);
      }
    }
  }

  /**
   * The Rhie–Chow flux through opening k of a curvilinear grid: the face form with the cell P on one
   * side and the ring node (the face's midpoint, at the opening's pressure) on the other.
   */
  private openingFlux(k: number, u: Float64Array, v: Float64Array, uOld: Float64Array, vOld: Float64Array, FOld: Float64Array, keep: number): number {
    const b = this.boundaries;
    const set = b.axis[k] === 0 ? this.grid.faces.xFaces : this.grid.faces.yFaces;
    const L = b.face[k]!;
    const P = b.cell[k]!;
    const B = b.node[k]!;
    const [low, high] = b.outward[k]! > 0 ? [P, B] : [B, P];
    const { p, gradX, gradY } = this;
    const Sx = set.Sx[L]!;
    const Sy = set.Sy[L]!;
    const gx = gradX[P]!;
    const gy = gradY[P]!;
    const compact = (set.orthogonal[L]! / set.distance[L]!) * (p[high]! - p[low]!) + gx * set.Tx[L]! + gy * set.Ty[L]!;
    const d = normalD(this.dU, this.dV, P, Sx, Sy);
    const rho = this.density;
    return rho * (u[P]! * Sx + v[P]! * Sy + d * (gx * Sx + gy * Sy - compact)) + keep * (FOld[L]! - rho * (uOld[P]! * Sx + vOld[P]! * Sy));
  }

  /** The pressure-correction coefficient a_b of opening k (p' = 0 on the ring node). */
  private openingCoefficient(k: number): number {
    const b = this.boundaries;
    const P = b.cell[k]!;
    if (!this.grid.curvilinear) return (this.density * b.area[k]! * (b.axis[k] === 0 ? this.cU[P]! : this.cV[P]!)) / b.distance[k]!;
    const set = b.axis[k] === 0 ? this.grid.faces.xFaces : this.grid.faces.yFaces;
    const L = b.face[k]!;
    return this.density * normalD(this.cU, this.cV, P, set.Sx[L]!, set.Sy[L]!) * (set.orthogonal[L]! / set.distance[L]!);
  }

  private boundaryFluxes(u: Float64Array, v: Float64Array, uOld: Float64Array, vOld: Float64Array, FxOld: Float64Array, FyOld: Float64Array, Fx: Float64Array, Fy: Float64Array, keep: number): number {
    const b = this.boundaries;
    const rho = this.density;
    const curved = this.grid.curvilinear;
    let inflow = 0;
    let outletFlux = 0;
    let outletArea = 0;
    for (let k = 0; k < b.count; k++) {
      const xFace = b.axis[k] === 0;
      const set = xFace ? this.grid.faces.xFaces : this.grid.faces.yFaces;
      const F = xFace ? Fx : Fy;
      const face = b.face[k]!;
      const P = b.cell[k]!;
      const B = b.node[k]!;
      const area = rho * b.area[k]!;
      const outward = b.outward[k]!;
      if (this.solid?.mask[P]) {
        F[face] = 0;
        continue;
      }
      switch (b.kind[k]) {
        case INLET:
          // A curvilinear inlet face's normal need not be an axis: both components cross it.
          F[face] = curved ? rho * (b.uIn[k]! * set.Sx[face]! + b.vIn[k]! * set.Sy[face]!) : area * (xFace ? b.uIn[k]! : b.vIn[k]!);
          inflow += Math.max(-outward * F[face]!, 0);
          break;
        case OUTLET: {
          const normal = curved ? (outward * (u[P]! * set.Sx[face]! + v[P]! * set.Sy[face]!)) / set.area[face]! : outward * (xFace ? u[P]! : v[P]!);
          F[face] = outward * area * Math.max(normal, 0);
          outletFlux += outward * F[face]!;
          outletArea += area;
          break;
        }
        case OPENING: {
          if (curved) {
            F[face] = this.openingFlux(k, u, v, uOld, vOld, xFace ? FxOld : FyOld, keep);
            inflow += Math.max(-outward * F[face]!, 0);
            break;
          }
          if (area === 0) {
            F[face] = 0;
            break;
          }
          const cellVelocity = xFace ? u[P]! : v[P]!;
          const oldVelocity = xFace ? uOld[P]! : vOld[P]!;
          const d = xFace ? this.dU[P]! : this.dV[P]!;
          const cellGradient = xFace ? this.gradX[P]! : this.gradY[P]!;
          const faceGradient = (outward * (this.p[B]! - this.p[P]!)) / b.distance[k]!;
          const oldFlux = xFace ? FxOld[face]! : FyOld[face]!;
          const velocity = cellVelocity + d * (cellGradient - faceGradient) + keep * (oldFlux / area - oldVelocity);
          F[face] = area * velocity;
          inflow += Math.max(-outward * F[face]!, 0);
          break;
        }
        default:
          F[face] = 0;
      }
    }
    if (b.hasOutlet && !b.hasOpening) {
      // Mass correction: the outlets carry exactly the inflow, in proportion to their extrapolated flux
      // (or to their area while the extrapolated flux is still zero).
      for (let k = 0; k < b.count; k++) {
        if (b.kind[k] !== OUTLET || this.solid?.mask[b.cell[k]!]) continue;
        const F = b.axis[k] === 0 ? Fx : Fy;
        const face = b.face[k]!;
        const share = outletFlux > 0 ? (b.outward[k]! * F[face]!) / outletFlux : (this.density * b.area[k]!) / outletArea;
        F[face] = b.outward[k]! * share * inflow;
      }
    }
    return inflow;
  }

  /**
   * The p′ matrix of rows j0 … j1 (compact rows j0 − 1 … j1 − 1) and their faces' a_f, cleared first:
   * the faces' a_f = ρ A_f d̄^c_f / δ_f (Cartesian) or ρ d̄^c_f |E|/|d| (curvilinear, the orthogonal part
   * only: see the header). A face between two bands adds to each band's diagonal on its side; its a_f
   * and off-diagonal belong to its low row. The openings and the pinned cell follow (correct()).
   */
  matrixRows(j0: number, j1: number): void {
    const { nx, stride: W, size } = this.grid;
    const { D, Ox, Oy } = this.matrix;
    const [from, to] = [nx * (j0 - 1), nx * j1];
    D.fill(0, from, to);
    Ox.fill(0, from, to);
    Oy.fill(0, from, to);
    // The face arrays' rows: ring rows with the first and last band.
    const [haloFrom, haloTo] = [j0 === 1 ? 0 : W * j0, j1 === this.grid.ny ? size : W * (j1 + 1)];
    this.aX.fill(0, haloFrom, haloTo);
    this.aY.fill(0, haloFrom, haloTo);
    const mask = this.solid?.mask;
    if (this.grid.curvilinear) {
      this.assembleFaces(this.grid.faces.xFaces, 1, this.aX, mask, j0, j1);
      this.assembleFaces(this.grid.faces.yFaces, W, this.aY, mask, j0, j1);
    } else this.assembleAxes(mask, j0, j1);
  }

  /** The Cartesian faces' a_f into the matrix (matrixRows()). */
  private assembleAxes(mask: Uint8Array | undefined, j0: number, j1: number): void {
    const grid = this.grid;
    const { nx, ny, stride: W, Ax, Ay } = grid;
    const rho = this.density;
    const { D, Ox, Oy } = this.matrix;
    const { aX, aY, cU, cV } = this;
    for (let j = j0; j <= j1; j++) {
      const { weight, spacing } = grid.x;
      for (let f = 1; f < nx; f++) {
        const I = f + W * j;
        if (mask && (mask[I] || mask[I + 1])) continue;
        const w = weight[f]!;
        const a = (rho * Ax[I]! * ((1 - w) * cU[I]! + w * cU[I + 1]!)) / spacing[f]!;
        aX[I] = a;
        const c = f - 1 + nx * (j - 1);
        Ox[c] = a;
        D[c] += a;
        D[c + 1] += a;
      }
    }
    for (let f = Math.max(j0 - 1, 1); f <= Math.min(j1, ny - 1); f++) {
      const { weight, spacing } = grid.y;
      const w = weight[f]!;
      const [low, high] = [f >= j0, f < j1];
      for (let i = 1; i <= nx; i++) {
        const I = i + W * f;
        if (mask && (mask[I] || mask[I + W])) continue;
        const a = (rho * Ay[I]! * ((1 - w) * cV[I]! + w * cV[I + W]!)) / spacing[f]!;
        const c = i - 1 + nx * (f - 1);
        if (low) {
          aY[I] = a;
          Oy[c] = a;
          D[c] += a;
        }
        if (high) D[c + nx] += a;
      }
    }
  }

  /** One family of a curvilinear grid's faces into the matrix and `a` (matrixRows()). */
  private assembleFaces(set: FaceSet, step: number, a: Float64Array, mask: Uint8Array | undefined, j0: number, j1: number): void {
    const { nx, ny, stride: W } = this.grid;
    const { D, Ox, Oy } = this.matrix;
    const { cU, cV } = this;
    const xFamily = step === 1;
    const off = xFamily ? Ox : Oy;
    const next = xFamily ? 1 : nx;
    const [first, last] = xFamily ? [j0, j1] : [Math.max(j0 - 1, 1), Math.min(j1, ny - 1)];
    for (let j = first; j <= last; j++) {
      // A y-face below or above the band: its own row's terms only.
      const [low, high] = xFamily ? [true, true] : [j >= j0, j < j1];
      for (let i = 1; i <= (xFamily ? nx - 1 : nx); i++) {
        const P = i + W * j;
        const N = P + step;
        if (mask && (mask[P] || mask[N])) continue;
        const Sx = set.Sx[P]!;
        const Sy = set.Sy[P]!;
        const w = set.weight[P]!;
        const dc = (1 - w) * normalD(cU, cV, P, Sx, Sy) + w * normalD(cU, cV, N, Sx, Sy);
        const coefficient = this.density * dc * (set.orthogonal[P]! / set.distance[P]!);
        const c = i - 1 + nx * (j - 1);
        if (low) {
          a[P] = coefficient;
          off[c] = coefficient;
          D[c] += coefficient;
        }
        if (high) D[c + next] += coefficient;
      }
    }
  }

  /** Σ_P |Σ_f F_f|: the absolute continuity imbalance of the cells (kg/s per m or per rad). */
  imbalance(Fx: Float64Array, Fy: Float64Array): number {
    return this.split(this.loops.imbalance, [], { Fx, Fy })[0]!;
  }

  /** imbalance() of rows j0 … j1. */
  imbalanceRows(Fx: Float64Array, Fy: Float64Array, j0: number, j1: number): number {
    const { nx, stride: W } = this.grid;
    let sum = 0;
    for (let j = j0; j <= j1; j++) for (let I = 1 + W * j, end = nx + W * j; I <= end; I++) sum += Math.abs(Fx[I]! - Fx[I - 1]! + Fy[I]! - Fy[I - W]!);
    return sum;
  }

  /**
   * The right-hand side −Σ_f F_f of the p′ equation on rows j0 … j1 (a solid cell's p′ is decoupled:
   * p′ = 0 there); `start`: the initial guess zeroed too.
   */
  continuityRows(Fx: Float64Array, Fy: Float64Array, start: boolean, j0: number, j1: number): void {
    const { nx, stride: W } = this.grid;
    const { D } = this.matrix;
    const mask = this.solid?.mask;
    for (let j = j0; j <= j1; j++) {
      for (let i = 1; i <= nx; i++) {
        const I = i + W * j;
        this.rhs[i - 1 + nx * (j - 1)] = -(Fx[I]! - Fx[I - 1]! + Fy[I]! - Fy[I - W]!);
        if (mask?.[I]) {
          D[i - 1 + nx * (j - 1)] = 1;
          this.rhs[i - 1 + nx * (j - 1)] = 0;
        }
      }
    }
    if (start) this.solution.fill(0, nx * (j0 - 1), nx * j1);
  }

  /** Solves the p′ system from the current `solution` (the initial guess). */
  private solvePressure(checkAbort: AbortCheck | undefined, sameMatrix = false): PressureSolveReport {
    const settings = this.numerics.pressureSolver;
    const report = this.multigrid
      ? this.multigrid.solve(this.matrix, this.rhs, this.solution, settings, checkAbort, sameMatrix)
      : this.cg!.solve(this.matrix, this.rhs, this.solution, { ...settings, preconditioner: settings.preconditioner === 'jacobi' ? 'jacobi' : 'ic0' }, checkAbort);
    return { iterations: report.iterations, relativeResidual: report.relativeResidual };
  }

  /** p′ from the solution onto the halo field and its ring values (0 on openings, the cell's elsewhere). */
  private spreadCorrection(): void {
    const { pc } = this;
    const b = this.boundaries;
    this.split(this.loops.spread);
    for (let k = 0; k < b.count; k++) pc[b.node[k]!] = b.kind[k] === OPENING ? 0 : pc[b.cell[k]!]!;
    this.solid?.applyGhosts(pc, 'mirror');
  }

  /** The solution's p′ on the cells of rows j0 … j1. */
  spreadRows(j0: number, j1: number): void {
    const { nx, stride: W } = this.grid;
    for (let j = j0; j <= j1; j++) for (let i = 1; i <= nx; i++) this.pc[i + W * j] = this.solution[i - 1 + nx * (j - 1)]!;
  }

  /**
   * The Gauss gradient of p′ on rows j0 … j1 (into the scratch arrays); `clear`: the non-orthogonal
   * fluxes of the rows cleared too.
   */
  correctionGradientRows(clear: boolean, j0: number, j1: number): void {
    cellGradient(this.grid, this.pc, this.scratchX, this.scratchY, j0, j1);
    if (!clear) return;
    const { stride: W, size, ny } = this.grid;
    const [from, to] = [j0 === 1 ? 0 : W * j0, j1 === ny ? size : W * (j1 + 1)];
    this.tX.fill(0, from, to);
    this.tY.fill(0, from, to);
  }

  /**
   * The non-orthogonal part of the flux correction, −ρ d^c_f ∇p'_f·T, into tX/tY on the interior faces
   * stored in rows j0 … j1, from the Gauss gradient of the current p′ (correctionGradientRows()).
   */
  nonOrthogonalRows(j0: number, j1: number): void {
    const { nx, ny, stride: W } = this.grid;
    const { xFaces, yFaces } = this.grid.faces;
    const { aX, aY, tX, tY, scratchX: gx, scratchY: gy } = this;
    for (const [set, step, a, t] of [
      [xFaces, 1, aX, tX],
      [yFaces, W, aY, tY],
    ] as const) {
      const xFamily = step === 1;
      for (let j = j0; j <= (xFamily ? j1 : Math.min(j1, ny - 1)); j++) {
        for (let i = 1; i <= (xFamily ? nx - 1 : nx); i++) {
          const P = i + W * j;
          const N = P + step;
          // ρ d̄^c_f = a_f |d|/|E| (assembleFaces).
          const w = set.weight[P]!;
          const faceGx = gx[P]! + w * (gx[N]! - gx[P]!);
          const faceGy = gy[P]! + w * (gy[N]! - gy[P]!);
          t[P] = -((a[P]! * set.distance[P]!) / set.orthogonal[P]!) * (faceGx * set.Tx[P]! + faceGy * set.Ty[P]!);
        }
      }
    }
  }

  /** The non-orthogonal part at the openings (the cell's ∇p′ there). */
  private nonOrthogonalOpenings(): void {
    const { xFaces, yFaces } = this.grid.faces;
    const { tX, tY, scratchX: gx, scratchY: gy } = this;
    const b = this.boundaries;
    for (let k = 0; k < b.count; k++) {
      if (b.kind[k] !== OPENING) continue;
      const xFace = b.axis[k] === 0;
      const set = xFace ? xFaces : yFaces;
      const L = b.face[k]!;
      const P = b.cell[k]!;
      const rhoD = this.density * normalD(this.cU, this.cV, P, set.Sx[L]!, set.Sy[L]!);
      (xFace ? tX : tY)[L] = -rhoD * (gx[P]! * set.Tx[L]! + gy[P]! * set.Ty[L]!);
    }
  }

  /** t += F on the halo rows of rows j0 … j1 (the ring rows with the first and last band). */
  addFluxRows(Fx: Float64Array, Fy: Float64Array, j0: number, j1: number): void {
    const { stride: W, size, ny } = this.grid;
    const { tX, tY } = this;
    for (let I = j0 === 1 ? 0 : W * j0, end = j1 === ny ? size : W * (j1 + 1); I < end; I++) {
      tX[I] += Fx[I]!;
      tY[I] += Fy[I]!;
    }
  }

  /**
   * The last steps of correct() on rows j0 … j1: the interior faces' fluxes stored there, then the
   * cells' velocities (by the Gauss gradient of p′) and pressure.
   */
  finishRows(u: Float64Array, v: Float64Array, Fx: Float64Array, Fy: Float64Array, j0: number, j1: number): void {
    const { nx, ny, stride: W } = this.grid;
    const { aX, aY, cU, cV, pc } = this;
    for (let j = j0; j <= j1; j++) for (let f = 1; f < nx; f++) Fx[f + W * j] -= aX[f + W * j]! * (pc[f + 1 + W * j]! - pc[f + W * j]!);
    for (let f = j0; f <= Math.min(j1, ny - 1); f++) for (let i = 1; i <= nx; i++) Fy[i + W * f] -= aY[i + W * f]! * (pc[i + W * (f + 1)]! - pc[i + W * f]!);
    cellGradient(this.grid, pc, this.scratchX, this.scratchY, j0, j1);
    const alphaP = this.numerics.relaxation.pressure;
    for (let j = j0; j <= j1; j++) {
      for (let I = 1 + W * j, end = nx + W * j; I <= end; I++) {
        u[I] -= cU[I]! * this.scratchX[I]!;
        v[I] -= cV[I]! * this.scratchY[I]!;
        this.p[I] += alphaP * pc[I]!;
      }
    }
  }

  /** Assembles and solves the pressure correction, then corrects fluxes, velocities and pressure. */
  correct(u: Float64Array, v: Float64Array, Fx: Float64Array, Fy: Float64Array, checkAbort?: AbortCheck): PressureSolveReport {
    const grid = this.grid;
    const rho = this.density;
    const { D } = this.matrix;
    const { loops } = this;
    const mask = this.solid?.mask;
    const io = { u, v, Fx, Fy };
    this.split(loops.matrix);
    const b = this.boundaries;
    for (let k = 0; k < b.count; k++) {
      if (b.kind[k] !== OPENING || mask?.[b.cell[k]!]) continue;
      D[this.compact(b.cell[k]!)] += this.openingCoefficient(k);
    }
    if (this.pinnedCell >= 0) D[this.pinnedCell] += Math.max(D[this.pinnedCell]!, 1e-300);
    this.split(loops.continuity, [0, 1], io);
    const report = this.solvePressure(checkAbort);
    this.spreadCorrection();
    const correctors = grid.curvilinear ? this.nonOrthogonalCorrectors : 0;
    if (correctors > 0) {
      const { tX, tY } = this;
      for (let k = 1; k <= correctors; k++) {
        this.split(loops.correctionGradient, [1]);
        this.split(loops.nonOrthogonal);
        this.nonOrthogonalOpenings();
        this.split(loops.addFluxes, [], io);
        this.split(loops.continuity, [1, 0], io);
        // Warm start: p′ changes by the answer to the non-orthogonal part only. The matrix is the
        // first solve's (continuityRows sets a solid cell's diagonal to the 1 it already holds).
        const again = this.solvePressure(checkAbort, true);
        report.iterations += again.iterations;
        report.relativeResidual = again.relativeResidual;
        this.spreadCorrection();
      }
      Fx.set(tX);
      Fy.set(tY);
    }

    // Fluxes: interior faces, then openings (p' = 0 on the boundary); cell velocities and pressure.
    this.split(loops.finish, [], io);
    for (let k = 0; k < b.count; k++) {
      if (b.kind[k] !== OPENING || mask?.[b.cell[k]!]) continue;
      const F = b.axis[k] === 0 ? Fx : Fy;
      F[b.face[k]!] += b.outward[k]! * this.openingCoefficient(k) * this.pc[b.cell[k]!]!;
    }
    b.applyPressure(this.p, Fx, Fy, rho);
    this.solid?.applyGhosts(this.p, 'extrapolate');
    return { iterations: report.iterations, relativeResidual: report.relativeResidual };
  }
}
