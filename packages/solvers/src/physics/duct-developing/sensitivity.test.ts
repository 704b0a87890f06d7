// Sensitivity of the pipe and annulus (developing-flow model): one input moved from the type's
// default at a time, the result's ratio new/base against what the fully developed correlations the
// model is checked against predict for the same two cases:
// - pressure drop Δp = f (L/D_h) ρ u²/2 with Colebrook-White's f (C. F. Colebrook, J. Inst. Civil
//   Eng. 11 (1939) 133-156): flow ×2 gives 4 f(2 Re)/f(Re), between 2^1.75 (smooth, Blasius) and 4
//   (fully rough); the diameter ×1.25 at the same flow gives f'/f · 1.25⁻⁵;
// - Nusselt number from Gnielinski's correlation (V. Gnielinski, Int. Chem. Eng. 16 (1976) 359-368),
//   about Re^0.8 (Dittus-Boelter);
// - heat rate at a wall temperature T_w: linear in T_w − T_in while the properties are those of the
//   inlet (the model's, docs/physics/pipe.md), so ×1.5 for a rise from 40 K to 60 K.
// Tolerances: the model's own distance from the correlations at these Re (friction within 2.5 %,
// Nusselt within 10 %, turbulent.test.ts) and the entrance region (L/D 200 and 200: its excess
// pressure drop and heat transfer are a few per cent of the totals, and they scale with the input too).

import { describe, expect, it } from 'vitest';
import { recordCase } from '../../../test/verification/report/record.js';
import { parameterDefaults, solve } from '../../run/solve.js';
import { colebrookFrictionFactor } from '../duct-1d/friction.js';
import { gnielinskiNusselt } from '../duct-1d/heat-transfer.js';

type Summary = Awaited<ReturnType<typeof solve>>['summary'];
type Parameters = Record<string, unknown>;

const value = (s: Summary, key: string): number => Number(s[key]!.value);

function pipe(change: Partial<Parameters> = {}): Parameters {
  return { ...(parameterDefaults('CIRCULAR_PIPE') as Parameters), model: 'developing', ...change };
}

async function summaries(type: string, base: Parameters, changed: Parameters): Promise<[Summary, Summary]> {
  const [a, b] = await Promise.all([solve({ type, parameters: base }), solve({ type, parameters: changed })]);
  return [a.summary, b.summary];
}

const MODEL = 'duct-developing';

