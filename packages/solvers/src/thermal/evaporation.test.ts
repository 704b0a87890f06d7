import { describe, expect, it } from 'vitest';
import { evaporationFlux, evaporationLimitedTemperature } from './evaporation.js';

// Iron's data as the melt pool uses them for 316L (normalized-enthalpy.ts, [RECALLED] CRC values).
const iron = { latentHeat: 340e3 / 0.055845, molarMass: 0.055845, boilingTemperature: 3134 };

describe('evaporationLimitedTemperature', () => {
  it('is the temperature whose Langmuir flux (with recondensation) equals the absorbed flux', () => {
    // The centre of the default laser spot: 2 A P / (π r₀²) with A P = 70 W, r₀ = 60 µm.
    const q = (2 * 70) / (Math.PI * 60e-6 ** 2);
    const T = evaporationLimitedTemperature(iron, q);
    expect(Math.abs(evaporationFlux(iron, T).flux / q - 1)).toBeLessThan(1e-9);
    // Measured: 4477 K, 1343 K above the boiling point for a 42 times larger flux than at T_b.
    expect(T).toBeGreaterThan(4400);
    expect(T).toBeLessThan(4550);
  });

  it('is the boiling point when the flux is at most the one evaporation carries there, and grows with the flux', () => {
    const atBoiling = evaporationFlux(iron, iron.boilingTemperature).flux;
    expect(evaporationLimitedTemperature(iron, 0)).toBe(iron.boilingTemperature);
    expect(evaporationLimitedTemperature(iron, atBoiling)).toBe(iron.boilingTemperature);
    let previous = iron.boilingTemperature;
    for (const factor of [1.5, 10, 100, 1000]) {
      const T = evaporationLimitedTemperature(iron, factor * atBoiling);
      expect(T).toBeGreaterThan(previous);
      previous = T;
    }
  });
});
