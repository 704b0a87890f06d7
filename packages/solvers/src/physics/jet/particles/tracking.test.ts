// The tracker against exact particle motion. In the inviscid planar stagnation flow u = a (H − x),
// v = a y, a particle with Stokes drag obeys τ ξ'' + ξ' + a ξ = 0 for its distance ξ = H − x from the
// plate: it reaches the plate (in finite time) only when the motion is oscillatory, a τ > 1/4, and
// never when a τ < 1/4, wherever it starts (the classical critical Stokes number of stagnation flow).
// A field linear in x and y is interpolated exactly, so this checks the integrator and the collision.
// And the terminal velocity in still fluid: v = g τ.

import { describe, expect, it } from 'vitest';
import { uniformAxis } from '../grid/axes.js';
import { FlowSolver } from '../solver.js';
import { RECORD } from './tally.js';
import { flightPart, ParticleTracker, type TrackingSettings } from './tracking.js';

const H = 1;
const STRAIN = 1;
const FLUID = { density: 1, viscosity: 1e-3, conductivity: 1, specificHeat: 1 };

function stagnationFlow(): FlowSolver {
  const solver = new FlowSolver({
    grid: { geometry: 'planar', xFaces: uniformAxis({ from: 0, to: H, cells: 10 }), yFaces: uniformAxis({ from: 0, to: 200, cells: 40 }) },
    fluid: FLUID,
    boundaries: { xmin: { kind: 'inlet', velocity: { profile: 'uniform', mean: 1 }, temperature: 300 }, xmax: { kind: 'wall' }, ymin: { kind: 'symmetry' }, ymax: { kind: 'outlet' } },
    reference: { length: 1, velocity: 1, temperature: 300 },
  });
  const { x, y, stride } = solver.grid;
  for (let j = 0; j < y.node.length; j++) {
    for (let i = 0; i < x.node.length; i++) {
      solver.u[i + stride * j] = STRAIN * (H - x.node[i]!);
      solver.v[i + stride * j] = STRAIN * y.node[j]!;
    }
  }
  return solver;
}

/** Settings whose Stokes response time is τ (ρ_p d² / (18 μ) with d = 1e-3 m). */
function withResponseTime(tau: number, overrides: Partial<TrackingSettings> = {}): TrackingSettings {
  const diameter = 1e-3;
  return { diameter, density: (18 * FLUID.viscosity * tau) / diameter ** 2, restitution: 0, dispersion: false, seed: 1, gravity: 0, count: 10, massFlow: 1, flowStress: 1e9, freePath: 0, stokesDrag: true, stepFraction: 0.02, ...overrides };
}

describe('particle tracking', () => {
  const solver = stagnationFlow();
  const tracker = new ParticleTracker(solver, { nozzleHalfWidth: 0.5, plateX: H, edge: 200, axisymmetric: false, velocity: 1, nozzle: 1 });

  it('reaches the plate of a stagnation flow only above the critical a τ = 1/4', async () => {
    for (const aTau of [0.1, 0.2, 0.24]) expect((await tracker.track(withResponseTime(aTau / STRAIN))).impactionEfficiency, `a τ = ${aTau}`).toBe(0);
    for (const aTau of [0.26, 0.3, 1]) expect((await tracker.track(withResponseTime(aTau / STRAIN))).impactionEfficiency, `a τ = ${aTau}`).toBeCloseTo(1, 12);
  });

  it('falls at the terminal velocity g τ in still fluid', async () => {
    solver.u.fill(0);
    solver.v.fill(0);
    const tau = 0.01;
    const result = await tracker.track(withResponseTime(tau, { gravity: 9.81, count: 1 }));
    // Starting at rest at x₀ = 0.05 m: x(t) = x₀ + g τ (t − τ (1 − e^(−t/τ))) reaches the plate at t ≈ (H − x₀)/(g τ) + τ.
    expect(result.impactionEfficiency).toBeCloseTo(1, 12);
    expect(result.meanImpactSpeed).toBeCloseTo(9.81 * tau, 6);
    expect(result.meanImpactAngle).toBeCloseTo(Math.PI / 2, 6);
  });
});

describe('particles in two parts', () => {
  it('every particle in one part, the sampled tracks in the run thread’s', () => {
    for (const n of [1, 7, 19, 20, 21, 400, 401, 20_000]) {
      const every = Math.max(1, Math.floor(n / 20));
      const parts = Array.from({ length: n }, (_, p) => flightPart(p, n));
      expect(parts.every((part) => part === 0 || part === 1)).toBe(true);
      for (let k = 0; k < Math.min(20, n); k++) expect(parts[k * every], `n ${n}, track ${k}`).toBe(0);
      // About half each (the sampled tracks lean to part 0).
      if (n >= 400) expect(Math.abs(parts.filter((part) => part === 1).length - n / 2)).toBeLessThanOrEqual(10);
    }
  });

  it('a tracking whose part 1 flies elsewhere (here after part 0, on this thread) gives the whole tracking’s numbers', async () => {
    const tracker = new ParticleTracker(stagnationFlow(), { nozzleHalfWidth: 0.5, plateX: H, edge: 200, axisymmetric: false, velocity: 1, nozzle: 1 });
    // Some reach the plate, some do not (a τ either side of 1/4 by the start's weight): both tallies used.
    const settings = withResponseTime(0.26 / STRAIN, { count: 41, restitution: 0.5, gravity: 3 });
    const whole = await tracker.track(settings);
    const records = new Float64Array(41 * RECORD);
    let posted = false;
    const split = await tracker.track(settings, undefined, { records, post: () => (posted = true), join: () => tracker.trackPart(settings, records, 1) });
    expect(posted).toBe(true);
    expect(split).toEqual(whole);
    expect(whole.impactionEfficiency).toBeGreaterThan(0);
  });
});
