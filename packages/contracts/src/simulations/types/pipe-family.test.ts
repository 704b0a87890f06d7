import { describe, expect, it } from 'vitest';
import { catalogueEntry, defaultParametersOf } from '../catalogue.js';
import { describeForm, validateParameters, type ParameterIssue } from '../parameters.js';
import { circularAnnulusParameters } from './circular-annulus.js';
import { circularPipeParameters } from './circular-pipe.js';
import { exampleNetworkInp, MAX_INP_LENGTH, pipeNetworkParameters } from './pipe-network.js';

function messages(result: { success: true } | { success: false; issues: ParameterIssue[] }): Record<string, string> {
  return result.success ? {} : Object.fromEntries(result.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('CIRCULAR_PIPE', () => {
  it('runs the developing model by default; the 1-D march keeps its segments (filled in when chosen)', () => {
    expect(defaultParametersOf('CIRCULAR_PIPE')).toMatchObject({ model: 'developing', flow_model: 'auto', flow_input: 'flow_rate', flow_rate: 0.0005 });
    expect(defaultParametersOf('CIRCULAR_PIPE')).not.toHaveProperty('n_segments');
    const oneD = validateParameters(circularPipeParameters, { model: 'one_dimensional' });
    expect(oneD).toMatchObject({ success: true, data: { model: 'one_dimensional', n_segments: 200 } });
    expect(oneD.success && oneD.data).not.toHaveProperty('flow_model');
    expect(messages(validateParameters(circularPipeParameters, { model: 'laminar' }))).toEqual({ model: 'This field must be one of: developing, one_dimensional' });
  });

  it('takes the flow as a volume flow rate, a mean velocity, a mass flow rate or a Reynolds number (the chosen one filled in)', () => {
    expect(validateParameters(circularPipeParameters, { flow_input: 'reynolds_number' })).toMatchObject({ success: true, data: { flow_input: 'reynolds_number', reynolds_number: 10_000 } });
    const velocity = validateParameters(circularPipeParameters, { flow_input: 'mean_velocity', mean_velocity: 2 });
    expect(velocity).toMatchObject({ success: true, data: { mean_velocity: 2 } });
    expect(velocity.success && velocity.data).not.toHaveProperty('flow_rate');
    expect(messages(validateParameters(circularPipeParameters, { flow_input: 'reynolds_number', reynolds_number: 0 }))).toEqual({ reynolds_number: 'This field must be between 1 and 10000000' });
    expect(messages(validateParameters(circularPipeParameters, { flow_input: 'mass_flow_rate', mass_flow_rate: null }))).toEqual({ mass_flow_rate: 'This field is required' });
    // Parameters of the 1-D era (a flow rate, no flow_input) mean what they meant.
    expect(validateParameters(circularPipeParameters, { flow_rate: 0.002 })).toMatchObject({ success: true, data: { flow_input: 'flow_rate', flow_rate: 0.002 } });
  });

  it('takes profile stations as a list of positions (API only: the form leaves them to the default)', () => {
    expect(validateParameters(circularPipeParameters, { stations: [0.5, 2, 10] })).toMatchObject({ success: true, data: { stations: [0.5, 2, 10] } });
    expect(messages(validateParameters(circularPipeParameters, { stations: [0.5, -1] }))).toEqual({ 'stations.1': 'This field must be more than 0' });
    expect(messages(validateParameters(circularPipeParameters, { stations: Array.from({ length: 51 }, (_, i) => i + 1) }))).toEqual({ stations: 'At most 50 positions' });
  });
});

describe('CIRCULAR_ANNULUS', () => {
  it('has defaults for both walls: the inner tube at 60 °C, the outer adiabatic', () => {
    expect(defaultParametersOf('CIRCULAR_ANNULUS')).toEqual({
      fluid: 'water',
      inner_diameter: 0.025,
      outer_diameter: 0.05,
      length: 5,
      roughness: 0,
      flow_input: 'flow_rate',
      flow_rate: 0.001,
      inlet_temperature: 293.15,
      inlet_pressure: 200_000,
      elevation_change: 0,
      flow_model: 'auto',
      inner_wall: { condition: 'temperature', temperature: 333.15 },
      outer_wall: { condition: 'adiabatic' },
    });
  });

  it('gives each wall its own condition, its value filled in when left out', () => {
    const result = validateParameters(circularAnnulusParameters, { inner_wall: { condition: 'adiabatic' }, outer_wall: { condition: 'heat_flux' } });
    expect(result).toMatchObject({ success: true, data: { inner_wall: { condition: 'adiabatic' }, outer_wall: { condition: 'heat_flux', heat_flux: 10_000 } } });
    expect(messages(validateParameters(circularAnnulusParameters, { inner_wall: { condition: 'temperature', temperature: 2000 } }))).toEqual({ 'inner_wall.temperature': 'This field must be between -20 and 700' });
  });

  it('refuses what is not a parameter and diameters outside the range (display units)', () => {
    expect(messages(validateParameters(circularAnnulusParameters, { inner_diameter: 0.0005, wall: { condition: 'adiabatic' } }))).toEqual({
      inner_diameter: 'This field must be between 1 and 2000',
      wall: 'This field is not a parameter of this simulation type',
    });
  });

  it('describes a form with the two wall groups', () => {
    const form = describeForm(circularAnnulusParameters);
    expect(form.nodes.filter((n) => n.kind === 'group').map((n) => n.label)).toEqual(['Inner wall', 'Outer wall']);
    expect(form.fields.find((f) => f.path === 'outer_wall.heat_flux')).toMatchObject({ displayUnit: 'kW/m²', visibleWhen: { path: 'outer_wall.condition', equals: ['heat_flux'] } });
  });
});

describe('PIPE_NETWORK', () => {
  it('defaults to the example network with the file’s own options and times', () => {
    expect(defaultParametersOf('PIPE_NETWORK')).toEqual({
      inp: exampleNetworkInp,
      headloss: 'from_network',
      friction_factor: 'swamee_jain',
      period: 'from_network',
      convergence: 'from_network',
      heat: { transport: 'off' },
    });
    expect(catalogueEntry('PIPE_NETWORK')).toMatchObject({ family: 'pipe', available: true });
  });

  it('requires the .inp text, at most 32 M characters of it (exactly at the limit accepted, one over refused naming the field)', () => {
    expect(MAX_INP_LENGTH).toBe(32_000_000);
    expect(messages(validateParameters(pipeNetworkParameters, { inp: '   ' }))).toEqual({ inp: 'This field is required' });
    expect(messages(validateParameters(pipeNetworkParameters, { inp: null }))).toEqual({ inp: 'This field is required' });
    expect(messages(validateParameters(pipeNetworkParameters, { inp: 42 }))).toEqual({ inp: 'This field is invalid' });
    const atLimit = validateParameters(pipeNetworkParameters, { inp: 'x'.repeat(MAX_INP_LENGTH) });
    expect(atLimit.success && atLimit.data['inp']).toHaveLength(MAX_INP_LENGTH);
    expect(messages(validateParameters(pipeNetworkParameters, { inp: 'x'.repeat(MAX_INP_LENGTH + 1) }))).toEqual({
      inp: 'EPANET input file (.inp): at most 32,000,000 characters (this one has 32,000,001)',
    });
  });

  it('fills in the period, convergence and heat settings when they are chosen', () => {
    expect(validateParameters(pipeNetworkParameters, { period: 'extended', convergence: 'custom', heat: { transport: 'ground_loss' } })).toMatchObject({
      success: true,
      data: {
        duration: 86_400,
        hydraulic_step: 3600,
        report_step: 3600,
        accuracy: 0.001,
        max_trials: 200,
        heat: { transport: 'ground_loss', supply_temperature: 353.15, ground_temperature: 283.15, heat_transfer_coefficient: 1 },
      },
    });
    expect(messages(validateParameters(pipeNetworkParameters, { period: 'extended', duration: -1 }))).toEqual({ duration: 'This field must be between 0 and 8784' });
  });

  it('describes the .inp as a text widget with its limit and file types; the options as fields', () => {
    const form = describeForm(pipeNetworkParameters);
    expect(form.custom).toEqual([expect.objectContaining({ path: 'inp', widget: 'text', maxLength: MAX_INP_LENGTH, accept: '.inp,.txt' })]);
    expect(form.fields.map((f) => f.path)).toEqual([
      'headloss',
      'friction_factor',
      'period',
      'duration',
      'hydraulic_step',
      'report_step',
      'convergence',
      'accuracy',
      'max_trials',
      'heat.transport',
      'heat.supply_temperature',
      'heat.ground_temperature',
      'heat.heat_transfer_coefficient',
    ]);
    expect(form.fields.find((f) => f.path === 'duration')).toMatchObject({ displayUnit: 'h', displayDefault: 24 });
  });
});
