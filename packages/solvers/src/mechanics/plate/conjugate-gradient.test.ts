// One suite for every preconditioner of the plate's conjugate gradient, on bending (4 unknowns per
// node) and membrane (2) systems, plus the multigrid's mesh-independent iteration count.
import { describe, expect, it } from 'vitest';
import { DivergedError } from '../../errors.js';
import { gradedAxis, uniformAxis } from '../../thermal/mesh.js';
import { deflectionAt, solveBending, type PlateSection } from './bending.js';
import type { PlatePreconditioner } from './conjugate-gradient.js';
import type { PlateGrid } from './grid.js';
import { solveMembrane } from './membrane.js';

const section: PlateSection = { youngsModulus: 210e9, poissonRatio: 0.3, thickness: 0.005 };
const grid: PlateGrid = { xFaces: gradedAxis({ from: 0, to: 0.3, cells: 9, ratio: 1.25 }), yFaces: gradedAxis({ from: 0, to: 0.2, cells: 7, ratio: 0.8 }) };
/** A smooth, non-symmetric load per column. */
const load = Float64Array.from({ length: 63 }, (_, e) => Math.sin(0.7 * (e % 9)) + 0.3 * Math.cos(1.3 * Math.floor(e / 9)));

describe.each<PlatePreconditioner>(['multigrid', 'block-jacobi', 'symmetric-block-gauss-seidel'])('plate conjugate gradient, %s', (preconditioner) => {
  const linearSolver = { preconditioner, tolerance: 1e-12 };
  const reference = {
    bending: solveBending({ grid, section, supports: { xMin: 'clamped', xMax: 'free', yMin: 'simply_supported', yMax: 'free' }, eigenCurvature: load, linearSolver: { preconditioner: 'multigrid', tolerance: 1e-14 } }),
    membrane: solveMembrane({ grid, section, supports: { xMin: 'clamped', xMax: 'free', yMin: 'symmetry', yMax: 'free' }, eigenStrain: load, linearSolver: { preconditioner: 'multigrid', tolerance: 1e-14 } }),
  };

  it('solves a bending system to its tolerance', () => {
    const s = solveBending({ grid, section, supports: { xMin: 'clamped', xMax: 'free', yMin: 'simply_supported', yMax: 'free' }, eigenCurvature: load, linearSolver });
    expect(s.linearSolve.relativeResidual).toBeLessThanOrEqual(1e-12);
    for (const [x, y] of [[0.3, 0.2], [0.15, 0.1], [0.2, 0.05]] as const) expect(deflectionAt(s, x, y) / deflectionAt(reference.bending, x, y) - 1).toBeCloseTo(0, 6);
  });

  it('solves a membrane system to its tolerance', () => {
    const s = solveMembrane({ grid, section, supports: { xMin: 'clamped', xMax: 'free', yMin: 'symmetry', yMax: 'free' }, eigenStrain: load, linearSolver });
    expect(s.linearSolve.relativeResidual).toBeLessThanOrEqual(1e-12);
    const scale = Math.max(...reference.membrane.displacementX.map(Math.abs));
    for (let n = 0; n < s.displacementX.length; n++) expect(Math.abs(s.displacementX[n]! - reference.membrane.displacementX[n]!)).toBeLessThan(1e-8 * scale);
  });

  it('reports a DivergedError when the iterations run out', () => {
    expect(() => solveBending({ grid, section, supports: 'free', eigenCurvature: load, linearSolver: { preconditioner, tolerance: 1e-14, maxIterations: 1 } })).toThrow(DivergedError);
  });
});

describe('multigrid preconditioner', () => {
  it('needs about as many iterations on fine, coarse and stretched grids (measured 9–14)', () => {
    const iterations = [
      { xFaces: uniformAxis({ from: 0, to: 1, cells: 8 }), yFaces: uniformAxis({ from: 0, to: 1, cells: 8 }) },
      { xFaces: uniformAxis({ from: 0, to: 1, cells: 32 }), yFaces: uniformAxis({ from: 0, to: 1, cells: 32 }) },
      // 50 mm × 2.5 mm cells by the weld, graded to 25 mm: aspect ratios from 20 down to 2
      { xFaces: uniformAxis({ from: 0, to: 1.2, cells: 24 }), yFaces: gradedAxis({ from: 0, to: 0.1, cells: 10, ratio: 1.3 }) },
    ].map((g) => solveBending({ grid: g, section, supports: 'free', eigenCurvature: new Float64Array((g.xFaces.length - 1) * (g.yFaces.length - 1)).fill(0.1), pressure: 100 }).linearSolve.iterations);
    for (const count of iterations) expect(count).toBeLessThanOrEqual(20);
  });
});
