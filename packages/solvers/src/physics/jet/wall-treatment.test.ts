// The automatic (all-y⁺) treatment of immersed faces (solid.ts, wall-laws.ts) in fully developed
// channel flow at Re_m 20 000 (k-ω SST): the wall is the top of a layer of blocked cells, the first
// fluid cell's height is varied (its centre at y⁺ 0.5 … 41), and the friction is
// compared with Dean's correlation C_f = 0.073 Re_m^(−1/4) within 5 % (as sst-duct.test.ts: the
// correlation scatters by a few per cent). Measured C_f/Dean (first-cell y⁺ 0.5 / 1.5 / 3 / 5.6 / 16 / 41):
//   automatic   0.928 / 0.884 / 0.885 / 1.023 / 0.984 / 0.972
//   resolved    0.972 / 0.998 / 1.137 / 1.534 / 1.031 / 0.431
// so it does what it is for where the first cell is in the buffer or log layer (y⁺ ≳ 5), and it has
// the blended treatments' dip of about −12 % where the first cell is at y⁺ 1.5-3: there the linear
// laws hold but ω fixed at P to 6ν/(β₁δ²) (OpenFOAM's omegaWallFunction) leaves more ω in the next,
// coarse cells than Menter's face value does (scaling that ω_vis by 0.5 or 2 moves the dip, it does
// not remove it: 0.97 / 1.12 / 1.22 at y⁺ 1.5 / 3 / 6, and 0.83 / 0.78 / 0.81). At y⁺ 0.5 it is 4.5 %
// below the resolved treatment (the same ω at the cell centre: boundaries.ts's −7 % at y⁺ 0.6).

import { describe, expect, it } from 'vitest';
import { solveFlow, uniformAxis, type WallTreatment } from './index.js';

const RE = 20_000;
const U = 1;

/** C_f over Dean's of the channel (half-height 1, wall on a blocked layer) with the first cell `first` high. */
async function channelFriction(first: number, wallTreatment: WallTreatment): Promise<{ ratio: number; yPlus: number }> {
  const faces = [-2 * first, -first, 0];
  for (let width = first; faces[faces.length - 1]! + width < 1 - 0.5 * width; width = Math.min(width * 1.1, 0.05)) faces.push(faces[faces.length - 1]! + width);
  faces.push(1);
  const solution = await solveFlow({
    grid: { geometry: 'planar', xFaces: uniformAxis({ from: 0, to: 0.3, cells: 3 }), yFaces: Float64Array.from(faces) },
    fluid: { density: 1, viscosity: (2 * U) / RE, conductivity: 0.025, specificHeat: 1000 },
    boundaries: {
      xmin: [
        { from: -1, to: 0, condition: { kind: 'wall' } },
        { from: 0, to: 1, condition: { kind: 'inlet', velocity: { profile: 'recycled', mean: U }, temperature: 300 } },
      ],
      xmax: [
        { from: -1, to: 0, condition: { kind: 'wall' } },
        { from: 0, to: 1, condition: { kind: 'outlet' } },
      ],
      ymin: { kind: 'wall' },
      ymax: { kind: 'symmetry' },
    },
    obstacle: { contains: (_x, y) => y < 0, wallTreatment },
    turbulence: { model: 'sst' },
    reference: { length: 2, velocity: U, temperature: 300 },
    numerics: { tolerance: 1e-6, maxIterations: 4000, relaxation: { velocity: 0.9, turbulence: 0.9 } },
  });
  expect(solution.converged).toBe(true);
  const wall = solution.walls.find((w) => w.side === 'obstacle')!;
  const shear = wall.shear.reduce((sum, tau) => sum + Math.abs(tau), 0) / wall.shear.length;
  return { ratio: shear / (0.5 * U * U) / (0.073 * RE ** -0.25), yPlus: Math.max(...wall.yPlus) };
}

describe('automatic wall treatment of immersed faces, channel at Re 20 000', () => {
  it('friction within 5 % of Dean with the first cell in the buffer or log layer (y⁺ 5.6, 16, 41)', async () => {
    for (const [first, yPlus] of [
      [0.02, 5.6],
      [0.06, 16],
      [0.15, 41],
    ] as const) {
      const automatic = await channelFriction(first, 'automatic');
      expect(automatic.yPlus).toBeCloseTo(yPlus, 0);
      expect(Math.abs(automatic.ratio - 1)).toBeLessThan(0.05);
    }
    // The resolved treatment on the coarsest grid: measured 0.43 (what the laws are for).
    expect((await channelFriction(0.15, 'resolved')).ratio).toBeLessThan(0.6);
  }, 60_000);

  it('pins its dip with the first cell at y⁺ 1.5-3 (measured 0.884, 0.885)', async () => {
    for (const first of [0.0055, 0.011]) expect((await channelFriction(first, 'automatic')).ratio).toBeLessThan(0.92);
  }, 60_000);
});
