// Sensitivity of the impinging jet (k-ω SST, round nozzle): one input moved from the
// JET_IMPINGING_SURFACE default (air, D 20 mm, H/D 2, Re 23 000; coarse mesh) at a time, the
// result's ratio new/base against:
// - Martin's correlation of the average Nusselt number within r (H. Martin, Adv. Heat Transfer 13
//   (1977) 1-60): Nu ∝ F(Re) = 2 √Re √(1 + 0.005 Re^0.55) at fixed geometry and Pr. The model lies
//   within 20 % of the correlation itself (impinging-jet.test.ts); its ratio much closer, as the
//   geometry's factor cancels: 5 %;
// - the stagnation pressure: ½ ρ U² times a coefficient that hardly depends on Re at these Re, so ×4
//   for ×2 in Re (the same fluid and nozzle), to 2 %;
// - Newton's law of cooling: the Nusselt number does not depend on the wall-to-jet temperature
//   difference (the properties are taken at the film temperature, which moves by 10 K): to 1 %;
// - particle capture against the Stokes number Stk = ρ_p d² C_c U/(9 μ D): a jet impactor catches
//   half the particles at Stk50 ≈ 0.24 (round nozzle, √Stk50 0.49 ± 0.05, Marple & Willeke 1976 as in
//   Hinds, Aerosol Technology, 2nd ed., §5.5), all of them well above it and few well below it. The
//   default's 10 µm glass spheres (Stk 1.4) are all caught; at 3 µm (Stk 0.13) fewer than half.

import { describe, expect, it } from 'vitest';
import { recordCase } from '../../../test/verification/report/record.js';
import { martinRound } from './estimate.js';
import { parameterDefaults, solve } from '../../run/solve.js';

type Summary = Awaited<ReturnType<typeof solve>>['summary'];

const TYPE = 'JET_IMPINGING_SURFACE';
const MODEL = 'jet-rans-2d';
const value = (s: Summary, key: string): number => Number(s[key]!.value);

const runs = new Map<string, Promise<Summary>>();
function run(change: Record<string, unknown> = {}): Promise<Summary> {
  const key = JSON.stringify(change);
  if (!runs.has(key)) runs.set(key, solve({ type: TYPE, parameters: { ...(parameterDefaults(TYPE) as Record<string, unknown>), mesh_size: 'coarse', ...change } }).then((r) => r.summary));
  return runs.get(key)!;
}

describe('impinging jet sensitivity (round default, coarse mesh)', () => {
  it('Reynolds number ×2 (23 000 → 46 000): average Nusselt × Martin’s F(2 Re)/F(Re), stagnation pressure × 4', async () => {
    const [a, b] = [await run(), await run({ reynolds_number: 46_000 })];
    const martin = (reynolds: number) => martinRound({ reynolds, prandtl: 0.71, hOverD: 2, rOverD: 2.5 });
    const nusseltError = recordCase({
      id: 'jet-rans-2d.sensitivity.reynolds-average-nusselt',
      model: MODEL,
      kind: 'sensitivity',
      compared: 'Round jet default, Reynolds number ×2 → average Nusselt number within r/D 2.5 (ratio new/base)',
      reference: 'Martin (1977): F(46 000)/F(23 000), F = 2 √Re √(1 + 0.005 Re^0.55) = 1.586',
      value: value(b, 'average_nusselt') / value(a, 'average_nusselt'),
      reference_value: martin(46_000) / martin(23_000),
      tolerance: 0.05,
    });
    expect(nusseltError).toBeLessThan(0.05);
    const pressureError = recordCase({
      id: 'jet-rans-2d.sensitivity.reynolds-stagnation-pressure',
      model: MODEL,
      kind: 'sensitivity',
      compared: 'Round jet default, Reynolds number ×2 (velocity ×2) → stagnation pressure (ratio new/base)',
      reference: 'Bernoulli: ½ ρ U² at a pressure coefficient independent of Re: 4',
      value: value(b, 'stagnation_pressure') / value(a, 'stagnation_pressure'),
      reference_value: 4,
      tolerance: 0.02,
    });
    expect(pressureError).toBeLessThan(0.02);
    expect(value(b, 'stagnation_nusselt')).toBeGreaterThan(value(a, 'stagnation_nusselt'));
  }, 120_000);

  it('surface 60 → 80 °C (jet 20 °C): the Nusselt number stays, the heat rate grows', async () => {
    const [a, b] = [await run(), await run({ surface_temperature: 353.15 })];
    const error = recordCase({
      id: 'jet-rans-2d.sensitivity.surface-temperature-nusselt',
      model: MODEL,
      kind: 'sensitivity',
      compared: 'Round jet default, surface temperature 60 → 80 °C → average Nusselt number (ratio new/base)',
      reference: 'Newton’s law of cooling: Nu independent of the temperature difference (film properties move 10 K): 1',
      value: value(b, 'average_nusselt') / value(a, 'average_nusselt'),
      reference_value: 1,
      tolerance: 0.01,
    });
    expect(error).toBeLessThan(0.01);
    expect(value(b, 'heat_transfer_rate') / value(a, 'heat_transfer_rate')).toBeGreaterThan(1.4);
  }, 120_000);

  it('particle diameter 10 → 3 µm (Stk 1.4 → 0.13, below Stk50 0.24): fewer than half reach the plate', async () => {
    const particleType = 'JET_WITH_PARTICLES_IMPINGING_SURFACE';
    const defaults = parameterDefaults(particleType) as Record<string, unknown> & { particles: Record<string, unknown> };
    const particles = async (diameter: number) =>
      (await solve({ type: particleType, parameters: { ...defaults, mesh_size: 'coarse', particles: { ...defaults.particles, diameter } } })).summary;
    const [a, b] = [await particles(10e-6), await particles(3e-6)];
    expect(value(a, 'stokes_number')).toBeGreaterThan(1);
    expect(value(b, 'stokes_number')).toBeLessThan(0.24);
    expect(value(a, 'impaction_efficiency')).toBeGreaterThan(0.99);
    // The reference is a bound: efficiency ≤ 0.5 below Stk50, recorded as |η − 0| ≤ 0.5.
    const error = recordCase({
      id: 'jet-rans-2d.sensitivity.particle-diameter-capture',
      model: MODEL,
      kind: 'sensitivity',
      compared: 'Particle jet default, particle diameter 10 → 3 µm (Stk 1.4 → 0.13) → impaction efficiency (the default: 1)',
      reference: 'Impactor theory (Marple & Willeke 1976, Hinds §5.5): below Stk50 ≈ 0.24 fewer than half are caught (≤ 0.5)',
      value: value(b, 'impaction_efficiency'),
      reference_value: 0,
      error_kind: 'absolute',
      tolerance: 0.5,
    });
    expect(error).toBeLessThan(0.5);
  }, 120_000);
});
