import { describe, expect, it } from 'vitest';
import { checkTypeAvailable, defaultParametersOf } from '../catalogue.js';
import { describeForm, parameterDefaults, validateParameters, type FormNumberField } from '../parameters.js';
import { jetHasParticles, jetHasRidge, jetParameters, jetTypes } from './jet.js';

describe('jet parameter schemas', () => {
  it.each(jetTypes)('%s: defaults validate, with the ridge and particle groups exactly where they belong', (type) => {
    const schema = jetParameters[type];
    const defaults = parameterDefaults(schema) as Record<string, unknown>;
    expect(validateParameters(schema, defaults)).toEqual({ success: true, data: defaults });
    expect(defaults).toMatchObject({
      fluid: 'air',
      nozzle: { shape: jetHasRidge(type) ? 'slot' : 'round', diameter: 0.02 },
      nozzle_to_plate_distance: 0.04,
      flow_input: 'reynolds_number',
      reynolds_number: 23_000,
      jet_temperature: 293.15,
      surface_temperature: 333.15,
      domain_radius: 0.16,
      average_radius: 0.05,
      mesh_size: 'default',
    });
    expect('jet_velocity' in defaults).toBe(false);
    expect('ridge' in defaults).toBe(jetHasRidge(type));
    expect('particles' in defaults).toBe(jetHasParticles(type));
    expect(checkTypeAvailable(type).ok).toBe(true);
    expect(defaultParametersOf(type)).toEqual(defaults);
  });

  it('describes the fields in display units (mm, °C, °, µm, MPa)', () => {
    const form = describeForm(jetParameters.JET_WITH_PARTICLES_IMPINGING_RIDGE);
    const field = (path: string) => form.fields.find((f) => f.path === path) as FormNumberField;
    expect(field('nozzle.diameter')).toMatchObject({ displayUnit: 'mm', displayDefault: 20, displayMin: 1, displayMax: 200 });
    expect(field('jet_temperature')).toMatchObject({ displayUnit: '°C', displayDefault: 20 });
    expect(field('ridge.apex_angle')).toMatchObject({ displayUnit: '°', displayMin: 20, displayMax: 180 });
    expect(field('ridge.apex_angle').displayDefault).toBeCloseTo(90, 12);
    expect(field('particles.diameter')).toMatchObject({ displayUnit: 'µm', displayDefault: 10 });
    expect(field('particles.target_flow_stress')).toMatchObject({ displayUnit: 'MPa', displayDefault: 1000 });
    expect(field('jet_velocity')).toMatchObject({ visibleWhen: { path: 'flow_input', equals: ['jet_velocity'] } });
    expect(form.custom).toEqual([expect.objectContaining({ path: 'ridge.polygon', widget: 'polygon' })]);
  });

  it('a velocity-given jet takes the velocity default; ranges and unknown keys are refused with the field named', () => {
    const schema = jetParameters.JET_IMPINGING_SURFACE;
    const velocity = validateParameters(schema, { flow_input: 'jet_velocity' });
    expect(velocity).toMatchObject({ success: true, data: { flow_input: 'jet_velocity', jet_velocity: 20 } });
    const bad = validateParameters(schema, { nozzle: { shape: 'square', diameter: 0.5 }, reynolds_number: 10, ridge: { height: 0.01 } });
    expect(bad.success).toBe(false);
    if (bad.success) return;
    const paths = bad.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['nozzle.shape', 'nozzle.diameter', 'reynolds_number', 'ridge']));
    expect(bad.issues.find((i) => i.path.join('.') === 'nozzle.diameter')!.message).toBe('This field must be between 1 and 200');
  });

  it('ridge types offer the slot only and accept a drawn polygon', () => {
    const schema = jetParameters.JET_IMPINGING_RIDGE;
    expect(validateParameters(schema, { nozzle: { shape: 'round', diameter: 0.02 } }).success).toBe(false);
    expect(validateParameters(schema, { ridge: { polygon: [[0, 0], [0.01, 0], [0, 0.005]] } }).success).toBe(true);
    const short = validateParameters(schema, { ridge: { polygon: [[0, 0], [0.01, 0]] } });
    expect(short).toMatchObject({ success: false, issues: [expect.objectContaining({ path: ['ridge', 'polygon'], message: 'This field needs at least 3 points' })] });
  });
});
