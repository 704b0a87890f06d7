// FieldSampler and the tracker on the σ grid (terrain-grid.ts) over the default 90° ridge: the cell
// found for a point is the quadrilateral that contains it; a linear field is interpolated exactly
// (the dual cells' isoparametric map, and the halves split at a bent wall's column face, reproduce
// linear functions), to round-off; a point on the wall gets the wall value, at corners bent either way
// too (a trapezoid); and a particle in a linear stagnation flow reaches the ridge's face where the
// analytic trajectory does, with the integrator's first-order error.

import { describe, expect, it } from 'vitest';
import { FlowGrid, mappedMesh } from '../grid/grid.js';
import { uniformAxis } from '../grid/axes.js';
import { defaultRidgeCase } from '../grid/default-ridge.js';
import { terrainGrid } from '../grid/terrain-grid.js';
import type { FlowSolver } from '../solver.js';
import { SeededRandom } from '../../../numerics/random.js';
import { FieldSampler, type SamplePoint } from './sampler.js';
import { ParticleTracker, type TrackingSettings } from './tracking.js';

const EPS = Number.EPSILON;
const { jet, ridge, axialFaces, columnFaces } = defaultRidgeCase();
const H = jet.distance;
const R = jet.domainRadius;
const built = terrainGrid({ axialFaces, columnFaces, polygon: ridge.polygon });
if (built.kind !== 'grid') throw new Error(built.reason);
const sigma = built;
const grid = new FlowGrid({ geometry: 'planar', xFaces: axialFaces, yFaces: sigma.columns, mesh: { cornerX: sigma.cornerX, cornerY: sigma.cornerY } });
const { nx, ny, stride: W } = grid;
const C = nx + 1;
const { nodeX, nodeY } = grid.faces;
const top = sigma.cornerX[0]!;

/** x of x-face i at height y (straight within the column). */
function faceX(i: number, y: number): number {
  let j = 1;
  while (j < ny && sigma.columns[j]! < y) j++;
  const t = (y - sigma.columns[j - 1]!) / (sigma.columns[j]! - sigma.columns[j - 1]!);
  return sigma.cornerX[i + C * (j - 1)]! + t * (sigma.cornerX[i + C * j]! - sigma.cornerX[i + C * (j - 1)]!);
}

/** A point in the fluid: x uniform between the nozzle plane and the wall, or within the first cell off the wall. */
function randomPoint(random: SeededRandom, wallCell = false): [number, number] {
  const y = (wallCell ? ridge.halfWidth * 1.2 : R) * random.uniform();
  const [x0, x1] = wallCell ? [faceX(nx - 1, y), faceX(nx, y)] : [top, faceX(nx, y)];
  return [x0 + random.uniform() * (x1 - x0), y];
}

function field(f: (x: number, y: number) => number): Float64Array {
  return Float64Array.from({ length: grid.size }, (_, I) => f(nodeX[I]!, nodeY[I]!));
}

/** Is (x, y) inside cell I's quadrilateral (counter-clockwise corners), to `slack` of its size? */
function insideCell(I: number, x: number, y: number, slack: number): boolean {
  const [i, j] = [I % W, Math.floor(I / W)];
  const k = [i - 1 + C * (j - 1), i + C * (j - 1), i + C * j, i - 1 + C * j];
  for (let m = 0; m < 4; m++) {
    const [a, b] = [k[m]!, k[(m + 1) % 4]!];
    const [ex, ey] = [sigma.cornerX[b]! - sigma.cornerX[a]!, sigma.cornerY[b]! - sigma.cornerY[a]!];
    // The left of each edge, within slack × |edge|.
    if (ex * (y - sigma.cornerY[a]!) - ey * (x - sigma.cornerX[a]!) < -slack * Math.hypot(ex, ey)) return false;
  }
  return true;
}

