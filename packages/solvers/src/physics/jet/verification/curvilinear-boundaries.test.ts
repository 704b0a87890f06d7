// Boundary records, ring values and the wall distance on curvilinear grids (boundaries.ts, sst.ts on
// grid.faces): a σ grid over a 90° ridge, a uniformly sheared (parallelogram) grid whose Gauss gradients
// are exact for linear fields, and rows sheared by a bump whose first cells are trapezoids.

import { describe, expect, it } from 'vitest';
import { gradedAxis, uniformAxis } from '../grid/axes.js';
import { BETA_1, BoundaryFaces, WALL } from '../physics/boundaries.js';
import type { BoundaryCondition, FlowCase, Side } from '../case.js';
import { FlowGrid, mappedMesh, type GridSpec } from '../grid/grid.js';
import { wallDistance } from '../physics/sst.js';
import { terrainGrid } from '../grid/terrain-grid.js';

const EPS = Number.EPSILON;
const fluid = { density: 1.2, viscosity: 1.8e-5, conductivity: 0.026, specificHeat: 1006 };
const nu = fluid.viscosity / fluid.density;

function flowCase(grid: GridSpec, boundaries: Record<Side, BoundaryCondition>): FlowCase {
  return { grid, fluid, boundaries, reference: { length: 0.01, velocity: 1, temperature: 300 } };
}

const opening: BoundaryCondition = { kind: 'opening', pressure: 0, temperature: 300 };
const wall: BoundaryCondition = { kind: 'wall' };
const symmetry: BoundaryCondition = { kind: 'symmetry' };

function faceIndices(b: BoundaryFaces, side: Side): number[] {
  return Array.from({ length: b.count }, (_, f) => f).filter((f) => b.side[f] === side);
}

/** Distance from (px, py) to the segment a → b. */
function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const [ex, ey] = [bx - ax, by - ay];
  const t = Math.min(1, Math.max(0, ((px - ax) * ex + (py - ay) * ey) / (ex * ex + ey * ey)));
  return Math.hypot(px - ax - t * ex, py - ay - t * ey);
}

