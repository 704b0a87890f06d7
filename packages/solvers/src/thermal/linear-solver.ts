// Preconditioned conjugate gradients for the symmetric positive definite 7-point systems of the
// implicit schemes:  D_i x_i − Σ_nb O_f x_nb = b_i, with the off-diagonal couplings O stored like the
// face conductances (Ox[i] couples i and i+1, Oy[i] i and i+nx, Oz[i] i and i+nx·ny).
// Preconditioners: Jacobi (diagonal), or IC(0) (incomplete Cholesky without fill: M = (D̃+L) D̃⁻¹ (D̃+Lᵀ),
// D̃_i = D_i − Σ_{j<i} O_ij²/D̃_j; Meijerink & van der Vorst 1977). Work vectors are allocated once.

export type Preconditioner = 'jacobi' | 'ic0';

export interface LinearSolverSettings {
  preconditioner: Preconditioner;
  /** Stop when ‖r‖₂ ≤ tolerance · ‖b‖₂. */
  tolerance: number;
  maxIterations: number;
}

export interface SevenPointMatrix {
  nx: number;
  ny: number;
  nz: number;
  D: Float64Array;
  Ox: Float64Array;
  Oy: Float64Array;
  Oz: Float64Array;
}

export interface LinearSolveReport {
  iterations: number;
  relativeResidual: number;
  converged: boolean;
}

export function multiply(A: SevenPointMatrix, x: Float64Array, y: Float64Array): void {
  const { nx, ny, nz, D, Ox, Oy, Oz } = A;
  const plane = nx * ny;
  const n = plane * nz;
  for (let i = 0; i < n; i++) y[i] = D[i]! * x[i]!;
  for (let row = 0; row < n; row += nx) {
    const end = row + nx - 1;
    for (let i = row; i < end; i++) {
      const o = Ox[i]!;
      y[i] -= o * x[i + 1]!;
      y[i + 1] -= o * x[i]!;
    }
  }
  for (let iz = 0; iz < nz; iz++) {
    const end = iz * plane + plane - nx;
    for (let i = iz * plane; i < end; i++) {
      const o = Oy[i]!;
      y[i] -= o * x[i + nx]!;
      y[i + nx] -= o * x[i]!;
    }
  }
  const end = n - plane;
  for (let i = 0; i < end; i++) {
    const o = Oz[i]!;
    y[i] -= o * x[i + plane]!;
    y[i + plane] -= o * x[i]!;
  }
}

export class ConjugateGradient {
  private readonly r: Float64Array;
  private readonly z: Float64Array;
  private readonly p: Float64Array;
  private readonly q: Float64Array;
  private readonly pivot: Float64Array;

  constructor(readonly size: number) {
    this.r = new Float64Array(size);
    this.z = new Float64Array(size);
    this.p = new Float64Array(size);
    this.q = new Float64Array(size);
    this.pivot = new Float64Array(size);
  }

  /** Solves A x = b starting from the x given (the previous temperature is a good start). */
  solve(A: SevenPointMatrix, b: Float64Array, x: Float64Array, settings: LinearSolverSettings): LinearSolveReport {
    const { r, z, p, q } = this;
    const n = this.size;
    this.factor(A, settings.preconditioner);
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
    this.precondition(A, settings.preconditioner, r, z);
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
      this.precondition(A, settings.preconditioner, r, z);
      let rzNew = 0;
      for (let i = 0; i < n; i++) rzNew += r[i]! * z[i]!;
      const beta = rzNew / rz;
      rz = rzNew;
      for (let i = 0; i < n; i++) p[i] = z[i]! + beta * p[i]!;
    }
    return { iterations: settings.maxIterations, relativeResidual: Math.sqrt(rNorm) / bNorm, converged: false };
  }

  private factor(A: SevenPointMatrix, preconditioner: Preconditioner): void {
    const { nx, ny, D, Ox, Oy, Oz } = A;
    const d = this.pivot;
    const plane = nx * ny;
    if (preconditioner === 'jacobi') {
      for (let i = 0; i < this.size; i++) d[i] = 1 / D[i]!;
      return;
    }
    for (let i = 0; i < this.size; i++) {
      let v = D[i]!;
      if (i >= 1) v -= (Ox[i - 1]! * Ox[i - 1]!) / d[i - 1]!;
      if (i >= nx) v -= (Oy[i - nx]! * Oy[i - nx]!) / d[i - nx]!;
      if (i >= plane) v -= (Oz[i - plane]! * Oz[i - plane]!) / d[i - plane]!;
      d[i] = v;
    }
  }

  private precondition(A: SevenPointMatrix, preconditioner: Preconditioner, r: Float64Array, z: Float64Array): void {
    const n = this.size;
    const d = this.pivot;
    if (preconditioner === 'jacobi') {
      for (let i = 0; i < n; i++) z[i] = r[i]! * d[i]!;
      return;
    }
    const { nx, ny, Ox, Oy, Oz } = A;
    const plane = nx * ny;
    for (let i = 0; i < n; i++) {
      let v = r[i]!;
      if (i >= 1) v += Ox[i - 1]! * z[i - 1]!;
      if (i >= nx) v += Oy[i - nx]! * z[i - nx]!;
      if (i >= plane) v += Oz[i - plane]! * z[i - plane]!;
      z[i] = v / d[i]!;
    }
    for (let i = n - 1; i >= 0; i--) {
      let v = 0;
      if (i + 1 < n) v += Ox[i]! * z[i + 1]!;
      if (i + nx < n) v += Oy[i]! * z[i + nx]!;
      if (i + plane < n) v += Oz[i]! * z[i + plane]!;
      z[i] += v / d[i]!;
    }
  }
}
