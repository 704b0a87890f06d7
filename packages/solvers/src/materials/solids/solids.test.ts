// The solid-material library: EN 1993-1-2 check values, the c(θ) formula at sample points, AA6061's
// EN 1999-1-2 laws and liquid, table interpolation of custom materials, and the enthalpy tables of the
// thermal core.

import { describe, expect, it } from 'vitest';
import { ParameterChecker } from '../../run/parameters.js';
import { EnthalpyTable } from '../../thermal/enthalpy-table.js';
import { MECHANICAL_SOURCE_KEYS, aa6061, builtInSolids, en1993Conductivity, en1993SpecificHeat, en1993ThermalElongation, readSolidMaterial, s355 } from './index.js';

describe('S355 per EN 1993-1-2', () => {
  it('conductivity check values λ(20) = 53.334, λ(400) = 40.68 W/(m·K); 27.3 from 800 °C', () => {
    expect(en1993Conductivity(20)).toBeCloseTo(53.334, 10);
    expect(en1993Conductivity(400)).toBeCloseTo(40.68, 10);
    expect(en1993Conductivity(900)).toBe(27.3);
    expect(s355.conductivity(400 + 273.15)).toBeCloseTo(40.68, 10);
  });

  it('specific heat from the four branches, with the 5000 J/(kg·K) peak at 735 °C', () => {
    expect(en1993SpecificHeat(20)).toBeCloseTo(425 + 0.773 * 20 - 1.69e-3 * 400 + 2.22e-6 * 8000, 10); // 439.8
    expect(en1993SpecificHeat(300)).toBeCloseTo(425 + 0.773 * 300 - 1.69e-3 * 9e4 + 2.22e-6 * 2.7e7, 10); // 561.84
    expect(en1993SpecificHeat(700)).toBeCloseTo(666 + 13002 / 38, 10);
    expect(en1993SpecificHeat(735)).toBeCloseTo(5000, 10);
    expect(en1993SpecificHeat(734)).toBeLessThan(5000);
    expect(en1993SpecificHeat(736)).toBeLessThan(5000);
    expect(en1993SpecificHeat(800)).toBeCloseTo(545 + 17820 / 69, 10);
    expect(en1993SpecificHeat(1000)).toBe(650);
  });

  it('every built-in material cites a source for each property and has solidus < liquidus', () => {
    for (const material of Object.values(builtInSolids)) {
      for (const key of ['density', 'conductivity', 'specific_heat', 'solidus', 'liquidus', 'latent_heat']) expect(material.sources[key], `${material.id}.${key}`).toMatch(/\[(READ|READ-2|RECALLED|COMPUTED)[\],]/);
      expect(material.liquidus).toBeGreaterThan(material.solidus);
    }
  });
});

