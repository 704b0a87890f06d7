import { describe, expect, it } from 'vitest';
import { estimate, parameterDefaults } from '../../../index.js';
import { eagarTsaiMeltPool } from '../analytic/eagar-tsai.js';
import { meltPoolDefaults, readMeltPoolCase } from './parameters.js';
import { bandAxis, FAST_EAGAR_TSAI, planMeltPool } from './plan.js';

describe('melt-pool plan', () => {
  it('the fast Eagar–Tsai numerics stay within 1e-3 (width, depth) and 1e-2 (length) of the defaults', () => {
    const c = { power: 70, speed: 1, sigma: 30e-6, conductivity: 9.8, density: 8440, specificHeat: 410, initialTemperature: 293.15 };
    const reference = eagarTsaiMeltPool(c, 1563);
    const fast = eagarTsaiMeltPool(c, 1563, FAST_EAGAR_TSAI);
    expect(Math.abs(fast.width / reference.width - 1)).toBeLessThan(1e-3);
    expect(Math.abs(fast.depth / reference.depth - 1)).toBeLessThan(1e-3);
    expect(Math.abs(fast.length / reference.length - 1)).toBeLessThan(1e-2);
  });

  it('bandAxis: uniform cells of h on the band, growth at most the ratio outside, ends exact', () => {
    const faces = bandAxis({ min: 0, max: 0.01, lo: 0.004, hi: 0.006, h: 1e-5, ratio: 1.25 });
    expect(faces[0]).toBe(0);
    expect(faces[faces.length - 1]).toBe(0.01);
    for (let i = 1; i + 1 < faces.length; i++) {
      const a = faces[i]! - faces[i - 1]!;
      const b = faces[i + 1]! - faces[i]!;
      expect(Math.max(a / b, b / a)).toBeLessThan(1.25 + 1e-9);
      if (faces[i - 1]! >= 0.004 - 1e-12 && faces[i + 1]! <= 0.006 + 1e-12) expect(a).toBeCloseTo(1e-5, 12);
    }
  });

  it('a keyhole case gets the volumetric source with the depth of Gan et al. 2021, deeper than the conduction pool', () => {
    const c = readMeltPoolCase('LASER_RIGID_PLATE', { ...meltPoolDefaults('LASER_RIGID_PLATE'), laser: { power: 1000, spot_radius: 40e-6, absorptivity: 0.6, scan_speed: 0.3, track_length: 0.002 } });
    const plan = planMeltPool(c);
    expect(plan.regime).toBe('keyhole');
    expect(plan.enthalpy.value).toBeGreaterThan(30);
    expect(plan.keyholeDepth!).toBeGreaterThan(plan.analytic.depth);
  });

  it('a custom material without a boiling point keeps the surface source in the keyhole regime (nothing evaporates)', () => {
    const c = readMeltPoolCase('LASER_RIGID_PLATE', {
      ...meltPoolDefaults('LASER_RIGID_PLATE'),
      material: { density: 8440, conductivity: 20, specific_heat: 600, solidus: 1563.15, liquidus: 1563.16, latent_heat: 0 },
      laser: { power: 1000, spot_radius: 40e-6, absorptivity: 0.6, scan_speed: 0.3, track_length: 0.002 },
    });
    const plan = planMeltPool(c);
    expect(plan.regime).toBe('keyhole');
    expect(plan.keyholeDepth).toBeUndefined();
  });

  it('the default cases: transition (the surface boils, no keyhole), estimate outside the conduction closed forms, run times by preset', () => {
    for (const type of ['LASER_RIGID_PLATE', 'LASER_FLEXIBLE_PLATE']) {
      const e = estimate(type, parameterDefaults(type));
      // ΔH/h_s 14.1 in King et al.'s convention: above π T_b/T_m = 5.9, below King's keyhole threshold 30.
      expect(e.results.regime!.value).toBe('transition');
      expect(e.validity.filter((v) => !v.inside).map((v) => v.quantity)).toEqual(['normalized_enthalpy (conduction regime)']);
      // Eagar–Tsai with the library's IN625 (k 9.8 W/(m·K), c 410 J/(kg·K)), 70 W absorbed, r₀ 60 µm, 1 m/s.
      expect(e.results.melt_pool_width!.value as number).toBeGreaterThan(100e-6);
      expect(e.expected_runtime_seconds_by_mesh!.fine!).toBeGreaterThan(e.expected_runtime_seconds_by_mesh!.coarse!);
    }
    // The plasma arc is outside the closed forms: flagged.
    expect(estimate('LASER_PLASMA_RIGID_PLATE', parameterDefaults('LASER_PLASMA_RIGID_PLATE')).inside_validity).toBe(false);
  });

  it('names the offending field', () => {
    expect(() => readMeltPoolCase('LASER_RIGID_PLATE', { ...meltPoolDefaults('LASER_RIGID_PLATE'), laser: { power: 100, spot_radius: 5e-5, absorptivity: 0.4, scan_speed: 1, track_length: 0.02 } })).toThrow(/laser\.track_length: must not exceed the plate length/);
    expect(() => readMeltPoolCase('LASER_RIGID_PLATE', { ...meltPoolDefaults('LASER_RIGID_PLATE'), plasma: {} })).toThrow(/plasma: is not a parameter/);
    expect(() => readMeltPoolCase('LASER_FLEXIBLE_PLATE', { ...meltPoolDefaults('LASER_FLEXIBLE_PLATE'), plate: { thickness: 0.002, width: 0.01, length: 0.01, support: 'glued' } })).toThrow(/plate\.support: must be one of/);
  });
});