describe('boundaries on a σ grid over a 90° ridge (45° faces)', () => {
  // Nozzle plane x = 0, plate x = H; the ridge (height h, half-width h) on the plate at the axis y = 0.
  const [H, R, h] = [0.05, 0.1, 0.02];
  const sigma = terrainGrid({ axialFaces: gradedAxis({ from: 0, to: H, cells: 24, ratio: 0.9 }), columnFaces: uniformAxis({ from: 0, to: R, cells: 40 }), polygon: [[0, h], [h, 0], [-h, 0]] });
  if (sigma.kind !== 'grid') throw new Error(sigma.reason);
  const spec: GridSpec = { geometry: 'planar', xFaces: Array.from(sigma.sigma, (s) => s * H), yFaces: sigma.columns, mesh: { cornerX: sigma.cornerX, cornerY: sigma.cornerY } };
  const grid = new FlowGrid(spec);
  const b = new BoundaryFaces(grid, flowCase(spec, { xmin: opening, xmax: wall, ymin: symmetry, ymax: opening }));

  it("each side's faces add up to its length, and s runs along it as arc length", () => {
    const lengths: Record<Side, number> = { xmin: R, xmax: Math.SQRT2 * h + (R - h), ymin: H - h, ymax: H };
    for (const side of ['xmin', 'xmax', 'ymin', 'ymax'] as const) {
      const faces = faceIndices(b, side);
      const total = faces.reduce((sum, f) => sum + b.area[f]!, 0);
      // Corners rounded once (≤ ε H each) and a sum of n terms: (n + 4) ε of the length.
      expect(Math.abs(total - lengths[side])).toBeLessThanOrEqual((faces.length + 4) * EPS * Math.max(H, R));
      for (const f of faces) {
        expect(b.sTo[f]! - b.sFrom[f]!).toBeCloseTo(b.area[f]!, 15);
        expect(b.s[f]).toBe(0.5 * (b.sFrom[f]! + b.sTo[f]!));
      }
      for (let m = 1; m < faces.length; m++) expect(b.sFrom[faces[m]!]).toBe(b.sTo[faces[m - 1]!]);
    }
    // Over the ridge s is the wall's arc length: its foot at s = √2 h, not at y = h.
    const foot = faceIndices(b, 'xmax').find((f) => b.y0[f]! >= h * (1 - 1e-12))!;
    expect(b.sFrom[foot]).toBeCloseTo(Math.SQRT2 * h, 14);
  });

  it('normals are unit vectors pointing out of the adjacent cell, along ±S', () => {
    for (let f = 0; f < b.count; f++) {
      expect(Math.abs(Math.hypot(b.nx[f]!, b.ny[f]!) - 1)).toBeLessThanOrEqual(2 * EPS);
      // The face midpoint lies outward of the centroid, and the face is perpendicular to n̂.
      expect(b.normalDistance[f]).toBeGreaterThan(0);
      const along = (b.x1[f]! - b.x0[f]!) * b.nx[f]! + (b.y1[f]! - b.y0[f]!) * b.ny[f]!;
      expect(Math.abs(along)).toBeLessThanOrEqual(4 * EPS * b.area[f]!);
    }
    // On the ridge's face the normal is (1, −1)/√2 (out of the fluid, into the ridge).
    const onRidge = faceIndices(b, 'xmax').filter((f) => b.y1[f]! <= h);
    expect(onRidge.length).toBeGreaterThan(0);
    for (const f of onRidge) {
      // S is a difference of corners rounded to ε H: its direction to ε H/|S| (and the division's ε).
      const tolerance = 4 * EPS * (H / b.area[f]! + 1);
      expect(Math.abs(b.nx[f]! - Math.SQRT1_2)).toBeLessThanOrEqual(tolerance);
      expect(Math.abs(b.ny[f]! + Math.SQRT1_2)).toBeLessThanOrEqual(tolerance);
    }
  });

  it('wall distance equals the analytic distance to the polyline plate–ridge', () => {
    const d = new Float64Array(grid.size);
    wallDistance(grid, b, d);
    const { nodeX, nodeY } = grid.faces;
    let worst = 0;
    for (let j = 1; j <= grid.ny; j++) {
      for (let i = 1; i <= grid.nx; i++) {
        const I = grid.index(i, j);
        const [x, y] = [nodeX[I]!, nodeY[I]!];
        const exact = Math.min(segmentDistance(x, y, H - h, 0, H, h), segmentDistance(x, y, H, h, H, R));
        worst = Math.max(worst, Math.abs(d[I]! - exact));
      }
    }
    // Both sides evaluate the same segments from coordinates rounded once (≤ ε H): a few ε H (measured 0.6).
    expect(worst).toBeLessThanOrEqual(8 * EPS * H);
  });

  it('a cell next to the ridge is nearer to its sloped face than the staircase axis distance suggests', () => {
    // Sanity of the sloped segment: the apex cell's centroid is |((H − h) − x) + y| / √2 from the slope
    // (or nearer the apex), always below the axial distance H − x to the plate.
    const d = new Float64Array(grid.size);
    wallDistance(grid, b, d);
    const I = grid.index(grid.nx, 1);
    expect(d[I]).toBeLessThan(H - grid.faces.nodeX[I]!);
  });
});