describe('AA6061: EN 1999-1-2 in the solid, pure liquid aluminium above the liquidus', () => {
  const C = 273.15;
  const k = aa6061.conductivity;
  const c = aa6061.specificHeat;

  it('the EN 1999-1-2 laws λ = 0.07 θ + 190, c = 0.41 θ + 903 at 20, 400 and 500 °C', () => {
    expect(k(20 + C)).toBeCloseTo(191.4, 10);
    expect(c(20 + C)).toBeCloseTo(911.2, 10);
    expect(k(400 + C)).toBeCloseTo(218, 10);
    expect(c(400 + C)).toBeCloseTo(1067, 10);
    expect(k(500 + C)).toBeCloseTo(225, 10);
    expect(c(500 + C)).toBeCloseTo(1108, 10);
    expect(k(-30 + C)).toBeCloseTo(190, 10); // held at the 0 °C value below the laws' range
  });

  it('extrapolated to the solidus, linear through the melting range, continuous at both ends', () => {
    expect([aa6061.solidus - C, aa6061.liquidus - C].map((t) => Math.round(t * 1e9) / 1e9)).toEqual([582, 652]);
    expect(k(aa6061.solidus)).toBeCloseTo(0.07 * 582 + 190, 10); // 230.74
    expect(c(aa6061.solidus)).toBeCloseTo(0.41 * 582 + 903, 10); // 1141.62
    for (const T of [aa6061.solidus, aa6061.liquidus]) {
      expect(Math.abs(k(T + 1e-6) - k(T - 1e-6))).toBeLessThan(1e-3);
      expect(Math.abs(c(T + 1e-6) - c(T - 1e-6))).toBeLessThan(1e-3);
    }
    const middle = (aa6061.solidus + aa6061.liquidus) / 2;
    expect(k(middle)).toBeCloseTo((230.74 + 90.7) / 2, 10);
    expect(c(middle)).toBeCloseTo((1141.62 + 31.75104 / 0.0269815385) / 2, 10);
  });

  it('liquid: k 90.7 W/(m·K), c_p 31.75104 J/(mol·K) / 26.98 g/mol = 1176.8 J/(kg·K), held above the liquidus', () => {
    for (const T of [aa6061.liquidus, 1200, 2500]) {
      expect(k(T)).toBe(90.7);
      expect(c(T)).toBeCloseTo(1176.77, 2);
    }
  });

  it('room temperature against the data sheet (167 W/(m·K), 896 J/(kg·K) [RECALLED]): c within 2 %, k within 15 %', () => {
    // c_p hardly depends on temper or the 2 % of solutes (pure Al's NIST-JANAF value at 20 °C is 893):
    // 2 % holds it. EN 1999-1-2's λ is one curve for the whole 3000/6000 class, not 6061-T6's own
    // value, so it sits 14.6 % above the data sheet; 15 % bounds that known offset and no more.
    expect(Math.abs(c(20 + C) / 896 - 1)).toBeLessThan(0.02);
    expect(Math.abs(k(20 + C) / 167 - 1)).toBeLessThan(0.15);
    expect(k(20 + C)).toBeGreaterThan(167); // the class curve is above the temper's value, not below
  });
});

describe('mechanical properties (the inherent-strain plate model)', () => {
  it('S355: E 210 GPa, ν 0.3, f_y 355 MPa; α the 20–600 °C secant of EN 1993-1-2 eq. (3.1a), 8.3984e-3 / 580 = 1.448e-5 /K', () => {
    expect(en1993ThermalElongation(20)).toBeCloseTo(0, 12); // the equation is zero at 20 °C by construction
    expect(en1993ThermalElongation(600)).toBeCloseTo(8.3984e-3, 12);
    expect(en1993ThermalElongation(749.999)).toBeCloseTo(1.1e-2, 4); // meets the 750–860 °C plateau 1.1e-2
    const m = s355.mechanical!;
    expect([m.youngsModulus, m.poissonRatio, m.yieldStress, m.mechanicalMeltingTemperature]).toEqual([210e9, 0.3, 355e6, 1073.15]);
    expect(m.expansionCoefficient).toBeCloseTo(8.3984e-3 / 580, 15);
  });

  it('every built-in material has them, each with its source, in physical ranges', () => {
    for (const material of Object.values(builtInSolids)) {
      const m = material.mechanical!;
      for (const key of MECHANICAL_SOURCE_KEYS) expect(material.sources[key], `${material.id}.${key}`).toMatch(/\[(READ|READ-2|RECALLED|COMPUTED)[\],]/);
      expect(m.youngsModulus).toBeGreaterThan(50e9);
      expect(m.poissonRatio).toBeGreaterThan(0.2);
      expect(m.poissonRatio).toBeLessThan(0.4);
      expect(m.expansionCoefficient).toBeGreaterThan(5e-6);
      expect(m.expansionCoefficient).toBeLessThan(30e-6);
      // Yield strain 0.09–0.8 %; softening between 300 °C and the solidus.
      expect(m.yieldStress / m.youngsModulus).toBeGreaterThan(8e-4);
      expect(m.yieldStress / m.youngsModulus).toBeLessThan(8e-3);
      expect(m.mechanicalMeltingTemperature).toBeGreaterThan(573.15);
      expect(m.mechanicalMeltingTemperature).toBeLessThan(material.solidus);
    }
  });
});

