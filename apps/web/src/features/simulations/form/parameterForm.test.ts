import { describe, expect, it } from 'vitest';
import { catalogueEntry, describeForm, getAtPath, type FormField } from '@simforge/contracts';
import { initialCustomValues, initialFormValues, rangeText, serverFieldErrors, toParameters, validateAll, validateField } from './parameterForm';

const schema = catalogueEntry('CIRCULAR_PIPE')!.parameters!;
const form = describeForm(schema);
const field = (path: string) => form.fields.find((f) => f.path === path) as FormField;
/** The values at the paths `expected` names, to compare with it in one go. */
const valuesAt = (values: unknown, expected: Record<string, string>) => Object.fromEntries(Object.keys(expected).map((path) => [path, getAtPath(values, path)]));

describe('initial values', () => {
  it('show the defaults in display units', () => {
    const expected = {
      diameter: '25',
      inlet_temperature: '20',
      inlet_pressure: '3',
      flow_rate: '0.5',
      roughness: '0.045',
      'wall.condition': 'adiabatic',
      // Hidden conditional fields hold their default, ready when they appear.
      'wall.temperature': '60',
    };
    expect(valuesAt(initialFormValues(form), expected)).toEqual(expected);
  });

  it('show existing SI parameters in display units (editing)', () => {
    const values = initialFormValues(form, { diameter: 0.05, inlet_temperature: 353.15, wall: { condition: 'heat_flux', heat_flux: 2500 } });
    const expected = { diameter: '50', inlet_temperature: '80', 'wall.condition': 'heat_flux', 'wall.heat_flux': '2.5', length: '10' };
    expect(valuesAt(values, expected)).toEqual(expected);
  });
});

describe('field rules', () => {
  const values = initialFormValues(form);

  it('quote the range in display units', () => {
    expect(validateField(field('diameter'), '0.5', values)).toBe('This field must be between 1 and 2000');
    expect(validateField(field('diameter'), '2500', values)).toBe('This field must be between 1 and 2000');
    expect(validateField(field('diameter'), '2000', values)).toBe(true);
    expect(validateField(field('inlet_temperature'), '-30', values)).toBe('This field must be between -20 and 700');
    expect(validateField(field('inlet_pressure'), '250', values)).toBe('This field must be between 0.01 and 200');
    expect(validateField(field('diameter'), 'abc', values)).toBe('This field must be between 1 and 2000');
    expect(rangeText(field('diameter') as Extract<FormField, { kind: 'number' }>)).toBe('1 – 2000 mm');
  });

  it('require a value, accept a decimal comma, and whole numbers where the field is an integer', () => {
    expect(validateField(field('length'), '', values)).toBe('This field is required');
    expect(validateField(field('length'), '   ', values)).toBe('This field is required');
    expect(validateField(field('length'), '12,5', values)).toBe(true);
    // The 1-D march's segments: an integer, checked only while that model is chosen.
    const oneDimensional = { ...values, model: 'one_dimensional' };
    expect(validateField(field('n_segments'), '10.5', oneDimensional)).toBe('This field is invalid');
    expect(validateField(field('n_segments'), '500', oneDimensional)).toBe(true);
    expect(validateField(field('n_segments'), '10.5', values)).toBe(true);
  });

  it('apply to conditional fields only while visible (visibleWhen)', () => {
    const adiabatic = { ...values, wall: { condition: 'adiabatic', temperature: '', heat_flux: '' } };
    expect(validateField(field('wall.temperature'), '', adiabatic)).toBe(true);
    expect(validateAll(form, adiabatic)).toEqual({});
    const fixed = { ...values, wall: { condition: 'temperature', temperature: '', heat_flux: '' } };
    expect(validateField(field('wall.temperature'), '', fixed)).toBe('This field is required');
    expect(validateAll(form, fixed)).toEqual({ 'wall.temperature': 'This field is required' });
  });
});

describe('parameters for the API', () => {
  it('are SI, with hidden conditional fields left out, and valid for the shared schema', () => {
    let values = initialFormValues(form);
    values = { ...values, diameter: '10', inlet_temperature: '20', flow_rate: '0.5', wall: { condition: 'temperature', temperature: '80', heat_flux: '12' } };
    const parameters = toParameters(form, values);
    expect(parameters).toMatchObject({ diameter: 0.01, inlet_temperature: 293.15, flow_rate: 0.0005, wall: { condition: 'temperature', temperature: 353.15 } });
    expect(getAtPath(parameters, 'wall.heat_flux')).toBeUndefined();
    expect(schema.safeParse(parameters).success).toBe(true);
  });

  it('the defaults round-trip to the catalogue defaults', () => {
    expect(toParameters(form, initialFormValues(form))).toEqual(catalogueEntry('CIRCULAR_PIPE')!.defaults);
  });
});

describe('server validation errors', () => {
  it('name the field by its path inside the body', () => {
    expect(
      serverFieldErrors({
        detail: [
          { loc: ['body', 'parameters', 'diameter'], msg: 'This field must be between 1 and 2000', type: 'too_big' },
          { loc: ['body', 'parameters', 'wall', 'temperature'], msg: 'This field is required', type: 'custom' },
          { loc: ['body', 'title'], msg: 'This field is required', type: 'too_small' },
        ],
      }),
    ).toEqual({ 'parameters.diameter': 'This field must be between 1 and 2000', 'parameters.wall.temperature': 'This field is required', title: 'This field is required' });
    expect(serverFieldErrors({ detail: 'Simulation not found' })).toEqual({});
  });
});

describe('widget-edited parameters (welding cross-section)', () => {
  const welding = describeForm(catalogueEntry('BUTT_WELD')!.parameters!);
  const section = { parts: [{ points: [[0, 0], [0.01, 0], [0, 0.01]], filler: false }] };

  it('are taken from the parameters as they are and sent as they are, only when set', () => {
    expect(welding.custom.map((f) => f.path)).toEqual(['cross_section']);
    expect(initialCustomValues(welding, { cross_section: section })).toEqual({ cross_section: section });
    expect(initialCustomValues(welding, {})).toEqual({});
    const values = initialFormValues(welding);
    expect(getAtPath(values, 'cross_section')).toBeUndefined();
    expect(toParameters(welding, values, { cross_section: section }).cross_section).toEqual(section);
    expect(toParameters(welding, values)).not.toHaveProperty('cross_section');
    expect(toParameters(welding, values, { cross_section: undefined })).not.toHaveProperty('cross_section');
  });
});
