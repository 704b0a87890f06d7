import { describe, expect, it } from 'vitest';
import { region1, saturationPressure } from './if97.js';

// IAPWS R7-97(2012), Table 5: region 1 verification values (v m³/kg, h kJ/kg, s kJ/(kg K), c_p kJ/(kg K),
// w m/s), given to 9 significant digits (mantissa >= 0.1), so the relative tolerance is half a unit of
// the last digit: 0.5e-9 / 0.1 = 5e-9.
const TABLE_5 = [
  { T: 300, pMPa: 3, v: 0.100215168e-2, h: 0.115331273e3, s: 0.392294792, cp: 0.417301218e1, w: 0.150773921e4 },
  { T: 300, pMPa: 80, v: 0.971180894e-3, h: 0.184142828e3, s: 0.368563852, cp: 0.401008987e1, w: 0.163469054e4 },
  { T: 500, pMPa: 3, v: 0.1202418e-2, h: 0.975542239e3, s: 0.258041912e1, cp: 0.465580682e1, w: 0.124071337e4 },
];

// Table 35: saturation pressure (MPa) at 300, 500 and 600 K.
const TABLE_35 = [
  { T: 300, pMPa: 0.353658941e-2 },
  { T: 500, pMPa: 0.263889776e1 },
  { T: 600, pMPa: 0.123443146e2 },
];

const rel = (a: number, b: number): number => Math.abs(a / b - 1);

describe('IAPWS-IF97 region 1', () => {
  it.each(TABLE_5)('matches Table 5 at T = $T K, p = $pMPa MPa', ({ T, pMPa, v, h, s, cp, w }) => {
    const state = region1(pMPa * 1e6, T);
    expect(rel(state.specificVolume, v)).toBeLessThan(5e-9);
    expect(rel(state.enthalpy, h * 1e3)).toBeLessThan(5e-9);
    expect(rel(state.entropy, s * 1e3)).toBeLessThan(5e-9);
    expect(rel(state.specificHeat, cp * 1e3)).toBeLessThan(5e-9);
    expect(rel(state.speedOfSound, w)).toBeLessThan(5e-9);
  });

  it('c_v and the compressibility are consistent with c_p and the speed of sound: w² = (c_p/c_v) / (rho kappa_T)', () => {
    for (const { T, pMPa } of TABLE_5) {
      const s = region1(pMPa * 1e6, T);
      const w2 = s.specificHeat / s.isochoricHeat / (s.density * s.isothermalCompressibility);
      expect(rel(w2, s.speedOfSound ** 2)).toBeLessThan(1e-12);
    }
  });

  it('kappa_T is -(1/v) dv/dp (central difference)', () => {
    const T = 350;
    const p = 1e6;
    const dp = 1e3;
    const dv = (region1(p + dp, T).specificVolume - region1(p - dp, T).specificVolume) / (2 * dp);
    expect(rel(-dv / region1(p, T).specificVolume, region1(p, T).isothermalCompressibility)).toBeLessThan(1e-6);
  });

  it('c_p is the temperature derivative of h (central difference, O(dT²) + round-off)', () => {
    const p = 101325;
    for (const T of [280, 320, 360, 400, 440]) {
      const dT = 1e-3;
      const dh = (region1(p, T + dT).enthalpy - region1(p, T - dT).enthalpy) / (2 * dT);
      expect(rel(dh, region1(p, T).specificHeat)).toBeLessThan(1e-7);
    }
  });
});

describe('IAPWS-IF97 region 4', () => {
  it.each(TABLE_35)('matches Table 35 at T = $T K', ({ T, pMPa }) => {
    expect(rel(saturationPressure(T), pMPa * 1e6)).toBeLessThan(5e-9);
  });
});
