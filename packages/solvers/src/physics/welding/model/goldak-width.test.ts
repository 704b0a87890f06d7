// The fusion width of a bead on a 30 mm plate (SQUARE_BUTT_WELD with zero gap: no bead) on the
// default mesh, against the exact quasi-steady solutions: Rosenthal's for a point source and the
// Goldak source's own (analytic/goldak-quasi-steady.ts). Constant properties k 30, ρ 7850, c 600, no
// latent heat, no surface losses, 4 kW at 5 mm/s: Rosenthal's fusion width at 1500 °C is 9.433 mm.
//
// The derived source is as wide as Rosenthal's pool (b = c = a_f = 4.716 mm, a_r = 2b); spread over
// the pool it fuses a narrower one, 8.944 mm exactly (−5.17 %). With one pass step per cell crossed
// the model read 8.516 mm (−9.71 % from Rosenthal): −5.2 % of source size and −4.5 % of time step
// (backward Euler lags the rise as the torch passes; Δt/2, /3, /4, /8 gave −7.85, −6.99, −6.68,
// −6.09 %). At four steps per cell (mesh-plan.ts, PASS_STEPS_PER_CELL) it reads 8.802 mm: −1.6 % from
// the source's exact solution, of which ≈ 1.2 % is left of the time error (first order, from the
// Δt/4 and Δt/8 runs) and ≈ 0.3 % spatial. Tolerance 3 %: those two with a margin. A source small
// against the pool (all semi-axes 1 mm) reads 9.657 mm, +2.4 % from Rosenthal (within the 3 % the
// fusion width is specified to).

import { describe, expect, it } from 'vitest';
import { solve } from '../../../run/solve.js';
import { goldakQuasiSteadyFusionHalfWidth } from '../analytic/goldak-quasi-steady.js';
import { thickPlateFusionHalfWidth } from '../analytic/rosenthal.js';
import { ROSENTHAL_BEAD, ROSENTHAL_SOLIDUS, rosenthalBeadOnPlate } from '../../../../test/rosenthal-bead.js';

const info = (message: string) => (globalThis as { console?: { info(m: string): void } }).console?.info(message);

const bead = ROSENTHAL_BEAD;
const solidus = ROSENTHAL_SOLIDUS;
const beadOnPlate = (heatSource: Record<string, unknown>) => rosenthalBeadOnPlate('default', heatSource);

describe('fusion width on the default mesh against the exact moving-source solutions', () => {
  const rosenthal = 2 * thickPlateFusionHalfWidth(bead, solidus);

  it('the derived Goldak source: within 3 % of its own exact solution (which is 5.2 % narrower than Rosenthal)', async () => {
    const R = rosenthal / 2;
    const exact = 2 * goldakQuasiSteadyFusionHalfWidth(bead, { a_f: R, a_r: 2 * R, b: R, c: R }, solidus);
    const result = await solve({ type: 'SQUARE_BUTT_WELD', parameters: beadOnPlate({ mode: 'derived' }) });
    const width = Number(result.summary.fusion_zone_width!.value);
    info(`derived source, default mesh: fusion width ${(width * 1000).toFixed(3)} mm; exact for the source ${(exact * 1000).toFixed(3)} mm (${((width / exact - 1) * 100).toFixed(2)} %); Rosenthal ${(rosenthal * 1000).toFixed(3)} mm (${((width / rosenthal - 1) * 100).toFixed(2)} %)`);
    expect(Math.abs(width / exact - 1)).toBeLessThan(0.03);
  }, 60_000);

  it('a source small against the pool (1 mm semi-axes): within 3 % of Rosenthal', async () => {
    const result = await solve({ type: 'SQUARE_BUTT_WELD', parameters: beadOnPlate({ mode: 'explicit', a_f: 0.001, a_r: 0.001, b: 0.001, c: 0.001 }) });
    const width = Number(result.summary.fusion_zone_width!.value);
    info(`1 mm source, default mesh: fusion width ${(width * 1000).toFixed(3)} mm; Rosenthal ${(rosenthal * 1000).toFixed(3)} mm (${((width / rosenthal - 1) * 100).toFixed(2)} %)`);
    expect(Math.abs(width / rosenthal - 1)).toBeLessThan(0.03);
  }, 60_000);
});
