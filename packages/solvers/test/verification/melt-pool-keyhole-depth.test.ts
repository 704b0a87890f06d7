// The keyhole depth of the melt-pool model (the depth of its volumetric source, from the plan) against
// measured Ti-6Al-4V keyhole depths (Cunningham et al. 2019 X-ray data as tabulated by Gan et al.
// 2021; melt-pool-keyhole-depth.data.ts). The model uses Gan et al.'s law e/r₀ = 0.4 (Ke − 1.4) with
// the library's Ti-6Al-4V properties at the liquidus; the yardstick is the same law with Gan's own
// property set on the same rows: its RMS deviation there (9.7 %) is the scatter of the correlation,
// so the model may not do worse than 10 %. The Gladush–Smurov depth that the model used before is
// shown against the same data (about 64 % too shallow).
// Rows: those in Gan's keyhole regime (Ke > 6 with Gan's properties), 35 of 48.
// Measured: RMS 9.7 %, as with Gan's properties (9.7 %, mean −5.8 %, worst 23 %): the library's Ti-6Al-4V
// at the liquidus is Gan's liquid (k 33.4 W/(m·K), ρ 3920 kg/m³, c 831 against 830 J/(kg·K)); with a
// solid-only table (k 27.5, ρ 4420 at the liquidus) the model read 8.2 %.
import { describe, expect, it } from 'vitest';
import { gladushSmurovDepth, keyholeNumber, meanProperties } from '../../src/physics/melt-pool/analytic/normalized-enthalpy.js';
import { meltPoolDefaults, readMeltPoolCase } from '../../src/physics/melt-pool/model/parameters.js';
import { planMeltPool } from '../../src/physics/melt-pool/model/plan.js';
import { GAN_2021_TI64_KEYHOLES, GAN_2021_TI64_PROPERTIES, GAN_2021_TI64_SPOT_RADIUS } from './melt-pool-keyhole-depth.data.js';
import { recordCase } from './report/record.js';

const TOLERANCE = 0.1;
const PREHEAT = 293.15;

const rms = (errors: number[]) => Math.sqrt(errors.reduce((s, e) => s + e * e, 0) / errors.length);

describe('melt-pool keyhole depth against measured Ti-6Al-4V keyholes (Gan et al. 2021, Supplementary Data 1)', () => {
  it('the plan’s keyhole depth is within the correlation’s own scatter (RMS ≤ 10 %) over the keyhole rows', () => {
    const model: number[] = [];
    const published: number[] = [];
    const gladushSmurov: number[] = [];
    for (const [power, absorptivity, speed, depthMicrons] of GAN_2021_TI64_KEYHOLES) {
      const measured = depthMicrons * 1e-6;
      const { conductivity, density, specificHeat, liquidusRise } = GAN_2021_TI64_PROPERTIES;
      const withGanProperties = {
        absorbedPower: absorptivity * power,
        speed,
        radius: GAN_2021_TI64_SPOT_RADIUS,
        properties: { conductivity, density, specificHeat },
        meltingTemperature: PREHEAT + liquidusRise,
        boilingTemperature: 3533,
        initialTemperature: PREHEAT,
      };
      const keGan = keyholeNumber(withGanProperties);
      if (keGan <= 6) continue;
      published.push((GAN_2021_TI64_SPOT_RADIUS * 0.4 * (keGan - 1.4)) / measured - 1);
      const c = readMeltPoolCase('LASER_RIGID_PLATE', {
        ...meltPoolDefaults('LASER_RIGID_PLATE'),
        material: 'Ti6Al4V',
        laser: { power, spot_radius: GAN_2021_TI64_SPOT_RADIUS, absorptivity, scan_speed: speed, track_length: 1.5e-3 },
        preheat_temperature: PREHEAT,
      });
      const plan = planMeltPool(c);
      expect(plan.regime).toBe('keyhole');
      model.push(plan.keyholeDepth! / measured - 1);
      gladushSmurov.push(gladushSmurovDepth({ ...withGanProperties, properties: meanProperties(c.material, PREHEAT), boilingTemperature: c.material.boiling! }) / measured - 1);
    }
    expect(model.length).toBe(35);
    const error = recordCase({
      id: 'melt-pool.keyhole-depth.gan2021-ti64',
      model: 'melt-pool-thermal-3d',
      kind: 'validation',
      compared: 'Keyhole depth of the volumetric source (plan), Ti-6Al-4V, r₀ 47.5 µm, 103-522 W, 0.4-1.2 m/s, Gan’s absorptivities: RMS relative deviation over the 35 keyhole rows',
      reference: 'Measured X-ray keyhole depths (Cunningham et al. 2019) as tabulated in Gan et al. 2021, Supplementary Data 1; the tolerance is the RMS scatter of Gan’s law with Gan’s properties on the same rows (9.7 %)',
      error: rms(model),
      error_kind: 'absolute',
      unit: '',
      tolerance: TOLERANCE,
    });
    console.info(`keyhole depth vs measured: model RMS ${(100 * error).toFixed(1)} %, Gan's law with Gan's properties RMS ${(100 * rms(published)).toFixed(1)} %, Gladush–Smurov RMS ${(100 * rms(gladushSmurov)).toFixed(1)} %`);
    expect(rms(published)).toBeLessThan(TOLERANCE);
    expect(error).toBeLessThan(TOLERANCE);
    // Why the Gladush–Smurov depth was replaced: far shallower than every measured keyhole here.
    expect(Math.max(...gladushSmurov)).toBeLessThan(-0.4);
  });
});
