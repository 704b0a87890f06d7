import { describe, expect, it } from 'vitest';
import { inherentStrain, tendonShrinkage, type InherentStrainModel } from './inherent-strain.js';

const T0 = 293.15;
const steel: InherentStrainModel = { youngsModulus: 210e9, expansionCoefficient: 12e-6, yieldStress: 252e6, mechanicalMeltingTemperature: T0 + 700, referenceTemperature: T0 };
// ε_Y = 252e6 / 210e9 = 1.2e-3, reached at ΔT = ε_Y/α = 100 K; fully plastic above 200 K.
const epsY = 1.2e-3;

describe('inherent strain from the peak temperature (restrained bar)', () => {
  it('is zero below the onset of yield, then −(αΔT − ε_Y), then −ε_Y', () => {
    expect(inherentStrain(T0 + 50, steel)).toBe(0);
    expect(inherentStrain(T0 + 100, steel)).toBeCloseTo(0, 15);
    expect(inherentStrain(T0 + 150, steel)).toBeCloseTo(-(12e-6 * 150 - epsY), 15);
    expect(inherentStrain(T0 + 200, steel)).toBeCloseTo(-epsY, 15);
    expect(inherentStrain(T0 + 600, steel)).toBeCloseTo(-epsY, 15);
    expect(inherentStrain(T0 + 1500, steel)).toBeCloseTo(-epsY, 15);
  });

  it('grows with a weaker restraint as ε_Y (1 + β)/β, and vanishes for a free bar', () => {
    const partial = { ...steel, restraint: 1 };
    expect(inherentStrain(T0 + 200, partial)).toBeCloseTo(0, 15); // onset at r ΔT α = ε_Y: ΔT = 200 K
    expect(inherentStrain(T0 + 300, partial)).toBeCloseTo(-(12e-6 * 300 - 2 * epsY), 15);
    expect(inherentStrain(T0 + 650, partial)).toBeCloseTo(-2 * epsY, 15);
    expect(inherentStrain(T0 + 650, { ...steel, restraint: 0 })).toBe(0);
  });

  it('forgets the history above the mechanical melting temperature', () => {
    const weakAndHot = { ...steel, restraint: 0.25, mechanicalMeltingTemperature: T0 + 700 }; // r = 0.2: capacity 6e-3
    expect(inherentStrain(T0 + 650, weakAndHot)).toBeCloseTo(-(12e-6 * 650 - 6e-3), 15);
    expect(inherentStrain(T0 + 1400, weakAndHot)).toBeCloseTo(-Math.min(12e-6 * 700, 6e-3), 15);
  });

  it('tendon force shrinkage δ = F L / (E A)', () => {
    // 200 kN on a 10 mm × 400 mm section, 1 m long: 200e3 / (210e9 · 4e-3) = 0.238 mm.
    expect(tendonShrinkage({ tendonForce: 200e3, length: 1, area: 0.01 * 0.4, youngsModulus: 210e9 })).toBeCloseTo(200e3 / (210e9 * 4e-3), 15);
  });
});