describe('ring values on a uniformly sheared grid (parallelograms: Gauss gradients exact for linear fields)', () => {
  // x ↦ x + c y: xmin and xmax become lines of slope 1/c, ymin and ymax stay horizontal; every
  // interior face's midpoint lies on its node-to-node line, so Gauss's gradient of a linear field is
  // exact when the ring holds the field.
  const [L, Hy, c] = [1, 0.5, 0.6];
  const xFaces = gradedAxis({ from: 0, to: L, cells: 10, ratio: 1.15 });
  const yFaces = gradedAxis({ from: 0, to: Hy, cells: 8, ratio: 1.2 });
  const spec: GridSpec = { geometry: 'planar', xFaces, yFaces, mesh: mappedMesh(xFaces, yFaces, (x, y) => [x + c * y, y]) };
  const grid = new FlowGrid(spec);
  const { nodeX, nodeY } = grid.faces;
  const fill = (field: (x: number, y: number) => number): Float64Array => Float64Array.from({ length: grid.size }, (_, I) => field(nodeX[I]!, nodeY[I]!));
  const scale = (values: Float64Array): number => Math.max(...values.map(Math.abs));

  it('zero gradient along the side: φ_B = φ_P + ∇φ_P·t reproduces a linear field tangential to it', () => {
    // ymin, ymax zero-gradient (outlet, opening); the slanted sides hold the field (inlet temperature).
    const T = (x: number): number => 300 + 40 * x;
    const inlet: BoundaryCondition = { kind: 'inlet', velocity: { profile: 'custom', u: () => 0, v: () => 0 }, temperature: T };
    const b = new BoundaryFaces(grid, flowCase(spec, { xmin: inlet, xmax: inlet, ymin: { kind: 'outlet' }, ymax: opening }));
    const exact = fill(T);
    const field = Float64Array.from(exact);
    for (const f of [...faceIndices(b, 'ymin'), ...faceIndices(b, 'ymax')]) field[b.node[f]!] = 0;
    // The first pass reads the zeroed ring in ∂T/∂y only (y-faces are horizontal), which t (along x)
    // does not see: exact at once.
    b.applyTemperature(field, fluid.conductivity);
    let worst = 0;
    let offset = 0;
    for (let f = 0; f < b.count; f++) {
      worst = Math.max(worst, Math.abs(field[b.node[f]!]! - exact[b.node[f]!]!));
      offset = Math.max(offset, Math.abs(b.tx[f]!));
    }
    // The centroids sit c Δy/2 along the side from the midpoints: the correction is really exercised.
    expect(offset).toBeGreaterThan(0.01);
    // ∇T_P·t: Gauss sums of four face values of size T, times S/V and t (|t| < the cell): a few ε of T
    // per term and as many terms (measured 0.7 ε).
    expect(worst).toBeLessThanOrEqual(16 * EPS * scale(exact));
  });

  it('symmetry on a slanted side: u·n̂ = 0 and the tangential velocity extrapolated along the side', () => {
    // On xmin (the line x = c y) n̂ = (−1, c)/√(1 + c²), τ̂ = (c, 1)/√(1 + c²); a field that depends
    // only on τ̂·r has zero normal gradient there.
    const norm = Math.hypot(1, c);
    const along = (x: number, y: number): number => (c * x + y) / norm;
    const u = (x: number, y: number): number => 1 + 3 * along(x, y);
    const v = (x: number, y: number): number => -0.5 + 2 * along(x, y);
    const inlet: BoundaryCondition = { kind: 'inlet', velocity: { profile: 'custom', u, v }, temperature: 300 };
    const b = new BoundaryFaces(grid, flowCase(spec, { xmin: symmetry, xmax: inlet, ymin: inlet, ymax: inlet }));
    const [U, V] = [fill(u), fill(v)];
    const zero = new Float64Array(grid.size);
    b.applyVelocity(U, V, zero, zero, fluid.density);
    const [nX, nY] = [-1 / norm, c / norm];
    let worst = 0;
    for (const f of faceIndices(b, 'xmin')) {
      expect(b.nx[f]).toBeCloseTo(nX, 15);
      expect(b.ny[f]).toBeCloseTo(nY, 15);
      const B = b.node[f]!;
      const [ue, ve] = [u(nodeX[B]!, nodeY[B]!), v(nodeX[B]!, nodeY[B]!)];
      const normal = ue * nX + ve * nY;
      worst = Math.max(worst, Math.abs(U[B]! - (ue - normal * nX)), Math.abs(V[B]! - (ve - normal * nY)));
      // The normal part is removed from a vector of size |(u, v)|: zero to a few ε of that size.
      expect(Math.abs(U[B]! * nX + V[B]! * nY)).toBeLessThanOrEqual(8 * EPS * Math.hypot(ue, ve));
    }
    // As for T above, plus the projection (measured 0.7 ε).
    expect(worst).toBeLessThanOrEqual(16 * EPS * Math.max(scale(U), scale(V)));
  });

  it('an opening on a slanted side takes the normal velocity of the face flux, the tangential one extrapolated', () => {
    const norm = Math.hypot(1, c);
    const along = (x: number, y: number): number => (c * x + y) / norm;
    const u = (x: number, y: number): number => 0.3 + along(x, y);
    const v = (x: number, y: number): number => 0.2 - 2 * along(x, y);
    const inlet: BoundaryCondition = { kind: 'inlet', velocity: { profile: 'custom', u, v }, temperature: 300 };
    const b = new BoundaryFaces(grid, flowCase(spec, { xmin: opening, xmax: inlet, ymin: inlet, ymax: inlet }));
    const [U, V] = [fill(u), fill(v)];
    // Fluid leaving at 0.7 m/s through every xmin face: F along S (+x-ward), so F = −ρ 0.7 |S|.
    const Fx = new Float64Array(grid.size);
    for (const f of faceIndices(b, 'xmin')) Fx[b.face[f]!] = -fluid.density * 0.7 * b.area[f]!;
    b.applyVelocity(U, V, Fx, new Float64Array(grid.size), fluid.density);
    for (const f of faceIndices(b, 'xmin')) {
      const B = b.node[f]!;
      const [ue, ve] = [u(nodeX[B]!, nodeY[B]!), v(nodeX[B]!, nodeY[B]!)];
      const [tX, tY] = [-b.ny[f]!, b.nx[f]!];
      expect(Math.abs(U[B]! * b.nx[f]! + V[B]! * b.ny[f]! - 0.7)).toBeLessThanOrEqual(16 * EPS);
      expect(Math.abs((U[B]! - ue) * tX + (V[B]! - ve) * tY)).toBeLessThanOrEqual(16 * EPS * Math.max(scale(U), scale(V)));
    }
  });

  it('a uniform inlet on a slanted side enters along −n̂ and carries mean × length', () => {
    const b = new BoundaryFaces(grid, flowCase(spec, { xmin: { kind: 'inlet', velocity: { profile: 'uniform', mean: 2 }, temperature: 300 }, xmax: opening, ymin: wall, ymax: wall }));
    let flow = 0;
    for (const f of faceIndices(b, 'xmin')) {
      expect(Math.abs(b.uIn[f]! * b.ny[f]! - b.vIn[f]! * b.nx[f]!)).toBeLessThanOrEqual(4 * EPS * Math.hypot(b.uIn[f]!, b.vIn[f]!));
      flow -= (b.uIn[f]! * b.nx[f]! + b.vIn[f]! * b.ny[f]!) * b.area[f]!;
    }
    // The side is the segment (0, 0) → (c Hy, Hy).
    expect(flow / (2 * Math.hypot(c * Hy, Hy))).toBeCloseTo(1, 14);
  });

  it('pressure is extrapolated linearly along the node line (rows of nodes are straight here)', () => {
    const p = (x: number, y: number): number => 100 - 30 * x + 12 * y;
    const b = new BoundaryFaces(grid, flowCase(spec, { xmin: opening, xmax: { kind: 'outlet' }, ymin: wall, ymax: wall }));
    const exact = fill(p);
    const field = Float64Array.from(exact);
    for (const f of faceIndices(b, 'xmax')) field[b.node[f]!] = 0;
    const zero = new Float64Array(grid.size);
    b.applyPressure(field, zero, zero, fluid.density);
    // p_P + (p_P − p_Q) |d_B|/|d_PQ|: the difference's rounding (ε p) scaled by |d_B|/|d_PQ| ≤ 1, plus two.
    for (const f of faceIndices(b, 'xmax')) expect(Math.abs(field[b.node[f]!]! - exact[b.node[f]!]!)).toBeLessThanOrEqual(4 * EPS * scale(exact));
  });

  it("ω at a slanted wall: Δy₁ is the parallelogram's height normal to the wall, Δx cos θ", () => {
    const b = new BoundaryFaces(grid, flowCase(spec, { xmin: wall, xmax: opening, ymin: wall, ymax: opening }));
    const dx = xFaces[1]! - xFaces[0]!;
    const dy = yFaces[1]! - yFaces[0]!;
    for (const f of faceIndices(b, 'xmin')) {
      expect(b.height[f]! / (dx / Math.hypot(1, c))).toBeCloseTo(1, 14);
      expect(b.omegaWall[f]! / ((60 * nu) / (BETA_1 * (dx / Math.hypot(1, c)) ** 2))).toBeCloseTo(1, 13);
    }
    for (const f of faceIndices(b, 'ymin')) expect(b.height[f]! / dy).toBeCloseTo(1, 14);
  });
});