describe('FieldSampler on a σ grid over the default ridge', () => {
  const sampler = new FieldSampler(grid);
  const at: SamplePoint = { I: 0, wx: 0, wy: 0 };
  // Coordinates carry ε H of round-off; the thinnest cell is δ thick.
  const delta = Math.min(...Array.from({ length: ny }, (_, j) => sigma.cornerX[nx + C * (j + 1)]! - sigma.cornerX[nx - 1 + C * (j + 1)]!));

  it('locates every random point in the cell whose quadrilateral contains it, and in a dual cell that maps onto it', () => {
    const random = new SeededRandom(3, 0);
    for (let n = 0; n < 4000; n++) {
      const [x, y] = randomPoint(random, n % 2 === 1);
      sampler.locate(x, y, at);
      expect(insideCell(at.cell!, x, y, 4 * EPS * H), `(${x}, ${y})`).toBe(true);
      if (at.terms) continue; // a half cell at the foot's column face (checked by the next tests)
      const [I, xi, eta] = [at.I, at.wx, at.wy];
      const map = (v: Float64Array) => (1 - eta) * ((1 - xi) * v[I]! + xi * v[I + 1]!) + eta * ((1 - xi) * v[I + W]! + xi * v[I + W + 1]!);
      expect(Math.abs(map(nodeX) - x)).toBeLessThanOrEqual(16 * EPS * H);
      expect(Math.abs(map(nodeY) - y)).toBeLessThanOrEqual(16 * EPS * R);
    }
  });

  it('interpolates a linear field exactly anywhere, the first cells over the sloped face and the foot corner included', () => {
    const [a, b, c] = [2, -300, 70];
    const phi = field((x, y) => a + b * x + c * y);
    const random = new SeededRandom(4, 0);
    // Bilinear weights carry the round-off of the coordinates (ε H) into the value through the gradient.
    const tolerance = 64 * EPS * (Math.abs(a) + Math.abs(b) * H + Math.abs(c) * R);
    let worst = 0;
    let split = 0;
    for (let n = 0; n < 20000; n++) {
      const [x, y] = randomPoint(random, n % 2 === 1);
      sampler.locate(x, y, at);
      if (at.terms) split++;
      worst = Math.max(worst, Math.abs(sampler.value(phi, at) - (a + b * x + c * y)));
    }
    // The split cells at the foot's column face (half a column each side of it) are sampled.
    expect(split).toBeGreaterThan(0);
    expect(worst).toBeLessThanOrEqual(tolerance);
  });

  it('gives the wall value on the wall: the 45° face, the apex, the foot and the plate', () => {
    const random = new SeededRandom(5, 0);
    // No-slip ring on the xmax side, a jet-like profile elsewhere.
    const u = field((x, y) => Math.cos((30 * y) / R) * (1 + x / H));
    for (let j = 0; j <= ny + 1; j++) u[nx + 1 + W * j] = 0;
    // A point on the wall is off it by ε H: the value moves by that over the wall cell's thickness.
    const tolerance = 16 * EPS * (H / delta) * 2;
    const foot = ridge.halfWidth;
    const ys = [0, foot, ...Array.from({ length: 2000 }, () => 1.5 * foot * random.uniform()), ...Array.from({ length: 200 }, () => R * random.uniform())];
    let worst = 0;
    for (const y of ys) {
      sampler.locate(faceX(nx, y), y, at);
      worst = Math.max(worst, Math.abs(sampler.value(u, at)));
    }
    expect(worst).toBeLessThanOrEqual(tolerance);
  });

  it('gives the wall value on the wall at a polygon\'s corners bent either way (a trapezoid: flat top, 45° flank)', () => {
    const trapezoid = terrainGrid({ axialFaces, columnFaces, polygon: [[0, 0], [0.01, 0], [0.005, 0.005], [0, 0.005]] });
    if (trapezoid.kind !== 'grid') throw new Error(trapezoid.reason);
    const g = new FlowGrid({ geometry: 'planar', xFaces: axialFaces, yFaces: trapezoid.columns, mesh: { cornerX: trapezoid.cornerX, cornerY: trapezoid.cornerY } });
    const s = new FieldSampler(g);
    const u = Float64Array.from({ length: g.size }, () => 1);
    const phi = Float64Array.from({ length: g.size }, (_, I) => 2 - 300 * g.faces.nodeX[I]! + 70 * g.faces.nodeY[I]!);
    for (let j = 0; j <= g.ny + 1; j++) u[g.nx + 1 + g.stride * j] = 0;
    let [wall, linear] = [0, 0];
    // Within a column of the top corner (bent towards the fluid's side: the chord lies in the solid) and of the foot.
    for (const corner of [0.005, 0.01]) {
      const k = Array.from(trapezoid.columns).indexOf(corner);
      const h = trapezoid.columns[k + 1]! - trapezoid.columns[k - 1]!;
      for (let m = -100; m <= 100; m++) {
        const y = corner + (m / 200) * h;
        let j = 1;
        while (trapezoid.columns[j]! < y) j++;
        const t = (y - trapezoid.columns[j - 1]!) / (trapezoid.columns[j]! - trapezoid.columns[j - 1]!);
        const xw = trapezoid.cornerX[nx + C * (j - 1)]! + t * (trapezoid.cornerX[nx + C * j]! - trapezoid.cornerX[nx + C * (j - 1)]!);
        wall = Math.max(wall, Math.abs(s.value(u, s.locate(xw, y, at))));
        for (const depth of [0.5, 3, 20]) {
          const x = xw - depth * delta;
          linear = Math.max(linear, Math.abs(s.value(phi, s.locate(x, y, at)) - (2 - 300 * x + 70 * y)));
        }
      }
    }
    expect(wall).toBeLessThanOrEqual(16 * EPS * (H / delta) * 2);
    expect(linear).toBeLessThanOrEqual(64 * EPS * (2 + 300 * H + 70 * R));
  });

  it('crosses a wall cell on the 45° face in its wall-normal thickness', () => {
    const y = 0.5 * ridge.halfWidth;
    sampler.locate(faceX(nx, y) - 0.5 * delta, y, at);
    const thickness = sampler.wallNormalSize(at);
    // A trapezoid of the column (width h) whose x-faces rise by Δx_w, Δx_e across it: V = extent · h and
    // |S_w + S_e| = |(2h, −(Δx_w + Δx_e))|, so the thickness is the extent times the cosine of the
    // faces' mean slope (45° at the wall, σ · 45°-ish inside).
    const I = at.cell!;
    const j = Math.floor(I / W);
    const h = sigma.columns[j]! - sigma.columns[j - 1]!;
    const rise = (i: number) => sigma.cornerX[i + C * j]! - sigma.cornerX[i + C * (j - 1)]!;
    const extent = 0.5 * (sigma.cornerX[nx + C * j]! - sigma.cornerX[nx - 1 + C * j]! + sigma.cornerX[nx + C * (j - 1)]! - sigma.cornerX[nx - 1 + C * (j - 1)]!);
    const slope = (rise(nx - 1) + rise(nx)) / (2 * h);
    expect(Math.abs(slope - 1)).toBeLessThan(1e-3);
    expect(Math.abs(thickness / (extent / Math.hypot(1, slope)) - 1)).toBeLessThanOrEqual(16 * EPS * (H / delta));
    // Moving straight at the faces (along their mean normal, at unit speed): the thickness over the speed.
    const [nX, nY] = [1 / Math.hypot(1, slope), -slope / Math.hypot(1, slope)];
    expect(Math.abs(sampler.crossingTime(at, nX, nY, 0, 0) / thickness - 1)).toBeLessThanOrEqual(16 * EPS);
  });
});

