import { describe, expect, it } from 'vitest';
import { cellEdges, type FieldArray } from '../../simulations/results/fieldData';
import { fieldArrayOf } from '../shared/fixtures/fieldArray';
import { jetOutput } from '../shared/fixtures/jet-output';
import { jetRidgeOutput } from '../shared/fixtures/jet-ridge-output';
import { jetPlane, streamlines, streamLevels } from './jetPlane';

const H = 0.04;

describe('jetPlane', () => {
  const speed = fieldArrayOf('velocity_magnitude', jetOutput.fields.velocity_magnitude);
  const [nr, nx] = speed.shape as [number, number];

  it('puts the plate at the bottom (z = H − x) and mirrors the half domain about the axis', () => {
    const grid = jetPlane(speed, { plate: H, mirror: true });
    expect(grid.nx).toBe(2 * nr);
    expect(grid.ny).toBe(nx);
    // z ascending from the cell next to the plate
    expect(grid.y.values[0]).toBeCloseTo(H - speed.axes[1]!.values[nx - 1]!, 12);
    expect(grid.y.values[nx - 1]).toBeCloseTo(H - speed.axes[1]!.values[0]!, 12);
    for (const [j, i] of [
      [0, 0],
      [3, 7],
      [nr - 1, nx - 1],
    ] as const) {
      const original = speed.values[j * nx + i]!;
      const m = nx - 1 - i;
      expect(grid.values[m * grid.nx + nr + j]).toBe(original); // s = +r
      expect(grid.values[m * grid.nx + nr - 1 - j]).toBe(original); // s = −r
      expect(grid.x.values[nr + j]).toBe(speed.axes[0]!.values[j]);
      expect(grid.x.values[nr - 1 - j]).toBe(-speed.axes[0]!.values[j]!);
    }
  });

  it('leaves the solid cells empty and crops to the close-up width', () => {
    const solid = new Float32Array(nr * nx);
    solid[0 * nx + (nx - 1)] = 1; // the cell on the axis next to the plate
    const grid = jetPlane(speed, { plate: H, mirror: false, solid, halfWidth: 0.03 });
    expect(Number.isNaN(grid.values[0]!)).toBe(true);
    expect(Number.isNaN(grid.values[1]!)).toBe(false);
    const outer = speed.axes[0]!.values.find((r) => r >= 0.03)!;
    expect(Math.max(...grid.x.values)).toBe(outer);
  });

  it('does not repeat the axis row of the vertex field ψ (r = 0) when mirroring', () => {
    const psi = fieldArrayOf('streamfunction', jetOutput.fields.streamfunction);
    const grid = jetPlane(psi, { plate: H, mirror: true });
    expect(grid.nx).toBe(2 * psi.shape[0]! - 1);
    expect(grid.x.values.filter((s) => s === 0)).toHaveLength(1);
  });
});

describe('jetPlane with a ridge', () => {
  it('leaves every cell of the real ridge mask empty on both sides of the axis', () => {
    const solid = fieldArrayOf('solid', jetRidgeOutput.fields.solid);
    const inside = solid.values.filter((v) => v >= 0.5).length;
    expect(inside).toBeGreaterThan(0);
    const grid = jetPlane(solid, { plate: H, mirror: true, solid: solid.values });
    expect(grid.values.filter((v) => Number.isNaN(v)).length).toBe(2 * inside);
    // the ridge sits on the plate: the empty cells reach the bottom row, under the ridge's height
    const height = Math.max(...jetRidgeOutput.series.target_height.y[0]!.values);
    for (let m = 0; m < grid.ny; m++) {
      const row = grid.values.subarray(m * grid.nx, (m + 1) * grid.nx);
      if (row.some((v) => Number.isNaN(v))) expect(grid.y.values[m]).toBeLessThan(height);
    }
    expect(grid.values.subarray(0, grid.nx).some((v) => Number.isNaN(v))).toBe(true);
  });
});

describe('streamlines', () => {
  it('of a uniform round jet (Stokes ψ = U r²/2) are the vertical lines r = √(2ψ/U), within the linear-interpolation error', () => {
    // ψ sampled at the vertices r_j, x_i; marching squares interpolates linearly between r_j and
    // r_j+1, so the crossing of ψ = U r²/2 is off by at most Δr²/(8 r) (the chord of a parabola).
    const U = 2;
    const r = Array.from({ length: 21 }, (_, j) => j * 0.001);
    const x = Array.from({ length: 11 }, (_, i) => i * 0.004);
    const values = Float32Array.from(r.flatMap((rj) => x.map(() => (U * rj * rj) / 2)));
    const psi: FieldArray = {
      name: 'streamfunction',
      label: 'ψ',
      unit: 'm³/s',
      shape: [r.length, x.length],
      axes: [
        { name: 'r', unit: 'm', values: r, edges: cellEdges(r) },
        { name: 'x', unit: 'm', values: x, edges: cellEdges(x) },
      ],
      values,
    };
    const grid = jetPlane(psi, { plate: 0.04, mirror: true });
    const levels = streamLevels(grid.values, 6);
    expect(levels).toHaveLength(6);
    const segments = streamlines(grid, 6);
    expect(segments.length).toBeGreaterThan(0);
    const dr = 0.001;
    for (const [a, b] of segments) {
      expect(a[0]).toBeCloseTo(b[0], 9); // vertical
      const level = (U * a[0] * a[0]) / 2;
      const exact = Math.sqrt((2 * levels.reduce((best, l) => (Math.abs(l - level) < Math.abs(best - level) ? l : best))) / U);
      expect(Math.abs(Math.abs(a[0]) - exact)).toBeLessThanOrEqual((dr * dr) / (8 * exact) + 1e-7);
    }
  });

  it('of the real ψ field are drawn inside the domain', () => {
    const psi = fieldArrayOf('streamfunction', jetOutput.fields.streamfunction);
    const grid = jetPlane(psi, { plate: H, mirror: true });
    const segments = streamlines(grid);
    expect(segments.length).toBeGreaterThan(20);
    for (const [a] of segments) {
      expect(a[1]).toBeGreaterThanOrEqual(-1e-9);
      expect(a[1]).toBeLessThanOrEqual(H + 1e-9);
    }
  });
});
