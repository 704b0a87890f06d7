// Sensitivity of the geothermal plant with heat storage: one input moved from the default year at a
// time, the result's ratio new/base against what the plant's physics gives:
// - the exchanger's effectiveness from its conductance UA by the ε-NTU relation for counterflow
//   (Incropera & DeWitt, Fundamentals of Heat and Mass Transfer, 6th ed., Table 11.3), written out
//   here rather than taken from the model;
// - the tank's heat loss U A_s (T − T_amb): linear in the loss coefficient U while the tank's
//   temperatures stay (the loss is 0.6 % of the heat handled, so it hardly cools the tank);
// - the well's heat, which covers the demand and the losses: about proportional to the demand.

import { describe, expect, it } from 'vitest';
import { recordCase } from '../../../test/verification/report/record.js';
import { parameterDefaults, solve } from '../../run/solve.js';

type Summary = Awaited<ReturnType<typeof solve>>['summary'];
type Parameters = Record<string, Record<string, unknown>>;

const TYPE = 'GEOTHERMAL_PLANT_TES';
const MODEL = 'geothermal-tes';
const value = (s: Summary, key: string): number => Number(s[key]!.value);

function plant(change: (p: Parameters) => void = () => {}): Parameters {
  const p = JSON.parse(JSON.stringify(parameterDefaults(TYPE))) as Parameters;
  change(p);
  return p;
}

let base: Promise<Summary> | undefined;
const baseRun = (): Promise<Summary> => (base ??= solve({ type: TYPE, parameters: plant() }).then((r) => r.summary));
const run = async (change: (p: Parameters) => void): Promise<Summary> => (await solve({ type: TYPE, parameters: plant(change) })).summary;

/** Counterflow effectiveness (Incropera Table 11.3). */
function counterflow(ntu: number, cr: number): number {
  const e = Math.exp(-ntu * (1 - cr));
  return (1 - e) / (1 - cr * e);
}

describe('geothermal plant sensitivity (GEOTHERMAL_PLANT_TES default: one year, 1 MW mean demand)', () => {
  it('heat-exchanger UA ×2: effectiveness × ε(2 NTU)/ε(NTU), counterflow ε-NTU', async () => {
    const p = plant();
    const well = p['well']!;
    const hot = (well['mass_flow_rate'] as number) * (well['specific_heat'] as number);
    const cold = (p['heat_exchanger']!['secondary_flow_rate'] as number) * (p['fluid']!['specific_heat'] as number);
    const [cMin, cMax] = [Math.min(hot, cold), Math.max(hot, cold)];
    const ntu = (p['heat_exchanger']!['ua'] as number) / cMin;
    const [a, b] = [await baseRun(), await run((q) => (q['heat_exchanger']!['ua'] = 2 * (q['heat_exchanger']!['ua'] as number)))];
    const error = recordCase({
      id: 'geothermal-tes.sensitivity.ua-effectiveness',
      model: MODEL,
      kind: 'sensitivity',
      compared: 'Heat-exchanger conductance UA ×2 → exchanger effectiveness (ratio new/base)',
      reference: 'ε-NTU, counterflow (Incropera & DeWitt, Table 11.3): ε(2 NTU, C_r)/ε(NTU, C_r), NTU 6.0 → 12.0',
      value: value(b, 'heat_exchanger_effectiveness') / value(a, 'heat_exchanger_effectiveness'),
      reference_value: counterflow(2 * ntu, cMin / cMax) / counterflow(ntu, cMin / cMax),
      tolerance: 0.002,
    });
    expect(error).toBeLessThan(0.002);
  }, 60_000);

  it('tank loss coefficient ×2: tank heat loss ≈ ×2 (U A_s (T − T_amb))', async () => {
    const [a, b] = [await baseRun(), await run((q) => (q['tank']!['loss_coefficient'] = 2 * (q['tank']!['loss_coefficient'] as number)))];
    const error = recordCase({
      id: 'geothermal-tes.sensitivity.loss-coefficient-heat-loss',
      model: MODEL,
      kind: 'sensitivity',
      compared: 'Tank loss coefficient ×2 (0.3 → 0.6 W/(m²·K)) → tank heat loss over the year (ratio new/base)',
      reference: 'U A_s (T − T_amb): ×2 while the tank’s temperatures stay (the loss is < 1 % of the heat handled)',
      value: value(b, 'tank_heat_loss') / value(a, 'tank_heat_loss'),
      reference_value: 2,
      tolerance: 0.03,
    });
    expect(error).toBeLessThan(0.03);
  }, 60_000);

  it('mean demand ×0.5: the well’s heat ≈ ×0.5 (demand plus losses), the tank delivers it all', async () => {
    const [a, b] = [await baseRun(), await run((q) => (q['demand']!['mean_power'] = 0.5 * (q['demand']!['mean_power'] as number)))];
    expect(value(b, 'energy_demand') / value(a, 'energy_demand')).toBeCloseTo(0.5, 9);
    const error = recordCase({
      id: 'geothermal-tes.sensitivity.demand-well-heat',
      model: MODEL,
      kind: 'sensitivity',
      compared: 'Mean heat demand ×0.5 (1 → 0.5 MW) → heat drawn from the well over the year (ratio new/base)',
      reference: 'Energy balance: well heat = delivered + tank losses + stored change, the losses < 1 %: ≈ 0.5',
      value: value(b, 'well_heat') / value(a, 'well_heat'),
      reference_value: 0.5,
      tolerance: 0.02,
    });
    expect(error).toBeLessThan(0.02);
    expect(value(b, 'well_operating_time')).toBeLessThan(value(a, 'well_operating_time'));
  }, 60_000);
});
