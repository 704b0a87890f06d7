// The terrain-following (σ) grid (terrain-grid.ts) on the default JET_IMPINGING_RIDGE geometry and on
// small polygons: closed cells, exact volumes, the flat limit, vertices on column faces, the graph/slope
// checks, and the first cells' y⁺ on the ridge's faces against the figures that chose this grid
// (docs/adr/0021): u_τ 1.30 m/s, from the blocked-cell default ridge's y⁺ 6.0 at 64 steps.

import { describe, expect, it } from 'vitest';
import { faceGeometry, type FaceGeometry } from './face-geometry.js';
import { FlowGrid } from './grid.js';
import { defaultRidgeCase } from './default-ridge.js';
import { MAX_TERRAIN_SLOPE_DEGREES, ridgeGraph, terrainGrid, type TerrainGrid } from './terrain-grid.js';
import { uniformAxis } from './axes.js';

const EPS = Number.EPSILON;
const { jet, ridge, axialFaces, columnFaces } = defaultRidgeCase();
const H = jet.distance;
const R = jet.domainRadius;

function build(polygon: readonly (readonly [number, number])[], columns: ArrayLike<number> = columnFaces): TerrainGrid {
  const grid = terrainGrid({ axialFaces, columnFaces: columns, polygon });
  if (grid.kind !== 'grid') throw new Error(grid.reason);
  return grid;
}

/** Σ over the cells of their volumes. */
function totalVolume(fg: FaceGeometry): number {
  let total = 0;
  for (let j = 1; j <= fg.ny; j++) for (let i = 1; i <= fg.nx; i++) total += fg.V[i + fg.stride * j]!;
  return total;
}

