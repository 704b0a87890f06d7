import { describe, expect, it } from 'vitest';
import { cellEdges, type FieldGrid } from '../../simulations/results/fieldData';
import { exaggerationFor, WARP_SHARE, warpedSurface } from './warpedSurface';

function grid(nx: number, ny: number, w: (x: number, y: number) => number): FieldGrid {
  const xs = Array.from({ length: nx }, (_, i) => (i * 0.01) / (nx - 1));
  const ys = Array.from({ length: ny }, (_, j) => -0.005 + (j * 0.01) / (ny - 1));
  return {
    name: 'plate_deflection',
    label: 'Deflection',
    unit: 'm',
    nx,
    ny,
    x: { name: 'x', unit: 'm', values: xs, edges: cellEdges(xs) },
    y: { name: 'y', unit: 'm', values: ys, edges: cellEdges(ys) },
    values: Float32Array.from(ys.flatMap((y) => xs.map((x) => w(x, y)))),
  };
}

describe('warpedSurface', () => {
  it('puts each node at (x, y, w·exaggeration) in mm, with the largest |w| a tenth of the plate', () => {
    // a simply supported plate's first mode, peak 1 µm at the centre
    const g = grid(11, 9, (x, y) => 1e-6 * Math.sin((Math.PI * x) / 0.01) * Math.cos((Math.PI * y) / 0.01));
    const s = warpedSurface(g, () => [0, 0, 0]);
    expect(s.exaggeration).toBeCloseTo(exaggerationFor(g), 9);
    expect(s.bounds.max[2]).toBeCloseTo(WARP_SHARE * 10, 4); // mm: a tenth of 10 mm
    const k = 4 * 11 + 5; // centre node
    expect(s.positions[3 * k]).toBeCloseTo(5, 5);
    expect(s.positions[3 * k + 1]).toBeCloseTo(0, 5);
    expect(s.positions[3 * k + 2]).toBeCloseTo(1, 4);
    expect(s.indices.length).toBe(10 * 8 * 6);
    expect(Math.max(...s.indices)).toBe(11 * 9 - 1);
  });

  it('draws a flat plate flat (no division by zero)', () => {
    const s = warpedSurface(grid(3, 3, () => 0), () => [0, 0, 0]);
    expect(s.exaggeration).toBe(1);
    expect(s.bounds.max[2]).toBe(0);
  });
});
