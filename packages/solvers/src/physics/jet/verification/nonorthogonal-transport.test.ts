// Convection–diffusion on the face arrays (nonorthogonal-transport.ts): zero-gradient and symmetry sides
// keep second order; convection by face mass fluxes with the product's TVD limiter converges at second
// order on σ grids with 45° faces (upwind at first); the face fluxes are conservative to round-off.

import { describe, expect, it } from 'vitest';
import { observedOrders } from '../../../../test/observed-order.js';
import { faceGeometry, type FaceGeometry } from '../grid/face-geometry.js';
import { FlowGrid } from '../grid/grid.js';
import { defaultRidge, refine, shearedBox } from '../../../../test/jet-sigma-grids.js';
import type { ConvectionScheme } from '../case.js';
import { faceMassFluxes, solveTransport, transportResidual, transportWork, type Sides, type TransportFields } from './nonorthogonal-transport.js';
import { compensatedSum } from '../numerics/sums.js';

const EPS = Number.EPSILON;
/** SIMFORGE_VERIFY=full (`npm run verify`) adds the operator-order study on the default ridge's grid. */
const FULL = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.SIMFORGE_VERIFY === 'full';
type Field = (x: number, y: number) => number;
type Velocity = (x: number, y: number) => [number, number];
/** A face geometry with its corners (for the face midpoints of the mass fluxes). */
interface Mesh {
  faces: FaceGeometry;
  cornerX: Float64Array;
  cornerY: Float64Array;
}

/** FlowGrid's rectangles (no ridge, T = 0: the convection is transport.ts's scheme) with their corners. */
function flatFamily(axialFaces: ArrayLike<number>, columnFaces: ArrayLike<number>, levels: number): Mesh[] {
  const out: Mesh[] = [];
  let [ax, co] = [Array.from(axialFaces), Array.from(columnFaces)];
  for (let level = 0; level < levels; level++) {
    const C = ax.length;
    const [cornerX, cornerY] = [new Float64Array(C * co.length), new Float64Array(C * co.length)];
    for (let j = 0; j < co.length; j++) {
      for (let i = 0; i < C; i++) [cornerX[i + C * j], cornerY[i + C * j]] = [ax[i]!, co[j]!];
    }
    out.push({ faces: faceGeometry(new FlowGrid({ geometry: 'planar', xFaces: ax, yFaces: co })), cornerX, cornerY });
    [ax, co] = [refine(ax), refine(co)];
  }
  return out;
}

interface Problem {
  exact: Field;
  /** S = Γ ∇²φ − u·∇φ (the velocity is divergence-free). */
  source: Field;
  velocity: Velocity;
  gamma: number;
  sides: Sides;
}

/** Solves the manufactured problem on one grid; the volume-weighted L2 error at the centroids. */
function manufactured(grid: Mesh, problem: Problem, scheme: ConvectionScheme): { l2: number; converged: boolean; outer: number } {
  const fg = grid.faces;
  const { nx, ny, stride: W } = fg;
  const phi = new Float64Array(fg.size);
  const source = new Float64Array(fg.size);
  for (let j = 0; j <= ny + 1; j++) {
    for (let i = 0; i <= nx + 1; i++) {
      const I = i + W * j;
      if (i >= 1 && i <= nx && j >= 1 && j <= ny) source[I] = problem.source(fg.nodeX[I]!, fg.nodeY[I]!);
      else phi[I] = problem.exact(fg.nodeX[I]!, fg.nodeY[I]!);
    }
  }
  const { Fx, Fy } = faceMassFluxes(fg, grid, problem.velocity);
  const report = solveTransport(fg, { gamma: problem.gamma, Fx, Fy, scheme, sides: problem.sides }, { source, phi, tolerance: 1e-10 });
  let [sum, volume] = [0, 0];
  for (let j = 1; j <= ny; j++) {
    for (let i = 1; i <= nx; i++) {
      const I = i + W * j;
      sum += fg.V[I]! * (phi[I]! - problem.exact(fg.nodeX[I]!, fg.nodeY[I]!)) ** 2;
      volume += fg.V[I]!;
    }
  }
  return { l2: Math.sqrt(sum / volume), converged: report.converged, outer: report.outer };
}

