// Conjugate gradients preconditioned by one multigrid V-cycle, for the pressure correction: the
// symmetric 5-point system D_i x_i − Σ_nb O x_nb = b_i of the thermal core's SevenPointMatrix layout
// (nz = 1: Ox[i] couples i and i+1, Oy[i] couples i and i+nx).
//
// Coarse levels agglomerate 2×2 blocks of cells (additive-correction multigrid, Hutchinson & Raithby
// 1986): with the piecewise-constant prolongation P, the Galerkin operator Pᵀ A P is again a 5-point
// matrix whose couplings are the sums of the fine couplings between two blocks, and whose diagonal
// is Σ D minus twice the couplings inside the block. The residual restricts by summation (Pᵀ), the
// correction prolongs by injection (P). Smoothing: symmetric Gauss–Seidel (forward sweeps before
// the coarse correction, backward after), and a dense Cholesky factorisation on the coarsest level,
// so the V-cycle is a symmetric positive definite preconditioner. All storage is allocated once.

import { multiply, type SevenPointMatrix } from '../../thermal/linear-solver.js';

interface Level {
  nx: number;
  ny: number;
  n: number;
  matrix: SevenPointMatrix;
  x: Float64Array;
  b: Float64Array;
  r: Float64Array;
}

export interface MultigridSettings {
  /** Stop when ‖r‖₂ ≤ tolerance · ‖b‖₂. */
  tolerance: number;
  maxIterations: number;
  /** Gauss–Seidel sweeps before and after each coarse correction. */
  sweeps?: number;
}

/** The coarsest level is solved directly once it has at most this many cells. */
const COARSEST_CELLS = 150;

export class MultigridConjugateGradient {
  private readonly levels: Level[] = [];
  private readonly cholesky: Float64Array;
  private readonly r: Float64Array;
  private readonly z: Float64Array;
  private readonly p: Float64Array;
  private readonly q: Float64Array;

  constructor(nx: number, ny: number) {
    let [cx, cy] = [nx, ny];
    for (;;) {
      const n = cx * cy;
      const f = (): Float64Array => new Float64Array(n);
      this.levels.push({ nx: cx, ny: cy, n, matrix: { nx: cx, ny: cy, nz: 1, D: f(), Ox: f(), Oy: f(), Oz: f() }, x: f(), b: f(), r: f() });
      if (n <= COARSEST_CELLS || (cx === 1 && cy === 1)) break;
      [cx, cy] = [Math.ceil(cx / 2), Math.ceil(cy / 2)];
    }
    const coarsest = this.levels[this.levels.length - 1]!;
    this.cholesky = new Float64Array(coarsest.n * coarsest.n);
    const n = nx * ny;
    [this.r, this.z, this.p, this.q] = [new Float64Array(n), new Float64Array(n), new Float64Array(n), new Float64Array(n)];
  }

  /** Solves A x = b from the x given; A must be symmetric positive definite. */
  solve(A: SevenPointMatrix, b: Float64Array, x: Float64Array, settings: MultigridSettings): { iterations: number; relativeResidual: number; converged: boolean } {
    this.setup(A);
    const sweeps = settings.sweeps ?? 1;
    const { r, z, p, q } = this;
    const n = A.nx * A.ny;
    multiply(A, x, q);
    let bNorm = 0;
    let rNorm = 0;
    for (let i = 0; i < n; i++) {
      r[i] = b[i]! - q[i]!;
      bNorm += b[i]! * b[i]!;
      rNorm += r[i]! * r[i]!;
    }
    bNorm = Math.sqrt(bNorm) || 1;
    if (Math.sqrt(rNorm) <= settings.tolerance * bNorm) return { iterations: 0, relativeResidual: Math.sqrt(rNorm) / bNorm, converged: true };
    this.vCycle(r, z, sweeps);
    let rz = 0;
    for (let i = 0; i < n; i++) {
      p[i] = z[i]!;
      rz += r[i]! * z[i]!;
    }
    for (let iteration = 1; iteration <= settings.maxIterations; iteration++) {
      multiply(A, p, q);
      let pq = 0;
      for (let i = 0; i < n; i++) pq += p[i]! * q[i]!;
      const alpha = rz / pq;
      rNorm = 0;
      for (let i = 0; i < n; i++) {
        x[i] += alpha * p[i]!;
        r[i] -= alpha * q[i]!;
        rNorm += r[i]! * r[i]!;
      }
      const relative = Math.sqrt(rNorm) / bNorm;
      if (relative <= settings.tolerance) return { iterations: iteration, relativeResidual: relative, converged: true };
      this.vCycle(r, z, sweeps);
      let rzNew = 0;
      for (let i = 0; i < n; i++) rzNew += r[i]! * z[i]!;
      const beta = rzNew / rz;
      rz = rzNew;
      for (let i = 0; i < n; i++) p[i] = z[i]! + beta * p[i]!;
    }
    return { iterations: settings.maxIterations, relativeResidual: Math.sqrt(rNorm) / bNorm, converged: false };
  }

