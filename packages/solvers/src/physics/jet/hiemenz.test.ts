// Laminar planar stagnation-point flow (Hiemenz) with heat transfer, against the similarity solution
// computed here by shooting (similarity.ts): wall shear τ_w = μ a x √(a/ν) f''(0) and heat flux
// q_w = k (T_w − T_∞) √(a/ν) θ'(0), i.e. Nu_x / √Re_x = θ'(0), within 3 % (the criterion).
// The domain is x ∈ [0, L] (symmetry plane at x = 0), y ∈ [0, 5√(ν/a)] above the wall; the top is an
// inlet with the similarity velocities and temperature, the side x = L an opening at the exact static
// pressure p = −½ρa²x² − ρaν(½f² + f'). The outflow there is zero-gradient (exact only as Re_L → ∞),
// so the comparison covers x ≤ 0.75 L.

import { describe, expect, it } from 'vitest';
import { gradedAxis, hiemenz, solveFlow, uniformAxis, type FlowCase } from './index.js';

// (The library's tsconfig has no Node types, hence globalThis instead of process.)
const FULL = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.SIMFORGE_VERIFY === 'full';

const PRANDTL = 0.7;
const RHO = 1;
const NU = 0.01;
const STRAIN = 1; // a (1/s)
const L = 1;
const T_WALL = 400;
const T_FREE = 300;
const CP = 1000;
const MU = RHO * NU;
const K = (MU * CP) / PRANDTL;
const SCALE = Math.sqrt(NU / STRAIN); // the boundary-layer length √(ν/a)

describe('Hiemenz similarity solution (shooting)', () => {
  it("gives f''(0) = 1.2326 and θ'(0) = 0.4959 at Pr 0.7", () => {
    const solution = hiemenz(PRANDTL);
    expect(solution.wallShear).toBeCloseTo(1.232588, 5);
    expect(solution.wallHeatFlux).toBeCloseTo(0.4959, 4);
    expect(solution.fPrime(8)).toBeCloseTo(1, 6);
    expect(solution.theta(8)).toBeCloseTo(1, 6);
  });
});

describe('laminar planar stagnation-point flow (Hiemenz)', () => {
  const similarity = hiemenz(PRANDTL);
  const height = 5 * SCALE;
  const f = (y: number): number => similarity.f(y / SCALE);
  const fp = (y: number): number => similarity.fPrime(y / SCALE);
  const tolerance = 1e-6;
  const flowCase: FlowCase = {
    grid: {
      geometry: 'planar',
      xFaces: uniformAxis({ from: 0, to: L, cells: FULL ? 60 : 20 }),
      yFaces: gradedAxis({ from: 0, to: height, cells: FULL ? 64 : 32, ratio: FULL ? 1.05 : 1.1 }),
    },
    fluid: { density: RHO, viscosity: MU, conductivity: K, specificHeat: CP },
    boundaries: {
      xmin: { kind: 'symmetry' },
      ymin: { kind: 'wall', thermal: { kind: 'temperature', value: T_WALL } },
      ymax: {
        kind: 'inlet',
        velocity: { profile: 'custom', u: (x, y) => STRAIN * x * fp(y), v: (_x, y) => -Math.sqrt(STRAIN * NU) * f(y) },
        temperature: (_x, y) => T_WALL + (T_FREE - T_WALL) * similarity.theta(y / SCALE),
      },
      xmax: { kind: 'opening', pressure: (x, y) => -0.5 * RHO * STRAIN ** 2 * x * x - RHO * STRAIN * NU * (0.5 * f(y) ** 2 + fp(y)), temperature: T_FREE },
    },
    reference: { length: SCALE, velocity: STRAIN * L, temperature: T_FREE },
    numerics: { tolerance, maxIterations: 3000, relaxation: { velocity: 0.9 } },
  };

  it('wall shear and Nusselt number within 3 % of the similarity solution; mass and energy balances close', async () => {
    const residuals: number[] = [];
    const solution = await solveFlow(flowCase, { onResidual: (report) => residuals.push(report.residuals.continuity!) });
    expect(solution.converged).toBe(true);
    expect(residuals).toHaveLength(solution.iterations);
    const wall = solution.walls.find((w) => w.side === 'ymin')!;
    let compared = 0;
    for (let m = 0; m < wall.s.length; m++) {
      const x = wall.s[m]!;
      if (x > 0.75 * L) continue;
      const shear = MU * STRAIN * x * Math.sqrt(STRAIN / NU) * similarity.wallShear;
      const heatFlux = K * (T_WALL - T_FREE) * Math.sqrt(STRAIN / NU) * similarity.wallHeatFlux;
      expect(Math.abs(wall.shear[m]! / shear - 1)).toBeLessThan(0.03);
      expect(Math.abs(wall.heatFlux[m]! / heatFlux - 1)).toBeLessThan(0.03);
      // Nu referred to √(ν/a): Nu = θ'(0) everywhere along the wall.
      expect(Math.abs(wall.nusselt[m]! / similarity.wallHeatFlux - 1)).toBeLessThan(0.03);
      compared++;
    }
    expect(compared).toBeGreaterThan(10);

    // Mass: conserved to the pressure solver's tolerance (the continuity residual is ≤ 1e-6 of the inflow).
    expect(Math.abs(solution.balances.mass.relativeImbalance)).toBeLessThan(tolerance);
    // Energy: the discrete equations are conservative, so the balance misses only the last residuals,
    // Σ|r| ≤ tolerance · ṁ_in c_p ΔT (the residual's normalisation), twice for the continuity part.
    const { energy, mass } = solution.balances;
    const bound = (2 * tolerance * mass.inflow * CP * (T_WALL - T_FREE)) / Math.abs(energy.wall);
    expect(Math.abs(energy.relativeImbalance)).toBeLessThan(bound);
    expect(energy.wall).toBeGreaterThan(0);
  }, 60_000);
});
