// The convection schemes on a convection-dominated smooth problem: a tanh temperature front carried
// by a uniform flow at 45° to the grid (u = v = U, Péclet 10⁹), whose exact solution is the inflow
// profile moved along the streamlines, T = T₀ + ΔT tanh((y − x − c)/w). Cross-wind numerical
// diffusion makes upwind first order (observed ≈ 0.6–0.7 here, still pre-asymptotic); the van Leer
// TVD scheme is second order where the profile is smooth and monotone, so its L1 error falls by ≈ 4
// per halving of the cells (observed order > 1.8). The flow itself must stay exactly uniform.

import { describe, expect, it } from 'vitest';
import { solveFlow, uniformAxis, type ConvectionScheme } from '../index.js';

const WIDTH = 0.1;
const OFFSET = -0.2;
const exact = (x: number, y: number): number => 300 + 10 * Math.tanh((y - x - OFFSET) / WIDTH);

async function l1Error(scheme: ConvectionScheme, cells: number): Promise<number> {
  const inlet = { kind: 'inlet', velocity: { profile: 'custom', u: () => 1, v: () => 1 }, temperature: exact } as const;
  const solution = await solveFlow({
    grid: { geometry: 'planar', xFaces: uniformAxis({ from: 0, to: 1, cells }), yFaces: uniformAxis({ from: 0, to: 1, cells }) },
    fluid: { density: 1, viscosity: 0.01, conductivity: 1e-9, specificHeat: 1 },
    boundaries: { xmin: inlet, ymin: inlet, xmax: { kind: 'outlet' }, ymax: { kind: 'outlet' } },
    reference: { length: 1, velocity: 1, temperature: 300 },
    initial: { u: 1, v: 1 },
    numerics: { tolerance: 1e-8, maxIterations: 500, convection: { energy: scheme } },
  });
  expect(solution.converged).toBe(true);
  let error = 0;
  for (let j = 0; j < cells; j++) {
    for (let i = 0; i < cells; i++) {
      const c = i + cells * j;
      expect(Math.abs(solution.fields.u[c]! - 1)).toBeLessThan(1e-9);
      expect(Math.abs(solution.fields.v[c]! - 1)).toBeLessThan(1e-9);
      error += Math.abs(solution.fields.T[c]! - exact(solution.xCentres[i]!, solution.yCentres[j]!)) / cells ** 2;
    }
  }
  return error;
}

describe('convection schemes on an oblique tanh front', () => {
  it('van Leer is second order, upwind first order', async () => {
    const grids = [16, 32, 64];
    const vanLeer = await Promise.all(grids.map((n) => l1Error('van-leer', n)));
    const upwind = await Promise.all(grids.map((n) => l1Error('upwind', n)));
    for (let k = 1; k < grids.length; k++) {
      expect(Math.log2(vanLeer[k - 1]! / vanLeer[k]!)).toBeGreaterThan(1.8);
      const upwindOrder = Math.log2(upwind[k - 1]! / upwind[k]!);
      expect(upwindOrder).toBeGreaterThan(0.5);
      expect(upwindOrder).toBeLessThan(1.1);
    }
    expect(vanLeer[2]!).toBeLessThan(upwind[2]! / 20);
  }, 60_000);
});
