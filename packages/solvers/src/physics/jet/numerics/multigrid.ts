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

import { conjugateGradient, type ConjugateGradientReport, type ConjugateGradientWork } from '../../../numerics/conjugate-gradient.js';
import type { AbortCheck } from '../../../run/types.js';
import type { SevenPointMatrix } from '../../../numerics/seven-point-matrix.js';
import { PRIVATE_ARENA, type FieldArena } from '../../../numerics/field-arena.js';
import { gaussSeidel } from './gauss-seidel.js';
import { SplitConjugateGradient, type Splitter } from './multigrid-split.js';
import { coarsenRows, copyRows, multiply5, prolongCorrection, restrictResidual, type MultigridLevel } from './multigrid-levels.js';

export type { MultigridLevel } from './multigrid-levels.js';

export { gaussSeidel } from './gauss-seidel.js';


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
  readonly levels: MultigridLevel[] = [];
  private readonly cholesky: Float64Array;
  readonly work: ConjugateGradientWork;
  /** Whether setup() has run (a `sameMatrix` solve needs the operators of an earlier one). */
  private ready = false;
  /** The solve split over two threads, for the one system it was set up for (multigrid-split.ts). */
  private split: SplitConjugateGradient | undefined;

  /**
   * `split`: the solves of the system (A, b, x) — always these arrays — run their loops through
   * `parts` (two row halves, on one thread or two, with the same bits).
   */
  constructor(nx: number, ny: number, arena: FieldArena = PRIVATE_ARENA, split?: { parts: Splitter; A: SevenPointMatrix; b: Float64Array; x: Float64Array }) {
    let [cx, cy] = [nx, ny];
    for (;;) {
      const n = cx * cy;
      const f = (): Float64Array => arena.f64(n);
      this.levels.push({ nx: cx, ny: cy, n, matrix: { nx: cx, ny: cy, nz: 1, D: f(), Ox: f(), Oy: f(), Oz: f() }, x: f(), b: f() });
      if (n <= COARSEST_CELLS || (cx === 1 && cy === 1)) break;
      [cx, cy] = [Math.ceil(cx / 2), Math.ceil(cy / 2)];
    }
    const coarsest = this.levels[this.levels.length - 1]!;
    this.cholesky = arena.f64(coarsest.n * coarsest.n);
    const size = nx * ny;
    this.work = { r: arena.f64(size), z: arena.f64(size), p: arena.f64(size), q: arena.f64(size) };
    if (split) this.split = new SplitConjugateGradient(this, split.parts, split, arena);
  }

  /**
   * Solves A x = b from the x given; A must be symmetric positive definite. `checkAbort`: polled every
   * iteration. `sameMatrix`: A is the matrix of the previous solve, unchanged (a second right-hand
   * side), so the coarse operators and the coarsest factor are kept rather than formed again.
   */
  solve(A: SevenPointMatrix, b: Float64Array, x: Float64Array, settings: MultigridSettings, checkAbort?: AbortCheck, sameMatrix = false): ConjugateGradientReport {
    if (!sameMatrix || !this.ready) this.setup(A);
    this.ready = true;
    const sweeps = settings.sweeps ?? 1;
    if (this.split?.solves(A, b, x)) return this.split.solve(settings, sweeps, checkAbort);
    const system = { size: A.nx * A.ny, multiply: (p: Float64Array, q: Float64Array) => multiply5(A, p, q), precondition: (r: Float64Array, z: Float64Array) => this.vCycle(r, z, sweeps) };
    return conjugateGradient(system, b, x, settings, this.work, checkAbort);
  }

  /** Copies A into level 0 and forms the Galerkin operators of the coarse levels. */
  private setup(A: SevenPointMatrix): void {
    const split = this.split?.ofMatrix(A) ? this.split : undefined;
    for (let l = 1; l < this.levels.length; l++) {
      if (split?.coarsen(l)) continue;
      const fine = this.levels[l - 1]!;
      if (l === 1) copyRows(A, fine.matrix, 0, fine.ny);
      coarsenRows(fine, this.levels[l]!, 0, fine.ny);
    }
    if (this.levels.length === 1) copyRows(A, this.levels[0]!.matrix, 0, A.ny);
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

  private solveCoarsest(level: MultigridLevel): void {
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

  /** z = M⁻¹ r: one V-cycle from a zero initial guess (level 0 works on r and z themselves, no copies). */
  private vCycle(r: Float64Array, z: Float64Array, sweeps: number): void {
    this.cycle(0, sweeps, z, r);
  }

  /** The V-cycle from level l down (the split solve runs the coarse levels on one thread with it). */
  cycle(l: number, sweeps: number, x: Float64Array, b: Float64Array): void {
    const level = this.levels[l]!;
    if (l === this.levels.length - 1) {
      // (A single-level hierarchy gets r and z here: the direct solve works on the level's own arrays.)
      if (b !== level.b) level.b.set(b);
      this.solveCoarsest(level);
      if (x !== level.x) x.set(level.x);
      return;
    }
    const { ny } = level;
    // From x = 0: the first sweep needs no fill (it writes every cell and reads only cells it wrote).
    if (sweeps === 0) x.fill(0);
    for (let s = 0; s < sweeps; s++) gaussSeidel(level, x, b, true, s === 0);
    const coarse = this.levels[l + 1]!;
    restrictResidual(level, coarse, x, b, 0, ny);
    this.cycle(l + 1, sweeps, coarse.x, coarse.b);
    prolongCorrection(level, coarse, x, 0, ny);
    for (let s = 0; s < sweeps; s++) gaussSeidel(level, x, b, false);
  }
}
