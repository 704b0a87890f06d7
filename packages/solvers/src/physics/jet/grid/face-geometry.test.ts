// Face geometry (face-geometry.ts) on FlowGrid's rectangles: the general quadrilateral arithmetic must
// reproduce the grid's own areas, spacings, weights and volumes bit for bit, with zero non-orthogonal
// vectors, so that a solver moved onto these arrays can keep the Cartesian results unchanged.

import { describe, expect, it } from 'vitest';
import { faceGeometry } from './face-geometry.js';
import { FlowGrid, type Geometry } from './grid.js';
import { gradedAxis, joinAxes, uniformAxis } from './axes.js';

function grid(geometry: Geometry): FlowGrid {
  return new FlowGrid({
    geometry,
    xFaces: joinAxes(gradedAxis({ from: 0, to: 0.03, cells: 7, ratio: 1.3 }), uniformAxis({ from: 0.03, to: 0.04, cells: 4 })),
    yFaces: gradedAxis({ from: 0, to: 0.16, cells: 9, ratio: 1.17 }),
  });
}

describe('face geometry of the Cartesian/axisymmetric FlowGrid', () => {
  for (const geometry of ['planar', 'axisymmetric'] as const) {
    it(`${geometry}: equals Ax, Ay, spacing, weight and V bit for bit; T = 0`, () => {
      const g = grid(geometry);
      const fg = faceGeometry(g);
      const { nx, ny } = g;
      let faces = 0;
      for (let j = 0; j <= ny; j++) {
        for (let i = 0; i <= nx; i++) {
          const I = g.index(i, j);
          if (j >= 1) {
            const x = fg.xFaces;
            expect([x.Sx[I], x.Sy[I], x.area[I], x.orthogonal[I]]).toEqual([g.Ax[I], 0, g.Ax[I], g.Ax[I]]);
            expect([x.dx[I], x.dy[I], x.distance[I], x.weight[I]]).toEqual([g.x.spacing[i], 0, g.x.spacing[i], g.x.weight[i]]);
            expect([x.Tx[I], x.Ty[I]]).toEqual([0, 0]);
            faces++;
          }
          if (i >= 1) {
            const y = fg.yFaces;
            expect([y.Sx[I], y.Sy[I], y.area[I], y.orthogonal[I]]).toEqual([0, g.Ay[I], g.Ay[I], g.Ay[I]]);
            expect([y.dx[I], y.dy[I], y.distance[I], y.weight[I]]).toEqual([0, g.y.spacing[j], g.y.spacing[j], g.y.weight[j]]);
            expect([y.Tx[I], y.Ty[I]]).toEqual([0, 0]);
            faces++;
          }
          if (i >= 1 && j >= 1) expect(fg.V[I]).toBe(g.V[I]);
        }
      }
      expect(faces).toBe((nx + 1) * ny + nx * (ny + 1));
    });
  }

  it('cells are closed: Σ S_out = 0 (planar); axisymmetric Σ S_out = (0, planar area), the hoop term', () => {
    for (const geometry of ['planar', 'axisymmetric'] as const) {
      const g = grid(geometry);
      const { xFaces: X, yFaces: Y } = faceGeometry(g);
      for (let j = 1; j <= g.ny; j++) {
        for (let i = 1; i <= g.nx; i++) {
          const I = g.index(i, j);
          const sx = X.Sx[I]! - X.Sx[I - 1]! + Y.Sx[I]! - Y.Sx[I - g.stride]!;
          const sy = X.Sy[I]! - X.Sy[I - 1]! + Y.Sy[I]! - Y.Sy[I - g.stride]!;
          const scale = Math.max(X.area[I]!, Y.area[I]!);
          expect(Math.abs(sx)).toBeLessThanOrEqual(4 * Number.EPSILON * scale);
          const hoop = geometry === 'planar' ? 0 : g.x.width[i]! * g.y.width[j]!;
          expect(Math.abs(sy - hoop)).toBeLessThanOrEqual(4 * Number.EPSILON * scale);
        }
      }
    }
  });
});
