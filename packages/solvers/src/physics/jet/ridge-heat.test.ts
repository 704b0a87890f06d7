// Heat transfer on the ridge's faces (the default JET_IMPINGING_RIDGE case: slot W = 20 mm, Re 23 000,
// H = 2 W, a 90° ridge 10 mm high at the plate's temperature, 40 K above the jet's; the coarse preset's grading).
//
// Why the faces are not wall-resolved: the ridge is blocked cells (solid.ts), so a sloped face is a
// staircase whose first fluid cells are a step high and wide. y⁺ ≈ 1 would need steps of the plate's
// wall cell (5e-4 W = 10 µm): 1 000 steps up a 10 mm ridge and as many across it, about 10⁶ cells in
// the ridge's box alone, against 5 000 for the whole default grid — hours per run, beyond the issue's
// 10-minute budget for the fine preset. Clustering the tensor-product grid at a face only helps faces
// along the grid lines (a ridge's flat top or vertical sides), not the sloped faces of a triangle;
// cut cells would. So the faces stay under-resolved (first-cell y⁺ 13 / 9 / 6 at 16 / 32 / 64 steps)
// and what we check is that the heat they take converges as the staircase is refined, and that it
// is part of a closed energy balance.
//
// Measured (coarse grading, heat per metre of slot, half domain): ridge 55.0 / 70.6 / 69.1 W/m and
// plate 250.1 / 231.9 / 225.9 W/m at 16 / 32 / 64 steps. The ridge's heat is not monotone (16 steps
// are too few for the boundary layer on the faces); 32 → 64 changes it by 2.1 %.

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
    it('the ridge’s heat converges: 32 → 64 steps within 5 %', async () => {
      const [coarse, fine] = [wallHeat(await ridgeJet(32), 'obstacle'), wallHeat(await ridgeJet(64), 'obstacle')];
      expect(Math.abs(fine.heat / coarse.heat - 1)).toBeLessThan(0.05);
      expect(fine.maxYPlus).toBeLessThan(coarse.maxYPlus);
    }, 600_000);
  });
});