describe('pipe sensitivity (CIRCULAR_PIPE default: water, 50 mm, 1 L/s, Re 2.5e4, developing model)', () => {
  it('flow ×2: pressure drop × 4 f(2 Re)/f(Re) (Colebrook), Nusselt × Gnielinski’s ratio', async () => {
    const base = pipe();
    const [a, b] = await summaries('CIRCULAR_PIPE', base, pipe({ flow_rate: 2 * (base['flow_rate'] as number) }));
    const re = value(a, 'reynolds_number');
    const eps = (base['roughness'] as number) / (base['diameter'] as number);
    expect(value(b, 'reynolds_number') / re).toBeCloseTo(2, 9);
    const ratio = value(b, 'pressure_drop') / value(a, 'pressure_drop');
    const expected = (4 * colebrookFrictionFactor(2 * re, eps)) / colebrookFrictionFactor(re, eps);
    const error = recordCase({
      id: 'duct-developing.sensitivity.pipe.flow-pressure-drop',
      model: MODEL,
      kind: 'sensitivity',
      compared: 'Pipe default, flow rate ×2 → pressure drop (ratio new/base)',
      reference: 'Darcy-Weisbach with Colebrook-White: 4 f(2 Re)/f(Re), between 2^1.75 (smooth) and 4 (fully rough)',
      value: ratio,
      reference_value: expected,
      tolerance: 0.05,
    });
    expect(error).toBeLessThan(0.05);
    const pr = value(a, 'prandtl_number');
    const nusselt = value(b, 'nusselt_number') / value(a, 'nusselt_number');
    const nusseltError = recordCase({
      id: 'duct-developing.sensitivity.pipe.flow-nusselt',
      model: MODEL,
      kind: 'sensitivity',
      compared: 'Pipe default, flow rate ×2 → fully developed Nusselt number (ratio new/base)',
      reference: 'Gnielinski 1976: Nu(2 Re, Pr)/Nu(Re, Pr), about 2^0.8',
      value: nusselt,
      reference_value: gnielinskiNusselt(2 * re, pr) / gnielinskiNusselt(re, pr),
      tolerance: 0.1,
    });
    expect(nusseltError).toBeLessThan(0.1);
  });

  it('diameter ×1.25 at the same flow: pressure drop × f′/f · 1.25⁻⁵', async () => {
    const base = pipe();
    const d = base['diameter'] as number;
    const [a, b] = await summaries('CIRCULAR_PIPE', base, pipe({ diameter: 1.25 * d }));
    const eps = (base['roughness'] as number) / d;
    const re = value(a, 'reynolds_number');
    const expected = (colebrookFrictionFactor(re / 1.25, eps / 1.25) / colebrookFrictionFactor(re, eps)) * 1.25 ** -5;
    const error = recordCase({
      id: 'duct-developing.sensitivity.pipe.diameter-pressure-drop',
      model: MODEL,
      kind: 'sensitivity',
      compared: 'Pipe default, diameter ×1.25 at the same flow → pressure drop (ratio new/base)',
      reference: 'Darcy-Weisbach with Colebrook-White: f(Re/1.25, ε/1.25D)/f(Re, ε/D) · 1.25⁻⁵ ≈ 0.36',
      value: value(b, 'pressure_drop') / value(a, 'pressure_drop'),
      reference_value: expected,
      tolerance: 0.05,
    });
    expect(error).toBeLessThan(0.05);
  });

  it('roughness 0.045 → 0.45 mm: pressure drop × f(ε′)/f(ε) (Colebrook)', async () => {
    const base = pipe();
    const [a, b] = await summaries('CIRCULAR_PIPE', base, pipe({ roughness: 4.5e-4 }));
    const d = base['diameter'] as number;
    const re = value(a, 'reynolds_number');
    const error = recordCase({
      id: 'duct-developing.sensitivity.pipe.roughness-pressure-drop',
      model: MODEL,
      kind: 'sensitivity',
      compared: 'Pipe default, wall roughness ×10 (0.045 → 0.45 mm) → pressure drop (ratio new/base)',
      reference: 'Colebrook-White: f(Re, 9e-3)/f(Re, 9e-4)',
      value: value(b, 'pressure_drop') / value(a, 'pressure_drop'),
      reference_value: colebrookFrictionFactor(re, 4.5e-4 / d) / colebrookFrictionFactor(re, (base['roughness'] as number) / d),
      tolerance: 0.05,
    });
    expect(error).toBeLessThan(0.05);
  });

  it('wall 60 → 80 °C (inlet 20 °C): heat rate × 1.5 (linear in T_w − T_in at the inlet’s properties)', async () => {
    const base = pipe();
    const [a, b] = await summaries('CIRCULAR_PIPE', base, pipe({ wall: { condition: 'temperature', temperature: 353.15 } }));
    const error = recordCase({
      id: 'duct-developing.sensitivity.pipe.wall-temperature-heat-rate',
      model: MODEL,
      kind: 'sensitivity',
      compared: 'Pipe default, wall temperature 60 → 80 °C → heat transfer rate (ratio new/base)',
      reference: 'Energy equation linear in T_w − T_in with the inlet’s properties: 60 K / 40 K = 1.5',
      value: value(b, 'heat_transfer_rate') / value(a, 'heat_transfer_rate'),
      reference_value: 1.5,
      tolerance: 0.01,
    });
    expect(error).toBeLessThan(0.01);
  });
});

describe('annulus sensitivity (CIRCULAR_ANNULUS default: water, 25/50 mm, 1 L/s, Re 1.7e4, inner wall heated)', () => {
  it('flow ×2: pressure drop × 4 f(2 Re)/f(Re) on the hydraulic diameter, heat rate grows', async () => {
    const base = parameterDefaults('CIRCULAR_ANNULUS') as Parameters;
    const [a, b] = await summaries('CIRCULAR_ANNULUS', base, { ...base, flow_rate: 2 * (base['flow_rate'] as number) });
    const re = value(a, 'reynolds_number');
    const error = recordCase({
      id: 'duct-developing.sensitivity.annulus.flow-pressure-drop',
      model: MODEL,
      kind: 'sensitivity',
      compared: 'Annulus default, flow rate ×2 → pressure drop (ratio new/base)',
      reference: 'Darcy-Weisbach on the hydraulic diameter with Colebrook-White (smooth): 4 f(2 Re)/f(Re)',
      value: value(b, 'pressure_drop') / value(a, 'pressure_drop'),
      reference_value: (4 * colebrookFrictionFactor(2 * re, 0)) / colebrookFrictionFactor(re, 0),
      tolerance: 0.05,
    });
    expect(error).toBeLessThan(0.05);
    expect(value(b, 'heat_transfer_rate')).toBeGreaterThan(value(a, 'heat_transfer_rate'));
    expect(value(b, 'outlet_temperature')).toBeLessThan(value(a, 'outlet_temperature'));
  });
});
