// Plane-stress membrane solver: a manufactured solution and its observed order of convergence
// (bilinear elements: nodal displacements O(h²)).
import { describe, expect, it } from 'vitest';
import { gradedAxis, uniformAxis } from '../../thermal/mesh.js';
import type { PlateSection } from './bending.js';
import type { PlateGrid } from './grid.js';
import { solveMembrane } from './membrane.js';

const nu = 0.3;
const section: PlateSection = { youngsModulus: 210e9, poissonRatio: nu, thickness: 0.005 };

// Manufactured solution on the unit square: u = U ∇φ, φ = (x(1 − x) y(1 − y))², so u = 0 on the edges
// (clamped). For an irrotational displacement the plane-stress equilibrium with an isotropic eigenstrain
// θ reads E/(1 − ν²) ∇(∇²φ) U = E/(1 − ν) ∇θ, hence θ = U ∇²φ / (1 + ν).
const U = 1e-3;
const g = (x: number, y: number) => x * (1 - x) * y * (1 - y);
const exactU = (x: number, y: number) => 2 * U * g(x, y) * (1 - 2 * x) * y * (1 - y);
const exactV = (x: number, y: number) => 2 * U * g(x, y) * (1 - 2 * y) * x * (1 - x);
function eigenstrain(x: number, y: number): number {
  const gx = (1 - 2 * x) * y * (1 - y);
  const gy = (1 - 2 * y) * x * (1 - x);
  const laplacian = 2 * (gx * gx + gy * gy + g(x, y) * (-2 * y * (1 - y) - 2 * x * (1 - x)));
  return (U * laplacian) / (1 + nu);
}

function maxError(grid: PlateGrid): number {
  const nx = grid.xFaces.length - 1;
  const ny = grid.yFaces.length - 1;
  const theta = new Float64Array(nx * ny);
  for (let j = 0; j < ny; j++) for (let i = 0; i < nx; i++) theta[i + nx * j] = eigenstrain(0.5 * (grid.xFaces[i]! + grid.xFaces[i + 1]!), 0.5 * (grid.yFaces[j]! + grid.yFaces[j + 1]!));
  const s = solveMembrane({ grid, section, supports: 'clamped', eigenStrain: theta });
  let error = 0;
  let scale = 0;
  for (let j = 0; j <= ny; j++) {
    for (let i = 0; i <= nx; i++) {
      const [x, y] = [grid.xFaces[i]!, grid.yFaces[j]!];
      const n = i + (nx + 1) * j;
      error = Math.max(error, Math.abs(s.displacementX[n]! - exactU(x, y)), Math.abs(s.displacementY[n]! - exactV(x, y)));
      scale = Math.max(scale, Math.abs(exactU(x, y)));
    }
  }
  return error / scale;
}

describe('plane-stress membrane, bilinear rectangles', () => {
  it('manufactured solution on a uniform grid: observed order 2', () => {
    const errors = [8, 16, 32].map((cells) => maxError({ xFaces: uniformAxis({ from: 0, to: 1, cells }), yFaces: uniformAxis({ from: 0, to: 1, cells }) }));
    // measured: 2.80e-2, 7.27e-3, 1.79e-3 → orders 1.92, 2.01 (pre-asymptotic on the coarsest)
    for (let i = 1; i < errors.length; i++) expect(Math.abs(Math.log2(errors[i - 1]! / errors[i]!) - 2)).toBeLessThan(0.1);
  });

  it('manufactured solution on graded grids (widths × 3 and × 0.4 across): observed order 2', () => {
    const grid = (cells: number) => ({ xFaces: gradedAxis({ from: 0, to: 1, cells, ratio: 3 ** (1 / cells) }), yFaces: gradedAxis({ from: 0, to: 1, cells, ratio: 0.4 ** (1 / cells) }) });
    const errors = [8, 16, 32].map((cells) => maxError(grid(cells)));
    // measured: 4.81e-2, 1.21e-2, 3.09e-3 → orders 1.98, 1.97
    for (let i = 1; i < errors.length; i++) expect(Math.abs(Math.log2(errors[i - 1]! / errors[i]!) - 2)).toBeLessThan(0.1);
  });

  it('a free plate with a uniform eigenstrain expands without stress, u = ε* (x − x_c), about its centre', () => {
    const grid = { xFaces: gradedAxis({ from: 0, to: 0.3, cells: 7, ratio: 1.3 }), yFaces: uniformAxis({ from: -0.1, to: 0.1, cells: 4 }) };
    const s = solveMembrane({ grid, section, supports: 'free', eigenStrain: new Float64Array(28).fill(1e-3) });
    expect(s.freeModes).toBe(3);
    for (const stress of [s.stressX, s.stressY, s.stressXY]) for (const value of stress) expect(Math.abs(value)).toBeLessThan(1e-6 * 210e9 * 1e-3);
    for (let j = 0; j <= 4; j++) {
      for (let i = 0; i <= 7; i++) {
        expect(s.displacementX[i + 8 * j]! / 1e-3).toBeCloseTo(grid.xFaces[i]! - 0.15, 9);
        expect(s.displacementY[i + 8 * j]! / 1e-3).toBeCloseTo(grid.yFaces[j]!, 9);
      }
    }
  });
});
