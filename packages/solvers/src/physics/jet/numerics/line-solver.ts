// Line-by-line TDMA for the 5-point equations of momentum, energy and turbulence:
//   aP φ_P = aE φ_E + aW φ_W + aN φ_N + aS φ_S + b        (interior cells of the halo layout)
// One sweep solves every x-line exactly (Thomas algorithm) with the N/S neighbours lagged, then every
// y-line with the E/W neighbours lagged (alternating directions, Gauss–Seidel between lines). The
// ring values are known: the first and last unknowns of a line read them through the recurrence start
// (P₀ = 0, Q₀ = φ_ring) and the back substitution's end value.

import { PRIVATE_ARENA, type FieldArena } from '../../../numerics/field-arena.js';
import type { FlowGrid } from '../grid/grid.js';

/** The coefficients of one transport equation, halo-sized (only the cells are used). */
export interface Coefficients {
  aE: Float64Array;
  aW: Float64Array;
  aN: Float64Array;
  aS: Float64Array;
  aP: Float64Array;
  b: Float64Array;
}

export function createCoefficients(size: number, arena: FieldArena = PRIVATE_ARENA): Coefficients {
  const f = (): Float64Array => arena.f64(size);
  return { aE: f(), aW: f(), aN: f(), aS: f(), aP: f(), b: f() };
}

export class LineSolver {
  private readonly Q: Float64Array;
  /**
   * The Thomas recurrence's coefficient-only parts, per cell, for the x-lines and the y-lines:
   * P = a_next / den and 1/den with den = aP − a_prev P_prev. They depend on the coefficients alone, so
   * solve() forms them once for all its sweeps; a sweep then runs only the Q recurrence, whose chain
   * is a multiplication by 1/den instead of a division (the division's latency set the sweep's pace).
   */
  private readonly Px: Float64Array;
  private readonly Py: Float64Array;
  private readonly inverseX: Float64Array;
  private readonly inverseY: Float64Array;

  constructor(
    private readonly grid: FlowGrid,
    arena: FieldArena = PRIVATE_ARENA,
  ) {
    this.Q = new Float64Array(Math.max(grid.nx, grid.ny) + 2);
    const size = grid.stride * (grid.ny + 2);
    [this.Px, this.Py, this.inverseX, this.inverseY] = [arena.f64(size), arena.f64(size), arena.f64(size), arena.f64(size)];
  }

  /** `sweeps` alternating-direction sweeps, updating φ in place. */
  solve(c: Coefficients, phi: Float64Array, sweeps: number): void {
    if (sweeps <= 0) return;
    this.factor(c, 0);
    this.factor(c, 1);
    this.sweep(c, phi, sweeps);
  }

  /**
   * `sweeps` sweeps with the recurrence's coefficient parts of the last factor() of c (a solve may be
   * cut into a factorisation and runs of sweeps: the same bits as solve()).
   */
  sweep(c: Coefficients, phi: Float64Array, sweeps: number): void {
    for (let s = 0; s < sweeps; s++) {
      this.xLines(c, phi);
      this.yLines(c, phi);
    }
  }

  /**
   * P and 1/den of the cells of half `half` (0 or 1) of the lines of both directions (the lines side by
   * side: independent chains). The halves are independent: two threads may form one each.
   */
  factor(c: Coefficients, half: number): void {
    const { nx, ny, stride: W } = this.grid;
    const { aE, aW, aN, aS, aP } = c;
    const { Px, Py, inverseX, inverseY } = this;
    // x-lines (rows j0 … j1) run along i: row after row in the inner loop, so that consecutive cells belong to different lines.
    const jCut = ny >> 1;
    const [j0, j1] = half === 0 ? [1, jCut] : [jCut + 1, ny];
    for (let i = 1; i <= nx; i++) {
      for (let j = j0; j <= j1; j++) {
        const I = i + W * j;
        const denominator = aP[I]! - aW[I]! * (i === 1 ? 0 : Px[I - 1]!);
        Px[I] = aE[I]! / denominator;
        inverseX[I] = 1 / denominator;
      }
    }
    // y-lines (columns i0 … i1) run along j.
    const iCut = nx >> 1;
    const [i0, i1] = half === 0 ? [1, iCut] : [iCut + 1, nx];
    for (let j = 1; j <= ny; j++) {
      for (let I = i0 + W * j, end = i1 + W * j; I <= end; I++) {
        const denominator = aP[I]! - aS[I]! * (j === 1 ? 0 : Py[I - W]!);
        Py[I] = aN[I]! / denominator;
        inverseY[I] = 1 / denominator;
      }
    }
  }

  private xLines(c: Coefficients, phi: Float64Array): void {
    const { nx, ny, stride: W } = this.grid;
    const { aW, aN, aS, b } = c;
    const { Px, inverseX, Q } = this;
    for (let j = 1; j <= ny; j++) {
      const row = W * j;
      let q = phi[row]!;
      for (let i = 1; i <= nx; i++) {
        const I = row + i;
        const d = b[I]! + aN[I]! * phi[I + W]! + aS[I]! * phi[I - W]!;
        q = (d + aW[I]! * q) * inverseX[I]!;
        Q[i] = q;
      }
      for (let i = nx; i >= 1; i--) phi[row + i] = Px[row + i]! * phi[row + i + 1]! + Q[i]!;
    }
  }

  private yLines(c: Coefficients, phi: Float64Array): void {
    const { nx, ny, stride: W } = this.grid;
    const { aE, aW, aS, b } = c;
    const { Py, inverseY, Q } = this;
    for (let i = 1; i <= nx; i++) {
      let q = phi[i]!;
      for (let j = 1; j <= ny; j++) {
        const I = i + W * j;
        const d = b[I]! + aE[I]! * phi[I + 1]! + aW[I]! * phi[I - 1]!;
        q = (d + aS[I]! * q) * inverseY[I]!;
        Q[j] = q;
      }
      for (let j = ny; j >= 1; j--) phi[i + W * j] = Py[i + W * j]! * phi[i + W * (j + 1)]! + Q[j]!;
    }
  }
}
