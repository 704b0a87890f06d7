import { describe, expect, it } from 'vitest';
import { catalogueEntry, checkTypeAvailable, defaultParametersOf, simulationCatalogue } from './catalogue.js';
import { describeForm, getAtPath, isFieldVisible, parameterDefaults, setAtPath, validateParameters } from './parameters.js';
import { circularPipeParameters } from './types/circular-pipe.js';
import { simulationTypesByFamily } from '../catalogue.js';

const pipeDefaults = {
  model: 'developing',
  fluid: 'water',
  diameter: 0.025,
  length: 10,
  roughness: 0.000045,
  flow_input: 'flow_rate',
  flow_rate: 0.0005,
  inlet_temperature: 293.15,
  inlet_pressure: 300_000,
  elevation_change: 0,
  flow_model: 'auto',
  wall: { condition: 'adiabatic' },
};

describe('parameter schemas', () => {
  it('fills every default (conditional fields only when visible)', () => {
    expect(parameterDefaults(circularPipeParameters)).toEqual(pipeDefaults);
    expect(defaultParametersOf('CIRCULAR_PIPE')).toEqual(pipeDefaults);
    expect(validateParameters(circularPipeParameters, { diameter: 0.05 })).toEqual({ success: true, data: { ...pipeDefaults, diameter: 0.05 } });
  });

  it('refuses values outside the physical range with the between message in display units', () => {
    const result = validateParameters(circularPipeParameters, { diameter: 5, inlet_temperature: 100, inlet_pressure: 0 });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ['diameter'], message: 'This field must be between 1 and 2000' }),
        expect.objectContaining({ path: ['inlet_temperature'], message: 'This field must be between -20 and 700' }),
        expect.objectContaining({ path: ['inlet_pressure'], message: 'This field must be between 0.01 and 200' }),
      ]),
    );
  });

  it('names unknown keys, missing conditional fields, nulls and bad choices', () => {
    const result = validateParameters(circularPipeParameters, {
      diameter: null,
      fluid: 'oil',
      colour: 'red',
      wall: { condition: 'temperature', emissivity: 0.9 },
      n_segments: 2.5,
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    const byPath = Object.fromEntries(result.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toEqual({
      diameter: 'This field is required',
      fluid: 'This field must be one of: water, air',
      colour: 'This field is not a parameter of this simulation type',
      'wall.emissivity': 'This field is not a parameter of this simulation type',
      'wall.temperature': 'This field is required',
      n_segments: 'This field is invalid',
    });
  });

  it('accepts the inclusive bounds', () => {
    expect(validateParameters(circularPipeParameters, { diameter: 0.001, length: 10_000, n_segments: 100_000 }).success).toBe(true);
    expect(validateParameters(circularPipeParameters, { wall: { condition: 'heat_flux', heat_flux: -1_000_000 } }).success).toBe(true);
  });

  it('describes the form: paths, units in both systems, options, groups and visibility', () => {
    const form = describeForm(circularPipeParameters);
    expect(form.fields.map((f) => f.path)).toEqual([
      'model',
      'fluid',
      'diameter',
      'length',
      'roughness',
      'flow_input',
      'flow_rate',
      'mean_velocity',
      'mass_flow_rate',
      'reynolds_number',
      'inlet_temperature',
      'inlet_pressure',
      'elevation_change',
      'flow_model',
      'wall.condition',
      'wall.temperature',
      'wall.heat_flux',
      'n_segments',
    ]);
    expect(form.custom.map((f) => [f.path, f.widget])).toEqual([['stations', 'positions']]);
    const diameter = form.fields.find((f) => f.path === 'diameter');
    expect(diameter).toMatchObject({ kind: 'number', unit: 'm', displayUnit: 'mm', min: 0.001, max: 2, displayMin: 1, displayMax: 2000, default: 0.025, displayDefault: 25 });
    const flow = form.fields.find((f) => f.path === 'flow_rate');
    expect(flow).toMatchObject({ displayUnit: 'L/s', displayDefault: 0.5 });
    const wallTemperature = form.fields.find((f) => f.path === 'wall.temperature')!;
    expect(wallTemperature).toMatchObject({ displayUnit: '°C', displayDefault: 60, groups: ['Wall'], visibleWhen: { path: 'wall.condition', equals: ['temperature'] } });
    expect(form.fields.find((f) => f.path === 'fluid')).toMatchObject({ kind: 'enum', options: [{ value: 'water' }, { value: 'air' }], default: 'water' });
    const wall = form.nodes.find((n) => n.path === 'wall');
    expect(wall).toMatchObject({ kind: 'group', label: 'Wall' });
    expect(form.fields.find((f) => f.path === 'n_segments')).toMatchObject({ integer: true, advanced: true, visibleWhen: { path: 'model', equals: ['one_dimensional'] } });

    const values = parameterDefaults(circularPipeParameters);
    expect(isFieldVisible(wallTemperature, values)).toBe(false);
    const heated = setAtPath(values, 'wall.condition', 'temperature');
    expect(isFieldVisible(wallTemperature, heated)).toBe(true);
    expect(getAtPath(heated, 'wall.condition')).toBe('temperature');
    expect(getAtPath(values, 'wall.condition')).toBe('adiabatic');
  });
});

describe('catalogue', () => {
  it('has one entry per type of the specification, every one available now', () => {
    const allTypes = Object.values(simulationTypesByFamily).flat();
    expect(simulationCatalogue.map((e) => e.type)).toEqual(allTypes);
    expect(simulationCatalogue.filter((e) => e.available).map((e) => e.type).sort()).toEqual([...allTypes].sort());
    expect(catalogueEntry('GEOTHERMAL_PLANT_TES')).toMatchObject({ family: 'pipe', available: true });
    expect(catalogueEntry('CIRCULAR_PIPE')).toMatchObject({ family: 'pipe', label: 'Circular pipe', available: true, defaults: pipeDefaults });
    expect(catalogueEntry('LASER_RIGID_PLATE')).toMatchObject({ family: 'melt-pool', available: true });
    expect(catalogueEntry('LASER_RIGID_PLATE')!.defaults).not.toBeNull();
  });

  it('says why a type cannot be used', () => {
    expect(checkTypeAvailable('CIRCULAR_PIPE').ok).toBe(true);
    expect(checkTypeAvailable('JET_IMPINGING_RIDGE').ok).toBe(true);
    // PIPE_NETWORK_2 (outside the table, family unknown) runs on PIPE_NETWORK's schema and engine; the name is exact.
    expect(checkTypeAvailable('PIPE_NETWORK_2')).toMatchObject({ ok: true, entry: { family: 'unknown', parameters: catalogueEntry('PIPE_NETWORK')!.parameters } });
    expect(checkTypeAvailable('pipe_network_2')).toEqual({ ok: false, message: 'Unknown simulation type pipe_network_2 (family unknown)' });
    expect(checkTypeAvailable('FOO')).toEqual({ ok: false, message: 'Unknown simulation type FOO (family unknown)' });
  });
});
