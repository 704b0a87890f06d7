// A welding case with the user's own material (`material: 'custom'` + `custom_material`): read with
// field paths, used by the estimate (its constants, Rosenthal) and by the full solver.

import { describe, expect, it } from 'vitest';
import { InvalidParametersError } from '../../../errors.js';
import { parameterDefaults, solve } from '../../../run/solve.js';
import { thinPlateFusionHalfWidth, thinPlateT85 } from '../analytic/rosenthal.js';
import { estimateWelding } from '../estimate.js';
import { CUSTOM_MATERIAL_DEFAULTS, readWeldingCase, weldingDefaults } from './parameters.js';

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
    const parameters = { ...withMaterial(properties), geometry: { ...(weldingDefaults('BUTT_WELD').geometry as object), thickness: 0.003 } };
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
