// The observed order of accuracy of a discretisation on grids each refined by 2 from the previous
// one (the jet's verification tests: nested graded, curvilinear and σ grids).

import { expect } from 'vitest';

/** log₂(e_h / e_{h/2}): the observed order between a grid and its refinement by 2. */
export const observedOrder = (coarse: number, fine: number): number => Math.log2(coarse / fine);

/** The observed orders between successive grids of the sequence. */
export function observedOrders(errors: readonly number[]): number[] {
  return errors.slice(1).map((e, k) => observedOrder(errors[k]!, e));
}

/**
 * Laminar fully developed duct flow on three nested grids: the finest grid's velocity-profile and
 * pressure-gradient errors within 1 %, and the observed order of each above 1.8 (and below `most`
 * when given) from grid to grid.
 */
export function expectSecondOrderDuctFlow(errors: readonly { velocity: number; gradient: number }[], most?: number): void {
  const finest = errors[2]!;
  expect(finest.velocity).toBeLessThan(0.01);
  expect(finest.gradient).toBeLessThan(0.01);
  for (let k = 1; k < 3; k++) {
    for (const key of ['velocity', 'gradient'] as const) {
      const p = observedOrder(errors[k - 1]![key], errors[k]![key]);
      expect(p).toBeGreaterThan(1.8);
      if (most !== undefined) expect(p).toBeLessThan(most);
    }
  }
}