describe('ω at a wall under rows sheared by a bump (trapezoidal first cells)', () => {
  // x ↦ x + a sin(πx/L) sin(πy/H): the sides stay put; the first row's cells have a horizontal top
  // face y = y₁ but slanted sides, so their area over the wall face is not y₁ while the normal height is.
  const [L, Hy, a] = [1, 1, 0.08];
  const xFaces = uniformAxis({ from: 0, to: L, cells: 16 });
  const yFaces = gradedAxis({ from: 0, to: Hy, cells: 12, ratio: 1.2 });
  const spec: GridSpec = { geometry: 'planar', xFaces, yFaces, mesh: mappedMesh(xFaces, yFaces, (x, y) => [x + a * Math.sin((Math.PI * x) / L) * Math.sin((Math.PI * y) / Hy), y]) };
  const grid = new FlowGrid(spec);
  const b = new BoundaryFaces(grid, flowCase(spec, { xmin: symmetry, xmax: symmetry, ymin: wall, ymax: opening }));

  it('Δy₁ equals the first row height y₁ on every wall face', () => {
    const y1 = yFaces[1]! - yFaces[0]!;
    let sheared = 0;
    for (const f of faceIndices(b, 'ymin')) {
      expect(b.kind[f]).toBe(WALL);
      expect(Math.abs(b.height[f]! - y1)).toBeLessThanOrEqual(4 * EPS * y1);
      const P = b.cell[f]!;
      sheared = Math.max(sheared, Math.abs(grid.V[P]! / b.area[f]! - y1) / y1);
    }
    // (V/|S| would be off by the shear: the choice matters here.)
    expect(sheared).toBeGreaterThan(1e-3);
  });

  it('the wall distance of a cell is its centroid height above the flat wall', () => {
    const d = new Float64Array(grid.size);
    wallDistance(grid, b, d);
    for (let j = 1; j <= grid.ny; j++) for (let i = 1; i <= grid.nx; i++) expect(d[grid.index(i, j)]).toBe(grid.faces.nodeY[grid.index(i, j)]);
  });
});

describe('boundary records on rectangles', () => {
  it('normals are exactly ±1/0, t = 0 and the normal distance is the distance', () => {
    const spec: GridSpec = { geometry: 'planar', xFaces: gradedAxis({ from: 0, to: 1, cells: 6, ratio: 1.1 }), yFaces: uniformAxis({ from: 0, to: 2, cells: 4 }) };
    const b = new BoundaryFaces(new FlowGrid(spec), flowCase(spec, { xmin: wall, xmax: opening, ymin: symmetry, ymax: wall }));
    for (let f = 0; f < b.count; f++) {
      const alongX = b.axis[f] === 1;
      expect([b.nx[f], b.ny[f]]).toEqual(alongX ? [0, b.outward[f]] : [b.outward[f], 0]);
      expect([b.tx[f], b.ty[f]]).toEqual([0, 0]);
      expect(b.normalDistance[f]).toBe(b.distance[f]);
      expect(b.height[f]).toBe(2 * b.distance[f]!);
    }
  });
});
