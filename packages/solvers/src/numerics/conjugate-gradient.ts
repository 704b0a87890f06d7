// Preconditioned conjugate gradients (Hestenes & Stiefel 1952; Saad, Iterative Methods for Sparse
// Linear Systems, 2003, algorithm 9.1) for a symmetric positive definite A, given as two callbacks:
// the product q = A p (returning p·q, which a product loop can sum on the way) and the
// preconditioner z = M⁻¹ r. The plate's multigrid-preconditioned solve and the jet's pressure
// correction both iterate with it; the thermal core keeps its own loop, fused over its coupled rows.
//
// Stop when ‖r‖₂ ≤ tolerance · ‖b‖₂ (‖b‖₂ = 0 counts as 1). The sums run in index order, so a caller
// gets bit-identical iterates whatever product it supplies, as long as that product is exact.

import type { AbortCheck } from '../run/types.js';

export interface SpdSystem {
  size: number;
  /** q = A p; returns Σ p_i q_i in index order. */
  multiply(p: Float64Array, q: Float64Array): number;
  /** z = M⁻¹ r for a symmetric positive definite M. */
  precondition(r: Float64Array, z: Float64Array): void;
}

export interface ConjugateGradientReport {
  iterations: number;
  relativeResidual: number;
  converged: boolean;
}

/** The four work vectors of one solve, allocated once by a caller that solves repeatedly. */
export interface ConjugateGradientWork {
  r: Float64Array;
  z: Float64Array;
  p: Float64Array;
  q: Float64Array;
}

export function conjugateGradientWork(size: number): ConjugateGradientWork {
  return { r: new Float64Array(size), z: new Float64Array(size), p: new Float64Array(size), q: new Float64Array(size) };
}

/** Solves A x = b from the x given. `checkAbort` is polled once per iteration. */
export function conjugateGradient(
  system: SpdSystem,
  b: Float64Array,
  x: Float64Array,
  settings: { tolerance: number; maxIterations: number },
  work: ConjugateGradientWork = conjugateGradientWork(system.size),
  checkAbort?: AbortCheck,
): ConjugateGradientReport {
  const { r, z, p, q } = work;
  const n = system.size;
  system.multiply(x, q);
  let bNorm = 0;
  let rNorm = 0;
  for (let i = 0; i < n; i++) {
    r[i] = b[i]! - q[i]!;
    bNorm += b[i]! * b[i]!;
    rNorm += r[i]! * r[i]!;
  }
  bNorm = Math.sqrt(bNorm) || 1;
  if (Math.sqrt(rNorm) <= settings.tolerance * bNorm) return { iterations: 0, relativeResidual: Math.sqrt(rNorm) / bNorm, converged: true };
  system.precondition(r, z);
  let rz = 0;
  for (let i = 0; i < n; i++) {
    p[i] = z[i]!;
    rz += r[i]! * z[i]!;
  }
  for (let iteration = 1; iteration <= settings.maxIterations; iteration++) {
    checkAbort?.();
    const alpha = rz / system.multiply(p, q);
    rNorm = 0;
    for (let i = 0; i < n; i++) {
      x[i] += alpha * p[i]!;
      r[i] -= alpha * q[i]!;
      rNorm += r[i]! * r[i]!;
    }
    const relative = Math.sqrt(rNorm) / bNorm;
    if (relative <= settings.tolerance) return { iterations: iteration, relativeResidual: relative, converged: true };
    system.precondition(r, z);
    let rzNew = 0;
    for (let i = 0; i < n; i++) rzNew += r[i]! * z[i]!;
    const beta = rzNew / rz;
    rz = rzNew;
    for (let i = 0; i < n; i++) p[i] = z[i]! + beta * p[i]!;
  }
  return { iterations: settings.maxIterations, relativeResidual: Math.sqrt(rNorm) / bNorm, converged: false };
}
