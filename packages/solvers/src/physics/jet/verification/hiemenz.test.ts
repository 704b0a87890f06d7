// Laminar planar stagnation-point flow (Hiemenz) with heat transfer, against the similarity solution
// computed here by shooting (similarity.ts), within 3 % (the criterion): the case and the
// comparison are hiemenz-case.ts's.

import { describe, expect, it } from 'vitest';
import { HIEMENZ, hiemenzCase, hiemenzWallRatios } from './hiemenz-case.js';
import { hiemenz, solveFlow } from '../index.js';

// (The library's tsconfig has no Node types, hence globalThis instead of process.)
const FULL = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.SIMFORGE_VERIFY === 'full';

describe('Hiemenz similarity solution (shooting)', () => {
  it("gives f''(0) = 1.2326 and θ'(0) = 0.4959 at Pr 0.7", () => {
    const solution = hiemenz(HIEMENZ.prandtl);
    expect(solution.wallShear).toBeCloseTo(1.232588, 5);
    expect(solution.wallHeatFlux).toBeCloseTo(0.4959, 4);
    expect(solution.fPrime(8)).toBeCloseTo(1, 6);
    expect(solution.theta(8)).toBeCloseTo(1, 6);
  });
});

describe('laminar planar stagnation-point flow (Hiemenz)', () => {
  const tolerance = 1e-6;
  const flowCase = hiemenzCase(FULL ? { xCells: 60, yCells: 64, ratio: 1.05 } : { xCells: 20, yCells: 32, ratio: 1.1 });

  it('wall shear and Nusselt number within 3 % of the similarity solution; mass and energy balances close', async () => {
    const residuals: number[] = [];
    const solution = await solveFlow(flowCase, { onResidual: (report) => residuals.push(report.residuals.continuity!) });
    expect(solution.converged).toBe(true);
    expect(residuals).toHaveLength(solution.iterations);
    const rows = hiemenzWallRatios(solution);
    for (const row of rows) {
      expect(Math.abs(row.shear - 1)).toBeLessThan(0.03);
      expect(Math.abs(row.heatFlux - 1)).toBeLessThan(0.03);
      // Nu referred to √(ν/a): Nu = θ'(0) everywhere along the wall.
      expect(Math.abs(row.nusselt - 1)).toBeLessThan(0.03);
    }
    expect(rows.length).toBeGreaterThan(10);

    // Mass: conserved to the pressure solver's tolerance (the continuity residual is ≤ 1e-6 of the inflow).
    expect(Math.abs(solution.balances.mass.relativeImbalance)).toBeLessThan(tolerance);
    // Energy: the discrete equations are conservative, so the balance misses only the last residuals,
    // Σ|r| ≤ tolerance · ṁ_in c_p ΔT (the residual's normalisation), twice for the continuity part.
    const { energy, mass } = solution.balances;
    const bound = (2 * tolerance * mass.inflow * HIEMENZ.specificHeat * (HIEMENZ.wallTemperature - HIEMENZ.freeTemperature)) / Math.abs(energy.wall);
    expect(Math.abs(energy.relativeImbalance)).toBeLessThan(bound);
    expect(energy.wall).toBeGreaterThan(0);
  }, 60_000);
});
