// A welding case with the user's own material (`material: 'custom'` + `custom_material`): read with
// field paths, used by the estimate (its constants, Rosenthal) and by the full solver.

import { describe, expect, it } from 'vitest';
import { InvalidParametersError } from '../../../errors.js';
import { parameterDefaults, solve } from '../../../run/solve.js';
import { thinPlateFusionHalfWidth, thinPlateT85 } from '../analytic/rosenthal.js';
import { estimateWelding } from '../estimate.js';
import { readWeldingCase, weldingDefaults } from './parameters.js';
import { boilingCheck, NO_METAL_BOILS_ABOVE } from './results.js';

/** The form's custom material (the contracts' defaults): a plain carbon steel. */
const CUSTOM_MATERIAL_DEFAULTS = weldingDefaults('BUTT_WELD')['custom_material'] as Record<string, number>;
const withMaterial = (properties: Record<string, unknown>) => ({ ...weldingDefaults('BUTT_WELD'), material: 'custom', custom_material: properties });
const issuesOf = (parameters: unknown) => {
  try {
    readWeldingCase('BUTT_WELD', parameters);
  } catch (error) {
    if (error instanceof InvalidParametersError) return error.issues.map((i) => i.path).sort();
    throw error;
  }
  return [];
};

describe('custom material', () => {
  it('is read from custom_material, each problem at its field path', () => {
    const c = readWeldingCase('BUTT_WELD', withMaterial({ ...CUSTOM_MATERIAL_DEFAULTS, density: 4000 }));
    expect(c.materialId).toBe('custom');
    expect(c.material.density(1000)).toBe(4000);
    expect(c.material.mechanical).toMatchObject({ yieldStress: 355e6, mechanicalMeltingTemperature: CUSTOM_MATERIAL_DEFAULTS.solidus });
    expect(issuesOf(withMaterial({ ...CUSTOM_MATERIAL_DEFAULTS, liquidus: 1700, conductivity: -1, colour: 1 }))).toEqual(['custom_material.colour', 'custom_material.conductivity', 'custom_material.liquidus']);
    expect(issuesOf({ ...weldingDefaults('BUTT_WELD'), material: 'custom', custom_material: undefined })).toEqual(['custom_material']);
    // With a library material the (form's default) custom properties are ignored.
    expect(readWeldingCase('BUTT_WELD', { ...weldingDefaults('BUTT_WELD'), custom_material: { density: -1 } }).materialId).toBe('S355');
  });

  it('gives the estimate its constants: Rosenthal thin-plate width and t8/5, no EN 1011-2 or hardness', () => {
    const properties = { ...CUSTOM_MATERIAL_DEFAULTS, conductivity: 25, density: 8000, specific_heat: 500, solidus: 1700 };
    // A 3 mm plate (gap 1 mm, land 2 mm) at 25 V, 200 A, 5 mm/s: 4 kW net.
    const defaults = weldingDefaults('BUTT_WELD') as { geometry: object; process: object };
    const parameters = {
      ...withMaterial(properties),
      geometry: { ...defaults.geometry, thickness: 0.003, gap: 0.001, root_face: 0.002 },
      process: { ...defaults.process, voltage: 25, current: 200, travel_speed: 0.005 },
    };
    const e = estimateWelding('BUTT_WELD', parameters);
    const plate = { power: 4000, travelSpeed: 0.005, conductivity: 25, density: 8000, specificHeat: 500, initialTemperature: 293.15, thickness: 0.003 };
    expect(Number(e.results.fusion_zone_width!.value)).toBeCloseTo(2 * thinPlateFusionHalfWidth(plate, 1700), 12);
    expect(Number(e.results.t8_5!.value)).toBeCloseTo(thinPlateT85(plate), 12);
    expect(e.results).not.toHaveProperty('max_haz_hardness');
  });

  it('runs through the full solver (coarse, short): no HAZ width or hardness, distortion from its mechanical properties', async () => {
    const p = parameterDefaults('BUTT_WELD') as Record<string, unknown> & { geometry: Record<string, number> };
    Object.assign(p, { material: 'custom', custom_material: { ...CUSTOM_MATERIAL_DEFAULTS }, mesh_size: 'coarse', cooling_time: 40 });
    p.geometry.length = 0.06;
    const result = await solve({ type: 'BUTT_WELD', parameters: p });
    const s = result.summary;
    expect(Number(s.t8_5!.value)).toBeGreaterThan(0);
    expect(Math.abs(Number(s.energy_balance_error!.value))).toBeLessThan(0.005);
    expect(s).not.toHaveProperty('haz_width');
    expect(s).not.toHaveProperty('max_haz_hardness');
    expect(Number(s.longitudinal_shrinkage!.value)).toBeGreaterThan(0);
  }, 60_000);
});

describe('custom material: boiling point and the peak-temperature warning', () => {
  it('reads an optional boiling point above the liquidus', () => {
    const { boiling_point: _boiling, ...without } = CUSTOM_MATERIAL_DEFAULTS;
    expect(readWeldingCase('BUTT_WELD', withMaterial(without)).material.boiling).toBeUndefined();
    expect(readWeldingCase('BUTT_WELD', withMaterial({ ...CUSTOM_MATERIAL_DEFAULTS, boiling_point: 3000 })).material.boiling).toBe(3000);
    expect(issuesOf(withMaterial({ ...CUSTOM_MATERIAL_DEFAULTS, boiling_point: 1700 }))).toEqual(['custom_material.boiling_point']);
  });

  it('warns above the boiling point, or above the highest boiling point of any element without one', () => {
    expect(boilingCheck(3134, 3000, true)).toBeUndefined();
    expect(boilingCheck(3134, 3200, true)).toMatch(/above the boiling point 3134 K: evaporation holds/);
    expect(boilingCheck(3134, 3200, false)).toMatch(/above the boiling point 3134 K: the material has no evaporation data/);
    expect(boilingCheck(undefined, NO_METAL_BOILS_ABOVE - 1, false)).toBeUndefined();
    expect(boilingCheck(undefined, 14_965, false)).toMatch(/above 5869 K, the highest boiling point of any element/);
  });

  // A small explicit source (1 mm semi-axes) on a material without evaporation data: the conduction
  // peak ran to 14,965 K with no warning.
  function smallSource(material: Record<string, unknown>) {
    const p = parameterDefaults('BUTT_WELD') as Record<string, unknown> & { geometry: Record<string, number> };
    Object.assign(p, { material: 'custom', custom_material: material, mesh_size: 'coarse', cooling_time: 5, heat_source: { mode: 'explicit', a_f: 0.001, a_r: 0.001, b: 0.001, c: 0.001 } });
    p.geometry.length = 0.04;
    return p;
  }

  it.each([
    ['without a boiling point: against 5869 K', (({ boiling_point: _b, ...rest }) => rest)(CUSTOM_MATERIAL_DEFAULTS), /above 5869 K, the highest boiling point of any element/],
    ['with the default boiling point (iron, 3134 K)', { ...CUSTOM_MATERIAL_DEFAULTS }, /above the boiling point 3134 K: the material has no evaporation data/],
  ])('a small source on a custom material %s: the run warns', async (_name, material, message) => {
    const result = await solve({ type: 'BUTT_WELD', parameters: smallSource(material) });
    expect(Number(result.summary.peak_temperature!.value)).toBeGreaterThan(NO_METAL_BOILS_ABOVE);
    expect(result.log.filter((l) => l.level === 'warn').some((l) => message.test(l.message))).toBe(true);
  }, 60_000);
});
