import { describe, expect, it } from 'vitest';
import { BandedSystem } from './banded.js';
import { TridiagonalSystem } from './tridiagonal.js';

/** A deterministic pseudo-random sequence (no Math.random in the solvers package). */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648 - 0.5;
  };
}

function multiply(rows: number[][], x: Float64Array): Float64Array {
  return Float64Array.from(rows.map((row) => row.reduce((sum, a, j) => sum + a * x[j]!, 0)));
}

describe('tridiagonal (Thomas)', () => {
  it('solves a diagonally dominant system to round-off, for several right-hand sides', () => {
    const n = 50;
    const next = sequence(7);
    const system = new TridiagonalSystem(n);
    const dense = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (let i = 0; i < n; i++) {
      if (i > 0) dense[i]![i - 1] = system.lower[i] = next();
      if (i < n - 1) dense[i]![i + 1] = system.upper[i] = next();
      dense[i]![i] = system.diag[i] = 2 + next();
    }
    system.factor();
    for (let k = 0; k < 3; k++) {
      const exact = Float64Array.from({ length: n }, () => next());
      const x = system.solve(new Float64Array(n), multiply(dense, exact));
      for (let i = 0; i < n; i++) expect(Math.abs(x[i]! - exact[i]!)).toBeLessThan(1e-14);
    }
  });

  it('refuses a zero pivot', () => {
    const system = new TridiagonalSystem(2);
    expect(() => system.factor()).toThrow(/pivot/);
  });
});

describe('banded with partial pivoting', () => {
  it('solves a system that needs row exchanges (zero diagonal entries) to round-off', () => {
    const n = 41;
    const next = sequence(11);
    const system = new BandedSystem(n, 2, 2);
    const dense = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (let i = 0; i < n; i++) {
      for (let j = Math.max(0, i - 2); j <= Math.min(n - 1, i + 2); j++) {
        // Every third diagonal entry vanishes: elimination without pivoting would fail.
        const value = i === j ? (i % 3 === 0 ? 0 : 1 + next()) : next();
        dense[i]![j] = value;
        system.add(i, j, value);
      }
    }
    system.factor();
    const exact = Float64Array.from({ length: n }, () => next());
    const x = system.solve(multiply(dense, exact), new Float64Array(n));
    for (let i = 0; i < n; i++) expect(Math.abs(x[i]! - exact[i]!)).toBeLessThan(1e-12);
  });

  it('rejects entries outside its band', () => {
    expect(() => new BandedSystem(5, 1, 1).add(0, 3, 1)).toThrow(/band/);
  });
});
