// The momentum equations' source terms, per cell and integrated over its volume, beside the
// convection–diffusion of transport.ts (with Γ = μ + μ_t, the Laplacian form of the stress):
//
//   x:  −∂p/∂x V                              + T_x
//   y:  −∂p/∂y V   − (μ + 2μ_t) v/r² V  [axi]  + T_y
//
// −μ v/r² is the hoop term of the vector Laplacian in (x, r); the rest of the stress divergence,
// div(μ_eff (∇u)ᵀ), equals μ ∇(div u) = 0 for the constant molecular viscosity, so only its turbulent
// part remains: T = Σ_f μ_t,f ((∇u)ᵀ·n)_f A_f, whose hoop contribution −μ_t v/r² is implicit above
// (the −⅔ρk δ part of the Reynolds stress is absorbed into p, as usual for two-equation models).
// Face gradients in T interpolate the cells' Gauss gradients linearly.

import type { FlowGrid } from '../grid/grid.js';

/** su_x = −∂p/∂x V, su_y = −∂p/∂y V, sp_x = 0, sp_y = −(μ + 2μ_t) V / r² (axisymmetric). */
export function pressureAndHoopSources(options: {
  grid: FlowGrid;
  gradX: Float64Array;
  gradY: Float64Array;
  viscosity: number;
  muT: Float64Array;
  suX: Float64Array;
  suY: Float64Array;
  spX: Float64Array;
  spY: Float64Array;
}, j0 = 1, j1 = options.grid.ny): void {
  const { grid, gradX, gradY, viscosity, muT, suX, suY, spX, spY } = options;
  const { nx, stride: W, V } = grid;
  const axisymmetric = grid.geometry === 'axisymmetric';
  for (let j = j0; j <= j1; j++) {
    const r = grid.nodeRadius[j]!;
    for (let I = 1 + W * j, end = nx + W * j; I <= end; I++) {
      suX[I] = -gradX[I]! * V[I]!;
      suY[I] = -gradY[I]! * V[I]!;
      spX[I] = 0;
      spY[I] = axisymmetric ? (-(viscosity + 2 * muT[I]!) * V[I]!) / (r * r) : 0;
    }
  }
}

/**
 * Adds T_x = Σ_f μ_t (∂u/∂x n_x + ∂v/∂x n_y) A and T_y = Σ_f μ_t (∂u/∂y n_x + ∂v/∂y n_y) A to suX,
 * suY, from the cell gradients of u (ux, uy) and v (vx, vy); μ_t on boundary faces is the ring value.
 * On a curvilinear grid n A is the face's area vector S (both components, on both face families).
 * Cells of rows j0 … j1 only when given: the faces below and above the band add to its side only.
 */
export function turbulentStressSources(options: {
  grid: FlowGrid;
  muT: Float64Array;
  ux: Float64Array;
  uy: Float64Array;
  vx: Float64Array;
  vy: Float64Array;
  suX: Float64Array;
  suY: Float64Array;
}, j0 = 1, j1 = options.grid.ny): void {
  const { grid, muT, ux, uy, vx, vy, suX, suY } = options;
  if (j0 > j1) return;
  if (grid.curvilinear) {
    curvilinearStress(grid, muT, [ux, uy, vx, vy], suX, suY, j0, j1);
    return;
  }
  const { nx, ny, stride: W, Ax, Ay } = grid;
  const wx = grid.x.weight;
  const wy = grid.y.weight;
  for (let j = j0; j <= j1; j++) {
    for (let f = 0; f <= nx; f++) {
      const I = f + W * j;
      const J = I + 1;
      const w = wx[f]!;
      const mu = (1 - w) * muT[I]! + w * muT[J]!;
      if (mu === 0) continue;
      // Boundary faces (w = 0 or 1 with the ring on one side) take the cell's gradient.
      const a = f === 0 ? 0 : f === nx ? 1 : 1 - w;
      const fx = mu * (a * ux[I]! + (1 - a) * ux[J]!) * Ax[I]!;
      const fy = mu * (a * uy[I]! + (1 - a) * uy[J]!) * Ax[I]!;
      if (f > 0) {
        suX[I] += fx;
        suY[I] += fy;
      }
      if (f < nx) {
        suX[J] -= fx;
        suY[J] -= fy;
      }
    }
  }
  for (let f = j0 - 1; f <= j1; f++) {
    const w = wy[f]!;
    const [low, high] = [f >= j0, f < j1];
    for (let i = 1; i <= nx; i++) {
      const I = i + W * f;
      const J = I + W;
      const mu = (1 - w) * muT[I]! + w * muT[J]!;
      if (mu === 0 || Ay[I] === 0) continue;
      const a = f === 0 ? 0 : f === ny ? 1 : 1 - w;
      const fx = mu * (a * vx[I]! + (1 - a) * vx[J]!) * Ay[I]!;
      const fy = mu * (a * vy[I]! + (1 - a) * vy[J]!) * Ay[I]!;
      if (low) {
        suX[I] += fx;
        suY[I] += fy;
      }
      if (high) {
        suX[J] -= fx;
        suY[J] -= fy;
      }
    }
  }
}

/**
 * turbulentStressSources() on a curvilinear grid: per face, μ_t,f ((∇u)ᵀ·S)_f = μ_t,f (∂u/∂x S_x +
 * ∂v/∂x S_y, ∂u/∂y S_x + ∂v/∂y S_y), face gradients interpolated with the face's weight (the cell's own
 * on a boundary face), added to the low cell and subtracted from the high one (S points low → high).
 */
function curvilinearStress(grid: FlowGrid, muT: Float64Array, gradients: readonly [Float64Array, Float64Array, Float64Array, Float64Array], suX: Float64Array, suY: Float64Array, j0: number, j1: number): void {
  const { nx, ny, stride: W } = grid;
  const [ux, uy, vx, vy] = gradients;
  for (const xFamily of [true, false]) {
    const { Sx, Sy, weight } = xFamily ? grid.faces.xFaces : grid.faces.yFaces;
    const step = xFamily ? 1 : W;
    for (let j = xFamily ? j0 : j0 - 1; j <= j1; j++) {
      // A y-face below or above the band adds to the band's side only.
      const [writeLow, writeHigh] = xFamily ? [true, true] : [j >= j0, j < j1];
      for (let i = xFamily ? 0 : 1; i <= nx; i++) {
        const L = i + W * j;
        const H = L + step;
        const lowInside = xFamily ? i > 0 : j > 0;
        const highInside = xFamily ? i < nx : j < ny;
        const w = weight[L]!;
        const mu = !lowInside ? muT[L]! : !highInside ? muT[H]! : (1 - w) * muT[L]! + w * muT[H]!;
        if (mu === 0) continue;
        // A boundary face takes the cell's own gradients (the ring holds none).
        const P = !lowInside ? H : L;
        const a = lowInside && highInside ? w : 0;
        const sx = Sx[L]!;
        const sy = Sy[L]!;
        const fx = mu * ((ux[P]! + a * (ux[H]! - ux[P]!)) * sx + (vx[P]! + a * (vx[H]! - vx[P]!)) * sy);
        const fy = mu * ((uy[P]! + a * (uy[H]! - uy[P]!)) * sx + (vy[P]! + a * (vy[H]! - vy[P]!)) * sy);
        if (lowInside && writeLow) {
          suX[L] += fx;
          suY[L] += fy;
        }
        if (highInside && writeHigh) {
          suX[H] -= fx;
          suY[H] -= fy;
        }
      }
    }
  }
}
