// Blocked cells (solid.ts): a layer of solid cells over the plate must reproduce the plate moved up
// to the layer's top, because every immersed face is treated like a boundary wall (same wall
// distance, same Dirichlet terms, same ghost-interpolated gradients). The fluid grid of both cases is
// the same, so the two solutions agree to the iteration tolerance, not to a discretisation error.

import { describe, expect, it } from 'vitest';
import { impingingJetCase, solveFlow, type FlowCase, type WallProfile } from '../index.js';

const D = 0.02;
const AIR = { density: 1.177, viscosity: 1.846e-5, conductivity: 0.02624, specificHeat: 1007 };
const COARSE = { ratio: 1.2, largestCell: 0.25, shearLayerCell: 0.04 };

function slotJet(distance: number): FlowCase {
  return impingingJetCase({
    nozzle: 'slot',
    diameter: D,
    distance,
    domainRadius: 6 * D,
    reynoldsNumber: 10_000,
    fluid: AIR,
    jetTemperature: 300,
    surfaceTemperature: 320,
    production: 'kato-launder',
    mesh: COARSE,
    numerics: { tolerance: 1e-7 },
  });
}

describe('blocked cells', () => {
  it('a solid layer of height h over the plate reproduces the plate at H − h', async () => {
    const [H, h] = [2.5 * D, 0.5 * D];
    const plate = slotJet(H - h);
    const layered = slotJet(H - h);
    const fluidFaces = Array.from(layered.grid.xFaces);
    const extra = [0.1, 0.25, 0.5, 0.75, 1].map((t) => H - h + t * h);
    layered.grid = { ...layered.grid, xFaces: Float64Array.from([...fluidFaces, ...extra]) };
    layered.obstacle = { contains: (x) => x > H - h, temperature: 320 };

    const [a, b] = await Promise.all([solveFlow(plate), solveFlow(layered)]);
    expect(a.converged && b.converged).toBe(true);
    const wall = a.walls.find((w) => w.side === 'xmax')!;
    const top = b.walls.find((w) => w.side === 'obstacle') as WallProfile;
    expect(b.walls.find((w) => w.side === 'xmax')).toBeUndefined();
    expect(Array.from(top.y)).toEqual(Array.from(wall.y));
    const relative = (x: ArrayLike<number>, y: ArrayLike<number>): number => {
      let scale = 0;
      let worst = 0;
      for (let m = 0; m < x.length; m++) scale = Math.max(scale, Math.abs(x[m]!));
      for (let m = 0; m < x.length; m++) worst = Math.max(worst, Math.abs(x[m]! - y[m]!));
      return worst / scale;
    };
    // Measured: 8e-9 (Nu) and 2e-9 (τ_w) after the same number of iterations.
    expect(relative(wall.nusselt, top.nusselt)).toBeLessThan(1e-6);
    expect(relative(wall.shear, top.shear)).toBeLessThan(1e-6);
    expect(relative(wall.pressure, top.pressure)).toBeLessThan(1e-6);
    expect(Math.abs(b.balances.mass.relativeImbalance)).toBeLessThan(1e-6);
    expect(Math.abs(b.balances.energy.relativeImbalance)).toBeLessThan(1e-4);
  }, 60_000);
});
