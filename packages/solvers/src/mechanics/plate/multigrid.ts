// Geometric multigrid for the plate matrices, used as the conjugate-gradient preconditioner. A coarse
// grid keeps every other face of the fine one (and the last), so every coarse cell is a union of
// fine cells and the coarse element spaces lie inside the fine ones: bicubic Hermite (bending) and
// bilinear (membrane) functions are reproduced exactly by the fine interpolation. The prolongation is
// that interpolation (tensor product of 1-D Hermite or linear interpolation), the restriction its
// transpose, and each coarse matrix is the same element assembly on the coarse grid, which equals the
// Galerkin product Pᵀ A P because the section is the same everywhere and the supports constrain
// nested sets. Smoother: line Gauss–Seidel, x-lines then y-lines before the coarse correction and the
// reverse (y-lines, then x-lines, in reverse order) after, so one V-cycle is a symmetric positive
// definite preconditioner; exact line solves keep it effective on stretched cells (line-smoother.ts).
// Coarsest level: dense Cholesky.

import type { AbortCheck } from '../../run/types.js';
import { LineSmoother } from './line-smoother.js';
import { choleskyInPlace, choleskySolveInPlace, type NodeBlockMatrix } from './node-block-matrix.js';
import type { PlateGrid } from './grid.js';
import { hermite } from './hermite.js';

/** Interpolation along one axis: 'hermite' carries value and slope per node, 'linear' the value. */
export type AxisInterpolation = 'hermite' | 'linear';

/** Every other face and the last; null when the axis has two cells or fewer. */
export function coarsenFaces(faces: Float64Array): Float64Array | null {
  const cells = faces.length - 1;
  if (cells <= 2) return null;
  const kept: number[] = [];
  for (let i = 0; i < cells; i += 2) kept.push(faces[i]!);
  kept.push(faces[cells]!);
  return Float64Array.from(kept);
}

/** The grids of the hierarchy, finest first, down to at most two cells per axis. */
export function gridHierarchy(grid: PlateGrid): PlateGrid[] {
  const grids = [grid];
  for (;;) {
    const last = grids[grids.length - 1]!;
    const x = coarsenFaces(last.xFaces);
    const y = coarsenFaces(last.yFaces);
    if (!x && !y) return grids;
    grids.push({ xFaces: x ?? last.xFaces, yFaces: y ?? last.yFaces });
  }
}

/**
 * Per fine face: the coarse faces it interpolates from and, for each, a k×k weight block (fine
 * unknown a ← coarse unknown b, row-major), k = 2 (value, slope) for Hermite, 1 for linear.
 */
interface AxisTransfer {
  k: number;
  coarse: number[][];
  weights: Float64Array[][];
}

function axisTransfer(fine: Float64Array, coarse: Float64Array, interpolation: AxisInterpolation): AxisTransfer {
  const k = interpolation === 'hermite' ? 2 : 1;
  const same = fine.length === coarse.length;
  const last = fine.length - 1;
  const transfer: AxisTransfer = { k, coarse: [], weights: [] };
  for (let i = 0; i <= last; i++) {
    const identity = Float64Array.from(k === 2 ? [1, 0, 0, 1] : [1]);
    if (same || i === last || i % 2 === 0) {
      transfer.coarse.push([same ? i : i === last ? coarse.length - 1 : i / 2]);
      transfer.weights.push([identity]);
      continue;
    }
    const I = (i - 1) / 2;
    const a = coarse[I + 1]! - coarse[I]!;
    const xi = (fine[i]! - coarse[I]!) / a;
    transfer.coarse.push([I, I + 1]);
    if (k === 1) {
      transfer.weights.push([Float64Array.of(1 - xi), Float64Array.of(xi)]);
    } else {
      const h = hermite(xi, a);
      transfer.weights.push([Float64Array.of(h.value[0]!, h.value[1]!, h.first[0]!, h.first[1]!), Float64Array.of(h.value[2]!, h.value[3]!, h.first[2]!, h.first[3]!)]);
    }
  }
  return transfer;
}

/**
 * Prolongation between two levels. Node unknowns are ordered c·k² + sx + k·sy: component c (u, v
 * for the membrane), derivative order sx along x and sy along y (w, w_x, w_y, w_xy for bending).
 */
class Transfer {
  private readonly x: AxisTransfer;
  private readonly y: AxisTransfer;
  private readonly fineNodesX: number;
  private readonly coarseNodesX: number;

  constructor(
    fine: PlateGrid,
    coarse: PlateGrid,
    interpolation: AxisInterpolation,
    private readonly components: number,
  ) {
    this.x = axisTransfer(fine.xFaces, coarse.xFaces, interpolation);
    this.y = axisTransfer(fine.yFaces, coarse.yFaces, interpolation);
    this.fineNodesX = fine.xFaces.length;
    this.coarseNodesX = coarse.xFaces.length;
  }

