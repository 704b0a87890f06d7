// The discretised Goldak double ellipsoid carries the net power: the per-cell integrals are exact
// (erf products) when the torch axis is along a mesh axis and semi-analytic when it is tilted, so the
// sum over coarse cells equals Q to round-off; a source partly outside the solid reports the clipped
// fraction, which must equal the analytic fraction of the distribution outside.

import { describe, expect, it } from 'vitest';
import { CELL_VOID, GoldakSource, StructuredMesh, erf, gradedAxis, tiltedCellIntegral, uniformAxis } from '../../src/thermal/index.js';

const Q = 3000;
const source = (x: number, y: number, z: number, workAngle = 0): GoldakSource =>
  new GoldakSource({ power: Q, frontLength: 2e-3, rearLength: 6e-3, halfWidth: 3e-3, depth: 4e-3, workAngle, path: { start: { x, y, z }, speed: 0.005 } });

function deposit(mesh: StructuredMesh, s: GoldakSource, time = 0): { applied: number; nominal: number; sum: number } {
  const out = new Float64Array(mesh.cellCount);
  const d = s.deposit(mesh, time, out);
  return { ...d, sum: out.reduce((a, b) => a + b, 0) };
}

describe('Goldak double ellipsoid, integrated per cell', () => {
  it('front and rear fractions are consistent: f_f + f_r = 2 and f_f/a_f = f_r/a_r', () => {
    const s = source(0, 0, 0);
    expect(s.frontFraction + s.rearFraction).toBeCloseTo(2, 14);
    expect(s.frontFraction / 2e-3).toBeCloseTo(s.rearFraction / 6e-3, 6);
  });

  it('carries the net power on coarse graded cells (cells larger than the semi-axes)', () => {
    // Cells 4-8 mm against semi-axes 2-6 mm; the source sits off the cell centres.
    const mesh = new StructuredMesh(gradedAxis({ from: -0.04, to: 0.04, cells: 11, ratio: 1.1 }), uniformAxis({ from: -0.03, to: 0.03, cells: 9 }), uniformAxis({ from: -0.02, to: 0, cells: 3 }));
    const d = deposit(mesh, source(0.0013, 0.0021, 0));
    expect(Math.abs(d.applied / Q - 1)).toBeLessThan(1e-9);
    expect(d.sum).toBeCloseTo(d.applied, 9);
  });

  it('reports the clipped fraction when the source is partly outside the domain', () => {
    // The domain ends at y = 0 through the torch centre: half of the distribution is outside.
    const mesh = new StructuredMesh(uniformAxis({ from: -0.04, to: 0.04, cells: 20 }), uniformAxis({ from: 0, to: 0.03, cells: 6 }), uniformAxis({ from: -0.02, to: 0, cells: 4 }));
    const half = deposit(mesh, source(0, 0, 0));
    expect(Math.abs(half.applied / Q - 0.5)).toBeLessThan(1e-9);
    // Off-centre: the fraction inside is ½(1 + erf(√3 y₀/b)).
    const off = deposit(mesh, source(0, 0.001, 0));
    expect(off.applied / Q).toBeCloseTo(0.5 * (1 + erf((Math.sqrt(3) * 0.001) / 3e-3)), 9);
    // Void cells count as outside too.
    mesh.setMask(CELL_VOID, (x) => x > 0);
    const front = deposit(mesh, source(0, 0.001, 0));
    expect(front.applied / off.applied).toBeCloseTo(1 - 2e-3 / (2e-3 + 6e-3), 9); // the rear share f_r/2 = a_r/(a_f + a_r)
  });

  it('renormalised (welding): what falls on void cells inside the box goes into the solid cells, what falls outside the box stays clipped', () => {
    const renormalised = (x: number, y: number, z: number): GoldakSource =>
      new GoldakSource({ power: Q, frontLength: 2e-3, rearLength: 6e-3, halfWidth: 3e-3, depth: 4e-3, path: { start: { x, y, z }, speed: 0.005 }, renormalise: true });
    // The box ends at y = 0 through the torch centre (a symmetry plane): half stays outside, as without the option.
    const mesh = new StructuredMesh(uniformAxis({ from: -0.04, to: 0.04, cells: 20 }), uniformAxis({ from: 0, to: 0.03, cells: 6 }), uniformAxis({ from: -0.02, to: 0, cells: 4 }));
    const plain = deposit(mesh, source(0, 0.001, 0));
    const all = deposit(mesh, renormalised(0, 0.001, 0));
    expect(all.applied / plain.applied).toBeCloseTo(1, 12);
    // The unfilled groove ahead of the torch (void cells in the box): the front share moves onto the metal behind.
    mesh.setMask(CELL_VOID, (x) => x > 0);
    const front = deposit(mesh, renormalised(0, 0.001, 0));
    expect(front.applied / plain.applied).toBeCloseTo(1, 12);
    expect(front.sum).toBeCloseTo(front.applied, 6);
    // Each solid cell gets its exact integral times one factor: the shape is kept.
    const clipped = new Float64Array(mesh.cellCount);
    const scaled = new Float64Array(mesh.cellCount);
    source(0, 0.001, 0).deposit(mesh, 0, clipped);
    renormalised(0, 0.001, 0).deposit(mesh, 0, scaled);
    const ratio = 1 / (1 - 2e-3 / (2e-3 + 6e-3));
    for (let i = 0; i < mesh.cellCount; i++) if (clipped[i]! > 1e-6 * Q) expect(scaled[i]! / clipped[i]!).toBeCloseTo(ratio, 9);
  });

  it('a tilted torch axis (45° fillet) still carries the net power within 1 % (measured: 1e-7)', () => {
    const mesh = new StructuredMesh(uniformAxis({ from: -0.04, to: 0.04, cells: 16 }), uniformAxis({ from: -0.03, to: 0.03, cells: 12 }), uniformAxis({ from: -0.03, to: 0.03, cells: 12 }));
    for (const angle of [Math.PI / 4, -Math.PI / 6, 0.3]) {
      const d = deposit(mesh, source(0.0004, 0.0011, 0.0007, angle));
      expect(Math.abs(d.applied / Q - 1)).toBeLessThan(1e-6);
    }
    // The semi-analytic cell integral over all space matches the closed form b c π / 6 (ζ ≥ 0 half).
    const b = 3e-3;
    const c = 4e-3;
    const big = tiltedCellIntegral(-0.05, 0.05, -0.05, 0.05, b, c, Math.PI / 4);
    expect(big / ((b * c * Math.PI) / 6)).toBeCloseTo(1, 8);
  });
});

describe('Gaussian surface source (lasers)', () => {
  it('puts its power into the top solid cells (exact face integrals), also on a stepped top', async () => {
    const { GaussianSurfaceSource } = await import('../../src/thermal/index.js');
    const mesh = new StructuredMesh(uniformAxis({ from: -0.002, to: 0.002, cells: 7 }), uniformAxis({ from: -0.002, to: 0.002, cells: 9 }), uniformAxis({ from: -0.001, to: 0, cells: 4 }));
    mesh.setMask(CELL_VOID, (x, _y, z) => x > 0.0005 && z > -0.0004);
    const laser = new GaussianSurfaceSource({ power: 200, radius: 3e-4, path: { start: { x: 0.0001, y: 0.0002, z: 0 }, speed: 0 } });
    const out = new Float64Array(mesh.cellCount);
    const d = laser.deposit(mesh, 0, out);
    expect(Math.abs(d.applied / 200 - 1)).toBeLessThan(1e-9);
    for (let i = 0; i < mesh.cellCount; i++) if (out[i]! > 0) expect(mesh.mask[i]).not.toBe(CELL_VOID);
  });
});
