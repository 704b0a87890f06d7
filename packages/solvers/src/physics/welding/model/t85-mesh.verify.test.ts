// Full size (SIMFORGE_VERIFY=full only; the fine preset takes minutes): the default single-V butt
// weld's t8/5 on the three mesh presets agrees within 6 % (the reasoning for the band is in
// t85-mesh.test.ts). Measured: 7.542 / 7.887 / 7.501 s (coarse / default / fine, +5.1 % at most; the
// 60 mm case 7.57 / 7.85 / 7.45 s); before the read point moved into the weld metal, 9.23 / 9.10 /
// 8.01 s.

import { describe, expect, it } from 'vitest';
import { parameterDefaults, solve } from '../../../run/solve.js';

const FULL = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.['SIMFORGE_VERIFY'] === 'full';
const T85_MESH_TOLERANCE = 0.06;

describe.skipIf(!FULL)('single-V butt weld t8/5, default case, three mesh presets', () => {
  it('coarse, default and fine agree within 6 %', async () => {
    const t85: number[] = [];
    for (const mesh of ['coarse', 'default', 'fine'] as const) {
      const p = parameterDefaults('BUTT_WELD') as Record<string, unknown>;
      p.mesh_size = mesh;
      const result = await solve({ type: 'BUTT_WELD', parameters: p });
      t85.push(Number(result.summary.t8_5!.value));
    }
    (globalThis as { console?: { info(m: string): void } }).console?.info(`BUTT_WELD t8/5 coarse / default / fine: ${t85.map((t) => t.toFixed(3)).join(' / ')} s`);
    expect(Math.max(...t85) / Math.min(...t85) - 1).toBeLessThan(T85_MESH_TOLERANCE);
  }, 1_800_000);
});
