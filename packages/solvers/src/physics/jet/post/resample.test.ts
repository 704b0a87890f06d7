// Output of σ-grid fields on tensor axes (resample.ts), on the default JET_IMPINGING_RIDGE geometry
// (90° apex, terrain-grid.ts): the axes against the staircase's, exactness for linear fields, second-order
// convergence, the mask against the analytic polygon test, and the cost.

import { describe, expect, it } from 'vitest';
import { FlowGrid } from '../grid/grid.js';
import { insidePolygon } from '../impinging-jet.js';
import { jetFlowCase } from '../model/flow-case.js';
import { jetDefaults, readJetCase } from '../model/parameters.js';
import { resampler, resampleCells, tensorAxesFor } from './resample.js';
import { terrainGrid } from '../grid/terrain-grid.js';

const EPS = Number.EPSILON;
const jet = readJetCase('JET_IMPINGING_RIDGE', jetDefaults('JET_IMPINGING_RIDGE'));
const H = jet.distance;
const R = jet.domainRadius;
const ridge = jet.ridge!;
const h = ridge.height;
const b = ridge.halfWidth;
// The flat slot grid's axial faces and the default ridge case's columns (as terrain-grid.test.ts).
const axialFaces = jetFlowCase({ ...jet, ridge: undefined }).grid.xFaces;
const staircase = jetFlowCase(jet, {}, undefined, 'resolved', 'blocked').grid;
const columnFaces = staircase.yFaces;

/** The σ grid over the default ridge as a FlowGrid (reference axes: the flat rows, the columns). */
function sigmaGrid(axial: ArrayLike<number> = axialFaces, columns: ArrayLike<number> = columnFaces): FlowGrid {
  const tg = terrainGrid({ axialFaces: axial, columnFaces: columns, polygon: ridge.polygon });
  if (tg.kind !== 'grid') throw new Error(tg.reason);
  return new FlowGrid({ geometry: 'planar', xFaces: axial, yFaces: tg.columns, mesh: { cornerX: tg.cornerX, cornerY: tg.cornerY } });
}

/** Every face split in two (a refinement that keeps the faces, so the polygon's vertices stay on columns). */
function halved(faces: ArrayLike<number>): Float64Array {
  const out = [faces[0]!];
  for (let k = 1; k < faces.length; k++) out.push(0.5 * (faces[k - 1]! + faces[k]!), faces[k]!);
  return Float64Array.from(out);
}

/** A halo field of f at the nodes: centroids in the cells, face midpoints on the ring. */
function sampled(grid: FlowGrid, f: (x: number, y: number) => number): Float64Array {
  const { nodeX, nodeY } = grid.faces;
  return Float64Array.from({ length: grid.size }, (_, I) => f(nodeX[I]!, nodeY[I]!));
}

/** impinging-jet.ts's obstacle test: inside the polygon or its mirror, z = H − x up from the plate. */
const insideRidge = (x: number, y: number) => insidePolygon(ridge.polygon, y, H - x) || insidePolygon(ridge.polygon, -y, H - x);

/** Largest |values − f| over the unmasked points xOut × yOut. */
function maxError(values: Float64Array, mask: Uint8Array, xOut: ArrayLike<number>, yOut: ArrayLike<number>, f: (x: number, y: number) => number): number {
  let error = 0;
  for (let q = 0; q < yOut.length; q++) {
    for (let p = 0; p < xOut.length; p++) {
      const n = p + xOut.length * q;
      if (!mask[n]) error = Math.max(error, Math.abs(values[n]! - f(xOut[p]!, yOut[q]!)));
    }
  }
  return error;
}

const uniform = (from: number, to: number, n: number) => Float64Array.from({ length: n }, (_, k) => from + ((k + 0.5) * (to - from)) / n);
/**
 * Points through the ridge's neighbourhood down to the plate's wall cell, with the foot's column face:
 * there the wall kinks, and points between the chord of two ring nodes and the wall are extrapolated.
 */
const nearRidge = [Float64Array.from([...uniform(H - 1.2 * h, H, 301), H - 1e-5, H - 3e-6]), Float64Array.from([...uniform(0, 1.5 * b, 151), b])] as const;

