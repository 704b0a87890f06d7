// Classical solutions for the Bogner–Fox–Schmit bending solver and its observed order of convergence
// (nodal deflection O(h⁴) for smooth solutions).
import { describe, expect, it } from 'vitest';
import { gradedAxis, uniformAxis } from '../../thermal/mesh.js';
import { deflectionAt, flexuralRigidity, solveBending, type PlateSection } from './bending.js';

const section: PlateSection = { youngsModulus: 210e9, poissonRatio: 0.3, thickness: 0.01 };
const D = flexuralRigidity(section);
const q = 1000;
const a = 1;

function square(cells: number) {
  return { xFaces: uniformAxis({ from: 0, to: a, cells }), yFaces: uniformAxis({ from: 0, to: a, cells }) };
}

/** Centre deflection coefficient w D / (q a⁴) of the square plate under uniform load. */
function centreCoefficient(cells: number, supports: 'simply_supported' | 'clamped'): number {
  const solution = solveBending({ grid: square(cells), section, supports, pressure: q, linearSolver: { preconditioner: 'multigrid', tolerance: 1e-13 } });
  return (deflectionAt(solution, a / 2, a / 2) * D) / (q * a ** 4);
}

/** Navier's double sine series, w(a/2, a/2) D/(q a⁴) = 16/π⁶ Σ_{m,n odd} (−1)^((m+n)/2−1) / (m n (m² + n²)²). */
function navierCentreCoefficient(): number {
  let sum = 0;
  for (let m = 1; m < 400; m += 2) for (let n = 1; n < 400; n += 2) sum += ((-1) ** ((m + n) / 2 - 1)) / (m * n * (m * m + n * n) ** 2);
  return (16 / Math.PI ** 6) * sum;
}

describe('Kirchhoff bending, Bogner–Fox–Schmit element', () => {
  it('simply supported square plate under uniform load: Navier series 0.00406235 q a⁴/D, observed order 4', () => {
    const exact = navierCentreCoefficient();
    expect(exact).toBeCloseTo(0.00406235, 8); // Timoshenko & Woinowsky-Krieger, Table 8: 0.00406
    const errors = [8, 16, 32].map((cells) => Math.abs(centreCoefficient(cells, 'simply_supported') - exact) / exact);
    // measured: 4.25e-5, 2.61e-6, 1.62e-7 → orders 4.03, 4.01
    expect(errors[2]).toBeLessThan(1e-6);
    for (let i = 1; i < errors.length; i++) expect(Math.abs(Math.log2(errors[i - 1]! / errors[i]!) - 4)).toBeLessThan(0.1);
  });

  it('clamped square plate under uniform load: 0.00126 q a⁴/D (Timoshenko), 0.00126532 (Taylor & Govindjee 2004)', () => {
    const [c8, c16, c32] = [8, 16, 32].map((cells) => centreCoefficient(cells, 'clamped')) as [number, number, number];
    // Observed order without a reference: p = log2((c16 − c8)/(c32 − c16)). The clamped corners carry
    // the singular solution w ~ r^2.74 (Williams 1952), w ∈ H^(3.74−), which slows the pointwise rate
    // below 4 on these meshes: measured 3.50 (8/16/32) and 3.83 (16/32/64).
    const order = Math.log2((c16 - c8) / (c32 - c16));
    expect(order).toBeGreaterThan(3.3);
    expect(order).toBeLessThan(4.2);
    const extrapolated = c32 + (c32 - c16) / (2 ** order - 1);
    // Taylor & Govindjee, Comm. Numer. Meth. Eng. 20 (2004) 757–765: 0.00126532, good to its last digit (±5e-9).
    expect(Math.abs(extrapolated - 0.00126532)).toBeLessThan(5e-9);
    // Timoshenko & Woinowsky-Krieger, Table 35: 0.00126, its three digits truncated (0.0012653): within one unit.
    expect(Math.abs(c32 - 0.00126)).toBeLessThan(1e-5);
  });

  it('a half model with a symmetry edge equals the full model', () => {
    const cells = 8;
    const full = solveBending({ grid: { xFaces: uniformAxis({ from: 0, to: 1, cells }), yFaces: uniformAxis({ from: -0.5, to: 0.5, cells }) }, section, supports: { xMin: 'clamped', xMax: 'free', yMin: 'simply_supported', yMax: 'simply_supported' }, pressure: q });
    const half = solveBending({ grid: { xFaces: uniformAxis({ from: 0, to: 1, cells }), yFaces: uniformAxis({ from: 0, to: 0.5, cells: cells / 2 }) }, section, supports: { xMin: 'clamped', xMax: 'free', yMin: 'symmetry', yMax: 'simply_supported' }, pressure: q });
    for (const [x, y] of [[1, 0], [0.5, 0.25], [0.75, 0.125]] as const) expect(deflectionAt(half, x, y) / deflectionAt(full, x, y) - 1).toBeCloseTo(0, 9);
  });

  it('on a graded grid, a cantilever strip (ν = 0) under uniform load has the exact tip deflection q L⁴/(8 D)', () => {
    // With ν = 0 the strip bends as a beam, w = q (x⁴ − 4 L x³ + 6 L² x²)/(24 D). Cubic Hermite beam
    // elements give exact nodal values for it (Tong 1969, AIAA J. 7:178): the tip is exact to the solver tolerance.
    const strip: PlateSection = { ...section, poissonRatio: 0 };
    const exact = (q * 1 ** 4) / (8 * flexuralRigidity(strip));
    const grid = { xFaces: gradedAxis({ from: 0, to: 1, cells: 6, ratio: 1.3 }), yFaces: uniformAxis({ from: 0, to: 0.1, cells: 2 }) };
    const s = solveBending({ grid, section: strip, supports: { xMin: 'clamped', xMax: 'free', yMin: 'free', yMax: 'free' }, pressure: q, linearSolver: { preconditioner: 'multigrid', tolerance: 1e-13 } });
    expect(Math.abs(deflectionAt(s, 1, 0.05) / exact - 1)).toBeLessThan(1e-9);
    expect(Math.abs(deflectionAt(s, 1, 0) / exact - 1)).toBeLessThan(1e-9);
  });
});
