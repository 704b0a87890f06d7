import { describe, expect, it } from 'vitest';
import { ConjugateGradient, multiply, type LinearSolverSettings, type SevenPointMatrix } from './linear-solver.js';

/** A deterministic generator (LCG) so the systems are the same on every run. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * An SPD 7-point matrix like the thermal core's: positive couplings, D = Σ couplings + a margin
 * (so λ_min ≥ margin by Gershgorin), and `void` rows (every cell of a row along x with no coupling
 * and D = 1), as the void and undeposited cells of the welding meshes.
 */
function system(options: { nx: number; ny: number; nz: number; margin: number; voidRow: (iy: number, iz: number) => boolean; seed: number }): SevenPointMatrix {
  const { nx, ny, nz, margin, voidRow } = options;
  const next = random(options.seed);
  const n = nx * ny * nz;
  const A: SevenPointMatrix = { nx, ny, nz, D: new Float64Array(n), Ox: new Float64Array(n), Oy: new Float64Array(n), Oz: new Float64Array(n) };
  const solid = (ix: number, iy: number, iz: number) => ix < nx && iy < ny && iz < nz && !voidRow(iy, iz);
  for (let iz = 0; iz < nz; iz++)
    for (let iy = 0; iy < ny; iy++)
      for (let ix = 0; ix < nx; ix++) {
        const i = ix + nx * (iy + ny * iz);
        if (!solid(ix, iy, iz)) continue;
        A.Ox[i] = solid(ix + 1, iy, iz) ? 0.5 + next() : 0;
        A.Oy[i] = solid(ix, iy + 1, iz) ? 0.5 + next() : 0;
        A.Oz[i] = solid(ix, iy, iz + 1) ? 0.5 + next() : 0;
      }
  const sums = new Float64Array(n);
  const plane = nx * ny;
  for (let i = 0; i < n; i++) {
    sums[i] += A.Ox[i]! + A.Oy[i]! + A.Oz[i]!;
    if (A.Ox[i]) sums[i + 1] += A.Ox[i]!;
    if (A.Oy[i]) sums[i + nx] += A.Oy[i]!;
    if (A.Oz[i]) sums[i + plane] += A.Oz[i]!;
  }
  for (let iz = 0; iz < nz; iz++) for (let iy = 0; iy < ny; iy++) for (let ix = 0; ix < nx; ix++) {
    const i = ix + nx * (iy + ny * iz);
    A.D[i] = voidRow(iy, iz) ? 1 : sums[i]! + margin * (1 + next());
  }
  return A;
}

