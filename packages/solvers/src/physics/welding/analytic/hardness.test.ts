import { describe, expect, it } from 'vitest';
import { durenCarbonEquivalent, durenMaxHazHardness, S355_TYPICAL_CHEMISTRY, type SteelChemistry } from './hardness.js';

describe('maximum HAZ hardness (Düren 1986)', () => {
  // Hand evaluation for the typical S355 analysis (C 0.16, Si 0.25, Mn 1.40, Cu 0.05, Ni 0.05, Cr 0.05, Mo 0.01, V 0.005):
  // CE_B = 0.16 + 0.022727 + 0.175 + 0.005556 + 0.01 + 0.002941 + 0.001667 + 0.001667 = 0.379557
  it('carbon equivalent CE_B', () => {
    expect(durenCarbonEquivalent(S355_TYPICAL_CHEMISTRY)).toBeCloseTo(0.379557, 6);
  });

  // t8/5 = 10 s (log = 1): 2019·(0.16·0.5 + 0.3·0.219557) + 66·0.2 = 2019·0.145867 + 13.2 = 307.70 HV
  it('t8/5 = 10 s', () => {
    const r = durenMaxHazHardness(S355_TYPICAL_CHEMISTRY, 10);
    expect(r.hardness).toBeCloseTo(307.7, 1);
    expect(r.martensiteLimited).toBe(false);
  });

  // t8/5 = 3.4 s (log = 0.531479): 2019·(0.16·0.734261 + 0.065867) + 66·(1 − 0.425183) = 2019·0.183349 + 37.938 = 408.12 HV
  it('t8/5 = 3.4 s', () => {
    expect(durenMaxHazHardness(S355_TYPICAL_CHEMISTRY, 3.4).hardness).toBeCloseTo(408.12, 1);
  });

  // t8/5 = 1 s: 2019·(0.16 + 0.065867) + 66 = 522.0 > HV_M = 802·0.16 + 305 = 433.32: capped
  it('is capped by the martensite hardness at fast cooling, and falls as cooling slows', () => {
    const r = durenMaxHazHardness(S355_TYPICAL_CHEMISTRY, 1);
    expect(r.hardness).toBeCloseTo(433.32, 2);
    expect(r.martensiteLimited).toBe(true);
    const values = [2, 5, 10, 20, 50].map((t) => durenMaxHazHardness(S355_TYPICAL_CHEMISTRY, t).hardness);
    for (let i = 1; i < values.length; i++) expect(values[i]!).toBeLessThan(values[i - 1]!);
  });

  it('more carbon, harder HAZ; invalid input refused', () => {
    const richer: SteelChemistry = { ...S355_TYPICAL_CHEMISTRY, C: 0.2 };
    expect(durenMaxHazHardness(richer, 10).hardness).toBeGreaterThan(durenMaxHazHardness(S355_TYPICAL_CHEMISTRY, 10).hardness);
    expect(() => durenMaxHazHardness(S355_TYPICAL_CHEMISTRY, 0)).toThrow(/t8\/5/);
    expect(() => durenMaxHazHardness({ ...S355_TYPICAL_CHEMISTRY, Mn: -1 }, 10)).toThrow(/Mn/);
  });
});
