// Sensitivity of the melt pool: one input moved from the LASER_RIGID_PLATE default (316L, 200 W,
// 1/e² radius 60 µm, absorptivity 0.35, 1 m/s; coarse mesh) at a time. The pool's width lies between
// two limits whose scaling is known:
// - a source small against the pool: Rosenthal's moving point source at high Péclet number, whose
//   fused cross-section scales with the line energy, so the width ∝ √(P/v) (Rosenthal 1946; Grong,
//   Metallurgical Modelling of Welding, 1997, ch. 1);
// - a beam wide against the pool (the default's width is about the beam's 1/e² diameter): the width is
//   where the beam's intensity melts the surface, ∝ r₀ and only weakly dependent on P and v.
// So power ×1.5 widens the pool by 0-22 % (√1.5), speed ×2 narrows it by 0-29 % (1/√2), the radius
// ×1.5 widens it by 0-50 %. Each case records the width ratio against the middle of its band, the
// band's half-width as the tolerance. The depth moves with the peak intensity P/r₀² and the line
// energy P/v: it grows with power, falls with speed and with the radius (signs asserted).

import { describe, expect, it } from 'vitest';
import { recordCase } from '../../../../test/verification/report/record.js';
import { parameterDefaults, solve } from '../../../run/solve.js';

type Summary = Awaited<ReturnType<typeof solve>>['summary'];

const TYPE = 'LASER_RIGID_PLATE';
const MODEL = 'melt-pool-thermal-3d';
const value = (s: Summary, key: string): number => Number(s[key]!.value);

/** Four solves (90 s): a study of `npm run verify`, re-run whenever the melt-pool code changes; skipped by `npm test`. */
const FULL = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.['SIMFORGE_VERIFY'] === 'full';
const defaults = parameterDefaults(TYPE) as Record<string, unknown> & { laser: Record<string, number> };
const runs = new Map<string, Promise<Summary>>();
function run(laser: Record<string, number> = {}): Promise<Summary> {
  const key = JSON.stringify(laser);
  if (!runs.has(key)) runs.set(key, solve({ type: TYPE, parameters: { ...defaults, mesh_size: 'coarse', laser: { ...defaults.laser, ...laser } } }).then((r) => r.summary));
  return runs.get(key)!;
}

describe.skipIf(!FULL)('melt-pool sensitivity (LASER_RIGID_PLATE default, coarse mesh)', () => {
  it('power ×1.5: wider by 0-22 % (beam-dominated … √P), deeper', async () => {
    const [a, b] = [await run(), await run({ power: 1.5 * defaults.laser['power']! })];
    const error = recordCase({
      id: 'melt-pool-thermal-3d.sensitivity.power-width',
      model: MODEL,
      kind: 'sensitivity',
      compared: 'LASER_RIGID_PLATE default, laser power ×1.5 → melt-pool width (ratio new/base)',
      reference: 'Between a beam-dominated width (×1) and Rosenthal’s point source (∝ √P: ×1.225): 1.112 ± 0.112',
      value: value(b, 'melt_pool_width') / value(a, 'melt_pool_width'),
      reference_value: 1.1124,
      error_kind: 'absolute',
      tolerance: 0.1124,
    });
    expect(error).toBeLessThan(0.1124);
    expect(value(b, 'melt_pool_depth')).toBeGreaterThan(value(a, 'melt_pool_depth'));
  }, 120_000);

  it('scan speed ×2: narrower by 0-29 % (beam-dominated … 1/√v), shallower', async () => {
    const [a, b] = [await run(), await run({ scan_speed: 2 * defaults.laser['scan_speed']! })];
    const error = recordCase({
      id: 'melt-pool-thermal-3d.sensitivity.speed-width',
      model: MODEL,
      kind: 'sensitivity',
      compared: 'LASER_RIGID_PLATE default, scan speed ×2 → melt-pool width (ratio new/base)',
      reference: 'Between a beam-dominated width (×1) and Rosenthal’s point source (∝ 1/√v: ×0.707): 0.854 ± 0.146',
      value: value(b, 'melt_pool_width') / value(a, 'melt_pool_width'),
      reference_value: 0.8536,
      error_kind: 'absolute',
      tolerance: 0.1464,
    });
    expect(error).toBeLessThan(0.1464);
    expect(value(b, 'melt_pool_depth')).toBeLessThan(value(a, 'melt_pool_depth'));
  }, 120_000);

  it('spot radius ×1.5: wider by 0-50 % (point source … beam-dominated), shallower', async () => {
    const [a, b] = [await run(), await run({ spot_radius: 1.5 * defaults.laser['spot_radius']! })];
    const error = recordCase({
      id: 'melt-pool-thermal-3d.sensitivity.spot-width',
      model: MODEL,
      kind: 'sensitivity',
      compared: 'LASER_RIGID_PLATE default, 1/e² spot radius ×1.5 → melt-pool width (ratio new/base)',
      reference: 'Between Rosenthal’s point source (×1) and a beam-dominated width (∝ r₀: ×1.5): 1.25 ± 0.25',
      value: value(b, 'melt_pool_width') / value(a, 'melt_pool_width'),
      reference_value: 1.25,
      error_kind: 'absolute',
      tolerance: 0.25,
    });
    expect(error).toBeLessThan(0.25);
    expect(value(b, 'melt_pool_depth')).toBeLessThan(value(a, 'melt_pool_depth'));
  }, 120_000);
});
