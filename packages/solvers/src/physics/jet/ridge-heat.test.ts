// Heat transfer on the ridge's faces (the default JET_IMPINGING_RIDGE case: slot W = 20 mm, Re 23 000,
// H = 2 W, a 90° ridge 10 mm high at the plate's temperature, 40 K above the jet's; the coarse preset's grading).
//
// Why the faces are not wall-resolved: the ridge is blocked cells (solid.ts), so a sloped face is a
// staircase whose first fluid cells are a step high and wide, and a step is one row and one column of
// the tensor-product grid through the whole ridge box (clustering cannot follow a sloped face). The
// first-cell y⁺ (u_τ times half a step over ν) therefore falls only with the number of steps:
// 13.3 / 9.0 / 6.1 / 3.3 at 16 / 32 / 64 / 128 steps (coarse grading, R 0.08 m; at 128 2.0-2.5 over
// most of the faces, 3.3 next to the apex). y⁺ ≤ 2 needs about 256 steps: ≈ 106 000 cells on the default
// grading, ≈ 11 minutes of CPU at 16 √N iterations (estimates/jet.ts; more, as measured at 128), against the 60 s (the default preset, now 64 steps: 16 576
// cells, y⁺ 6.0, 40 s of CPU) and 10 minutes (fine, now 128 steps: 51 084 cells, y⁺ 3.1, 478 s of CPU).
//
// Measured (coarse grading, heat per metre of slot, half domain): ridge 55.0 / 70.6 / 69.1 / 62.7 W/m
// and plate 250.1 / 231.9 / 225.9 / 231.4 W/m at 16 / 32 / 64 / 128 steps. The ridge's heat is NOT
// grid-converged: 32 → 64 changed it by only 2.1 %, but 64 → 128 by −9.3 %, as the first cells enter
// the viscous sublayer (y⁺ 6 → 3), consistent with the wall-resolved treatment (the linear law across
// the first half-cell, Menter's ω on the face) overstating the heat while the first cell is in the buffer layer.
// 256 steps (87 906 cells, y⁺ 1.74; stopped at the 6 000-iteration limit, not at the tolerance): 59.0 W/m,
// −5.9 %: the changes shrink (ratio ≈ 0.6), a geometric extrapolation gives ≈ 54 W/m, so the default's
// faces (64 steps) overstate their heat by roughly a quarter. The verify suite pins the trend to 128. Tried and not adopted: the wall at the true surface's crossing of each grid line instead
// of the cell face (Shortley–Weller distances, δ ≥ 0.1 spacing): 73.2 / 78.0 / 70.4 W/m at 16 / 32 /
// 64 steps, no better converged than the staircase.

import { describe, expect, it } from 'vitest';
import { solveFlow, type FlowSolution } from './index.js';
import { jetDefaults, readJetCase } from './model/parameters.js';
import { jetFlowCase } from './model/flow-case.js';
import { FULL_VERIFICATION as FULL } from './round-jet-verification.js';

async function ridgeJet(steps: number): Promise<FlowSolution> {
  const jet = readJetCase('JET_IMPINGING_RIDGE', { ...jetDefaults('JET_IMPINGING_RIDGE'), mesh_size: 'coarse', domain_radius: 0.08 });
  const solution = await solveFlow(jetFlowCase(jet, {}, steps));
  expect(solution.converged).toBe(true);
  return solution;
}

/** Heat into the fluid through a wall (W per metre of slot, half domain) and its largest first-cell y⁺. */
function wallHeat(solution: FlowSolution, side: 'obstacle' | 'xmax'): { heat: number; maxYPlus: number } {
  const wall = solution.walls.find((w) => w.side === side)!;
  let heat = 0;
  let maxYPlus = 0;
  for (let m = 0; m < wall.s.length; m++) {
    heat += wall.heatFlux[m]! * wall.area[m]!;
    maxYPlus = Math.max(maxYPlus, wall.yPlus[m]!);
  }
  return { heat, maxYPlus };
}

describe('heat transfer on a ridge (blocked cells)', () => {
  it('16 steps (the coarse preset): the faces take their share of a closed energy balance; their first cells are not wall-resolved', async () => {
    const solution = await ridgeJet(16);
    const ridge = wallHeat(solution, 'obstacle');
    const plate = wallHeat(solution, 'xmax');
    expect(ridge.heat).toBeGreaterThan(0);
    // Every watt the walls give reaches the outflow (iteration tolerance).
    expect(Math.abs(solution.balances.energy.relativeImbalance)).toBeLessThan(1e-4);
    expect(Math.abs((ridge.heat + plate.heat) / solution.balances.energy.wall - 1)).toBeLessThan(1e-6);
    // Documented, not hidden: measured 13.3 on the faces, below 1 on the plate.
    expect(ridge.maxYPlus).toBeGreaterThan(1);
    expect(plate.maxYPlus).toBeLessThan(1);
  }, 60_000);

  describe.runIf(FULL)('staircase refinement', () => {
    it('y⁺ on the faces falls with the steps; the faces’ heat falls as the first cells near the sublayer', async () => {
      const [s32, s64, s128] = [wallHeat(await ridgeJet(32), 'obstacle'), wallHeat(await ridgeJet(64), 'obstacle'), wallHeat(await ridgeJet(128), 'obstacle')];
      // Measured y⁺ 9.0 / 6.1 / 3.3: at 128 steps the first cells are in the viscous sublayer's edge, not below 2.
      expect(s64.maxYPlus).toBeLessThan(s32.maxYPlus);
      expect(s128.maxYPlus).toBeLessThan(s64.maxYPlus);
      expect(s128.maxYPlus).toBeGreaterThan(2);
      // Measured 70.6 / 69.1 / 62.7 W/m: not converged; the step to 128 moves it more than the one to 64.
      expect(s64.heat).toBeLessThan(s32.heat);
      expect(s128.heat).toBeLessThan(s64.heat);
      expect(Math.abs(s128.heat / s64.heat - 1)).toBeGreaterThan(Math.abs(s64.heat / s32.heat - 1));
    }, 3_600_000);
  });
});