/**
 * A jet-like problem on [0, H] × [0, R]: flow from the nozzle plane (x = 0) towards the plate, decelerating
 * and turning outwards (u = U (1 − c x/H), v = U c y/H: divergence-free, v = 0 on the axis), φ smooth and
 * monotone in x and y with ∂φ/∂y = 0 on the axis and at the opening. Sides: φ given at the nozzle plane
 * and on the plate/ridge, symmetry on the axis, zero gradient at the opening (outflow there).
 */
function jetLike(H: number, R: number, peclet: number, U = 1): Problem {
  const [k, q, c] = [1.2 / H, Math.PI / R, 0.6];
  const gamma = (U * H) / peclet;
  const exact: Field = (x, y) => Math.exp(-k * x) * (1 + 0.3 * Math.cos(q * y));
  const velocity: Velocity = (x, y) => [U * (1 - (c * x) / H), (U * c * y) / H];
  const source: Field = (x, y) => {
    const e = Math.exp(-k * x);
    const [phiX, phiY] = [-k * e * (1 + 0.3 * Math.cos(q * y)), -0.3 * q * e * Math.sin(q * y)];
    const laplacian = k * k * e * (1 + 0.3 * Math.cos(q * y)) - 0.3 * q * q * e * Math.cos(q * y);
    const [u, v] = velocity(x, y);
    return gamma * laplacian - (u * phiX + v * phiY);
  };
  return { exact, source, velocity, gamma, sides: { xmin: 'dirichlet', xmax: 'dirichlet', ymin: 'symmetry', ymax: 'zero-gradient' } };
}

describe('zero-gradient and symmetry sides (pure diffusion)', () => {
  it('sheared box with ∂φ/∂n = 0 on both y sides: second order kept', () => {
    const family = shearedBox();
    // Zero flow: a diffusion problem whose y sides carry only the zero-gradient condition.
    const exact: Field = (x, y) => Math.sin(1.3 * x + 0.4) * (1 + 0.5 * Math.cos(Math.PI * y));
    const laplacian: Field = (x, y) => -1.69 * Math.sin(1.3 * x + 0.4) * (1 + 0.5 * Math.cos(Math.PI * y)) - 0.5 * Math.PI ** 2 * Math.sin(1.3 * x + 0.4) * Math.cos(Math.PI * y);
    const gamma = 1.7;
    const base = { exact, source: (x: number, y: number) => gamma * laplacian(x, y), velocity: (): [number, number] => [0, 0], gamma };
    for (const [ymin, ymax] of [
      ['zero-gradient', 'zero-gradient'],
      ['symmetry', 'zero-gradient'],
    ] as const) {
      const results = family.map((g) => manufactured(g, { ...base, sides: { xmin: 'dirichlet', xmax: 'dirichlet', ymin, ymax } }, 'van-leer'));
      expect(results.every((r) => r.converged)).toBe(true);
      // Measured (both cases): L2 3.447e-3, 8.605e-4, 2.147e-4 on 16×8 … 64×32, orders 2.002, 2.003.
      for (const p of observedOrders(results.map((r) => r.l2))) expect(p).toBeGreaterThanOrEqual(1.8);
    }
  });
});