describe('custom materials', () => {
  it('accepts constants and tables [[T, value], ...], interpolated linearly and held at the ends', () => {
    const checker = new ParameterChecker();
    const material = readSolidMaterial(
      { density: 8000, conductivity: [[300, 15], [1300, 30]], specific_heat: [[300, 500], [800, 600], [1600, 700]], solidus: 1650, liquidus: 1700, latent_heat: 2.7e5 },
      'material',
      checker,
    )!;
    expect(checker.ok).toBe(true);
    expect(material.conductivity(800)).toBeCloseTo(22.5, 12);
    expect(material.specificHeat(1200)).toBeCloseTo(650, 12);
    expect(material.conductivity(2000)).toBe(30); // held beyond the table
    expect(material.density(1000)).toBe(8000);
  });

  it('takes the mechanical properties all together, the mechanical melting temperature the solidus unless given', () => {
    const thermal = { density: 8000, conductivity: 15, specific_heat: 500, solidus: 1650, liquidus: 1700 };
    const checker = new ParameterChecker();
    expect(readSolidMaterial(thermal, 'material', checker)!.mechanical).toBeUndefined();
    const mechanical = { youngs_modulus: 200e9, poisson_ratio: 0.29, thermal_expansion: 1.6e-5, yield_strength: 250e6 };
    expect(readSolidMaterial({ ...thermal, ...mechanical }, 'material', checker)!.mechanical).toEqual({ youngsModulus: 200e9, poissonRatio: 0.29, expansionCoefficient: 1.6e-5, yieldStress: 250e6, mechanicalMeltingTemperature: 1650 });
    expect(readSolidMaterial({ ...thermal, ...mechanical, mechanical_melting_temperature: 1200 }, 'material', checker)!.mechanical!.mechanicalMeltingTemperature).toBe(1200);
    expect(checker.ok).toBe(true);
    expect(readSolidMaterial({ ...thermal, youngs_modulus: 200e9, poisson_ratio: 0.6 }, 'material', checker)).toBeUndefined();
    expect(checker.issues.map((i) => i.path)).toEqual(['material.poisson_ratio', 'material.thermal_expansion', 'material.yield_strength']);
  });

  it('reports bad input with paths', () => {
    const checker = new ParameterChecker();
    readSolidMaterial({ density: 8000, conductivity: 'x', specific_heat: 500, solidus: 1700, liquidus: 1650 }, 'material', checker);
    readSolidMaterial('S999', 'other', checker);
    expect(checker.issues.map((i) => i.path)).toEqual(['material.conductivity', 'material.liquidus', 'other']);
  });
});

describe('enthalpy table', () => {
  it('E(T) integrates ρ c and adds ρ L across the melting range; T(E) inverts it', () => {
    const table = new EnthalpyTable(s355);
    const T1 = 400 + 273.15;
    // ∫ ρ c dT from 20 to 400 °C of the cubic, in closed form.
    const F = (t: number): number => 425 * t + (0.773 / 2) * t ** 2 - (1.69e-3 / 3) * t ** 3 + (2.22e-6 / 4) * t ** 4;
    expect((table.enthalpyAt(T1) - table.enthalpyAt(20 + 273.15)) / (7850 * (F(400) - F(20)))).toBeCloseTo(1, 6);
    // Across the melting range (table nodes bracket it; within a 1 K cell the kink is linearised).
    const across = table.enthalpyAt(s355.liquidus + 2) - table.enthalpyAt(s355.solidus - 2);
    expect((across - 7850 * 650 * (s355.liquidus - s355.solidus + 4)) / (7850 * 270e3)).toBeCloseTo(1, 9);
    for (const T of [300, 1000.4, 1008.2, 1760, 1780.5, 1800, 3000]) expect(table.temperatureAt(table.enthalpyAt(T), 500)).toBeCloseTo(T, 8);
  });
});
