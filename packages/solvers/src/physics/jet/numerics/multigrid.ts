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

import { conjugateGradient, conjugateGradientWork, type ConjugateGradientReport, type ConjugateGradientWork } from '../../../numerics/conjugate-gradient.js';
import type { AbortCheck } from '../../../run/types.js';
import type { SevenPointMatrix } from '../../../numerics/seven-point-matrix.js';

interface Level {
  nx: number;
  ny: number;
  n: number;
  matrix: SevenPointMatrix;
  x: Float64Array;
  b: Float64Array;
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
  private readonly work: ConjugateGradientWork;
  /** Whether setup() has run (a `sameMatrix` solve needs the operators of an earlier one). */
  private ready = false;

  constructor(nx: number, ny: number) {
    let [cx, cy] = [nx, ny];
    for (;;) {
      const n = cx * cy;
      const f = (): Float64Array => new Float64Array(n);
      this.levels.push({ nx: cx, ny: cy, n, matrix: { nx: cx, ny: cy, nz: 1, D: f(), Ox: f(), Oy: f(), Oz: f() }, x: f(), b: f() });
      if (n <= COARSEST_CELLS || (cx === 1 && cy === 1)) break;
      [cx, cy] = [Math.ceil(cx / 2), Math.ceil(cy / 2)];
    }
    const coarsest = this.levels[this.levels.length - 1]!;
    this.cholesky = new Float64Array(coarsest.n * coarsest.n);
    this.work = conjugateGradientWork(nx * ny);
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
    const system = { size: A.nx * A.ny, multiply: (p: Float64Array, q: Float64Array) => multiply5(A, p, q), precondition: (r: Float64Array, z: Float64Array) => this.vCycle(r, z, sweeps) };
    return conjugateGradient(system, b, x, settings, this.work, checkAbort);
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

  /** z = M⁻¹ r: one V-cycle from a zero initial guess (level 0 works on r and z themselves, no copies). */
  private vCycle(r: Float64Array, z: Float64Array, sweeps: number): void {
    this.cycle(0, sweeps, z, r);
  }

  private cycle(l: number, sweeps: number, x: Float64Array, b: Float64Array): void {
    const level = this.levels[l]!;
    if (l === this.levels.length - 1) {
      // (A single-level hierarchy gets r and z here: the direct solve works on the level's own arrays.)
      if (b !== level.b) level.b.set(b);
      this.solveCoarsest(level);
      if (x !== level.x) x.set(level.x);
      return;
    }
    const { nx, ny } = level;
    // From x = 0: the first sweep needs no fill (it writes every cell and reads only cells it wrote).
    if (sweeps === 0) x.fill(0);
    for (let s = 0; s < sweeps; s++) gaussSeidel(level, x, b, true, s === 0);
    // The residual b − A x restricted by summation over each 2×2 block, in one pass; A x is the CG
    // product's own sum (productAt), so the bits are the same.
    const coarse = this.levels[l + 1]!;
    const cb = coarse.b;
    const cnx = coarse.nx;
    cb.fill(0);
    for (let j = 0; j < ny; j++) {
      const row = nx * j;
      const crow = cnx * (j >> 1);
      const south = j > 0;
      const north = j < ny - 1;
      for (let i = 0; i < nx; i++) {
        const f = row + i;
        cb[(i >> 1) + crow] += b[f]! - productAt(level.matrix, x, f, i, south, north);
      }
    }
    this.cycle(l + 1, sweeps, coarse.x, cb);
    const cx = coarse.x;
    for (let j = 0; j < ny; j++) {
      const row = nx * j;
      const crow = cnx * (j >> 1);
      for (let i = 0; i < nx; i++) x[row + i] += cx[(i >> 1) + crow]!;
    }
    for (let s = 0; s < sweeps; s++) gaussSeidel(level, x, b, false);
  }
}

/**
 * y = A x for the 5-point matrix (nz = 1), with multiply()'s terms in its order, in one pass; returns
 * x·y summed in index order (CG's p·Ap).
 */
function multiply5(A: SevenPointMatrix, x: Float64Array, y: Float64Array): number {
  let dot = 0;
  const { nx, ny } = A;
  for (let j = 0; j < ny; j++) {
    const row = nx * j;
    const south = j > 0;
    const north = j < ny - 1;
    for (let i = 0; i < nx; i++) {
      const f = row + i;
      const ax = productAt(A, x, f, i, south, north);
      y[f] = ax;
      dot += x[f]! * ax;
    }
  }
  return dot;
}

/**
 * (A x)_f of cell f = i + nx j, with multiply()'s terms in its order (diagonal, west, east, south,
 * north): the residual restriction and the CG product both sum it this way, so their bits agree.
 */
function productAt(A: SevenPointMatrix, x: Float64Array, f: number, i: number, south: boolean, north: boolean): number {
  const { nx, D, Ox, Oy } = A;
  let ax = D[f]! * x[f]!;
  if (i > 0) ax -= Ox[f - 1]! * x[f - 1]!;
  if (i < nx - 1) ax -= Ox[f]! * x[f + 1]!;
  if (south) ax -= Oy[f - nx]! * x[f - nx]!;
  if (north) ax -= Oy[f]! * x[f + nx]!;
  return ax;
}

/** Rows relaxed together: their dependency chains (each cell waits on its neighbour's division) overlap. */
const ROW_GROUP = 4;

/**
 * One Gauss–Seidel sweep on x for b, forward (rows up, cells left to right) or backward. Rows are
 * taken ROW_GROUP at a time as a wavefront, each row one cell behind the row before it in the sweep
 * order: a cell then reads exactly the neighbour values the row-by-row sweep reads (the row before it
 * already past, the row after it not yet there), so the result is identical, bit for bit, while the
 * rows' division chains run side by side. Cells of one wavefront step are independent.
 */
export function gaussSeidel(level: Pick<Level, 'nx' | 'ny' | 'matrix'>, x: Float64Array, b: Float64Array, forward: boolean, fromZero = false): void {
  const { nx, ny } = level;
  const { D, Ox, Oy } = level.matrix;
  const last = nx - 1;
  const d = forward ? 1 : -1;
  // A forward sweep from x = 0 finds zeros east and north, not yet visited: it skips those terms
  // (adding +0 leaves a sum unchanged; only a sum of −0 would turn +0, a zero's sign).
  const ahead = !(forward && fromZero);
  for (let first = 0; first < ny; first += ROW_GROUP) {
    const rows = Math.min(ROW_GROUP, ny - first);
    const j0 = forward ? first : ny - 1 - first;
    const steps = nx + rows - 1;
    // Steps whose cells are all off the first and last column (every row of a full group busy).
    const from = rows === ROW_GROUP ? ROW_GROUP : steps;
    const to = rows === ROW_GROUP ? Math.max(last, from) : steps;
    for (let step = 0; step < from; step++) wavefrontStep(x, b, D, Ox, Oy, nx, ny, j0, d, rows, step, ahead);
    if (to > from) {
      // Cell of row g at a step: o_g + d·step.
      const [ja, jb, jc, jd] = [j0, j0 + d, j0 + 2 * d, j0 + 3 * d];
      const oa = forward ? nx * ja : nx * ja + last;
      const ob = forward ? nx * jb - 1 : nx * jb + last + 1;
      const oc = forward ? nx * jc - 2 : nx * jc + last + 2;
      const od = forward ? nx * jd - 3 : nx * jd + last + 3;
      const [sa, sb, sc, sd] = [ja > 0, jb > 0, jc > 0, jd > 0];
      const [na, nb, nc, nd] = [ja < ny - 1, jb < ny - 1, jc < ny - 1, jd < ny - 1];
      if (ahead) {
        for (let step = from; step < to; step++) {
          const shift = d * step;
          relaxInterior(x, b, D, Ox, Oy, nx, oa + shift, sa, na);
          relaxInterior(x, b, D, Ox, Oy, nx, ob + shift, sb, nb);
          relaxInterior(x, b, D, Ox, Oy, nx, oc + shift, sc, nc);
          relaxInterior(x, b, D, Ox, Oy, nx, od + shift, sd, nd);
        }
      } else {
        for (let step = from; step < to; step++) {
          const shift = d * step;
          relaxBehind(x, b, D, Ox, Oy, nx, oa + shift, sa);
          relaxBehind(x, b, D, Ox, Oy, nx, ob + shift, sb);
          relaxBehind(x, b, D, Ox, Oy, nx, oc + shift, sc);
          relaxBehind(x, b, D, Ox, Oy, nx, od + shift, sd);
        }
      }
    }
    for (let step = Math.max(to, from); step < steps; step++) wavefrontStep(x, b, D, Ox, Oy, nx, ny, j0, d, rows, step, ahead);
  }
}

/** The cells of one wavefront step of a row group (any columns). */
function wavefrontStep(x: Float64Array, b: Float64Array, D: Float64Array, Ox: Float64Array, Oy: Float64Array, nx: number, ny: number, j0: number, d: number, rows: number, step: number, ahead: boolean): void {
  const last = nx - 1;
  for (let g = 0; g < rows; g++) {
    const k = step - g;
    if (k < 0) break;
    if (k > last) continue;
    const j = j0 + d * g;
    const i = d > 0 ? k : last - k;
    relax(x, b, D, Ox, Oy, nx, nx * j + i, i > 0, ahead && i < last, j > 0, ahead && j < ny - 1);
  }
}

/** x_c = (b_c + Σ_nb O x_nb) / D_c over the neighbours that exist, summed west, east, south, north. */
function relax(x: Float64Array, b: Float64Array, D: Float64Array, Ox: Float64Array, Oy: Float64Array, nx: number, c: number, west: boolean, east: boolean, south: boolean, north: boolean): void {
  let sum = b[c]!;
  if (west) sum += Ox[c - 1]! * x[c - 1]!;
  if (east) sum += Ox[c]! * x[c + 1]!;
  if (south) sum += Oy[c - nx]! * x[c - nx]!;
  if (north) sum += Oy[c]! * x[c + nx]!;
  x[c] = sum / D[c]!;
}

/** relax() for a cell with both x-neighbours. */
function relaxInterior(x: Float64Array, b: Float64Array, D: Float64Array, Ox: Float64Array, Oy: Float64Array, nx: number, c: number, south: boolean, north: boolean): void {
  let sum = b[c]! + Ox[c - 1]! * x[c - 1]!;
  sum += Ox[c]! * x[c + 1]!;
  if (south) sum += Oy[c - nx]! * x[c - nx]!;
  if (north) sum += Oy[c]! * x[c + nx]!;
  x[c] = sum / D[c]!;
}

/** relaxInterior() of a forward sweep from x = 0: the east and north values are still zero. */
function relaxBehind(x: Float64Array, b: Float64Array, D: Float64Array, Ox: Float64Array, Oy: Float64Array, nx: number, c: number, south: boolean): void {
  let sum = b[c]! + Ox[c - 1]! * x[c - 1]!;
  if (south) sum += Oy[c - nx]! * x[c - nx]!;
  x[c] = sum / D[c]!;
}
