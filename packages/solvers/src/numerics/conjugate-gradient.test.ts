import { describe, expect, it } from 'vitest';
import { conjugateGradient, type SpdSystem } from './conjugate-gradient.js';

/** −u'' = f on (0, 1), u(0) = u(1) = 0, n interior nodes: the tridiagonal (−1, 2, −1)/h² system. */
function poisson1d(n: number, precondition: SpdSystem['precondition']): SpdSystem {
  const h2 = 1 / (n + 1) ** 2;
  return {
    size: n,
    multiply(p, q) {
      let dot = 0;
      for (let i = 0; i < n; i++) {
        q[i] = (2 * p[i]! - (i > 0 ? p[i - 1]! : 0) - (i < n - 1 ? p[i + 1]! : 0)) / h2;
        dot += p[i]! * q[i]!;
      }
      return dot;
    },
    precondition,
  };
}

const identity: SpdSystem['precondition'] = (r, z) => z.set(r);

describe('conjugateGradient', () => {
  // f = π² sin(πx): the discrete solution is sin(πx) scaled by (πh/2)²/sin²(πh/2), exactly.
  it('solves the 1-D Poisson system to its tolerance, in at most n iterations (exact arithmetic: n)', () => {
    const n = 63;
    const h = 1 / (n + 1);
    const b = Float64Array.from({ length: n }, (_, i) => Math.PI ** 2 * Math.sin(Math.PI * (i + 1) * h));
    const x = new Float64Array(n);
    const report = conjugateGradient(poisson1d(n, identity), b, x, { tolerance: 1e-12, maxIterations: 2 * n });
    expect(report.converged).toBe(true);
    // The system's eigenvectors are sines: CG on this right-hand side (one eigenvector) needs one step.
    expect(report.iterations).toBe(1);
    const scale = (Math.PI * h) / 2 / Math.sin((Math.PI * h) / 2);
    for (let i = 0; i < n; i++) expect(x[i]).toBeCloseTo(scale ** 2 * Math.sin(Math.PI * (i + 1) * h), 10);
  });

  it('takes at most n iterations on a general right-hand side, and a Jacobi preconditioner changes nothing on a constant diagonal', () => {
    const n = 40;
    const b = Float64Array.from({ length: n }, (_, i) => ((i * 7919) % 13) - 6);
    const plain = new Float64Array(n);
    const jacobi = new Float64Array(n);
    const h2 = 1 / (n + 1) ** 2;
    const a = conjugateGradient(poisson1d(n, identity), b, plain, { tolerance: 1e-10, maxIterations: 10 * n });
    const j = conjugateGradient(poisson1d(n, (r, z) => z.set(r.map((v) => (v * h2) / 2))), b, jacobi, { tolerance: 1e-10, maxIterations: 10 * n });
    expect(a.converged && j.converged).toBe(true);
    expect(a.iterations).toBeLessThanOrEqual(n + 2);
    expect(j.iterations).toBe(a.iterations);
    // The residual of the answer, recomputed, is what the report says.
    const q = new Float64Array(n);
    poisson1d(n, identity).multiply(plain, q);
    const residual = Math.hypot(...b.map((v, i) => v - q[i]!)) / Math.hypot(...b);
    expect(residual).toBeLessThan(1e-9);
  });

  it('starts from the x given: an exact start takes no iteration; too few iterations report not converged', () => {
    const n = 20;
    const b = Float64Array.from({ length: n }, (_, i) => i + 1);
    const x = new Float64Array(n);
    conjugateGradient(poisson1d(n, identity), b, x, { tolerance: 1e-13, maxIterations: 100 });
    expect(conjugateGradient(poisson1d(n, identity), b, x, { tolerance: 1e-8, maxIterations: 100 }).iterations).toBe(0);
    const short = conjugateGradient(poisson1d(n, identity), b, new Float64Array(n), { tolerance: 1e-13, maxIterations: 3 });
    expect(short).toMatchObject({ iterations: 3, converged: false });
    expect(short.relativeResidual).toBeGreaterThan(1e-13);
  });
});
