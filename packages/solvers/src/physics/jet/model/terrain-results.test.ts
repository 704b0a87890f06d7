// The jet model's results from a ridge on the terrain-following (σ) grid (jetFlowCase's `ridgeGrid`
// 'terrain'; the product's ridge grid, docs/adr/0021): a coarse JET_IMPINGING_RIDGE through the
// model's phases, its output against the blocked staircase's layout and conventions. The fields are
// resampled onto tensor axes (resample.ts) with the ridge's inside masked, ψ is carried from the mesh
// corners along the columns' lines, the target profile holds the ridge's faces (part of the xmax wall),
// and y⁺ splits into the plate and the faces.

import { beforeAll, describe, expect, it } from 'vitest';
import { RunContext } from '../../../run/context.js';
import { insidePolygon } from '../impinging-jet.js';
import { tensorAxesFor } from '../post/resample.js';
import { jetFlowCase } from './flow-case.js';
import { jetDefaults, readJetCase } from './parameters.js';
import { WALL_RESOLVED_Y_PLUS, warnUnresolvedWalls } from './results.js';
import { runJet, type JetRun } from './solver.js';
import { raisedAbovePlate, targetProfile, wallYPlus } from './target.js';

const EPS = Number.EPSILON;
// The coarse preset on the model test's 80 mm domain (the default 90° ridge, 10 mm high): 48 × 46 σ
// cells, converged in 754 iterations, 3.4 s of CPU (measured).
const jet = readJetCase('JET_IMPINGING_RIDGE', { ...jetDefaults('JET_IMPINGING_RIDGE'), mesh_size: 'coarse', domain_radius: 0.08 });
const H = jet.distance;
const { polygon, height: h, halfWidth: b } = jet.ridge!;
const insideRidge = (x: number, y: number) => insidePolygon(polygon, y, H - x) || insidePolygon(polygon, -y, H - x);
/** The blocked staircase's values inside the ridge (results.ts), per output field. */
const SOLID_VALUES: Record<string, number> = {
  velocity_magnitude: 0,
  pressure: 0,
  temperature: jet.surfaceTemperature,
  turbulent_viscosity: 0,
  axial_velocity: 0,
  radial_velocity: 0,
  solid: 1,
};

let terrain: JetRun;
let blocked: JetRun;
let log: string[];

beforeAll(async () => {
  const ctx = new RunContext();
  terrain = await runJet({ jet, flowCase: jetFlowCase(jet, {}, undefined, undefined, 'terrain') }, ctx);
  log = ctx.lines.map((line) => `${line.level}: ${line.message}`);
  blocked = await runJet({ jet, flowCase: jetFlowCase(jet, {}, undefined, undefined, 'blocked') }, new RunContext());
}, 120_000);