  /** fine = P coarse (mode 'prolong') or coarse += Pᵀ fine (mode 'restrict'). */
  private apply(fine: Float64Array, coarse: Float64Array, mode: 'prolong' | 'restrict'): void {
    const { k } = this.x;
    const k2 = k * k;
    const d = this.components * k2;
    if (mode === 'prolong') fine.fill(0);
    else coarse.fill(0);
    for (let j = 0; j < this.y.coarse.length; j++) {
      for (let i = 0; i < this.x.coarse.length; i++) {
        const f = (i + this.fineNodesX * j) * d;
        const cxs = this.x.coarse[i]!;
        const cys = this.y.coarse[j]!;
        for (let p = 0; p < cxs.length; p++) {
          const wx = this.x.weights[i]![p]!;
          for (let q = 0; q < cys.length; q++) {
            const wy = this.y.weights[j]![q]!;
            const c = (cxs[p]! + this.coarseNodesX * cys[q]!) * d;
            for (let comp = 0; comp < this.components; comp++) {
              for (let sy = 0; sy < k; sy++)
                for (let sx = 0; sx < k; sx++)
                  for (let ty = 0; ty < k; ty++)
                    for (let tx = 0; tx < k; tx++) {
                      const weight = wx[sx * k + tx]! * wy[sy * k + ty]!;
                      if (weight === 0) continue;
                      const fi = f + comp * k2 + sx + k * sy;
                      const ci = c + comp * k2 + tx + k * ty;
                      if (mode === 'prolong') fine[fi] += weight * coarse[ci]!;
                      else coarse[ci] += weight * fine[fi]!;
                    }
            }
          }
        }
      }
    }
  }

  prolong(coarse: Float64Array, fine: Float64Array): void {
    this.apply(fine, coarse, 'prolong');
  }

  restrict(fine: Float64Array, coarse: Float64Array): void {
    this.apply(fine, coarse, 'restrict');
  }
}

export interface MultigridOptions {
  interpolation: AxisInterpolation;
  components: number;
  /** Smoothing steps (each an x-line and a y-line sweep) before and after the coarse correction. */
  sweeps: number;
  /** Polled through the set-up (every line of each level's factorisation) and the V-cycle (each level's stages). */
  checkAbort?: AbortCheck;
}

/** One V-cycle z = M⁻¹ r over `matrices` (finest first) assembled on `grids`. */
export class MultigridCycle {
  private readonly smoothers: LineSmoother[];
  private readonly transfers: Transfer[];
  private readonly rhs: Float64Array[];
  private readonly solution: Float64Array[];
  private readonly residual: Float64Array[];
  private readonly coarsest: Float64Array;

  constructor(
    private readonly matrices: readonly NodeBlockMatrix[],
    grids: readonly PlateGrid[],
    private readonly options: MultigridOptions,
  ) {
    this.smoothers = matrices.slice(0, -1).map((A) => new LineSmoother(A, options.checkAbort));
    this.transfers = grids.slice(0, -1).map((grid, l) => new Transfer(grid, grids[l + 1]!, options.interpolation, options.components));
    this.rhs = matrices.map((A) => new Float64Array(A.size));
    this.solution = matrices.map((A) => new Float64Array(A.size));
    this.residual = matrices.map((A) => new Float64Array(A.size));
    const last = matrices[matrices.length - 1]!;
    this.coarsest = last.toDense();
    choleskyInPlace(this.coarsest, last.size);
  }

  readonly apply = (r: Float64Array, z: Float64Array): void => {
    this.rhs[0]!.set(r);
    this.cycle(0);
    z.set(this.solution[0]!);
  };

  private cycle(level: number): void {
    this.options.checkAbort?.();
    const A = this.matrices[level]!;
    const b = this.rhs[level]!;
    const x = this.solution[level]!;
    if (level === this.matrices.length - 1) {
      x.set(b);
      choleskySolveInPlace(this.coarsest, A.size, x);
      return;
    }
    const smoother = this.smoothers[level]!;
    const r = this.residual[level]!;
    x.fill(0);
    for (let s = 0; s < this.options.sweeps; s++) {
      smoother.sweep(b, x, 'x', 'forward');
      smoother.sweep(b, x, 'y', 'forward');
    }
    this.options.checkAbort?.();
    A.multiply(x, r);
    for (let i = 0; i < r.length; i++) r[i] = b[i]! - r[i]!;
    const coarse = this.matrices[level + 1]!;
    const transfer = this.transfers[level]!;
    transfer.restrict(r, this.rhs[level + 1]!);
    zeroFixed(coarse, this.rhs[level + 1]!);
    this.cycle(level + 1);
    this.options.checkAbort?.();
    transfer.prolong(this.solution[level + 1]!, r);
    zeroFixed(A, r);
    for (let i = 0; i < x.length; i++) x[i] += r[i]!;
    for (let s = 0; s < this.options.sweeps; s++) {
      smoother.sweep(b, x, 'y', 'backward');
      smoother.sweep(b, x, 'x', 'backward');
    }
  }
}

function zeroFixed(A: NodeBlockMatrix, v: Float64Array): void {
  for (let i = 0; i < v.length; i++) if (A.fixed[i]) v[i] = 0;
}
