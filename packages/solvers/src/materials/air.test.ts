import { describe, expect, it } from 'vitest';
import { AIR_GAS_CONSTANT, air, airEnthalpy, airSpecificHeat } from './air.js';
import { prandtlNumber } from './fluid.js';

const rel = (a: number, b: number): number => Math.abs(a / b - 1);

// Incropera et al., Fundamentals of Heat and Mass Transfer, Table A.4, air at 300 K, 1 atm (materials.md).
const INCROPERA_300K = { specificHeat: 1007, viscosity: 1.846e-5, conductivity: 0.0263, prandtl: 0.707, density: 1.1614 };

describe('air', () => {
  const state = air.state(300, 101325);

  it('matches Incropera Table A.4 at 300 K within 1 % (c_p, mu, k, Pr)', () => {
    expect(rel(state.specificHeat, INCROPERA_300K.specificHeat)).toBeLessThan(0.01);
    expect(rel(state.viscosity, INCROPERA_300K.viscosity)).toBeLessThan(0.01);
    expect(rel(state.conductivity, INCROPERA_300K.conductivity)).toBeLessThan(0.01);
    expect(rel(prandtlNumber(state), INCROPERA_300K.prandtl)).toBeLessThan(0.01);
  });

  it('follows the ideal-gas law exactly (Incropera tabulates 1.1614 kg/m³, 1.3 % lower: see air.ts)', () => {
    expect(rel(state.density, 101325 / (AIR_GAS_CONSTANT * 300))).toBeLessThan(1e-15);
    expect(rel(AIR_GAS_CONSTANT, 287.053)).toBeLessThan(1e-5);
    expect(rel(state.density, INCROPERA_300K.density)).toBeGreaterThan(0.012);
    expect(rel(state.density, INCROPERA_300K.density)).toBeLessThan(0.014);
  });

  it('has dh/dT = c_p (analytical integral of the cubic)', () => {
    for (const T of [260, 400, 800]) {
      const dT = 1e-2;
      const dh = (airEnthalpy(T + dT) - airEnthalpy(T - dT)) / (2 * dT);
      expect(rel(dh, airSpecificHeat(T))).toBeLessThan(1e-9);
    }
  });

  it('refuses temperatures outside 250-1000 K', () => {
    expect(() => air.state(1200, 101325)).toThrow(/250-1000 K/);
  });
});
