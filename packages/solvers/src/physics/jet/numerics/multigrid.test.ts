import { describe, expect, it } from 'vitest';
import { gaussSeidel } from './multigrid.js';
import { gaussSeidelColumns } from './gauss-seidel.js';

/** The plain row-by-row sweep the wavefront sweep must reproduce bit for bit. */
function rowByRow(nx: number, ny: number, D: Float64Array, Ox: Float64Array, Oy: Float64Array, x: Float64Array, b: Float64Array, forward: boolean): void {
  const n = nx * ny;
  for (let step = 0; step < ny; step++) {
    const row = nx * (forward ? step : ny - 1 - step);
    for (let k = 0; k < nx; k++) {
      const i = row + (forward ? k : nx - 1 - k);
      let sum = b[i]!;
      if (i > row) sum += Ox[i - 1]! * x[i - 1]!;
      if (i < row + nx - 1) sum += Ox[i]! * x[i + 1]!;
      if (i >= nx) sum += Oy[i - nx]! * x[i - nx]!;
      if (i + nx < n) sum += Oy[i]! * x[i + nx]!;
      x[i] = sum / D[i]!;
    }
  }
}

/** The plain column-by-column sweep (columns left to right, cells up; backward the reverse). */
function columnByColumn(nx: number, ny: number, D: Float64Array, Ox: Float64Array, Oy: Float64Array, x: Float64Array, b: Float64Array, forward: boolean, fromZero = false): void {
  for (let step = 0; step < nx; step++) {
    const i = forward ? step : nx - 1 - step;
    for (let k = 0; k < ny; k++) {
      const j = forward ? k : ny - 1 - k;
      const c = i + nx * j;
      let sum = b[c]!;
      if (i > 0) sum += Ox[c - 1]! * x[c - 1]!;
      if (i < nx - 1 && !fromZero) sum += Ox[c]! * x[c + 1]!;
      if (j > 0) sum += Oy[c - nx]! * x[c - nx]!;
      if (j < ny - 1 && !fromZero) sum += Oy[c]! * x[c + nx]!;
      x[c] = sum / D[c]!;
    }
  }
}

/** A diagonally dominant 5-point matrix and right-hand side of random entries, and a vector maker. */
function randomSystem(nx: number, ny: number, random: () => number) {
  const n = nx * ny;
  const f = (): Float64Array => new Float64Array(n);
  const matrix = { nx, ny, nz: 1, D: f(), Ox: f(), Oy: f(), Oz: f() };
  const b = f();
  for (let i = 0; i < n; i++) {
    matrix.Ox[i] = random();
    matrix.Oy[i] = random();
    matrix.D[i] = 4 + random();
    b[i] = random() - 0.5;
  }
  return { matrix, b, f };
}

describe('multigrid Gauss–Seidel', () => {
  it('the wavefront sweep equals the row-by-row sweep bit for bit, forward and backward, on any grid shape', () => {
    let seed = 7;
    const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const [nx, ny] of [[1, 1], [1, 9], [9, 1], [3, 5], [5, 4], [6, 8], [37, 23], [64, 13]] as const) {
      const { matrix, b, f } = randomSystem(nx, ny, random);
      const [x, reference] = [f(), f()];
      for (const forward of [true, false, true, false]) {
        gaussSeidel({ nx, ny, matrix }, x, b, forward);
        rowByRow(nx, ny, matrix.D, matrix.Ox, matrix.Oy, reference, b, forward);
        expect(Array.from(x)).toEqual(Array.from(reference));
      }
      // A forward sweep from zero skips the zero east and north terms and ignores what x held.
      const [fromZero, fromFill] = [f().fill(Number.NaN), f()];
      gaussSeidel({ nx, ny, matrix }, fromZero, b, true, true);
      rowByRow(nx, ny, matrix.D, matrix.Ox, matrix.Oy, fromFill, b, true);
      expect(Array.from(fromZero)).toEqual(Array.from(fromFill));
    }
  });

  it('two halves of rows, the leading one swept first, equal the column-by-column sweep bit for bit (the split solve)', () => {
    let seed = 11;
    const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const [nx, ny] of [[2, 3], [3, 5], [5, 4], [7, 9], [9, 2], [37, 23], [64, 13], [87, 258], [44, 129]] as const) {
      const { matrix, b, f } = randomSystem(nx, ny, random);
      const level = { nx, ny, matrix };
      for (const cut of [0, 1, Math.ceil(ny / 2), ny - 1, ny]) {
        const [whole, halves] = [f(), f().fill(Number.NaN)];
        for (const [forward, fromZero] of [[true, true], [false, false], [true, false], [false, false]] as const) {
          columnByColumn(nx, ny, matrix.D, matrix.Ox, matrix.Oy, whole, b, forward, fromZero);
          // The leader (lower forward, upper backward) goes first, as on one thread; a follower waiting
          // for groups its leader has not done would be a wrong order.
          let done = 0;
          const leader = { done: (groups: number) => (done = groups) };
          const follower = { wait: (groups: number) => expect(done).toBeGreaterThanOrEqual(groups) };
          if (forward) {
            gaussSeidelColumns(level, halves, b, true, fromZero, 0, cut, leader);
            gaussSeidelColumns(level, halves, b, true, fromZero, cut, ny, follower);
          } else {
            gaussSeidelColumns(level, halves, b, false, false, cut, ny, leader);
            gaussSeidelColumns(level, halves, b, false, false, 0, cut, follower);
          }
          expect(Array.from(halves)).toEqual(Array.from(whole));
        }
      }
      // With five points a cell reads its west and south neighbours relaxed and its east and north ones
      // not yet in both orders: the column-major sweep is the row-major one, bit for bit.
      const [byColumns, byRows] = [f(), f()];
      for (const forward of [true, false, true, false]) {
        columnByColumn(nx, ny, matrix.D, matrix.Ox, matrix.Oy, byColumns, b, forward);
        rowByRow(nx, ny, matrix.D, matrix.Ox, matrix.Oy, byRows, b, forward);
      }
      expect(Array.from(byColumns)).toEqual(Array.from(byRows));
    }
  });
});
