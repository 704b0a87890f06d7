// Reading the pool off a field: manufactured fields with known isotherms and gradients.
import { describe, expect, it } from 'vitest';
import { StructuredMesh, uniformAxis } from '../../../thermal/mesh.js';
import { poolDimensions, solidificationPoints } from './pool.js';

const mesh = new StructuredMesh(uniformAxis({ from: 0, to: 1e-3, cells: 200 }), uniformAxis({ from: 0, to: 2e-4, cells: 80 }), uniformAxis({ from: 0, to: 2e-4, cells: 80 }));
const zTop = 2e-4;
function field(f: (x: number, y: number, depth: number) => number): Float64Array {
  const T = new Float64Array(mesh.cellCount);
  for (let iz = 0; iz < mesh.nz; iz++) for (let iy = 0; iy < mesh.ny; iy++) for (let ix = 0; ix < mesh.nx; ix++) T[mesh.index(ix, iy, iz)] = f(mesh.xc[ix]!, mesh.yc[iy]!, zTop - mesh.zc[iz]!);
  return T;
}

describe('melt-pool measures', () => {
  it('width, depth and length of an ellipsoidal isotherm (semi-axes 300, 80, 60 µm) to within a cell', () => {
    const [a, b, c, xc] = [300e-6, 80e-6, 60e-6, 0.6e-3];
    const T = field((x, y, d) => 2000 * (2 - ((x - xc) / a) ** 2 - (y / b) ** 2 - (d / c) ** 2));
    const pool = poolDimensions(mesh, T, 2000, { from: 0, to: 1e-3 });
    const h = 2.5e-6; // cell size across and in depth (x: 5 µm)
    // Read half a cell below the surface (and next to the symmetry plane): the ellipse there.
    expect(Math.abs(pool.width - 2 * b * Math.sqrt(1 - (h / 2 / c) ** 2))).toBeLessThan(h);
    expect(Math.abs(pool.depth - c * Math.sqrt(1 - (h / 2 / b) ** 2))).toBeLessThan(h);
    expect(Math.abs(pool.length - 2 * a * Math.sqrt(1 - (h / 2 / b) ** 2 - (h / 2 / c) ** 2))).toBeLessThan(2 * 5e-6);
  });

  it('G across the mushy zone and R = v on the centreline of a linear trailing field; R = v cos θ off it', () => {
    const g = 2e6; // K/m along x, rising towards the source
    const gy = -1e6;
    const T = field((x, y) => 1600 + g * (x - 0.5e-3) + gy * y);
    const points = solidificationPoints(mesh, T, { liquidus: 1697, solidus: 1674 }, 0.8, 0.9e-3);
    const centre = points[0]!;
    expect(Math.abs(centre.G / g - 1)).toBeLessThan(1e-9);
    expect(centre.R).toBeCloseTo(0.8 * g / Math.hypot(g, 0), 9);
    const off = points.find((p) => p.y > 5e-5 && p.z > zTop - 2.5e-6)!;
    expect(Math.abs(off.G / Math.hypot(g, gy) - 1)).toBeLessThan(1e-9);
    expect(off.R).toBeCloseTo((0.8 * g) / Math.hypot(g, gy), 9);
  });
});