describe('FieldSampler on other curvilinear grids', () => {
  const [L, Hb] = [2, 1];
  const xFaces = uniformAxis({ from: 0, to: L, cells: 12 });
  const yFaces = uniformAxis({ from: 0, to: Hb, cells: 9 });

  it('a box sheared along x (x-faces up to atan(π/2) ≈ 57° off) interpolates a linear field exactly', () => {
    const sheared = new FlowGrid({ geometry: 'planar', xFaces, yFaces, mesh: mappedMesh(xFaces, yFaces, (x, y) => [x + 0.5 * Math.sin((Math.PI * x) / L) * Math.sin((Math.PI * y) / Hb), y]) });
    const sampler = new FieldSampler(sheared);
    const phi = Float64Array.from({ length: sheared.size }, (_, I) => 1 - 3 * sheared.faces.nodeX[I]! + 5 * sheared.faces.nodeY[I]!);
    const random = new SeededRandom(6, 0);
    const at: SamplePoint = { I: 0, wx: 0, wy: 0 };
    let worst = 0;
    for (let n = 0; n < 5000; n++) {
      const [x, y] = [L * random.uniform(), Hb * random.uniform()];
      worst = Math.max(worst, Math.abs(sampler.value(phi, sampler.locate(x, y, at)) - (1 - 3 * x + 5 * y)));
    }
    expect(worst).toBeLessThanOrEqual(64 * EPS * (1 + 3 * L + 5 * Hb));
  });

  it('refuses a mesh whose y-faces are not the lines y = yFaces[j]', () => {
    const tilted = new FlowGrid({ geometry: 'planar', xFaces, yFaces, mesh: mappedMesh(xFaces, yFaces, (x, y) => [x, y + 0.01 * x * y]) });
    expect(() => new FieldSampler(tilted)).toThrow(RangeError);
  });
});

