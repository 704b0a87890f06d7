import { describe, expect, it } from 'vitest';
import { OutOfRangeError } from '../../errors.js';
import { waterConductivityBackground, waterConductivityCriticalEnhancement } from './conductivity.js';
import { region1 } from './if97.js';
import { waterViscosity } from './viscosity.js';
import { water } from './water.js';

const rel = (a: number, b: number): number => Math.abs(a / b - 1);

// IAPWS R12-08 Table 4 (mu_2 = 1): [T K, rho kg/m³, mu uPa s], given to 6 decimals, so the tolerance is
// half a unit of the last decimal, 5e-7 uPa s.
const VISCOSITY_TABLE_4: ReadonlyArray<readonly [number, number, number]> = [
  [298.15, 998, 889.7351],
  [298.15, 1200, 1437.649467],
  [373.15, 1000, 307.883622],
  [433.15, 1, 14.538324],
  [433.15, 1000, 217.685358],
  [873.15, 1, 32.619287],
  [873.15, 100, 35.802262],
  [873.15, 600, 77.430195],
  [1173.15, 1, 44.217245],
  [1173.15, 100, 47.640433],
  [1173.15, 400, 64.154608],
];

// IAPWS R15-11 Table 4 (lambda_2 = 0): [T K, rho kg/m³, lambda mW/(m K), decimals given].
const CONDUCTIVITY_TABLE_4: ReadonlyArray<readonly [number, number, number, number]> = [
  [298.15, 0, 18.4341883, 7],
  [298.15, 998, 607.712868, 6],
  [298.15, 1200, 799.038144, 6],
  [873.15, 0, 79.1034659, 7],
];

// materials.md, computed with IAPWS-95 + IAPWS 2008 + IAPWS 2011: [°C, MPa, rho, c_p, mu, k].
const MATERIALS_TABLE: ReadonlyArray<readonly [number, number, number, number, number, number]> = [
  [10, 0.101325, 999.702, 4195.2, 1.3059e-3, 0.5788],
  [20, 0.101325, 998.207, 4184.1, 1.0016e-3, 0.598],
  [25, 0.101325, 997.048, 4181.3, 8.9002e-4, 0.6065],
  [40, 0.101325, 992.216, 4179.4, 6.5273e-4, 0.6285],
  [60, 0.101325, 983.196, 4185.0, 4.6604e-4, 0.651],
  [80, 0.101325, 971.79, 4196.8, 3.5405e-4, 0.667],
  [90, 0.101325, 965.31, 4205.2, 3.1418e-4, 0.6728],
  [150, 1.0, 917.305, 4305.4, 1.8274e-4, 0.6814],
  [180, 2.0, 887.665, 4400.5, 1.5063e-4, 0.672],
];
// Tolerances stated in materials.md for the property module against this table.
const TOLERANCE = { density: 0.0005, specificHeat: 0.003, viscosity: 0.01, conductivity: 0.01 };

describe('water viscosity, IAPWS 2008', () => {
  it.each(VISCOSITY_TABLE_4)('matches Table 4 at T = %s K, rho = %s kg/m³', (T, rho, mu) => {
    expect(Math.abs(waterViscosity(rho, T) * 1e6 - mu)).toBeLessThanOrEqual(0.5e-6 * (1 + 1e-9));
  });
});

describe('water thermal conductivity, IAPWS 2011', () => {
  it.each(CONDUCTIVITY_TABLE_4)('matches Table 4 (lambda_2 = 0) at T = %s K, rho = %s kg/m³', (T, rho, lambda, decimals) => {
    expect(Math.abs(waterConductivityBackground(rho, T) * 1e3 - lambda)).toBeLessThanOrEqual(0.5 * 10 ** -decimals * (1 + 1e-9));
  });
});

describe('water critical enhancement of the conductivity (industrial form)', () => {
  const enhancementAt = (celsius: number, pressure: number): number => {
    const T = celsius + 273.15;
    const r1 = region1(pressure, T);
    const lambda2 = waterConductivityCriticalEnhancement({
      density: r1.density,
      temperature: T,
      specificHeat: r1.specificHeat,
      isochoricHeat: r1.isochoricHeat,
      densityPressureDerivative: r1.density * r1.isothermalCompressibility,
      viscosity: waterViscosity(r1.density, T),
    });
    return lambda2 / waterConductivityBackground(r1.density, T);
  };

  it('vanishes in the cold liquid (Delta chi < 0) and stays small at 180 °C', () => {
    expect(enhancementAt(20, 101325)).toBe(0);
    expect(enhancementAt(150, 1e6)).toBe(0);
    const at180 = enhancementAt(180, 2e6);
    expect(at180).toBeGreaterThan(0.0005);
    expect(at180).toBeLessThan(0.003);
  });
});

describe('water properties against the materials.md table', () => {
  it.each(MATERIALS_TABLE)('at %s °C, %s MPa: rho ±0.05 %, c_p ±0.3 %, mu ±1 %, k ±1 %', (celsius, pMPa, rho, cp, mu, k) => {
    const state = water.state(celsius + 273.15, pMPa * 1e6);
    expect(rel(state.density, rho)).toBeLessThan(TOLERANCE.density);
    expect(rel(state.specificHeat, cp)).toBeLessThan(TOLERANCE.specificHeat);
    expect(rel(state.viscosity, mu)).toBeLessThan(TOLERANCE.viscosity);
    expect(rel(state.conductivity, k)).toBeLessThan(TOLERANCE.conductivity);
  });
});

describe('water range', () => {
  it('refuses steam: 120 °C at 1 atm is above the boiling point', () => {
    expect(() => water.state(393.15, 101325)).toThrow(OutOfRangeError);
  });
  it('refuses temperatures outside 0-180 °C', () => {
    expect(() => water.state(460, 2e6)).toThrow(/0-180 °C/);
    expect(() => water.state(270, 2e6)).toThrow(OutOfRangeError);
  });
});