describe('jet results from a σ-grid ridge', () => {
  it('the run is the σ grid, converged, and its mesh line gives the faces’ first cells', () => {
    const grid = terrain.solver!.grid;
    expect(terrain.flowCase!.ridgeGrid).toEqual({ kind: 'terrain' });
    expect(grid.curvilinear).toBe(true);
    expect(terrain.output!.summary['converged']!.value).toBe('yes');
    const line = log.find((l) => l.startsWith("info: mesh 'coarse'"))!;
    expect(line).toContain('terrain-following (σ) grid');
    expect(line).not.toContain('blocked cells in the ridge');
    // The plate's wall cell Δ compressed by (H − z_s)/H over the face (terrain-grid.ts), measured
    // normal to the 45° face: Δ cos 45° · (H − z_s)/H, between the apex (z_s = h) and the foot (0).
    const wall = grid.x.width[grid.nx]!;
    const [, count, lo, hi] = /on the ridge's (\d+) faces ([\d.e-]+)–([\d.e-]+) m/.exec(line)!.map(Number);
    const columns = Array.from(grid.y.faces).filter((y) => y > 0 && y <= b).length;
    expect(count).toBe(columns);
    // (The log rounds to 3 digits: half a unit in the last place.)
    expect(lo).toBeGreaterThanOrEqual(wall * Math.SQRT1_2 * ((H - h) / H) * (1 - 5e-3));
    expect(hi).toBeLessThanOrEqual(wall * Math.SQRT1_2 * (1 + 5e-3));
  });

  it('fields on the tensor axes of resample.ts, the mask equal to the polygon test, masked values as the staircase’s', () => {
    const grid = terrain.solver!.grid;
    const axes = tensorAxesFor(grid);
    const fields = terrain.output!.fields;
    const staircase = blocked.output!.fields;
    // The same fields as the blocked run's.
    expect(Object.keys(fields).sort()).toEqual(Object.keys(staircase).sort());
    const [nx, ny] = [axes.xCentres.length, axes.yCentres.length];
    const solid = fields['solid']!;
    let masked = 0;
    for (const [name, field] of Object.entries(fields)) {
      if (name === 'streamfunction') continue;
      expect(field.shape, name).toEqual([ny, nx]);
      expect(field.grid.axes.map((a) => a.name)).toEqual(['y', 'x']);
      expect(field.grid.axes[0]!.values).toEqual(Array.from(axes.yCentres));
      expect(field.grid.axes[1]!.values).toEqual(Array.from(axes.xCentres));
      expect(field.values.every(Number.isFinite), name).toBe(true);
      // The staircase's masked cells hold the same value.
      const solidValue = SOLID_VALUES[name]!;
      staircase[name]!.values.forEach((value, c) => staircase['solid']!.values[c] === 1 && expect(value, name).toBe(solidValue));
      for (let q = 0; q < ny; q++) {
        for (let p = 0; p < nx; p++) {
          const c = p + nx * q;
          const inside = insideRidge(axes.xCentres[p]!, axes.yCentres[q]!);
          if (name === 'solid') {
            expect(solid.values[c], `(${p}, ${q})`).toBe(inside ? 1 : 0);
            masked += inside ? 1 : 0;
          } else if (inside) expect(field.values[c], name).toBe(solidValue);
        }
      }
    }
    // Temperatures stay between the jet's and the surface's: without boundaries.ts's limit on the sides'
    // extrapolation a ring value beside the apex (188 K) pulled the cells 0.04 K below the jet's. The
    // deferred non-orthogonal diffusion is not bounded by construction, so the cells may leave the range
    // by the iteration's own error: the energy tolerance (1e-5 of ṁ c_p ΔT) as a share of ΔT (measured
    // 3e-5 K, 5e-7 ΔT, against a slack of 1e-5 ΔT = 6e-4 K).
    const [tLow, tHigh] = [Math.min(jet.jetTemperature, jet.surfaceTemperature), Math.max(jet.jetTemperature, jet.surfaceTemperature)];
    const slack = 1e-5 * (tHigh - tLow);
    for (const value of fields['temperature']!.values) {
      expect(value).toBeGreaterThanOrEqual(tLow - slack);
      expect(value).toBeLessThanOrEqual(tHigh + slack);
    }
    // The ridge's cross-section is covered: the masked area is its half-area b·h/2 to within the
    // output cells along the surface (one cell per column, half of it on average outside).
    let area = 0;
    let outline = 0;
    for (let q = 0; q < ny; q++) {
      const width = axes.yFaces[q + 1]! - axes.yFaces[q]!;
      let tallest = 0;
      for (let p = 0; p < nx; p++) {
        const rows = axes.xFaces[p + 1]! - axes.xFaces[p]!;
        if (solid.values[p + nx * q] === 1) area += rows * width;
        if (axes.xFaces[p + 1]! > H - h) tallest = Math.max(tallest, rows);
      }
      if (axes.yFaces[q]! < b) outline += tallest * width;
    }
    expect(masked).toBeGreaterThan(0);
    expect(Math.abs(area - (b * h) / 2)).toBeLessThanOrEqual(outline);
  });

  it('the speed is the magnitude of the resampled velocity', () => {
    const f = terrain.output!.fields;
    const [speed, u, v] = ['velocity_magnitude', 'axial_velocity', 'radial_velocity'].map((k) => f[k]!.values);
    speed!.forEach((s, c) => expect(s).toBe(Math.hypot(u![c]!, v![c]!)));
  });

  it('ψ on the output vertices: zero on the axis and on the wall, the wall’s inside the ridge, the nozzle plane’s from the x-face fluxes', () => {
    const solver = terrain.solver!;
    const { grid } = solver;
    const axes = tensorAxesFor(grid);
    const psi = terrain.output!.fields['streamfunction']!;
    const P = axes.xFaces.length;
    expect(psi.shape).toEqual([grid.ny + 1, P]);
    expect(psi.grid.axes[0]!.values).toEqual(Array.from(axes.yFaces));
    expect(psi.grid.axes[1]!.values).toEqual(Array.from(axes.xFaces));
    expect(psi.values.every(Number.isFinite)).toBe(true);
    const rho = solver.flowCase.fluid.density;
    const { cornerX } = grid.mesh!;
    const C = grid.nx + 1;
    let nozzle = 0;
    for (let j = 0; j <= grid.ny; j++) {
      const row = psi.values.slice(P * j, P * (j + 1));
      if (j === 0) expect(row.every((value) => value === 0)).toBe(true);
      // The nozzle plane stays flat under σ: its vertex is the mesh corner, ψ the flux sum.
      if (j > 0) nozzle += solver.Fx[grid.stride * j]! / rho;
      expect(row[0]).toBe(nozzle);
      // No flux through the wall: from the axis its ψ stays 0, and every vertex beyond it takes it.
      axes.xFaces.forEach((x, p) => x >= cornerX[grid.nx + C * j]! && expect(row[p]).toBe(0));
    }
    // Up to the lip the nozzle plane carries the inlet's volume flow U·D/2 (per metre of slot; its
    // profile integrates to the mean velocity to round-off over its faces). (The 90° ridge's foot
    // b = h tan 45° lies within round-off of the lip and took its column face.)
    const lip = Array.from(axes.yFaces).findIndex((y) => Math.abs(y - jet.diameter / 2) <= 4 * EPS * jet.diameter);
    expect(lip).toBeGreaterThan(0);
    expect(Math.abs(psi.values[P * lip]! / ((jet.velocity * jet.diameter) / 2) - 1)).toBeLessThan(1e-12);
  });

  it("the target profile holds the ridge's faces (height > 0, the surface under their midpoints) and the plate", () => {
    const solution = terrain.solution!;
    const target = targetProfile(solution, { plateX: H, nusseltScale: 2 });
    const xmax = solution.walls.find((w) => w.side === 'xmax')!;
    expect(target.s.length).toBe(xmax.s.length);
    expect(solution.walls.some((w) => w.side === 'obstacle')).toBe(false);
    const raised = target.height.map((z, m) => (z > 0 && raisedAbovePlate(H, H - z) ? m : -1)).filter((m) => m >= 0);
    const columns = Array.from(terrain.solver!.grid.y.faces).filter((y) => y > 0 && y <= b).length;
    expect(raised.length).toBe(columns);
    // Sorted from the axis: the apex face first, the faces' heights those of the 90° ridge's surface
    // z_s = h (1 − s/b) at the face midpoints (linear: a rounding or two of H).
    expect(raised).toEqual(Array.from({ length: columns }, (_, m) => m));
    for (const m of raised) expect(Math.abs(target.height[m]! - h * (1 - target.s[m]! / b))).toBeLessThanOrEqual(8 * EPS * H);
    for (let m = columns; m < target.s.length; m++) expect(Math.abs(target.height[m]!)).toBeLessThanOrEqual(EPS * H);
    expect(terrain.output!.series['target_height']!.y[0]!.values).toEqual(target.height);
    expect(terrain.output!.summary['stagnation_nusselt']!.value).toBe(target.nusselt[0]);
  });

  it("y⁺ splits into the plate and the faces (area means that recombine to the wall's), both wall-resolved: no warning", () => {
    const solution = terrain.solution!;
    const split = wallYPlus(solution, H);
    expect(split.map((w) => w.wall)).toEqual(['plate', 'ridge faces']);
    const [plate, faces] = split;
    // Without the plate's position the xmax wall is one: the split's area means recombine to it.
    const [whole] = wallYPlus(solution);
    const xmax = solution.walls.find((w) => w.side === 'xmax')!;
    let [areaFaces, areaPlate] = [0, 0];
    xmax.x.forEach((x, m) => (raisedAbovePlate(H, x) ? (areaFaces += xmax.area[m]!) : (areaPlate += xmax.area[m]!)));
    expect(Math.abs(plate!.mean * areaPlate + faces!.mean * areaFaces - whole!.mean * (areaPlate + areaFaces))).toBeLessThanOrEqual(1e-12 * whole!.mean * (areaPlate + areaFaces));
    expect(Math.max(plate!.max, faces!.max)).toBe(whole!.max);
    // The σ grid's faces at y⁺ ≤ 0.3 (terrain-ridge.test.ts's estimate; measured max 0.24), where the
    // staircase's 16 steps put them at ≈ 13.
    expect(faces!.max).toBeLessThanOrEqual(0.3);
    expect(plate!.max).toBeLessThanOrEqual(WALL_RESOLVED_Y_PLUS);
    expect(log.filter((l) => l.startsWith('warn') && l.includes('y⁺'))).toEqual([]);
    expect(wallYPlus(blocked.solution!, H).map((w) => w.wall)).toEqual(['plate', 'ridge faces']);
  });

  it('the heat transfer rate is the energy balance’s wall heat, the sum of the target’s face heats', () => {
    const solution = terrain.solution!;
    const target = targetProfile(solution, { plateX: H, nusseltScale: 2 });
    const wall = solution.balances.energy.wall;
    expect(terrain.output!.summary['heat_transfer_rate']!.value).toBe(wall);
    let [sum, magnitude] = [0, 0];
    target.heatFlux.forEach((q, m) => {
      sum += q * target.area[m]!;
      magnitude += Math.abs(q * target.area[m]!);
    });
    expect(Math.abs(sum - wall)).toBeLessThanOrEqual(target.s.length * EPS * magnitude);
  });

  it("a σ run's faces above the wall-resolved range are not called a staircase", () => {
    const lines: string[] = [];
    const profile = (x: number[], yPlus: number[]) => ({ side: 'xmax', s: x.map((_, m) => m), x, area: x.map(() => 1), yPlus });
    const run = { jet: { mesh: 'default', distance: H }, solution: { centroids: {}, walls: [profile([H - 0.005, H], [3.1, 0.5])] } } as unknown as JetRun;
    warnUnresolvedWalls(run, { warn: (message: string) => lines.push(message) } as unknown as RunContext);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^first-cell y⁺ on the ridge faces up to 3\.1 /);
    expect(lines[0]).toContain('terrain-following grid');
    expect(lines[0]).not.toContain('staircase');
  });
});
