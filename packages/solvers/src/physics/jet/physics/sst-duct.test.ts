// k-ω SST in fully developed turbulent duct flow, the cheap check of the turbulence model: the
// friction of a plane channel against Dean's correlation C_f = 0.073 Re_m^(−1/4) (Re_m = 2h U_b/ν,
// Dean 1978) and of a pipe against Colebrook's smooth-pipe law 1/√f = −2 log₁₀(2.51/(Re √f)), within
// 5 % (the correlations themselves scatter by a few per cent). The fully developed state is reached
// in a short duct whose inlet recycles the profiles of the cells next to its outlet; the grid is
// graded to y⁺ < 1 at the first cell centre.

import { describe, expect, it } from 'vitest';
import { gradedAxis, reversedAxis, solveFlow, uniformAxis } from '../index.js';

const RE = 20_000;
const U = 1;

async function ductFriction(kind: 'channel' | 'pipe'): Promise<{ friction: number; reference: number; yPlus: number; imbalance: number }> {
  const half = kind === 'channel' ? 1 : 0.5; // half-height h, or radius R
  const nu = (U * 2 * half) / RE;
  const towardsWall = gradedAxis({ from: 0, to: half, cells: 40, ratio: 1.1 });
  const solution = await solveFlow({
    grid: { geometry: kind === 'pipe' ? 'axisymmetric' : 'planar', xFaces: uniformAxis({ from: 0, to: 0.3, cells: 3 }), yFaces: kind === 'channel' ? towardsWall : reversedAxis(towardsWall, half / 2) },
    fluid: { density: 1, viscosity: nu, conductivity: 0.025, specificHeat: 1000 },
    boundaries: {
      xmin: { kind: 'inlet', velocity: { profile: 'recycled', mean: U }, temperature: 300 },
      xmax: { kind: 'outlet' },
      // channel: wall at y = 0, centre plane at y = h; pipe: axis at r = 0, wall at r = R
      ymin: kind === 'channel' ? { kind: 'wall' } : { kind: 'symmetry' },
      ymax: kind === 'channel' ? { kind: 'symmetry' } : { kind: 'wall' },
    },
    turbulence: { model: 'sst' },
    reference: { length: 2 * half, velocity: U, temperature: 300 },
    numerics: { tolerance: 1e-6, maxIterations: 4000, relaxation: { velocity: 0.9, turbulence: 0.9 } },
  });
  expect(solution.converged).toBe(true);
  const wall = solution.walls[0]!;
  const shear = wall.shear.reduce((sum, tau) => sum + Math.abs(tau), 0) / wall.shear.length;
  const yPlus = Math.max(...wall.yPlus);
  const imbalance = solution.balances.mass.relativeImbalance;
  if (kind === 'channel') return { friction: shear / (0.5 * U * U), reference: 0.073 * RE ** -0.25, yPlus, imbalance };
  let colebrook = 0.02;
  for (let i = 0; i < 50; i++) colebrook = (-2 * Math.log10(2.51 / (RE * Math.sqrt(colebrook)))) ** -2;
  return { friction: (8 * shear) / (U * U), reference: colebrook, yPlus, imbalance };
}

describe('k-ω SST, fully developed turbulent duct flow at Re 20 000', () => {
  it.each(['channel', 'pipe'] as const)('%s friction within 5 per cent of the correlation', async (kind) => {
    const { friction, reference, yPlus, imbalance } = await ductFriction(kind);
    expect(yPlus).toBeLessThan(1);
    expect(Math.abs(friction / reference - 1)).toBeLessThan(0.05);
    expect(Math.abs(imbalance)).toBeLessThan(1e-12);
  }, 60_000);
});
