// Full size (SIMFORGE_VERIFY=full only; each fine run takes minutes): the peak temperature of the
// default fillet on a corner, T-joint fillet and double-V on the three mesh presets, with the weld
// pool's Marangoni stand-in (materials.ts: liquid conductivity × 2.5). Pure conduction let the pool's
// interior peak grow past iron's boiling point with refinement (fillet on a corner 2541 / 3172 /
// 3414 K); with the factor: fillet on a corner 2291 / 2634 / 2750 K, T-joint 2290 / 2634 / 2749 K,
// double-V 2273 / 2659 / 2821 K (coarse / default / fine; before 2391 / 3111 / 3462 K).
// With the source renormalised onto the metal it reaches (thermal/sources.ts, docs/adr/0022) the coarse meshes,
// which had lost the most of the arc's power, rose: fillet on a corner 2557 / 2661 / 2755 K, T-joint 2712 /
// 2637 / 2768 K, double-V 2471 / 2680 / 2835 K. Checked: every peak below the boiling point (the evaporation
// data's, 3134 K for S355) on every mesh. Not shown: convergence. The changes no longer shrink clearly (fillet
// r = (fine − default)/(default − coarse) = 0.90, T-joint −1.7, double-V 0.74), so the earlier geometric
// extrapolation (which the clipped coarse runs had made look converged) is not asserted; the peak stays
// mesh-sensitive by 5-15 % between presets.

import { describe, expect, it } from 'vitest';
import { s355 } from '../../../materials/solids/index.js';
import { parameterDefaults, solve } from '../../../run/solve.js';
import { weldPoolEvaporation } from './evaporation.js';

const FULL = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.['SIMFORGE_VERIFY'] === 'full';
const BOILING = weldPoolEvaporation('S355', s355)!.boilingTemperature;

describe.skipIf(!FULL)('default welds: peak temperature on the three mesh presets (Marangoni stand-in, source renormalised)', () => {
  for (const type of ['FILLET_ON_CORNER_WELD', 'T_JOINT_FILLET_WELD', 'DOUBLE_V_BUTT_WELD']) {
    it(`${type}: below the boiling point on every mesh`, async () => {
      const peaks: number[] = [];
      for (const mesh of ['coarse', 'default', 'fine'] as const) {
        const p = parameterDefaults(type) as Record<string, unknown>;
        p.mesh_size = mesh;
        const result = await solve({ type, parameters: p });
        peaks.push(Number(result.summary.peak_temperature!.value));
      }
      const [coarse, medium, fine] = peaks as [number, number, number];
      (globalThis as { console?: { info(m: string): void } }).console?.info(`${type} peak coarse / default / fine: ${peaks.map((t) => t.toFixed(0)).join(' / ')} K (boiling ${BOILING} K)`);
      for (const peak of peaks) expect(peak).toBeLessThan(BOILING);
      const r = (fine - medium) / (medium - coarse);
      (globalThis as { console?: { info(m: string): void } }).console?.info(`${type} change ratio r ${r.toFixed(2)} (not asserted: see the header)`);
    }, 1_800_000);
  }
});