describe('terrain-following (σ) grid', () => {
  const grid = build(ridge.polygon);
  const { faces } = grid;
  const W = faces.stride;

  it('default ridge: 62 × 148 cells, a 45° face, the apex on the axis, the foot on a column face', () => {
    expect([grid.nx, grid.ny]).toEqual([62, 148]);
    expect(grid.graph.maxSlopeDegrees).toBeCloseTo(45, 10);
    expect(grid.surface[0]).toBe(H - ridge.height);
    expect(grid.columns).toContain(ridge.halfWidth);
  });

  it('every cell is closed: Σ of its outward area vectors is 0 to round-off', () => {
    const { xFaces: X, yFaces: Y } = faces;
    for (let j = 1; j <= grid.ny; j++) {
      for (let i = 1; i <= grid.nx; i++) {
        const I = i + W * j;
        const scale = Math.max(X.area[I]!, X.area[I - 1]!, Y.area[I]!, Y.area[I - W]!);
        // Each component is a difference of corner coordinates (rounded once) and the sum adds three
        // roundings: 8 ε of the largest face bounds it.
        expect(Math.abs(X.Sx[I]! - X.Sx[I - 1]! + Y.Sx[I]! - Y.Sx[I - W]!)).toBeLessThanOrEqual(8 * EPS * scale);
        expect(Math.abs(X.Sy[I]! - X.Sy[I - 1]! + Y.Sy[I]! - Y.Sy[I - W]!)).toBeLessThanOrEqual(8 * EPS * scale);
      }
    }
  });

  it('Σ V = the domain H·R minus the ridge (½ b h) to round-off', () => {
    const expected = H * R - 0.5 * ridge.halfWidth * ridge.height;
    // Summation of N positive terms: |error| ≤ N ε Σ.
    expect(Math.abs(totalVolume(faces) - expected)).toBeLessThanOrEqual(grid.nx * grid.ny * EPS * expected);
  });

  it('y-faces are exactly ±ŝ; non-orthogonality on the x-faces equals the surface slope (≤ 45°)', () => {
    let steepest = 0;
    for (let j = 0; j <= grid.ny; j++) for (let i = 1; i <= grid.nx; i++) expect(faces.yFaces.Sx[i + W * j]).toBe(0);
    for (let j = 1; j <= grid.ny; j++) {
      for (let i = 0; i <= grid.nx; i++) {
        const I = i + W * j;
        const x = faces.xFaces;
        steepest = Math.max(steepest, Math.atan2(Math.abs(x.Sy[I]!), x.Sx[I]!));
      }
    }
    expect((steepest * 180) / Math.PI).toBeCloseTo(45, 10);
  });

  it("first-cell wall-normal distance on the ridge's faces: y⁺ 0.20–0.27 at the plan's u_τ 1.30 m/s, ν 1.693e-5", () => {
    const uTau = 1.3;
    const nu = 1.693e-5;
    let lo = Infinity;
    let hi = 0;
    for (let j = 1; j <= grid.ny; j++) {
      if (grid.columns[j - 1]! >= ridge.halfWidth) continue; // columns beside the ridge: the plate
      const I = grid.nx + W * j; // the wall's x-face is east of the last cell
      const x = faces.xFaces;
      const normal = ((faces.nodeX[I + 1]! - faces.nodeX[I]!) * x.Sx[I]! + (faces.nodeY[I + 1]! - faces.nodeY[I]!) * x.Sy[I]!) / x.area[I]!;
      const yPlus = (normal * uTau) / nu;
      lo = Math.min(lo, yPlus);
      hi = Math.max(hi, yPlus);
    }
    // The expected figures are given to two decimals (measured 0.2041 at the foot, 0.2711 at the
    // apex); the wall cell is compressed by (H − z_s)/H from foot to apex.
    expect(Math.round(lo * 100) / 100).toBe(0.2);
    expect(Math.round(hi * 100) / 100).toBe(0.27);
  });

  it('a 180° ridge (a layer, slope 0) is the flat grid compressed to the layer top', () => {
    const far = 10 * R;
    const layer = build([[0, 0], [far, 0], [far, ridge.height], [0, ridge.height]]);
    const top = H - ridge.height;
    const flat = faceGeometry(new FlowGrid({ geometry: 'planar', xFaces: Array.from(layer.sigma, (s) => 0 + s * (top - 0)), yFaces: layer.columns }));
    // Corners and areas come from the same coordinates: identical. The centroids differ from the
    // midpoints by round-off in coordinates of size ≤ H, so the node-based values agree to a few ε H
    // over the smallest spacing.
    const spacing = Math.min(...flat.xFaces.distance.filter((d) => d > 0));
    const tolerance = 16 * EPS * (H / spacing);
    expect(layer.faces.V).toEqual(flat.V);
    for (const family of ['xFaces', 'yFaces'] as const) {
      const [a, b] = [layer.faces[family], flat[family]];
      expect(a.Sx).toEqual(b.Sx);
      expect(a.Sy).toEqual(b.Sy);
      let [distance, weight, correction] = [0, 0, 0];
      for (let I = 0; I < flat.size; I++) {
        if (b.area[I] === 0) continue; // not a face (halo corners)
        distance = Math.max(distance, Math.abs(a.distance[I]! - b.distance[I]!) / b.distance[I]!);
        weight = Math.max(weight, Math.abs(a.weight[I]! - b.weight[I]!));
        correction = Math.max(correction, Math.hypot(a.Tx[I]!, a.Ty[I]!) / b.area[I]!);
      }
      expect(distance).toBeLessThanOrEqual(tolerance);
      expect(weight).toBeLessThanOrEqual(tolerance);
      expect(correction).toBeLessThanOrEqual(tolerance);
    }
  });

  it("the polygon's vertices land on column faces and the surface there is exact", () => {
    const columns = uniformAxis({ from: 0, to: R, cells: 80 });
    const polygon = [[0, 0], [0.0123, 0], [0.0071, 0.004], [0, 0.006]] as const;
    const g = build(polygon, columns);
    for (const [s] of polygon) {
      const j = Array.from(g.columns).indexOf(s);
      expect(j).toBeGreaterThanOrEqual(0);
      // The surface is the highest vertex at that s (on the axis, (0, 0.006) above (0, 0)).
      expect(g.surface[j]).toBe(H - Math.max(...polygon.filter((q) => q[0] === s).map((q) => q[1])));
    }
    expect(g.snapped).toBeLessThanOrEqual(0.5 * (R / 80));
    const area = 0.5 * (0.0123 * 0.004 + 0.0071 * 0.006); // shoelace of the polygon
    expect(Math.abs(totalVolume(g.faces) - (H * R - area))).toBeLessThanOrEqual(g.nx * g.ny * EPS * H * R);
  });

  it('answers not-graph (blocked cells kept) for steep faces, vertical edges and overhangs', () => {
    const kind = (p: [number, number][]) => ridgeGraph(p, R).kind;
    expect(kind([[0, 0], [0.01, 0], [0, 0.01]])).toBe('graph'); // 90° apex, 45° faces
    expect(kind([[-0.01, 0], [0.01, 0], [0, 0.005]])).toBe('graph'); // a whole (mirrored) polygon
    expect(kind([[0, 0], [0.005, 0], [0, 0.01]])).toBe('graph'); // 63.4° faces (apex 53°)
    // The limit, 65° (MAX_TERRAIN_SLOPE_DEGREES), is inclusive.
    const at = (degrees: number): [number, number][] => [[0, 0], [0.01 / Math.tan((degrees * Math.PI) / 180), 0], [0, 0.01]];
    expect(kind(at(MAX_TERRAIN_SLOPE_DEGREES))).toBe('graph');
    expect(kind(at(MAX_TERRAIN_SLOPE_DEGREES + 0.1))).toBe('not-graph');
    expect(kind([[0, 0], [0.0025, 0], [0, 0.01]])).toBe('not-graph'); // 76.0° face (apex 28°)
    expect(kind([[0, 0], [0.01, 0], [0.01, 0.005], [0, 0.005]])).toBe('not-graph'); // block: vertical side
    expect(kind([[0, 0], [0.01, 0], [0.02, 0.005], [0, 0.005]])).toBe('not-graph'); // overhang
    expect(kind([[0.001, 0.001], [0.01, 0.001], [0, 0.005]])).toBe('not-graph'); // not on the plate
    expect(terrainGrid({ axialFaces, columnFaces, polygon: [[0, 0], [0.0025, 0], [0, 0.01]] }).kind).toBe('not-graph');
  });
});
