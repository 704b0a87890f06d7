// Preconditioned conjugate gradients for the plate's symmetric positive definite systems, with the
// preconditioner chosen by name: a multigrid V-cycle (default: iterations independent of the mesh),
// block Jacobi M = D, or symmetric block Gauss–Seidel M = (D + L) D⁻¹ (D + Lᵀ), D the node blocks.

import { DivergedError } from '../../errors.js';
import { conjugateGradient, conjugateGradientWork } from '../../numerics/conjugate-gradient.js';
import type { AbortCheck } from '../../run/types.js';
import type { PlateGrid } from './grid.js';
import { MultigridCycle, type AxisInterpolation } from './multigrid.js';
import type { NodeBlockMatrix } from './node-block-matrix.js';

export type PlatePreconditioner = 'multigrid' | 'block-jacobi' | 'symmetric-block-gauss-seidel';

export interface PlateLinearSolverSettings {
  preconditioner: PlatePreconditioner;
  /** Stop when ‖r‖₂ ≤ tolerance · ‖b‖₂. */
  tolerance: number;
  /** Upper bound on the iterations; by default 10 × the number of unknowns. */
  maxIterations?: number;
}

export const DEFAULT_PLATE_LINEAR_SOLVER: PlateLinearSolverSettings = { preconditioner: 'multigrid', tolerance: 1e-10 };

export interface PlateLinearSolveReport {
  iterations: number;
  relativeResidual: number;
}

/** The matrices of one problem on the grids of a hierarchy (finest first; only the finest is needed without multigrid). */
export interface PlateSystem {
  matrices: NodeBlockMatrix[];
  grids: PlateGrid[];
  interpolation: AxisInterpolation;
  components: number;
}

/**
 * Solves A x = b (A the finest matrix) starting from x. Throws DivergedError when the tolerance is not
 * reached. `checkAbort` is called once per iteration (one V-cycle) and between the multigrid levels'
 * set-up.
 */
export function solvePlateSystem(system: PlateSystem, b: Float64Array, x: Float64Array, settings: PlateLinearSolverSettings, checkAbort?: AbortCheck): PlateLinearSolveReport {
  const A = system.matrices[0]!;
  const n = A.size;
  const maxIterations = settings.maxIterations ?? 10 * n;
  const multiply = (p: Float64Array, q: Float64Array): number => {
    A.multiply(p, q);
    let pq = 0;
    for (let i = 0; i < n; i++) pq += p[i]! * q[i]!;
    return pq;
  };
  const spd = { size: n, multiply, precondition: preconditioner(system, settings.preconditioner, checkAbort) };
  const report = conjugateGradient(spd, b, x, { tolerance: settings.tolerance, maxIterations }, conjugateGradientWork(n), checkAbort);
  if (!report.converged) throw new DivergedError(`plate solver: conjugate gradients did not reach ${settings.tolerance} in ${maxIterations} iterations`, maxIterations, report.relativeResidual);
  return { iterations: report.iterations, relativeResidual: report.relativeResidual };
}

function preconditioner(system: PlateSystem, name: PlatePreconditioner, checkAbort: AbortCheck | undefined): (r: Float64Array, z: Float64Array) => void {
  const A = system.matrices[0]!;
  if (name === 'multigrid' && system.matrices.length > 1) return new MultigridCycle(system.matrices, system.grids, { interpolation: system.interpolation, components: system.components, sweeps: 1, ...(checkAbort ? { checkAbort } : {}) }).apply;
  const inverse = A.invertDiagonalBlocks();
  if (name === 'block-jacobi') {
    const d = A.dofs;
    return (r, z) => {
      for (let node = 0; node < A.nodeCount; node++) {
        for (let a = 0; a < d; a++) {
          let sum = 0;
          for (let c = 0; c < d; c++) sum += inverse[node * d * d + a * d + c]! * r[node * d + c]!;
          z[node * d + a] = sum;
        }
      }
    };
  }
  return (r, z) => {
    z.fill(0);
    A.gaussSeidel(inverse, r, z, 'forward');
    A.gaussSeidel(inverse, r, z, 'backward');
  };
}
