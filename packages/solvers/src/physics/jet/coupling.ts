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

import { ConjugateGradient, type SevenPointMatrix } from '../../thermal/linear-solver.js';
import { BoundaryFaces, INLET, OPENING, OUTLET } from './boundaries.js';
import type { FlowNumerics } from './case.js';
import type { FlowGrid } from './grid.js';
import type { Coefficients } from './line-solver.js';
import { MultigridConjugateGradient } from './multigrid.js';
import type { SolidCells } from './solid.js';
import { cellGradient } from './transport.js';

export interface PressureSolveReport {
  iterations: number;
  relativeResidual: number;
}

export class PressureVelocityCoupling {
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

  constructor(
    private readonly grid: FlowGrid,
    private readonly boundaries: BoundaryFaces,
    private readonly numerics: FlowNumerics,
    private readonly density: number,
    /** Blocked cells: no flux through their faces, p' decoupled there (solid.ts). */
    private readonly solid?: SolidCells,
  ) {
    const f = (): Float64Array => new Float64Array(grid.size);
    [this.p, this.pc, this.gradX, this.gradY, this.dU, this.dV, this.cU, this.cV] = [f(), f(), f(), f(), f(), f(), f(), f()];
    [this.aX, this.aY, this.scratchX, this.scratchY] = [f(), f(), f(), f()];
    const n = grid.nx * grid.ny;
    this.matrix = { nx: grid.nx, ny: grid.ny, nz: 1, D: new Float64Array(n), Ox: new Float64Array(n), Oy: new Float64Array(n), Oz: new Float64Array(n) };
    this.rhs = new Float64Array(n);
    this.solution = new Float64Array(n);
    if (numerics.pressureSolver.preconditioner === 'multigrid') this.multigrid = new MultigridConjugateGradient(grid.nx, grid.ny);
    else this.cg = new ConjugateGradient(n);
    // Without an opening, pin p' in the cell next to the first outlet face (or the first cell).
    let pinned = -1;
    if (!boundaries.hasOpening) {
      for (let k = 0; k < boundaries.count && pinned < 0; k++) if (boundaries.kind[k] === OUTLET) pinned = this.compact(boundaries.cell[k]!);
      if (pinned < 0) pinned = 0;
    }
    this.pinnedCell = pinned;
  }

  private compact(I: number): number {
    const W = this.grid.stride;
    return (I % W) - 1 + this.grid.nx * (Math.floor(I / W) - 1);
  }

  /** The Gauss gradient of the current pressure (ring values must be up to date). */
  updatePressureGradient(): void {
    cellGradient(this.grid, this.p, this.gradX, this.gradY);
  }

  /** d = V/aP from the assembled (relaxed) momentum coefficients, and d^c for the correction. */
  updateCoefficients(momentumX: Coefficients, momentumY: Coefficients): void {
    const { nx, ny, stride: W, V } = this.grid;
    const simplec = this.numerics.coupling === 'simplec';
    for (const [c, d, dc] of [
      [momentumX, this.dU, this.cU],
      [momentumY, this.dV, this.cV],
    ] as const) {
      for (let j = 1; j <= ny; j++) {
        for (let I = 1 + W * j, end = nx + W * j; I <= end; I++) {
          d[I] = V[I]! / c.aP[I]!;
          const neighbours = c.aE[I]! + c.aW[I]! + c.aN[I]! + c.aS[I]!;
          dc[I] = simplec ? V[I]! / Math.max(c.aP[I]! - neighbours, 1e-3 * c.aP[I]!) : d[I]!;
        }
      }
    }
  }

