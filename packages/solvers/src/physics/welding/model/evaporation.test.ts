// The weld pool's evaporation loss (evaporation.ts): the melt-pool model's data, a ledger term that
// closes the books, and a free surface held below the temperature at which evaporation alone would
// carry the source's largest column flux.

import { describe, expect, it } from 'vitest';
import { s355 as S355 } from '../../../materials/solids/index.js';
import { parameterDefaults, solve } from '../../../run/solve.js';
import { evaporationFlux } from '../../../thermal/index.js';
import { weldPoolEvaporation } from './evaporation.js';
import { readWeldingCase } from './parameters.js';
import { planSource } from './solver.js';

describe('evaporation data of the weld pool', () => {
  it("takes the melt-pool model's iron data for S355 and none for a user's material", () => {
    const model = weldPoolEvaporation('S355', S355)!;
    expect(model).toEqual({ latentHeat: 340e3 / 0.055845, molarMass: 0.055845, boilingTemperature: 3134 });
    const { boiling: _boiling, ...withoutBoiling } = S355;
    expect(weldPoolEvaporation('custom', { ...withoutBoiling, id: 'custom' })).toBeUndefined();
  });
});

describe('fillet on a corner at 300 A (coarse, 60 mm): the case whose conduction peak exceeded boiling', () => {
  const parameters = parameterDefaults('FILLET_ON_CORNER_WELD') as Record<string, unknown> & { geometry: Record<string, number>; process: Record<string, number> };
  parameters.geometry.length = 0.06;
  parameters.mesh_size = 'coarse';
  parameters.cooling_time = 40;
  // 25 V, 300 A, 5 mm/s (1.2 kJ/mm net), whatever the joint's default arc.
  Object.assign(parameters.process, { voltage: 25, current: 300, travel_speed: 0.005 });
  const run = solve({ type: 'FILLET_ON_CORNER_WELD', parameters });

  it('books the evaporation loss in the ledger, which closes within 0.5 % only with it', async () => {
    const result = await run;
    const ledger = result.series.energy_ledger!;
    const last = (name: string) => ledger.y.find((s) => s.name === name)!.values.at(-1)!;
    const input = last('source_in') + last('bead_deposited');
    const evaporated = last('evaporated');
    const imbalance = input - last('surface_loss') - evaporated - last('stored_change');
    expect(Math.abs(imbalance) / input).toBeLessThan(0.005);
    expect(Math.abs(Number(result.summary.energy_balance_error!.value))).toBeLessThan(0.005);
    // A real term, not round-off: leaving it out would break the 0.5 % (measured 3.0 % of the input).
    expect(evaporated / input).toBeGreaterThan(0.005);
    expect(result.log.some((l) => l.message.startsWith('evaporation loss (Hertz–Knudsen–Langmuir'))).toBe(true);
  }, 60_000);

  it("holds the free surface below the temperature at which evaporation alone carries the source's column flux (< T_b)", async () => {
    const result = await run;
    // The largest flux that can reach the surface in a steady pool is the Goldak column integral at
    // the source centre, ∫₀^∞ q(0, 0, ζ) dζ = 6 Q / (π (a_f + a_r) b) (the same for the front and rear
    // halves), with Q ≤ η U I. A surface hotter than T_lim (evaporationFlux(T_lim) = that flux) would
    // lose more than arrives, even before convection, radiation and conduction into the body.
    const plan = planSource(readWeldingCase('FILLET_ON_CORNER_WELD', parameters));
    const Q = 0.8 * 25 * 300;
    const column = (6 * Q) / (Math.PI * (plan.size.a_f + plan.size.a_r) * plan.size.b);
    const model = weldPoolEvaporation('S355', S355)!;
    let [lo, hi] = [1000, model.boilingTemperature];
    expect(evaporationFlux(model, hi).flux).toBeGreaterThan(column); // ≈ 3e8 W/m² at T_b against ≈ 1e8
    for (let i = 0; i < 100; i++) {
      const mid = 0.5 * (lo + hi);
      if (evaporationFlux(model, mid).flux < column) lo = mid;
      else hi = mid;
    }
    const limit = hi;
    expect(limit).toBeLessThan(model.boilingTemperature);
    // The metal cells of the mid-length section with a face to the outside (section edges included).
    const section = result.fields.peak_temperature_cross_section!;
    const material = result.fields.cross_section_material!;
    const [ny, nz] = section.shape as [number, number];
    const metal = (j: number, k: number) => j >= 0 && k >= 0 && j < ny && k < nz && material.values[j * nz + k] === 1;
    let surface = -Infinity;
    let interior = -Infinity;
    for (let j = 0; j < ny; j++)
      for (let k = 0; k < nz; k++) {
        if (!metal(j, k)) continue;
        const exposed = !metal(j - 1, k) || !metal(j + 1, k) || !metal(j, k - 1) || !metal(j, k + 1);
        const peak = section.values[j * nz + k]!;
        if (exposed) surface = Math.max(surface, peak);
        else interior = Math.max(interior, peak);
      }
    // Measured: column flux 117.5 MW/m², T_lim 2920 K; mid-length free surface 2272 K, under it 3088 K, whole part 3126 K.
    (globalThis as { console?: { info(m: string): void } }).console?.info(`fillet 300 A coarse: column flux ${(column / 1e6).toFixed(1)} MW/m², T_lim ${limit.toFixed(0)} K; mid-length peaks: free surface ${surface.toFixed(0)} K, under it ${interior.toFixed(0)} K; whole part ${Number(result.summary.peak_temperature!.value).toFixed(0)} K`);
    expect(surface).toBeGreaterThan(1793); // molten: the bound is not met trivially
    expect(surface).toBeLessThan(limit);
  }, 60_000);
});
