// Full size (SIMFORGE_VERIFY=full only): how the weld's peak temperature converges with the pass time
// step (docs/physics/welding.md, "Peak temperature and the boiling point"). A bead on a 10 mm plate of a
// user's material (constant properties, pure conduction: no Marangoni factor, no evaporation), default
// mesh, the pass step Δt (dx/(4v) since the pass takes PASS_STEPS_PER_CELL = 4 steps per cell; dx/v when
// the figures below were measured), Δt/2, Δt/4 (weldingStudyNumerics, not a user parameter). The peak is
// read at mid-length (peak_temperature_cross_section), where the quasi-steady state holds: the summary's
// peak_temperature is the maximum along the whole weld, here at the run-off end (the source stops at the
// plate's end face), which is not what this checks.
// Backward Euler is first order, so the successive changes should halve: observed order p = log2 of
// their ratio between 0.6 and 1.5 tells first order (1) from second (2) and from no convergence (≤ 0).
// Measured (default mesh): source at mid-step 3206.0 / 3271.0 / 3300.4 K (changes 65.0, 29.4 K, p 1.14);
// source averaged over the step (4 points per cell crossed) 3172 / 3262 / 3300 K (p 1.2). Both approach
// from below: the step's damping of the peak (≈ 120 K at the default step, 3.7 %) is the time error.

import { describe, expect, it } from 'vitest';
import { parameterDefaults, solve } from '../../../run/solve.js';
import { weldingStudyNumerics } from './solver.js';

const FULL = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.['SIMFORGE_VERIFY'] === 'full';

/** A 80 × 10 mm plate, no bead, the torch straight down on the middle of its top face. */
const beadOnPlate = {
  material: 'custom',
  cooling_time: 10,
  cross_section: {
    parts: [{ points: [[-0.04, 0], [0.04, 0], [0.04, 0.01], [-0.04, 0.01]], filler: false }],
    weld_lines: [{ point: [0, 0.01], torch_direction: [0, -1] }],
  },
};

async function midLengthPeak(divisor: number, pointsPerCell: number): Promise<number> {
  Object.assign(weldingStudyNumerics, { passStepDivisor: divisor, sourcePointsPerCell: pointsPerCell });
  try {
    // The arc at which the figures above were measured (0.8 kJ/mm), whatever the joint's default arc.
    const process = { voltage: 25, current: 200, efficiency: 0.8, travel_speed: 0.005 };
    const p = { ...(parameterDefaults('FILLET_ON_CORNER_WELD') as Record<string, unknown>), ...beadOnPlate, process, mesh_size: 'default' };
    const result = await solve({ type: 'FILLET_ON_CORNER_WELD', parameters: p });
    return Math.max(...Array.from(result.fields.peak_temperature_cross_section!.values as ArrayLike<number>));
  } finally {
    Object.assign(weldingStudyNumerics, { passStepDivisor: 1, sourcePointsPerCell: 0 });
  }
}

describe.skipIf(!FULL)('bead on plate, pure conduction: the mid-length peak converges at first order in the pass step', () => {
  for (const pointsPerCell of [0, 4])
    it(`source ${pointsPerCell ? `averaged over the step (${pointsPerCell} points per cell)` : 'at mid-step'}: Δt, Δt/2, Δt/4`, async () => {
      const peaks: number[] = [];
      for (const divisor of [1, 2, 4]) peaks.push(await midLengthPeak(divisor, pointsPerCell));
      const [a, b, c] = peaks as [number, number, number];
      const order = Math.log2((b - a) / (c - b));
      (globalThis as { console?: { info(m: string): void } }).console?.info(`bead on plate, default mesh, points per cell ${pointsPerCell}: mid-length peak ${peaks.map((t) => t.toFixed(1)).join(' / ')} K at Δt, Δt/2, Δt/4; observed order ${order.toFixed(2)}`);
      expect(b).toBeGreaterThan(a);
      expect(c).toBeGreaterThan(b);
      expect(order).toBeGreaterThan(0.6);
      expect(order).toBeLessThan(1.5);
    }, 600_000);
});
