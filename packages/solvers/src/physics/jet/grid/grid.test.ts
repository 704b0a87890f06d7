// FlowGrid's face arrays: on the rectangles they are the tensor grid's own (the solver's results on
// Cartesian cases must not move when it reads them); from a curvilinear mesh they are the quadrilaterals'.
import { describe, expect, it } from 'vitest';
import { gradedAxis, uniformAxis } from './axes.js';
import { FlowGrid, mappedMesh } from './grid.js';

describe('FlowGrid face geometry', () => {
  const xFaces = gradedAxis({ from: 0, to: 1, cells: 12, ratio: 1.1 });
  const yFaces = uniformAxis({ from: 0, to: 2, cells: 8 });

  it('equals Ax, Ay, the spacings and V bit for bit on the rectangles, with T = 0', () => {
    for (const geometry of ['planar', 'axisymmetric'] as const) {
      const grid = new FlowGrid({ geometry, xFaces, yFaces });
      const { xFaces: fx, yFaces: fy, V } = grid.faces;
      expect(grid.curvilinear).toBe(false);
      for (let j = 1; j <= grid.ny; j++) {
        for (let f = 0; f <= grid.nx; f++) {
          const I = f + grid.stride * j;
          expect(fx.area[I]).toBe(grid.Ax[I]);
          expect(fx.distance[I]).toBe(grid.x.spacing[f]);
          expect(fx.weight[I]).toBe(grid.x.weight[f]);
          expect(fx.Tx[I]).toBe(0);
          expect(fx.Ty[I]).toBe(0);
        }
        for (let i = 1; i <= grid.nx; i++) expect(V[i + grid.stride * j]).toBe(grid.V[i + grid.stride * j]);
      }
      for (let f = 0; f <= grid.ny; f++) for (let i = 1; i <= grid.nx; i++) expect(fy.area[i + grid.stride * f]).toBe(grid.Ay[i + grid.stride * f]);
    }
  });

  it('takes |S| and the cell areas from a curvilinear mesh, whose volumes fill the domain', () => {
    // Rows sheared by a bump that vanishes on the sides: the same rectangle, non-orthogonal inside.
    const mesh = mappedMesh(xFaces, yFaces, (x, y) => [x + 0.1 * Math.sin(Math.PI * x) * Math.sin(Math.PI * y), y]);
    const grid = new FlowGrid({ geometry: 'planar', xFaces, yFaces, mesh });
    expect(grid.curvilinear).toBe(true);
    expect(grid.totalVolume).toBeCloseTo(2, 13);
    let skewed = 0;
    for (let j = 1; j <= grid.ny; j++) {
      for (let f = 0; f <= grid.nx; f++) {
        const I = f + grid.stride * j;
        expect(grid.Ax[I]).toBe(grid.faces.xFaces.area[I]);
        if (Math.hypot(grid.faces.xFaces.Tx[I]!, grid.faces.xFaces.Ty[I]!) > 1e-3 * grid.Ax[I]!) skewed++;
      }
    }
    expect(skewed).toBeGreaterThan(grid.ny * (grid.nx - 1) * 0.5);
  });

  it('refuses an axisymmetric curvilinear grid and an inverted cell', () => {
    const mesh = mappedMesh(xFaces, yFaces, (x, y) => [x, y]);
    expect(() => new FlowGrid({ geometry: 'axisymmetric', xFaces, yFaces, mesh })).toThrow(/planar only/);
    const folded = mappedMesh(xFaces, yFaces, (x, y) => [y > 0.9 && y < 1.1 ? 1 - x : x, y]);
    expect(() => new FlowGrid({ geometry: 'planar', xFaces, yFaces, mesh: folded })).toThrow(/inverted/);
  });
});