describe('convection by face mass fluxes on σ grids (manufactured, Pe = U H/Γ = 40)', () => {
  it('sheared box: second order with the TVD limiters, first with upwind', () => {
    const family = shearedBox();
    const problem = jetLike(2, 1, 40);
    const run = (scheme: ConvectionScheme) => {
      const results = family.map((g) => manufactured(g, problem, scheme));
      expect(results.every((r) => r.converged)).toBe(true);
      return results.map((r) => r.l2);
    };
    const [vanLeer, minmod, upwind] = [run('van-leer'), run('minmod'), run('upwind')];
    // Measured on 16×8, 32×16, 64×32: van Leer 2.010e-3, 4.934e-4, 1.213e-4 (orders 2.026, 2.025);
    // minmod 1.905e-3, 5.083e-4, 1.321e-4 (1.906, 1.944). The 1.8 floor is the diffusion gate's.
    for (const p of [...observedOrders(vanLeer), ...observedOrders(minmod)]) expect(p).toBeGreaterThanOrEqual(1.8);
    // Upwind: 8.849e-3, 4.466e-3, 2.537e-3 (0.986, 0.816). Its O(h) numerical diffusion (u h/2 against Γ)
    // and the O(h²) central diffusion error are of similar size at these cell Péclet numbers (0.4–3), so
    // the observed order is still drifting; it is asserted to be first-order-like, well below the limiters'.
    for (const p of observedOrders(upwind)) {
      expect(p).toBeGreaterThan(0.7);
      expect(p).toBeLessThan(1.2);
    }
    expect(upwind[2]!).toBeGreaterThan(10 * vanLeer[2]!);
  });

  // The product's grid and the same grid refined (≈ 30 s): `npm run verify` only; the sheared box above
  // checks the same limiters on a σ grid in `npm test`.
  it.skipIf(!FULL)('default ridge σ grid (62 × 148 and 124 × 296): the limiters keep the orders they have on the flat product grid', { timeout: 60_000 }, () => {
    const { jet, flatFaces, family: ridge } = defaultRidge(2);
    const flat = flatFamily(flatFaces.x, flatFaces.y, 2);
    const problem = jetLike(jet.distance, jet.domainRadius, 40);
    const order = (family: Mesh[], scheme: ConvectionScheme): number => {
      const results = family.map((g) => manufactured(g, problem, scheme));
      expect(results.every((r) => r.converged)).toBe(true);
      return observedOrders(results.map((r) => r.l2))[0]!;
    };
    // Measured: minmod 2.00 on the ridge (1.995 flat). van Leer 1.499 on the ridge (6.597e-5 → 2.335e-5;
    // a third grid, 248 × 592, gives 8.043e-6, order 1.538) and 1.518 on the flat product grid without
    // the ridge (6.411e-5 → 2.238e-5), so the shortfall is the limiter's on this grid and flow (MC: 1.62
    // on the ridge; van Leer at Pe 10: 1.76, Pe 4: 1.89), not the σ grid's: the ridge keeps the flat
    // grid's order to within 0.1.
    expect(order(ridge, 'minmod')).toBeGreaterThanOrEqual(1.8);
    const [ridgeVanLeer, flatVanLeer] = [order(ridge, 'van-leer'), order(flat, 'van-leer')];
    expect(ridgeVanLeer).toBeGreaterThanOrEqual(1.4);
    expect(Math.abs(ridgeVanLeer - flatVanLeer)).toBeLessThan(0.1);
  });
});

describe('conservation', () => {
  it('Σ over the cells of R + S V equals the net boundary inflow to round-off', () => {
    const grid = shearedBox()[0]!;
    const fg = grid.faces;
    const { nx, ny, stride: W } = fg;
    // Arbitrary fields and fluxes (not divergence-free): conservation is a property of the face loop.
    const phi = Float64Array.from({ length: fg.size }, (_, k) => Math.sin(1.7 * k) + 0.3 * Math.cos(0.37 * k * k));
    const Fx = Float64Array.from({ length: fg.size }, (_, k) => Math.cos(0.91 * k));
    const Fy = Float64Array.from({ length: fg.size }, (_, k) => Math.sin(1.31 * k));
    const sides: Sides = { xmin: 'dirichlet', xmax: 'dirichlet', ymin: 'symmetry', ymax: 'zero-gradient' };
    const t: TransportFields = { gamma: 0.3, Fx, Fy, scheme: 'van-leer', sides };
    const work = { ...transportWork(fg), GX: new Float64Array(fg.size), GY: new Float64Array(fg.size) };
    const R = new Float64Array(fg.size);
    transportResidual(fg, t, phi, new Float64Array(fg.size), R, work);
    const { GX, GY } = work;
    // G runs low → high: it enters the domain through the low sides and leaves through the high ones.
    const boundary: number[] = [];
    for (let j = 1; j <= ny; j++) boundary.push(GX[W * j]!, -GX[nx + W * j]!);
    for (let i = 1; i <= nx; i++) boundary.push(GY[i]!, -GY[i + W * ny]!);
    const cells: number[] = [];
    for (let j = 1; j <= ny; j++) for (let i = 1; i <= nx; i++) cells.push(R[i + W * j]!);
    // Each interior G enters two cells with opposite signs, exactly; R_P adds ≤ 4 of them (≤ 3 roundings
    // of at most Σ|G| at P each) and the two compensated sums add ≤ 2 ε Σ|x| each: ≤ 12 ε Σ_f |G_f|.
    let total = 0;
    for (let I = 0; I < fg.size; I++) total += Math.abs(GX[I]!) + Math.abs(GY[I]!);
    expect(Math.abs(compensatedSum(cells) - compensatedSum(boundary))).toBeLessThanOrEqual(12 * EPS * total);
    // The symmetry side carries nothing, whatever F says there.
    for (let i = 1; i <= nx; i++) expect(GY[i]).toBe(0);
  });
});