  /** Copies A into level 0 and forms the Galerkin operators of the coarse levels. */
  private setup(A: SevenPointMatrix): void {
    const top = this.levels[0]!.matrix;
    top.D.set(A.D);
    top.Ox.set(A.Ox);
    top.Oy.set(A.Oy);
    for (let l = 1; l < this.levels.length; l++) {
      const fine = this.levels[l - 1]!;
      const coarse = this.levels[l]!;
      const { D, Ox, Oy } = fine.matrix;
      const C = coarse.matrix;
      C.D.fill(0);
      C.Ox.fill(0);
      C.Oy.fill(0);
      for (let j = 0; j < fine.ny; j++) {
        const J = j >> 1;
        for (let i = 0; i < fine.nx; i++) {
          const f = i + fine.nx * j;
          const c = (i >> 1) + coarse.nx * J;
          C.D[c] += D[f]!;
          if (i + 1 < fine.nx) {
            if ((i + 1) >> 1 === i >> 1) C.D[c] -= 2 * Ox[f]!;
            else C.Ox[c] += Ox[f]!;
          }
          if (j + 1 < fine.ny) {
            if ((j + 1) >> 1 === J) C.D[c] -= 2 * Oy[f]!;
            else C.Oy[c] += Oy[f]!;
          }
        }
      }
    }
    this.factorCoarsest();
  }

  /** Banded Cholesky (bandwidth nx, which holds all the fill) of the coarsest matrix, A = L Lᵀ. */
  private factorCoarsest(): void {
    const level = this.levels[this.levels.length - 1]!;
    const { n, nx } = level;
    const { D, Ox, Oy } = level.matrix;
    const L = this.cholesky;
    L.fill(0);
    for (let i = 0; i < n; i++) {
      L[i * n + i] = D[i]!;
      if (i % nx < nx - 1 && i + 1 < n) L[(i + 1) * n + i] = -Ox[i]!;
      if (i + nx < n) L[(i + nx) * n + i] = -Oy[i]!;
    }
    for (let k = 0; k < n; k++) {
      const first = Math.max(0, k - nx);
      let pivot = L[k * n + k]!;
      for (let m = first; m < k; m++) pivot -= L[k * n + m]! ** 2;
      const d = Math.sqrt(Math.max(pivot, 1e-300));
      L[k * n + k] = d;
      for (let i = k + 1, last = Math.min(n - 1, k + nx); i <= last; i++) {
        let value = L[i * n + k]!;
        for (let m = Math.max(0, i - nx); m < k; m++) value -= L[i * n + m]! * L[k * n + m]!;
        L[i * n + k] = value / d;
      }
    }
  }

  private solveCoarsest(level: Level): void {
    const { n, nx } = level;
    const L = this.cholesky;
    const { x, b } = level;
    for (let i = 0; i < n; i++) {
      let value = b[i]!;
      for (let m = Math.max(0, i - nx); m < i; m++) value -= L[i * n + m]! * x[m]!;
      x[i] = value / L[i * n + i]!;
    }
    for (let i = n - 1; i >= 0; i--) {
      let value = x[i]!;
      for (let m = i + 1, last = Math.min(n - 1, i + nx); m <= last; m++) value -= L[m * n + i]! * x[m]!;
      x[i] = value / L[i * n + i]!;
    }
  }

  /** z = M⁻¹ r: one V-cycle from a zero initial guess. */
  private vCycle(r: Float64Array, z: Float64Array, sweeps: number): void {
    const top = this.levels[0]!;
    top.b.set(r);
    this.cycle(0, sweeps);
    z.set(top.x);
  }

  private cycle(l: number, sweeps: number): void {
    const level = this.levels[l]!;
    if (l === this.levels.length - 1) {
      this.solveCoarsest(level);
      return;
    }
    level.x.fill(0);
    for (let s = 0; s < sweeps; s++) gaussSeidel(level, true);
    multiply(level.matrix, level.x, level.r);
    const coarse = this.levels[l + 1]!;
    coarse.b.fill(0);
    for (let j = 0; j < level.ny; j++) {
      const J = j >> 1;
      for (let i = 0; i < level.nx; i++) {
        const f = i + level.nx * j;
        coarse.b[(i >> 1) + coarse.nx * J] += level.b[f]! - level.r[f]!;
      }
    }
    this.cycle(l + 1, sweeps);
    for (let j = 0; j < level.ny; j++) {
      const J = j >> 1;
      for (let i = 0; i < level.nx; i++) level.x[i + level.nx * j] += coarse.x[(i >> 1) + coarse.nx * J]!;
    }
    for (let s = 0; s < sweeps; s++) gaussSeidel(level, false);
  }
}

/** One Gauss–Seidel sweep on level.x for level.b, forward or backward. */
function gaussSeidel(level: Level, forward: boolean): void {
  const { nx, ny, n, x, b } = level;
  const { D, Ox, Oy } = level.matrix;
  for (let step = 0; step < ny; step++) {
    const j = forward ? step : ny - 1 - step;
    const row = nx * j;
    for (let k = 0; k < nx; k++) {
      const i = row + (forward ? k : nx - 1 - k);
      let sum = b[i]!;
      if (i > row) sum += Ox[i - 1]! * x[i - 1]!;
      if (i < row + nx - 1) sum += Ox[i]! * x[i + 1]!;
      if (i >= nx) sum += Oy[i - nx]! * x[i - nx]!;
      if (i + nx < n) sum += Oy[i]! * x[i + nx]!;
      x[i] = sum / D[i]!;
    }
  }
}
