import { describe, expect, it } from 'vitest';
import { checkTypeAvailable, defaultParametersOf } from '../catalogue.js';
import { describeForm, parameterDefaults, validateParameters, type FormNumberField } from '../parameters.js';
import { meltPoolParameters, meltPoolTypes } from './melt-pool.js';

describe('melt-pool parameter schemas', () => {
  it.each(meltPoolTypes)('%s: available, defaults validate, plasma and support only where they belong', (type) => {
    const schema = meltPoolParameters[type];
    const defaults = parameterDefaults(schema);
    expect(validateParameters(schema, defaults)).toEqual({ success: true, data: defaults });
    expect(checkTypeAvailable(type).ok).toBe(true);
    expect(defaultParametersOf(type)).toEqual(defaults);
    expect(defaults).toMatchObject({ material: '316L', laser: { power: 200, spot_radius: 60e-6, absorptivity: 0.35, scan_speed: 1, track_length: 0.0015 }, preheat_temperature: 293.15, mesh_size: 'default' });
    expect('plasma' in defaults).toBe(type.startsWith('LASER_PLASMA_'));
    expect('support' in (defaults.plate as object)).toBe(type.endsWith('_FLEXIBLE_PLATE'));
  });

  it('shows µm, mm, mm/s, W, A, V and °C, and refuses out-of-range values naming the field', () => {
    const form = describeForm(meltPoolParameters.LASER_PLASMA_FLEXIBLE_PLATE);
    const field = (path: string) => form.fields.find((f) => f.path === path) as FormNumberField;
    expect(field('laser.spot_radius')).toMatchObject({ displayUnit: 'µm', displayDefault: 60 });
    expect(field('laser.scan_speed')).toMatchObject({ displayUnit: 'mm/s', displayDefault: 1000 });
    expect(field('laser.power')).toMatchObject({ displayUnit: 'W', displayDefault: 200 });
    expect(field('plasma.current')).toMatchObject({ displayUnit: 'A', displayDefault: 10, displayMin: 0 });
    expect(field('plasma.voltage')).toMatchObject({ displayUnit: 'V' });
    expect(field('plasma.offset')).toMatchObject({ displayUnit: 'mm', displayDefault: 0.5, displayMin: -20 });
    expect(field('plate.thickness')).toMatchObject({ displayUnit: 'mm', displayDefault: 2 });
    expect(field('preheat_temperature')).toMatchObject({ displayUnit: '°C', displayDefault: 20 });
    const result = validateParameters(meltPoolParameters.LASER_RIGID_PLATE, { laser: { absorptivity: 1.5 }, plasma: { current: 10 }, plate: { support: 'free' } });
    expect(result.success).toBe(false);
    if (result.success) return;
    const paths = result.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['laser.absorptivity', 'plasma', 'plate.support']));
    expect(result.issues.find((issue) => issue.path.join('.') === 'laser.absorptivity')!.message).toBe('This field must be between 0.01 and 1');
  });
});