  /**
   * Rhie–Chow mass fluxes from the predicted velocities u*, v* (the old velocities and fluxes feed
   * Majumdar's term), then the boundary fluxes. Returns the inflow mass flux (kg/s per m or per rad).
   * `memory` false drops Majumdar's term (the first fluxes, from the initial velocities).
   */
  predictFluxes(u: Float64Array, v: Float64Array, uOld: Float64Array, vOld: Float64Array, FxOld: Float64Array, FyOld: Float64Array, Fx: Float64Array, Fy: Float64Array, memory = true): number {
    const { nx, ny, stride: W, Ax, Ay } = this.grid;
    const rho = this.density;
    const keep = memory ? 1 - this.numerics.relaxation.velocity : 0;
    const { p, gradX, gradY, dU, dV } = this;
    {
      const { weight, spacing } = this.grid.x;
      for (let j = 1; j <= ny; j++) {
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
      for (let f = 1; f < ny; f++) {
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
    this.solid?.blockFaces(Fx, Fy);
    return this.boundaryFluxes(u, v, uOld, vOld, FxOld, FyOld, Fx, Fy, keep);
  }

  private boundaryFluxes(u: Float64Array, v: Float64Array, uOld: Float64Array, vOld: Float64Array, FxOld: Float64Array, FyOld: Float64Array, Fx: Float64Array, Fy: Float64Array, keep: number): number {
    const b = this.boundaries;
    const rho = this.density;
    let inflow = 0;
    let outletFlux = 0;
    let outletArea = 0;
    for (let k = 0; k < b.count; k++) {
      const xFace = b.axis[k] === 0;
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
          F[face] = area * (xFace ? b.uIn[k]! : b.vIn[k]!);
          inflow += Math.max(-outward * F[face]!, 0);
          break;
        case OUTLET: {
          const normal = outward * (xFace ? u[P]! : v[P]!);
          F[face] = outward * area * Math.max(normal, 0);
          outletFlux += outward * F[face]!;
          outletArea += area;
          break;
        }
        case OPENING: {
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

  /** Σ_P |Σ_f F_f|: the absolute continuity imbalance of the cells (kg/s per m or per rad). */
  imbalance(Fx: Float64Array, Fy: Float64Array): number {
    const { nx, ny, stride: W } = this.grid;
    let sum = 0;
    for (let j = 1; j <= ny; j++) for (let I = 1 + W * j, end = nx + W * j; I <= end; I++) sum += Math.abs(Fx[I]! - Fx[I - 1]! + Fy[I]! - Fy[I - W]!);
    return sum;
  }

  /** Assembles and solves the pressure correction, then corrects fluxes, velocities and pressure. */
  correct(u: Float64Array, v: Float64Array, Fx: Float64Array, Fy: Float64Array): PressureSolveReport {
    const grid = this.grid;
    const { nx, ny, stride: W, Ax, Ay } = grid;
    const rho = this.density;
    const { D, Ox, Oy } = this.matrix;
    const { aX, aY, cU, cV, pc } = this;
    D.fill(0);
    Ox.fill(0);
    Oy.fill(0);
    aX.fill(0);
    aY.fill(0);
    const mask = this.solid?.mask;
    for (let j = 1; j <= ny; j++) {
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
    for (let f = 1; f < ny; f++) {
      const { weight, spacing } = grid.y;
      const w = weight[f]!;
      for (let i = 1; i <= nx; i++) {
        const I = i + W * f;
        if (mask && (mask[I] || mask[I + W])) continue;
        const a = (rho * Ay[I]! * ((1 - w) * cV[I]! + w * cV[I + W]!)) / spacing[f]!;
        aY[I] = a;
        const c = i - 1 + nx * (f - 1);
        Oy[c] = a;
        D[c] += a;
        D[c + nx] += a;
      }
    }
    const b = this.boundaries;
    for (let k = 0; k < b.count; k++) {
      if (b.kind[k] !== OPENING || mask?.[b.cell[k]!]) continue;
      const P = b.cell[k]!;
      D[this.compact(P)] += (rho * b.area[k]! * (b.axis[k] === 0 ? cU[P]! : cV[P]!)) / b.distance[k]!;
    }
    if (this.pinnedCell >= 0) D[this.pinnedCell] += Math.max(D[this.pinnedCell]!, 1e-300);
    for (let j = 1; j <= ny; j++) {
      for (let i = 1; i <= nx; i++) {
        const I = i + W * j;
        this.rhs[i - 1 + nx * (j - 1)] = -(Fx[I]! - Fx[I - 1]! + Fy[I]! - Fy[I - W]!);
        // A solid cell's p' is decoupled: p' = 0 there.
        if (mask?.[I]) {
          D[i - 1 + nx * (j - 1)] = 1;
          this.rhs[i - 1 + nx * (j - 1)] = 0;
        }
      }
    }
    this.solution.fill(0);
    const settings = this.numerics.pressureSolver;
    const report = this.multigrid
      ? this.multigrid.solve(this.matrix, this.rhs, this.solution, settings)
      : this.cg!.solve(this.matrix, this.rhs, this.solution, { ...settings, preconditioner: settings.preconditioner === 'jacobi' ? 'jacobi' : 'ic0' });

    for (let j = 1; j <= ny; j++) for (let i = 1; i <= nx; i++) pc[i + W * j] = this.solution[i - 1 + nx * (j - 1)]!;
    for (let k = 0; k < b.count; k++) pc[b.node[k]!] = b.kind[k] === OPENING ? 0 : pc[b.cell[k]!]!;
    this.solid?.applyGhosts(pc, 'mirror');

    // Fluxes: interior faces, then openings (p' = 0 on the boundary).
    for (let j = 1; j <= ny; j++) for (let f = 1; f < nx; f++) Fx[f + W * j] -= aX[f + W * j]! * (pc[f + 1 + W * j]! - pc[f + W * j]!);
    for (let f = 1; f < ny; f++) for (let i = 1; i <= nx; i++) Fy[i + W * f] -= aY[i + W * f]! * (pc[i + W * (f + 1)]! - pc[i + W * f]!);
    for (let k = 0; k < b.count; k++) {
      if (b.kind[k] !== OPENING || mask?.[b.cell[k]!]) continue;
      const P = b.cell[k]!;
      const a = (rho * b.area[k]! * (b.axis[k] === 0 ? cU[P]! : cV[P]!)) / b.distance[k]!;
      const F = b.axis[k] === 0 ? Fx : Fy;
      F[b.face[k]!] += b.outward[k]! * a * pc[P]!;
    }

    // Cell velocities and pressure.
    cellGradient(grid, pc, this.scratchX, this.scratchY);
    const alphaP = this.numerics.relaxation.pressure;
    for (let j = 1; j <= ny; j++) {
      for (let I = 1 + W * j, end = nx + W * j; I <= end; I++) {
        u[I] -= cU[I]! * this.scratchX[I]!;
        v[I] -= cV[I]! * this.scratchY[I]!;
        this.p[I] += alphaP * pc[I]!;
      }
    }
    b.applyPressure(this.p, Fx, Fy, rho);
    this.solid?.applyGhosts(this.p, 'extrapolate');
    return { iterations: report.iterations, relativeResidual: report.relativeResidual };
  }
}
