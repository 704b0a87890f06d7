// Laminar planar channel and pipe (axisymmetric) flow against the exact fully developed solutions
//   channel (walls at y = 0, H):  u = 6 U y (H − y)/H²,   dp/dx = −12 μ U / H²
//   pipe (radius R):              u = 2 U (1 − r²/R²),     dp/dx = −8 μ U / R²
// and the observed order of accuracy on nested refined graded grids. The scheme is second order
// (central diffusion, linear interpolation), so the errors must fall by ≈ 4 per halving of the cells:
// observed order 2 ± 0.2, and the finest grid within 1 % (the requirement).

import { describe, expect, it } from 'vitest';
import { expectSecondOrderDuctFlow } from '../../../../test/observed-order.js';
import { clusteredAxis, gradedAxis, reversedAxis, solveFlow, uniformAxis, type FlowCase, type FlowSolution } from '../index.js';

// (The library's tsconfig has no Node types, hence globalThis instead of process.)
const FULL = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.SIMFORGE_VERIFY === 'full';

const U = 1;
const MU = 0.05;
const RHO = 1;
const H = 1;
const R = 0.5;
const FLUID = { density: RHO, viscosity: MU, conductivity: 0.1, specificHeat: 1000 };

type Kind = 'channel' | 'pipe';

function ductCase(options: { kind: Kind; xFaces: ArrayLike<number>; yFaces: ArrayLike<number>; inlet: 'uniform' | 'parabolic' }): FlowCase {
  const { kind, inlet } = options;
  const velocity = inlet === 'uniform' ? ({ profile: 'uniform', mean: U } as const) : ({ profile: 'parabolic', mean: U, peakAt: kind === 'pipe' ? 'from' : 'centre' } as const);
  return {
    grid: { geometry: kind === 'pipe' ? 'axisymmetric' : 'planar', xFaces: options.xFaces, yFaces: options.yFaces },
    fluid: FLUID,
    boundaries: {
      xmin: { kind: 'inlet', velocity, temperature: 300 },
      xmax: { kind: 'outlet' },
      ymin: kind === 'pipe' ? { kind: 'symmetry' } : { kind: 'wall' },
      ymax: { kind: 'wall' },
    },
    reference: { length: kind === 'pipe' ? 2 * R : H, velocity: U, temperature: 300 },
    numerics: { tolerance: 1e-9, maxIterations: 4000, relaxation: { velocity: 0.9 } },
  };
}

const exactVelocity = (kind: Kind, y: number): number => (kind === 'channel' ? (6 * U * y * (H - y)) / H ** 2 : 2 * U * (1 - (y / R) ** 2));
const exactGradient = (kind: Kind): number => (kind === 'channel' ? (-12 * MU * U) / H ** 2 : (-8 * MU * U) / R ** 2);
const peak = (kind: Kind): number => (kind === 'channel' ? 1.5 * U : 2 * U);

/** Max |u − u_exact| / u_max over the column nearest x, and the relative error of dp/dx there. */
function errorsAt(kind: Kind, solution: FlowSolution, x: number): { velocity: number; gradient: number } {
  const { xCentres, yCentres, fields } = solution;
  const nx = xCentres.length;
  let i = 1;
  while (i < nx - 2 && xCentres[i]! < x) i++;
  let velocity = 0;
  for (let j = 0; j < yCentres.length; j++) velocity = Math.max(velocity, Math.abs(fields.u[i + nx * j]! - exactVelocity(kind, yCentres[j]!)) / peak(kind));
  const j = Math.floor(yCentres.length / 2);
  const dpdx = (fields.p[i + 1 + nx * j]! - fields.p[i - 1 + nx * j]!) / (xCentres[i + 1]! - xCentres[i - 1]!);
  return { velocity, gradient: Math.abs(dpdx / exactGradient(kind) - 1) };
}

describe('laminar fully developed flow on nested graded grids (second order)', () => {
  // The refined grids sample one stretching function more densely: n cells with growth ratio r, then
  // 2n with √r, 4n with ⁴√r (the faces of each grid are faces of the next).
  const axis = (kind: Kind, cells: number, ratio: number): ArrayLike<number> =>
    kind === 'channel' ? clusteredAxis({ from: 0, to: H, cells, ratio }) : reversedAxis(gradedAxis({ from: 0, to: R, cells, ratio }), R / 2);

  it.each(['channel', 'pipe'] as const)('%s: parabolic profile and pressure gradient within 1 per cent, observed order ≈ 2', async (kind) => {
    const errors: { velocity: number; gradient: number }[] = [];
    for (let level = 0; level < 3; level++) {
      const yFaces = axis(kind, 8 * 2 ** level, 1.3 ** (1 / 2 ** level));
      const solution = await solveFlow(ductCase({ kind, xFaces: uniformAxis({ from: 0, to: 1, cells: 6 }), yFaces, inlet: 'parabolic' }));
      expect(solution.converged).toBe(true);
      errors.push(errorsAt(kind, solution, 0.5));
    }
    expectSecondOrderDuctFlow(errors, 2.2);
  }, 60_000);
});

describe('laminar developing flow from a uniform inlet reaches the fully developed state', () => {
  // Re = ρ U D_h / μ = 40 (channel, D_h = 2H) or 20 (pipe): the entrance length ≈ 0.05 Re D_h is
  // 2–4 H, so the profile is fully developed well before x = 6 (checked there; the outlet at 8 or 6).
  it.each(['channel', 'pipe'] as const)('%s: profile and dp/dx within 1 per cent downstream', async (kind) => {
    const length = kind === 'channel' ? 8 : 6;
    const yFaces = kind === 'channel' ? clusteredAxis({ from: 0, to: H, cells: FULL ? 32 : 20, ratio: 1.1 }) : reversedAxis(gradedAxis({ from: 0, to: R, cells: FULL ? 24 : 14, ratio: 1.1 }), R / 2);
    const solution = await solveFlow(ductCase({ kind, xFaces: uniformAxis({ from: 0, to: length, cells: FULL ? 96 : 48 }), yFaces, inlet: 'uniform' }));
    expect(solution.converged).toBe(true);
    const errors = errorsAt(kind, solution, length - 2);
    expect(errors.velocity).toBeLessThan(0.01);
    expect(errors.gradient).toBeLessThan(0.01);
    expect(Math.abs(solution.balances.mass.relativeImbalance)).toBeLessThan(1e-9);
  }, 60_000);
});