describe('σ-grid fields on tensor axes', () => {
  const grid = sigmaGrid();
  const axes = tensorAxesFor(grid);

  it("axes: the columns, the flat rows above the ridge, and rows through it no taller than the staircase's steps", () => {
    expect(Array.from(axes.yCentres)).toEqual(Array.from(grid.y.node.subarray(1, grid.ny + 1)));
    // Every reference row face is kept (rows are only split), so above the apex the rows are the flat ones.
    const faces = new Set(axes.xFaces);
    for (const f of grid.x.faces) expect(faces.has(f)).toBe(true);
    const above = grid.x.faces.filter((f) => f <= H - h).length - 1; // rows wholly above the apex
    expect(axes.xCentres.subarray(0, above)).toEqual(grid.x.node.subarray(1, above + 1));
    // Through the ridge's height the flat rows are the plate's grading, up to ≈ 1.2 mm tall; the output's
    // are no taller than the staircase's steps (h/64: its row at the ridge's mid-height).
    const tallest = (f: ArrayLike<number>) => {
      let t = 0;
      for (let k = 1; k < f.length; k++) if (f[k]! > H - h) t = Math.max(t, f[k]! - f[k - 1]!);
      return t;
    };
    const m = Array.from(staircase.xFaces).findIndex((f) => f > H - h / 2);
    const step = staircase.xFaces[m]! - staircase.xFaces[m - 1]!;
    expect(step).toBeCloseTo(h / 64, 12);
    expect(tallest(grid.x.faces)).toBeGreaterThan(6 * step);
    expect(tallest(axes.xFaces)).toBeLessThanOrEqual(step);
    // Without a ridge the axes are the grid's own centres.
    const flat = new FlowGrid({ geometry: 'planar', xFaces: axialFaces, yFaces: columnFaces });
    expect(tensorAxesFor(flat).xCentres).toEqual(flat.x.node.subarray(1, flat.nx + 1));
  });

  it('the mask is the analytic inside-the-ridge test on every output point; masked points take the wall value', () => {
    const { values, mask } = resampleCells(grid, sampled(grid, () => 300), axes.xCentres, axes.yCentres);
    let masked = 0;
    const wrong: string[] = [];
    for (let q = 0; q < axes.yCentres.length; q++) {
      for (let p = 0; p < axes.xCentres.length; p++) {
        const n = p + axes.xCentres.length * q;
        if (mask[n] !== (insideRidge(axes.xCentres[p]!, axes.yCentres[q]!) ? 1 : 0)) wrong.push(`x ${axes.xCentres[p]}, y ${axes.yCentres[q]}`);
        masked += mask[n]!;
      }
    }
    expect(wrong).toEqual([]);
    expect(masked).toBeGreaterThan(0);
    // A masked point takes the xmax ring's value at its y; the columns' centres are the ring nodes' y,
    // so a uniform wall value comes back exactly (weights 1 and 0).
    const T = sampled(grid, () => 350);
    for (let j = 1; j <= grid.ny; j++) T[grid.nx + 1 + grid.stride * j] = 300;
    const wall = resampleCells(grid, T, axes.xCentres, axes.yCentres).values;
    for (let n = 0; n < mask.length; n++) if (mask[n]) expect(wall[n]).toBe(300);
    expect(values.every((v) => Math.abs(v - 300) <= 4 * EPS * 300)).toBe(true);
  });

  it('a linear field is reproduced at every unmasked point, beside the surface and at the foot too', () => {
    const f = (x: number, y: number) => 3 + 200 * x - 70 * y;
    const phi = sampled(grid, f);
    // The output axes, and a lattice through the ridge's neighbourhood (with the slivers at the foot).
    // Weights and Newton's (ξ, η) carry a few roundings of values and coordinates: 16 ε of
    // |a| + |∇f| L bounds the error.
    const scale = 3 + 200 * H + 70 * R;
    for (const [xOut, yOut] of [
      [axes.xCentres, axes.yCentres],
      nearRidge,
    ] as const) {
      const { values, mask } = resampleCells(grid, phi, xOut, yOut);
      expect(maxError(values, mask, xOut, yOut, f)).toBeLessThanOrEqual(16 * EPS * scale);
    }
  });

  // 2.7 s here with the machine less loaded, 5.6 s in the full jet run: over vitest's 5 s default.
  it('a smooth field converges at second order (≥ 1.8) on points off every grid, over the domain and at the ridge', { timeout: 30_000 }, () => {
    // Points that are no level's nodes (on the grid's own axes the flat region would be exact): a lattice
    // over the domain, and the ridge's neighbourhood with the foot's column face (the sliver points).
    const sets = [
      { points: [uniform(0, H, 101), uniform(0, R, 257)], f: (x: number, y: number) => Math.sin((2 * Math.PI * x) / H + 1) * Math.cos((3 * Math.PI * y) / R) },
      { points: nearRidge, f: (x: number, y: number) => Math.exp(-((x - (H - h)) ** 2 + y ** 2) / (h * h)) }, // at the apex
      { points: nearRidge, f: (x: number, y: number) => Math.exp(-((x - H) ** 2 + (y - b) ** 2) / (h * h)) }, // at the foot
    ] as const;
    const errors = sets.map((): number[] => []);
    let [axial, columns] = [axialFaces, columnFaces];
    for (let level = 0; level < 3; level++) {
      const g = level === 0 ? grid : sigmaGrid(axial, columns);
      sets.forEach(({ points: [xOut, yOut], f }, k) => {
        const r = resampler(g, xOut, yOut);
        errors[k]!.push(maxError(r.apply(sampled(g, f)), r.mask, xOut, yOut, f));
      });
      [axial, columns] = [halved(axial), halved(columns)];
    }
    // Measured: 2.01 2.05 / 2.00 1.92 / 2.10 1.99.
    for (const e of errors) for (let k = 1; k < e.length; k++) expect(Math.log2(e[k - 1]! / e[k]!)).toBeGreaterThanOrEqual(1.8);
  });

  it("on a Cartesian grid's own axes the output is the cells' values", () => {
    const flat = new FlowGrid({ geometry: 'planar', xFaces: axialFaces, yFaces: columnFaces });
    const flatAxes = tensorAxesFor(flat);
    const field = Float64Array.from({ length: flat.size }, (_, I) => Math.sin(I));
    const { values, mask } = resampleCells(flat, field, flatAxes.xCentres, flatAxes.yCentres);
    expect(mask.every((m) => m === 0)).toBe(true);
    // The point is a node: Newton's ξ comes out 0 or 1 to the rounding of the coordinates (ε |x|) over
    // the node spacing, and so with η; the values lie in [−1, 1].
    const ratio = (a: typeof flat.x) => Math.max(...Array.from(a.spacing, (d, f) => Math.abs(a.node[f + 1]!) / d));
    const tolerance = 4 * EPS * 2 * (ratio(flat.x) + ratio(flat.y));
    const cells = flat.cells(field);
    for (let n = 0; n < cells.length; n++) expect(Math.abs(values[n]! - cells[n]!)).toBeLessThanOrEqual(tolerance);
  });

  it('cost at the default grid (62 × 148 cells → 114 × 148 points): axes, stencils and 8 fields', () => {
    const phi = sampled(grid, (x, y) => x + y);
    // (The library's tsconfig has no Node types, hence globalThis.)
    type CpuUsage = { user: number; system: number };
    const { process: node, console: out } = globalThis as unknown as { process: { cpuUsage(previous?: CpuUsage): CpuUsage }; console: { log(message: string): void } };
    const start = node.cpuUsage();
    const a = tensorAxesFor(grid);
    const r = resampler(grid, a.xCentres, a.yCentres);
    for (let k = 0; k < 8; k++) r.apply(phi);
    const used = node.cpuUsage(start);
    const ms = (used.user + used.system) / 1000;
    out.log(`resample: ${a.xCentres.length} × ${a.yCentres.length} points, ${ms.toFixed(1)} ms CPU`);
    // Once per run: within 1 % of the default blocked-cell ridge run's 24.7 s of CPU.
    expect([a.xCentres.length, a.yCentres.length]).toEqual([114, 148]);
    expect(ms).toBeLessThan(247);
  });
});