const norm = (v: Float64Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

function residual(A: SevenPointMatrix, b: Float64Array, x: Float64Array): number {
  const Ax = new Float64Array(b.length);
  multiply(A, x, Ax);
  return norm(b.map((v, i) => v - Ax[i]!));
}

describe('conjugate gradients on 7-point systems', () => {
  const shape = { nx: 12, ny: 9, nz: 7, margin: 0.05, seed: 7, voidRow: (iy: number, iz: number) => iy > 5 && iz > 3 };
  const A = system(shape);
  const n = A.D.length;
  const next = random(11);
  const exact = Float64Array.from({ length: n }, () => 300 + 1000 * next());
  const b = new Float64Array(n);
  multiply(A, exact, b);

  for (const preconditioner of ['ic0', 'jacobi'] as const) {
    it(`${preconditioner}: meets ‖r‖ ≤ tol‖b‖ (checked with the full product) and |x − x*| ≤ tol‖b‖/λ_min`, () => {
      const settings: LinearSolverSettings = { preconditioner, tolerance: 1e-9, maxIterations: 1000 };
      // Start away from the solution everywhere, void rows included.
      const x = Float64Array.from({ length: n }, () => 293.15);
      const report = new ConjugateGradient(n).solve(A, b, x, settings);
      expect(report.converged).toBe(true);
      expect(residual(A, b, x)).toBeLessThanOrEqual(settings.tolerance * norm(b) * (1 + 1e-6));
      // ‖x − x*‖ ≤ ‖A⁻¹‖ ‖r‖ ≤ tol ‖b‖ / λ_min, λ_min ≥ the margin (Gershgorin).
      expect(norm(x.map((v, i) => v - exact[i]!))).toBeLessThanOrEqual((settings.tolerance * norm(b)) / shape.margin);
    });
  }

  it('solves decoupled rows exactly (x = b/D) and leaves them out of the iteration', () => {
    const x = new Float64Array(n);
    new ConjugateGradient(n).solve(A, b, x, { preconditioner: 'ic0', tolerance: 1e-9, maxIterations: 1000 });
    for (let iz = 0; iz < shape.nz; iz++)
      for (let iy = 0; iy < shape.ny; iy++) {
        if (!shape.voidRow(iy, iz)) continue;
        for (let ix = 0; ix < shape.nx; ix++) {
          const i = ix + shape.nx * (iy + shape.ny * iz);
          expect(x[i]).toBe(b[i]! / A.D[i]!);
        }
      }
  });

  it('IC(0) is the exact Cholesky factor of uncoupled tridiagonal rows: one iteration', () => {
    // No y or z coupling: every row is a tridiagonal system, which IC(0) factors without dropping fill.
    const B = system({ ...shape, voidRow: () => false });
    B.Oy.fill(0);
    B.Oz.fill(0);
    const rhs = new Float64Array(n);
    multiply(B, exact, rhs);
    const x = new Float64Array(n);
    const report = new ConjugateGradient(n).solve(B, rhs, x, { preconditioner: 'ic0', tolerance: 1e-12, maxIterations: 50 });
    expect(report.iterations).toBe(1);
    expect(residual(B, rhs, x)).toBeLessThanOrEqual(1e-12 * norm(rhs));
  });

  it('IC(0) needs fewer iterations than Jacobi', () => {
    const settings = { tolerance: 1e-9, maxIterations: 1000 };
    const ic = new ConjugateGradient(n).solve(A, b, new Float64Array(n), { ...settings, preconditioner: 'ic0' });
    const jacobi = new ConjugateGradient(n).solve(A, b, new Float64Array(n), { ...settings, preconditioner: 'jacobi' });
    expect(ic.iterations).toBeLessThan(jacobi.iterations);
  });

  it('ignores couplings stored past the end of a row, a plane or the mesh (as `multiply` does)', () => {
    const B: SevenPointMatrix = { ...A, Ox: A.Ox.slice(), Oy: A.Oy.slice(), Oz: A.Oz.slice() };
    const { nx, ny, nz } = A;
    for (let iz = 0; iz < nz; iz++)
      for (let iy = 0; iy < ny; iy++) {
        B.Ox[nx - 1 + nx * (iy + ny * iz)] = 5;
        if (iy === ny - 1) for (let ix = 0; ix < nx; ix++) B.Oy[ix + nx * (iy + ny * iz)] = 5;
        if (iz === nz - 1) for (let ix = 0; ix < nx; ix++) B.Oz[ix + nx * (iy + ny * iz)] = 5;
      }
    const settings: LinearSolverSettings = { preconditioner: 'ic0', tolerance: 1e-10, maxIterations: 1000 };
    const clean = new Float64Array(n);
    const dirty = new Float64Array(n);
    const a = new ConjugateGradient(n).solve(A, b, clean, settings);
    const d = new ConjugateGradient(n).solve(B, b, dirty, settings);
    expect(d.iterations).toBe(a.iterations);
    expect(Array.from(dirty)).toEqual(Array.from(clean));
  });

  it('returns at once when the start already solves the system', () => {
    const x = exact.slice();
    const report = new ConjugateGradient(n).solve(A, b, x, { preconditioner: 'ic0', tolerance: 1e-9, maxIterations: 10 });
    expect(report.iterations).toBe(0);
  });
});

/** IC(0) swept in mesh order over every cell (the textbook order): the pivots 1/D̃ and z = M⁻¹ r. */
function meshOrderIc0(A: SevenPointMatrix, r: Float64Array): Float64Array {
  const { nx, ny, nz, D, Ox, Oy, Oz } = A;
  const plane = nx * ny;
  const n = plane * nz;
  const d = new Float64Array(n);
  const z = new Float64Array(n);
  const has = (i: number) => ({ west: i % nx > 0, south: i % plane >= nx, below: i >= plane, east: i % nx < nx - 1, north: i % plane < plane - nx, above: i + plane < n });
  for (let i = 0; i < n; i++) {
    const h = has(i);
    let v = D[i]!;
    if (h.west) v -= Ox[i - 1]! * Ox[i - 1]! * d[i - 1]!;
    if (h.south) v -= Oy[i - nx]! * Oy[i - nx]! * d[i - nx]!;
    if (h.below) v -= Oz[i - plane]! * Oz[i - plane]! * d[i - plane]!;
    d[i] = 1 / v;
  }
  for (let i = 0; i < n; i++) {
    const h = has(i);
    let v = r[i]!;
    if (h.west) v += Ox[i - 1]! * z[i - 1]!;
    if (h.south) v += Oy[i - nx]! * z[i - nx]!;
    if (h.below) v += Oz[i - plane]! * z[i - plane]!;
    z[i] = v * d[i]!;
  }
  for (let i = n - 1; i >= 0; i--) {
    const h = has(i);
    let v = 0;
    if (h.east) v += Ox[i]! * z[i + 1]!;
    if (h.north) v += Oy[i]! * z[i + nx]!;
    if (h.above) v += Oz[i]! * z[i + plane]!;
    z[i] = z[i]! + v * d[i]!;
  }
  return z;
}

interface Internals {
  rowSet(A: SevenPointMatrix): { start: Int32Array; count: number; mid: number };
  factor(A: SevenPointMatrix, preconditioner: 'ic0', rows: unknown, wasm: unknown): void;
  precondition(A: SevenPointMatrix, preconditioner: 'ic0', r: Float64Array, z: Float64Array, rows: unknown, wasm: unknown): number;
  wasm: unknown;
  z: Float64Array;
}

describe('IC(0) over the rows listed in two parts (south of one cut in every plane, then the rest)', () => {
  const shapes = [
    { nx: 12, ny: 9, nz: 7, voidRow: (iy: number, iz: number) => iy > 5 && iz > 3 },
    // A section whose coupled rows lie mostly north in the lower planes and south in the upper ones.
    { nx: 5, ny: 11, nz: 6, voidRow: (iy: number, iz: number) => (iz < 3 ? iy < 4 : iy > 6) },
    { nx: 1, ny: 8, nz: 4, voidRow: (iy: number) => iy === 3 },
    { nx: 7, ny: 1, nz: 5, voidRow: () => false },
  ];
  shapes.forEach((shape, s) => {
    for (const path of ['typescript', 'webassembly'] as const) {
      it(`gives every cell of a coupled row the mesh-order sweep's value bit for bit (shape ${s + 1}, ${path})`, () => {
        const A0 = system({ ...shape, margin: 0.05, seed: 3 + s });
        const n = A0.D.length;
        const cg = new ConjugateGradient(n);
        const inner = cg as unknown as Internals;
        const wasm = path === 'webassembly' ? inner.wasm : undefined;
        if (path === 'webassembly' && !wasm) return;
        // The WebAssembly loops run on arrays in the solver's own memory, the TypeScript ones on others.
        const own = cg.systemArrays();
        const A: SevenPointMatrix = path === 'webassembly' ? { ...A0, D: own.D, Ox: own.Ox, Oy: own.Oy, Oz: own.Oz } : A0;
        if (path === 'webassembly') for (const key of ['D', 'Ox', 'Oy', 'Oz'] as const) A[key].set(A0[key]);
        const next = random(5 + s);
        const r = path === 'webassembly' ? own.b : new Float64Array(n);
        for (let i = 0; i < n; i++) r[i] = next() - 0.5;
        const rows = inner.rowSet(A);
        expect(rows.mid).toBeLessThanOrEqual(rows.count / 2);
        const listed = Array.from(rows.start.subarray(0, rows.count));
        expect(new Set(listed).size).toBe(rows.count);
        const z = path === 'webassembly' ? own.x : new Float64Array(n);
        inner.factor(A, 'ic0', rows, wasm);
        inner.precondition(A, 'ic0', r, z, rows, wasm);
        const expected = meshOrderIc0(A, r);
        for (const row of listed) for (let i = row; i < row + shape.nx; i++) expect(Object.is(z[i], expected[i]), `cell ${i}`).toBe(true);
      });
    }
  });
});
