// The tracker against exact particle motion. In the inviscid planar stagnation flow u = a (H − x),
// v = a y, a particle with Stokes drag obeys τ ξ'' + ξ' + a ξ = 0 for its distance ξ = H − x from the
// plate: it reaches the plate (in finite time) only when the motion is oscillatory, a τ > 1/4, and
// never when a τ < 1/4, wherever it starts (the classical critical Stokes number of stagnation flow).
// A field linear in x and y is interpolated exactly, so this checks the integrator and the collision.
// And the terminal velocity in still fluid: v = g τ.

import { describe, expect, it } from 'vitest';
import { uniformAxis } from '../grid/axes.js';
import { FlowSolver } from '../solver.js';
import { ParticleTracker, type TrackingSettings } from './tracking.js';

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