// A particle in the linear stagnation flow u = a (H − x), v = a y (a potential flow; prescribed, the
// ridge does not deflect it) with Stokes drag: ξ = H − x and y obey τ ξ'' + ξ' + a ξ = 0 and
// τ y'' + y' − a y = 0 from the fluid's velocity at the start, in closed form; the impact is where
// ξ(t) = (b − y(t)) h/b on the face.
describe('particles on a σ grid', () => {
  const STRAIN = 1;
  const FLUID = { density: 1, viscosity: 1e-3, conductivity: 1, specificHeat: 1 };
  const u = field((x) => STRAIN * (H - x));
  const v = field((_x, y) => STRAIN * y);
  const solver = { grid, u, v, sst: undefined, flowCase: { fluid: FLUID } } as unknown as FlowSolver;
  const HALF = 0.004;
  const tracker = new ParticleTracker(solver, { nozzleHalfWidth: HALF, plateX: H, edge: R, axisymmetric: false, velocity: 1, nozzle: 2 * HALF, ridge: ridge.polygon });

  function settings(tau: number, stepFraction: number): TrackingSettings {
    const diameter = 1e-3;
    return { diameter, density: (18 * FLUID.viscosity * tau) / diameter ** 2, restitution: 0, dispersion: false, seed: 1, gravity: 0, count: 8, massFlow: 1, flowStress: 1e9, freePath: 0, stokesDrag: true, stepFraction };
  }

  /** The analytic impact (x, y) on the face from (x0, y0), or undefined. */
  function analyticImpact(tau: number, x0: number, y0: number): [number, number] | undefined {
    const a = STRAIN;
    const roots = (c: number) => [(-1 + Math.sqrt(1 - 4 * c * tau)) / (2 * tau), (-1 - Math.sqrt(1 - 4 * c * tau)) / (2 * tau)] as const;
    const [r1, r2] = roots(a);
    const [s1, s2] = roots(-a);
    const xi0 = H - x0;
    const A1 = (xi0 * (-a - r2)) / (r1 - r2);
    const B1 = (y0 * (a - s2)) / (s1 - s2);
    const xi = (t: number) => A1 * Math.exp(r1 * t) + (xi0 - A1) * Math.exp(r2 * t);
    const y = (t: number) => B1 * Math.exp(s1 * t) + (y0 - B1) * Math.exp(s2 * t);
    const [b, h] = [ridge.halfWidth, ridge.height];
    const gap = (t: number) => xi(t) - ((b - y(t)) * h) / b;
    let t0 = 0;
    for (let t1 = 1e-3; y(t1) < b; t1 += 1e-3) {
      if (gap(t1) <= 0) {
        for (let k = 0; k < 200; k++) {
          const mid = 0.5 * (t0 + t1);
          if (gap(mid) > 0) t0 = mid;
          else t1 = mid;
        }
        return [H - xi(t1), y(t1)];
      }
      t0 = t1;
    }
    return undefined;
  }

  it('reaches the face where the analytic trajectory does; the error is first order in the step', async () => {
    const tau = 0.2 / STRAIN; // a τ < 1/4: particles never reach the plate, only the ridge
    const errors: number[] = [];
    for (const fraction of [0.04, 0.02]) {
      const result = await tracker.track(settings(tau, fraction));
      let worst = 0;
      let hits = 0;
      result.tracks.forEach((track) => {
        const [x0, y0] = [track.x[0]!, track.y[0]!];
        const impact = analyticImpact(tau, x0, y0);
        expect(track.fate).toBe(impact ? 'captured' : 'escaped');
        if (!impact) return;
        hits++;
        const [x, y] = [track.x[track.x.length - 1]!, track.y[track.y.length - 1]!];
        worst = Math.max(worst, Math.hypot(x - impact[0], y - impact[1]));
      });
      expect(hits).toBeGreaterThanOrEqual(2);
      expect(hits).toBeLessThan(8);
      errors.push(worst);
    }
    // The exponential integrator freezes the fluid velocity over a step: first order.
    expect(errors[0]! / errors[1]!).toBeGreaterThan(1.6);
    expect(errors[0]! / errors[1]!).toBeLessThan(2.4);
    expect(errors[1]!).toBeLessThan(0.01 * ridge.halfWidth);
  });
});
