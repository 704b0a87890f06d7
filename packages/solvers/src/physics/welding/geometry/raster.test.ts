import { describe, expect, it } from 'vitest';
import { JOINT_GEOMETRY_FIELDS, jointCrossSection } from './joints.js';
import { area, type Polygon } from './polygon.js';
import { CellMaterial, cellFractions, cellMask, coveredArea, gradedEdges, rasteriseSection, uniformEdges } from './raster.js';

const vGroove = jointCrossSection('BUTT_WELD', { thickness: 0.01, width: 0.05, gap: 0.002, groove_angle: Math.PI / 3, root_face: 0.002 });
const bead = vGroove.fillers;
const beadArea = area(bead[0]!);

describe('rasterisation onto structured grids', () => {
  it('cell fractions carry the exact polygon area on uniform and graded grids', () => {
    const grids = [
      { yEdges: uniformEdges(-0.055, 0.055, 137), zEdges: uniformEdges(-0.001, 0.011, 23) },
      { yEdges: gradedEdges({ min: -0.06, max: 0.06, focus: 0, finest: 0.0003, ratio: 1.15 }), zEdges: gradedEdges({ min: 0, max: 0.012, focus: 0.01, finest: 0.0002, ratio: 1.2 }) },
    ];
    for (const grid of grids) {
      expect(Math.abs(coveredArea(cellFractions(bead, grid), grid) - beadArea) / beadArea).toBeLessThan(1e-10);
      const plates = vGroove.plates.reduce((s, p) => s + area(p), 0);
      expect(Math.abs(coveredArea(cellFractions(vGroove.plates, grid), grid) - plates) / plates).toBeLessThan(1e-10);
    }
  });

  it('a centre-point mask converges to the polygon area at first order in h (error averaged over grid shifts)', () => {
    // Mask error: O(perimeter / h) cut cells, each off by O(h²) => O(h). Averaging over a few grid
    // offsets removes the lucky cancellations of one particular placement.
    const meanError = (n: number) => {
      const h = 0.02 / n;
      let total = 0;
      const shifts = [0, 0.13, 0.37, 0.61];
      for (const s of shifts) {
        const grid = { yEdges: uniformEdges(-0.01 + s * h, 0.01 + s * h, n), zEdges: uniformEdges(-0.001 + 0.7 * s * h, 0.011 + 0.7 * s * h, Math.round(0.012 / h)) };
        total += Math.abs(coveredArea(cellMask(bead, grid), grid) - beadArea) / beadArea;
      }
      return total / shifts.length;
    };
    const errors = [40, 80, 160, 320].map(meanError);
    const orders = errors.slice(1).map((e, i) => Math.log2(errors[i]! / e));
    for (const order of orders) {
      expect(order).toBeGreaterThan(0.8);
      expect(order).toBeLessThan(1.3);
    }
    expect(errors[3]).toBeLessThan(0.005);
  });

  it('labels cells void, base or filler', () => {
    const grid = { yEdges: uniformEdges(-0.06, 0.06, 120), zEdges: uniformEdges(0, 0.012, 12) };
    const r = rasteriseSection(vGroove, grid);
    const at = (y: number, z: number) => r.material[Math.floor((y + 0.06) / 0.001) * r.nz + Math.floor(z / 0.001)];
    expect(at(0.0001, 0.0005)).toBe(CellMaterial.filler);
    expect(at(0.03, 0.005)).toBe(CellMaterial.base);
    expect(at(0.03, 0.0115)).toBe(CellMaterial.void);
    expect(r.fillerFraction.length).toBe(120 * 12);
  });

  it('graded edges are strictly increasing, finest at the focus, and cover the range exactly', () => {
    const edges = gradedEdges({ min: -0.05, max: 0.05, focus: 0.01, finest: 0.0005, ratio: 1.2 });
    expect(edges[0]).toBe(-0.05);
    expect(edges[edges.length - 1]).toBe(0.05);
    for (let i = 1; i < edges.length; i++) expect(edges[i]!).toBeGreaterThan(edges[i - 1]!);
    const widths = Array.from(edges.slice(1), (e, i) => e - edges[i]!);
    expect(Math.min(...widths)).toBeCloseTo(0.0005, 12);
  });

  it('every joint rasterises to its exact area', () => {
    for (const [joint, fields] of Object.entries(JOINT_GEOMETRY_FIELDS)) {
      const all: Record<string, number> = { thickness: 0.01, thickness_2: 0.008, width: 0.05, length: 0.1, gap: 0.002, groove_angle: Math.PI / 3, root_face: 0.002, leg_length: 0.006, overlap: 0.02, pipe_outer_diameter: 0.06, pipe_wall_thickness: 0.005 };
      const s = jointCrossSection(joint as never, Object.fromEntries(fields.map((f) => [f, all[f]])));
      const grid = { yEdges: uniformEdges(s.bounds.yMin, s.bounds.yMax, 97), zEdges: uniformEdges(s.bounds.zMin, s.bounds.zMax, 61) };
      const exact = (ps: Polygon[]) => ps.reduce((sum, p) => sum + area(p), 0);
      const r = rasteriseSection(s, grid);
      expect(coveredArea(r.fillerFraction, grid)).toBeCloseTo(exact(s.fillers), 12);
      expect(coveredArea(r.baseFraction, grid)).toBeCloseTo(exact(s.plates), 12);
    }
  });
});
