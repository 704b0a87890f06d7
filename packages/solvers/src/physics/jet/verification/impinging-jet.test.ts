// A turbulent round jet (fully developed pipe flow, Re 23 000) impinging on a flat plate, k-ω SST with
// Kato–Launder production, against Martin's (1977) correlation for the area-averaged Nusselt number
// of a single round nozzle (valid 2 000 ≤ Re ≤ 400 000, 2 ≤ H/D ≤ 12, 2.5 ≤ r/D ≤ 7.5):
//   Nu_avg / Pr^0.42 = (D/r) (1 − 1.1 D/r) / (1 + 0.1 (H/D − 6) D/r) · 2 Re^½ (1 + 0.005 Re^0.55)^½
// within 20 % (the criterion; the correlation itself fits its data to about ±15 %).
// The default run is a coarse H/D = 2 grid; SIMFORGE_VERIFY=full runs the default meshes at H/D 2
// and 6. Known gap: at H/D = 6 the model over-predicts the heat transfer near the stagnation region
// (the two-equation models' impingement anomaly, which the production limiter and Kato–Launder
// reduce but do not remove): Nu_avg(2.5 D) = 109 against Martin's 88 (+24 %), grid-independent
// (9 600 and 16 500 cells) and insensitive to the inlet turbulence; met with the vortex-stretching correction the jet types use (round-jet-correction.test.ts).

import { describe, expect, it } from 'vitest';
import { solveFlow, type FlowSolution } from '../index.js';
import { FULL_VERIFICATION as FULL, ROUND_JET, averageNusselt, martinNusselt as martin, roundJetCase, secondaryPeak } from './round-jet-verification.js';
import { recordCase } from '../../../../test/verification/report/record.js';

const TIMEOUT = 60_000;
const FULL_TIMEOUT = 600_000;
const D = ROUND_JET.diameter;

async function jet(hOverD: number, mesh: 'coarse' | 'default'): Promise<FlowSolution> {
  const solution = await solveFlow(roundJetCase(hOverD, mesh));
  expect(solution.converged).toBe(true);
  expect(Math.max(...solution.walls.find((w) => w.side === 'xmax')!.yPlus)).toBeLessThan(1);
  expect(Math.abs(solution.balances.mass.relativeImbalance)).toBeLessThan(1e-6);
  expect(Math.abs(solution.balances.energy.relativeImbalance)).toBeLessThan(1e-4);
  return solution;
}

describe('turbulent round jet on a flat plate, Re 23 000 (Martin 1977)', () => {
  it('H/D 2 on a coarse grid: average Nusselt number within 20 % at r/D 2.5 and 5', async () => {
    const solution = await jet(2, 'coarse');
    expect(recordCase({ id: 'jet.martin.hd2-coarse.r2_5', model: 'jet-rans-2d', kind: 'validation', compared: 'Average Nusselt number within r/D 2.5, round jet Re 23 000, H/D 2, coarse grid', reference: 'Martin (1977) correlation (fits its data to about ±15 %)', value: averageNusselt(solution, 2.5 * D), reference_value: martin(2.5, 2), tolerance: 0.2 })).toBeLessThan(0.2);
    expect(recordCase({ id: 'jet.martin.hd2-coarse.r5', model: 'jet-rans-2d', kind: 'validation', compared: 'Average Nusselt number within r/D 5, H/D 2, coarse grid', reference: 'Martin (1977) correlation', value: averageNusselt(solution, 5 * D), reference_value: martin(5, 2), tolerance: 0.2 })).toBeLessThan(0.2);
  }, TIMEOUT);

  describe.runIf(FULL)('default meshes', () => {
    it('H/D 2: within 20 % at r/D 2.5 and 5, with a secondary maximum of Nu beyond the stagnation region', async () => {
      const solution = await jet(2, 'default');
      expect(recordCase({ id: 'jet.martin.hd2.r2_5', model: 'jet-rans-2d', kind: 'validation', compared: 'Average Nusselt number within r/D 2.5, round jet Re 23 000, H/D 2, default mesh', reference: 'Martin (1977) correlation', value: averageNusselt(solution, 2.5 * D), reference_value: martin(2.5, 2), tolerance: 0.2 })).toBeLessThan(0.2);
      expect(recordCase({ id: 'jet.martin.hd2.r5', model: 'jet-rans-2d', kind: 'validation', compared: 'Average Nusselt number within r/D 5, H/D 2, default mesh', reference: 'Martin (1977) correlation', value: averageNusselt(solution, 5 * D), reference_value: martin(5, 2), tolerance: 0.2 })).toBeLessThan(0.2);
      // The secondary maximum of Nu beyond the stagnation region (near r/D ≈ 2 in experiments).
      const peak = secondaryPeak(solution);
      expect(peak).toBeDefined();
      expect(peak!).toBeGreaterThan(0.8);
      expect(peak!).toBeLessThan(2.5);
    }, FULL_TIMEOUT);

    it('H/D 6: within 20 % at r/D 5', async () => {
      const solution = await jet(6, 'default');
      expect(recordCase({ id: 'jet.martin.hd6.r5', model: 'jet-rans-2d', kind: 'validation', compared: 'Average Nusselt number within r/D 5, H/D 6, default mesh', reference: 'Martin (1977) correlation', value: averageNusselt(solution, 5 * D), reference_value: martin(5, 6), tolerance: 0.2 })).toBeLessThan(0.2);
    }, FULL_TIMEOUT);

    // H/D 6 at r/D 2.5 is +24 % with this uncorrected model; the product's jet types run with Wilcox's
    // vortex-stretching correction, which meets it (+15.8 %): round-jet-correction.test.ts.
  });
});
