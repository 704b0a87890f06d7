// Line-by-line TDMA for the 5-point equations of momentum, energy and turbulence:
//   aP φ_P = aE φ_E + aW φ_W + aN φ_N + aS φ_S + b        (interior cells of the halo layout)
// One sweep solves every x-line exactly (Thomas algorithm) with the N/S neighbours lagged, then every
// y-line with the E/W neighbours lagged (alternating directions, Gauss–Seidel between lines). The
// ring values are known: the first and last unknowns of a line read them through the recurrence start
// (P₀ = 0, Q₀ = φ_ring) and the back substitution's end value.

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

export function createCoefficients(size: number): Coefficients {
  const f = (): Float64Array => new Float64Array(size);
  return { aE: f(), aW: f(), aN: f(), aS: f(), aP: f(), b: f() };
}

export class LineSolver {
  private readonly P: Float64Array;
  private readonly Q: Float64Array;

  constructor(private readonly grid: FlowGrid) {
    const n = Math.max(grid.nx, grid.ny) + 2;
    this.P = new Float64Array(n);
    this.Q = new Float64Array(n);
  }

  /** `sweeps` alternating-direction sweeps, updating φ in place. */
  solve(c: Coefficients, phi: Float64Array, sweeps: number): void {
    for (let sweep = 0; sweep < sweeps; sweep++) {
      this.xLines(c, phi);
      this.yLines(c, phi);
    }
  }

  private xLines(c: Coefficients, phi: Float64Array): void {
    const { nx, ny, stride: W } = this.grid;
    const { aE, aW, aN, aS, aP, b } = c;
    const { P, Q } = this;
    for (let j = 1; j <= ny; j++) {
      const row = W * j;
      P[0] = 0;
      Q[0] = phi[row]!;
      for (let i = 1; i <= nx; i++) {
        const I = row + i;
        const d = b[I]! + aN[I]! * phi[I + W]! + aS[I]! * phi[I - W]!;
        const denominator = aP[I]! - aW[I]! * P[i - 1]!;
        P[i] = aE[I]! / denominator;
        Q[i] = (d + aW[I]! * Q[i - 1]!) / denominator;
      }
      for (let i = nx; i >= 1; i--) phi[row + i] = P[i]! * phi[row + i + 1]! + Q[i]!;
    }
  }

  private yLines(c: Coefficients, phi: Float64Array): void {
    const { nx, ny, stride: W } = this.grid;
    const { aE, aW, aN, aS, aP, b } = c;
    const { P, Q } = this;
    for (let i = 1; i <= nx; i++) {
      P[0] = 0;
      Q[0] = phi[i]!;
      for (let j = 1; j <= ny; j++) {
        const I = i + W * j;
        const d = b[I]! + aE[I]! * phi[I + 1]! + aW[I]! * phi[I - 1]!;
        const denominator = aP[I]! - aS[I]! * P[j - 1]!;
        P[j] = aN[I]! / denominator;
        Q[j] = (d + aS[I]! * Q[j - 1]!) / denominator;
      }
      for (let j = ny; j >= 1; j--) phi[i + W * j] = P[j]! * phi[i + W * (j + 1)]! + Q[j]!;
    }
  }
}
