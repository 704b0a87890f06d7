import { describe, expect, it } from 'vitest';
import { catalogueEntry, checkTypeAvailable, defaultParametersOf } from '../catalogue.js';
import { describeForm, parameterDefaults, validateParameters, type FormNumberField } from '../parameters.js';
import { fromSI } from '../units.js';
import { weldingGeometryFieldNames, weldingGeometryFields, weldingJointTypes, weldingParameters, weldingProcessDefaults } from './welding.js';

const plate = (y0: number, y1: number) => ({ points: [[y0, 0], [y1, 0], [y1, 0.008], [y0, 0.008]] as [number, number][], filler: false });
const designed = {
  parts: [plate(-0.03, -0.001), plate(0.001, 0.03), { points: [[-0.001, 0], [0.001, 0], [0.001, 0.008], [-0.001, 0.008]] as [number, number][], filler: true }],
};

const process = { voltage: 25, current: 200, efficiency: 0.8, travel_speed: 0.005 };

describe('welding parameter schemas', () => {
  it.each(weldingJointTypes)('%s: defaults validate, with exactly the joint geometry fields', (joint) => {
    const schema = weldingParameters[joint];
    const defaults = parameterDefaults(schema);
    expect(validateParameters(schema, defaults)).toEqual({ success: true, data: defaults });
    expect(Object.keys(defaults.geometry)).toEqual(weldingGeometryFields[joint]);
    expect(defaults).toMatchObject({ material: 'S355', process: { ...weldingProcessDefaults[joint], efficiency: 0.8 }, preheat_temperature: 293.15, mesh_size: 'default', heat_source: { mode: 'derived' } });
    expect(defaults.heat_source).toEqual({ mode: 'derived' });
    // The single-V is the 12 mm plate of its procedure's row (weldingProcessDefaults cites it).
    expect((defaults.geometry as Record<string, number>).thickness).toBe(joint === 'BUTT_WELD' ? 0.012 : 0.01);
    // Published CO2 procedures (weldingProcessDefaults cites each row): the fillets with a
    // 6 mm leg, the square butt's I-butt row, the single and double grooves' 12 mm row.
    const fillet = ['FILLET_ON_CORNER_WELD', 'OUTSIDE_FILLET_ON_CORNER_WELD', 'SINGLE_FILLET_LAP_JOINT', 'DOUBLE_FILLET_LAP_JOINT', 'T_JOINT_FILLET_WELD', 'PIPE_TO_PLATE_FILLET_WELD'].includes(joint);
    const groove = joint === 'BUTT_WELD' || joint === 'DOUBLE_V_BUTT_WELD' || joint === 'TEE_JOINT_WELD';
    const expected = fillet
      ? { voltage: 30.5, current: 290, efficiency: 0.8, travel_speed: 0.00625 }
      : groove
        ? { voltage: 33.5, current: 325, efficiency: 0.8, travel_speed: expect.closeTo(0.35 / 60, 15) }
        : { voltage: 33, current: 330, efficiency: 0.8, travel_speed: expect.closeTo(0.5 / 60, 15) };
    expect(defaults.process).toEqual(expected);

    const form = describeForm(schema);
    const geometryPaths = form.fields.filter((f) => f.path.startsWith('geometry.')).map((f) => f.path.slice('geometry.'.length));
    expect(geometryPaths).toEqual(weldingGeometryFields[joint]);
    for (const other of weldingGeometryFieldNames.filter((f) => !weldingGeometryFields[joint].includes(f))) {
      const result = validateParameters(schema, { geometry: { [other]: 0.001 } });
      expect(result.success).toBe(false);
      if (!result.success) expect(result.issues).toEqual([expect.objectContaining({ path: ['geometry', other], message: 'This field is not a parameter of this simulation type' })]);
    }
  });

  it('describes labelled fields in display units (mm, °, °C, mm/s, V, A, %)', () => {
    const form = describeForm(weldingParameters.BUTT_WELD);
    const field = (path: string) => form.fields.find((f) => f.path === path) as FormNumberField;
    for (const f of form.fields) expect(f.label.length).toBeGreaterThan(0);
    expect(field('geometry.thickness')).toMatchObject({ unit: 'm', displayUnit: 'mm', displayDefault: 12, displayMin: 1, displayMax: 100, groups: ['Joint geometry'] });
    expect(field('geometry.groove_angle')).toMatchObject({ unit: 'rad', displayUnit: '°', displayDefault: 60, displayMin: 20, displayMax: 120 });
    expect(field('process.travel_speed')).toMatchObject({ displayUnit: 'mm/s', displayDefault: expect.closeTo(5.83, 2) });
    expect(field('process.voltage')).toMatchObject({ displayUnit: 'V', displayDefault: 33.5 });
    expect(field('process.current')).toMatchObject({ displayUnit: 'A', displayDefault: 325 });
    expect(field('process.efficiency')).toMatchObject({ min: 0.5, max: 1, displayDefault: 0.8 });
    expect(field('preheat_temperature')).toMatchObject({ displayUnit: '°C', displayDefault: 20 });
    expect(field('chemistry.C')).toMatchObject({ displayUnit: '%', displayDefault: 0.16, advanced: false, groups: ['Steel chemistry'] });
    expect(field('heat_source.a_f')).toMatchObject({ displayUnit: 'mm', displayDefault: 4, visibleWhen: { path: 'heat_source.mode', equals: ['explicit'] } });
    expect(form.nodes.find((n) => n.path === 'chemistry')).toMatchObject({ kind: 'group', advanced: true, visibleWhen: { path: 'material', equals: ['S355'] } });
    expect(describeForm(weldingParameters.TEE_JOINT_WELD).fields.find((f) => f.path === 'geometry.groove_angle')).toMatchObject({ label: 'Bevel angle', displayDefault: 45 });
    expect(fromSI(Math.PI / 4, '°')).toBe(45);
  });

  it('refuses out-of-range values with the display-unit message and requires the Goldak axes when given explicitly', () => {
    const result = validateParameters(weldingParameters.BUTT_WELD, {
      process: { ...process, efficiency: 0.3, travel_speed: 0.1 },
      geometry: { groove_angle: Math.PI },
      heat_source: { mode: 'explicit', a_f: 0.004, a_r: 0.008, b: 0.004 },
      material: 'copper',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    const byPath = Object.fromEntries(result.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toEqual({
      'process.efficiency': 'This field must be between 0.5 and 1',
      'process.travel_speed': 'This field must be between 0.5 and 50',
      'geometry.groove_angle': 'This field must be between 20 and 120',
      'heat_source.c': 'This field is required',
      material: 'This field must be one of: S355, 316L, AA6061, Ti6Al4V, IN625, custom',
    });
  });

  it('the catalogue lists every welding type with its schema and defaults, runnable (the solver landed)', () => {
    for (const joint of weldingJointTypes) {
      const entry = catalogueEntry(joint)!;
      expect(entry).toMatchObject({ family: 'cwm', available: true });
      expect(entry.parameters).toBe(weldingParameters[joint]);
      expect(defaultParametersOf(joint)).toEqual(parameterDefaults(weldingParameters[joint]));
      expect(checkTypeAvailable(joint).ok).toBe(true);
    }
  });

  it('takes an optional custom cross-section (metres), checked for shape, and left to a widget by the form', () => {
    for (const joint of weldingJointTypes) {
      const schema = weldingParameters[joint];
      expect(parameterDefaults(schema)).not.toHaveProperty('cross_section');
      const form = describeForm(schema);
      expect(form.custom).toEqual([expect.objectContaining({ kind: 'custom', path: 'cross_section', widget: 'cross_section', label: 'Custom cross-section' })]);
      expect(form.fields.some((f) => f.path.startsWith('cross_section'))).toBe(false);
    }
    const schema = weldingParameters.BUTT_WELD;
    const withLines = { ...designed, weld_lines: [{ point: [0, 0.008], torch_direction: [0, -1] }] };
    const accepted = validateParameters(schema, { cross_section: withLines });
    expect(accepted.success && accepted.data.cross_section).toEqual(withLines);
    const issues = (value: unknown) => {
      const result = validateParameters(schema, { cross_section: value });
      return result.success ? {} : Object.fromEntries(result.issues.map((i) => [i.path.join('.'), i.message]));
    };
    expect(issues({ parts: [{ points: [[0, 0], [0.01, 'a'], [0, 0.01]], filler: false }] })).toEqual({
      'cross_section.parts.0.points.1.1': 'This field must be a point [y, z] in m, each coordinate within ±5 m',
    });
    expect(issues({ parts: [{ points: [[0, 0], [0.01, 0]], filler: 'yes' }] })).toEqual({
      'cross_section.parts.0.points': 'This field needs at least 3 points',
      'cross_section.parts.0.filler': 'This field must be true (weld bead) or false (base metal)',
    });
    expect(issues({ parts: [] })).toEqual({ 'cross_section.parts': 'This field is required' });
    expect(issues({ parts: [{ points: [[0, 0], [6, 0], [0, 1]], filler: false }] })).toEqual({
      'cross_section.parts.0.points.1.0': 'This field must be a point [y, z] in m, each coordinate within ±5 m',
    });
    expect(issues({ ...designed, colour: 'red' })).toEqual({ 'cross_section.colour': 'This field is not a parameter of this simulation type' });
    // Self-intersection and overlaps are the solver's to check (it names the part): the shape passes here.
    expect(issues({ parts: [{ points: [[0, 0], [0.01, 0.01], [0.01, 0], [0, 0.01]], filler: false }] })).toEqual({});
  });
  it('offers a custom material whose properties show only when chosen, with ranges per field', () => {
    const schema = weldingParameters.DOUBLE_V_BUTT_WELD;
    const defaults = parameterDefaults(schema);
    expect(defaults.custom_material).toEqual({
      density: 7850,
      conductivity: 40,
      specific_heat: 600,
      solidus: 1753.15,
      liquidus: 1793.15,
      latent_heat: 270_000,
      boiling_point: 2861 + 273.15,
      youngs_modulus: 210e9,
      poisson_ratio: 0.3,
      thermal_expansion: 1.4e-5,
      yield_strength: 355e6,
    });
    const form = describeForm(schema);
    expect(form.nodes.find((n) => n.path === 'custom_material')).toMatchObject({ kind: 'group', visibleWhen: { path: 'material', equals: ['custom'] } });
    const field = (path: string) => form.fields.find((f) => f.path === path) as FormNumberField;
    expect(field('custom_material.yield_strength')).toMatchObject({ displayUnit: 'MPa', displayDefault: 355 });
    expect(field('custom_material.solidus')).toMatchObject({ displayUnit: '°C', displayDefault: 1480 });
    // Dimensional inputs carry their quantity, so every unit system converts them (no unit in a label).
    expect(field('custom_material.latent_heat')).toMatchObject({ label: 'Latent heat of fusion', quantity: 'specific_energy', displayUnit: 'kJ/kg', displayDefault: 270 });
    expect(field('custom_material.thermal_expansion')).toMatchObject({ quantity: 'thermal_expansion', displayUnit: 'µm/(m·K)', displayDefault: 14 });
    expect(field('custom_material.boiling_point')).toMatchObject({ displayUnit: '°C', displayDefault: 2861 });
    const accepted = validateParameters(schema, { material: 'custom', custom_material: { density: 4500, conductivity: 20 } });
    expect(accepted.success && accepted.data.custom_material).toMatchObject({ density: 4500, conductivity: 20, specific_heat: 600 });
    const refused = validateParameters(schema, { material: 'custom', custom_material: { density: -1, colour: 'grey' } });
    expect(refused.success).toBe(false);
    if (!refused.success) expect(refused.issues.map((i) => i.path.join('.')).sort()).toEqual(['custom_material.colour', 'custom_material.density']);
  });

  it('has the interpass temperature and the longest interpass wait, in °C and s', () => {
    const schema = weldingParameters.TEE_JOINT_WELD;
    expect(parameterDefaults(schema)).toMatchObject({ interpass_temperature: 423.15, interpass_time: 600 });
    const form = describeForm(schema);
    expect(form.fields.find((f) => f.path === 'interpass_temperature')).toMatchObject({ displayUnit: '°C', displayDefault: 150, displayMax: 400 });
    expect(validateParameters(schema, { interpass_time: -1 }).success).toBe(false);
  });
});
