import { describe, expect, it } from 'vitest';
import { gradedAxis, StructuredMesh, uniformAxis } from './mesh.js';
import { CylindricalGaussianSource } from './volume-sources.js';

describe('cylindrical Gaussian (keyhole) source', () => {
  const path = { start: { x: 4e-4, y: 0, z: 3e-4 }, speed: 0.5 };
  const source = () => new CylindricalGaussianSource({ power: 250, radius: 5e-5, depth: 1.2e-4, path });

  it('puts its whole power into a mesh that holds it, and half into the half mesh y ≥ 0 (exact cell integrals)', () => {
    const full = new StructuredMesh(uniformAxis({ from: 0, to: 1e-3, cells: 37 }), uniformAxis({ from: -4e-4, to: 4e-4, cells: 29 }), gradedAxis({ from: 0, to: 3e-4, cells: 17, ratio: 0.9 }));
    const out = new Float64Array(full.cellCount);
    const d = source().deposit(full, 1e-4, out);
    expect(d.applied / 250 - 1).toBeLessThan(1e-9);
    expect(Math.abs(out.reduce((a, b) => a + b, 0) / 250 - 1)).toBeLessThan(1e-9);
    const half = new StructuredMesh(uniformAxis({ from: 0, to: 1e-3, cells: 37 }), uniformAxis({ from: 0, to: 4e-4, cells: 15 }), gradedAxis({ from: 0, to: 3e-4, cells: 17, ratio: 0.9 }));
    expect(Math.abs(source().deposit(half, 1e-4, new Float64Array(half.cellCount)).applied / 125 - 1)).toBeLessThan(1e-9);
  });

  it('spreads the power uniformly over the keyhole depth and nothing below it', () => {
    const mesh = new StructuredMesh(uniformAxis({ from: 0, to: 1e-3, cells: 20 }), uniformAxis({ from: -4e-4, to: 4e-4, cells: 20 }), uniformAxis({ from: 0, to: 3e-4, cells: 30 }));
    const out = new Float64Array(mesh.cellCount);
    source().deposit(mesh, 0, out);
    const layer = (iz: number) => {
      let sum = 0;
      for (let iy = 0; iy < mesh.ny; iy++) for (let ix = 0; ix < mesh.nx; ix++) sum += out[mesh.index(ix, iy, iz)]!;
      return sum;
    };
    // 10 µm layers: the top 12 carry 250/12 W each, the rest nothing.
    for (let iz = 29; iz >= 18; iz--) expect(layer(iz)).toBeCloseTo(250 / 12, 9);
    expect(layer(17)).toBe(0);
  });
});
