// The contracts' schemas and the solvers agree, family by family: same parameter names (the solvers
// refuse unknown keys), defaults that run, and the solvers' defaults pass the schemas.

import { availableTypes, checkTypeAvailable, defaultParametersOf, describeForm, meltPoolTypes, setAtPath, simulationCatalogue, validateParameters, type FormField } from '@simforge/contracts';
import { estimate, getSolver, InvalidParametersError, parameterDefaults, solverTypes } from '@simforge/solvers';
import { describe, expect, it } from 'vitest';

/** The defaults with every field of the form filled in, conditional ones too (hidden ones at their default). */
function everyField(type: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const entry = checkTypeAvailable(type);
  if (!entry.ok) throw new Error(entry.message);
  let values = defaultParametersOf(type)!;
  for (const field of describeForm(entry.entry.parameters).fields as FormField[]) values = setAtPath(values, field.path, field.default);
  for (const [path, value] of Object.entries(overrides)) values = setAtPath(values, path, value);
  return values;
}

/** The type's catalogue entry, once its solver's defaults are found to be the contract's and to pass its schema. */
function entryWithAgreeingDefaults(type: string) {
  const entry = checkTypeAvailable(type);
  if (!entry.ok) throw new Error(entry.message);
  expect(parameterDefaults(type)).toEqual(defaultParametersOf(type));
  expect(validateParameters(entry.entry.parameters, parameterDefaults(type))).toMatchObject({ success: true });
  return entry.entry;
}

describe('catalogue and solvers', () => {
  it('marks available exactly the types that have a solver', () => {
    expect(availableTypes().sort()).toEqual([...solverTypes()].sort());
    expect(simulationCatalogue.filter((e) => e.available).map((e) => e.type)).not.toContain('PIPE_NETWORK_2');
  });

  it('CIRCULAR_PIPE: every field of the form is a solver parameter, for both models; the defaults run the developing model', () => {
    const entry = checkTypeAvailable('CIRCULAR_PIPE');
    if (!entry.ok) throw new Error(entry.message);
    // Every field filled in (conditional ones too): the solver accepts all the names, whichever model is chosen.
    for (const model of ['developing', 'one_dimensional']) {
      const everything = everyField('CIRCULAR_PIPE', { model, 'wall.condition': 'temperature', stations: [1, 5] });
      expect(Object.keys(everything)).toEqual(expect.arrayContaining(['n_segments', 'flow_model', 'mean_velocity', 'mass_flow_rate', 'reynolds_number']));
      expect(validateParameters(entry.entry.parameters, everything)).toMatchObject({ success: true });
      expect(() => estimate('CIRCULAR_PIPE', everything), model).not.toThrow();
    }
    expect(estimate('CIRCULAR_PIPE', defaultParametersOf('CIRCULAR_PIPE')).inside_validity).toBe(true);
    expect(getSolver('CIRCULAR_PIPE').modelOf?.(defaultParametersOf('CIRCULAR_PIPE'))).toEqual({ model: 'duct-developing', modelVersion: '1.0.0' });
    // And the solver's own example (the command line's 1-D case) passes the schema unchanged.
    expect(validateParameters(entry.entry.parameters, parameterDefaults('CIRCULAR_PIPE'))).toMatchObject({ success: true });
  });

  it.each(['CIRCULAR_ANNULUS', 'PIPE_NETWORK', 'PIPE_NETWORK_2'])('%s: the solver defaults equal the contract defaults, estimate inside validity, and every form field is a solver parameter', (type) => {
    const entry = entryWithAgreeingDefaults(type);
    expect(estimate(type, defaultParametersOf(type)).inside_validity).toBe(true);
    const everything = everyField(type);
    expect(validateParameters(entry.parameters, everything)).toMatchObject({ success: true });
    expect(() => estimate(type, everything)).not.toThrow();
  });

  it('PIPE_NETWORK: the chosen options reach the solver (extended period, custom convergence, heat transport)', () => {
    const entry = checkTypeAvailable('PIPE_NETWORK');
    if (!entry.ok) throw new Error(entry.message);
    const checked = validateParameters(entry.entry.parameters, { period: 'extended', convergence: 'custom', heat: { transport: 'ground_loss' }, headloss: 'hazen_williams', friction_factor: 'colebrook' });
    if (!checked.success) throw new Error(JSON.stringify(checked.issues));
    expect(estimate('PIPE_NETWORK', checked.data).results['junctions']!.value).toBe(6);
  });
});

describe('welding (cwm): contracts schema and solver agree', () => {
  const weldingTypes = simulationCatalogue.filter((e) => e.family === 'cwm').map((e) => e.type);

  it.each(weldingTypes)('%s: the solver defaults equal the contract defaults, pass the schema, and estimate', (type) => {
    const entry = entryWithAgreeingDefaults(type);
    // Every top-level field of the form is a solver parameter (the solver refuses unknown keys).
    const defaults = defaultParametersOf(type)!;
    expect(describeForm(entry.parameters).fields.map((f) => f.path.split('.')[0]).every((key) => key in defaults)).toBe(true);
    // Explicit source semi-axes (the advanced form fields) are accepted too.
    const explicit = { ...defaults, heat_source: { mode: 'explicit', a_f: 0.004, a_r: 0.008, b: 0.004, c: 0.003 } };
    const arc = defaults.process as { voltage: number; current: number; efficiency: number; travel_speed: number };
    expect(estimate(type, explicit).results.heat_input!.value).toBeCloseTo((arc.efficiency * arc.voltage * arc.current) / arc.travel_speed, 6);
  });

  const plate = (y0: number, y1: number) => ({ points: [[y0, 0], [y1, 0], [y1, 0.008], [y0, 0.008]], filler: false });
  const designed = { parts: [plate(-0.03, -0.001), plate(0.001, 0.03), { points: [[-0.001, 0], [0.001, 0], [0.001, 0.008], [-0.001, 0.008]], filler: true }] };

  it.each(weldingTypes)('%s: a custom cross-section passes the schema and the solver; a self-intersecting one passes the schema and the solver names it', (type) => {
    const entry = checkTypeAvailable(type);
    if (!entry.ok) throw new Error(entry.message);
    // The widget-edited parameters of the form are solver parameters too.
    expect(describeForm(entry.entry.parameters).custom.map((f) => f.path)).toEqual(['cross_section']);
    const withSection = { ...defaultParametersOf(type), cross_section: { ...designed, weld_lines: [{ point: [0, 0.008], torch_direction: [0, -1] }] } };
    const checked = validateParameters(entry.entry.parameters, withSection);
    expect(checked).toMatchObject({ success: true });
    expect(estimate(type, checked.success ? checked.data : null).model).toContain('custom section');

    const bowTie = { ...defaultParametersOf(type), cross_section: { parts: [{ points: [[0, 0], [0.01, 0.01], [0.01, 0], [0, 0.01]], filler: false }] } };
    expect(validateParameters(entry.entry.parameters, bowTie)).toMatchObject({ success: true });
    try {
      estimate(type, bowTie);
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidParametersError);
      expect((error as InvalidParametersError).issues.map((i) => i.path)).toEqual(['cross_section.parts[0].points']);
    }
  });
});

describe('jets: contracts schema and solver agree', () => {
  const jetTypes = simulationCatalogue.filter((e) => e.family === 'jet').map((e) => e.type);

  it.each(jetTypes)('%s: the solver defaults equal the contract defaults, every form field (and the drawn ridge) is a solver parameter, and the estimate answers', (type) => {
    const entry = checkTypeAvailable(type);
    if (!entry.ok) throw new Error(entry.message);
    expect(parameterDefaults(type)).toEqual(defaultParametersOf(type));
    const everything = everyField(type, { flow_input: 'jet_velocity' });
    expect(validateParameters(entry.entry.parameters, everything)).toMatchObject({ success: true });
    expect(() => estimate(type, everything)).not.toThrow();
    if (type.includes('RIDGE')) {
      const drawn = setAtPath(defaultParametersOf(type)!, 'ridge.polygon', [[0, 0], [0.012, 0], [0.004, 0.006], [0, 0.008]]);
      const checked = validateParameters(entry.entry.parameters, drawn);
      expect(checked).toMatchObject({ success: true });
      expect(estimate(type, checked.success ? checked.data : null).results['average_nusselt']).toBeDefined();
    }
  });
});

describe('melt pool: contracts schema and solver agree', () => {
  it.each(meltPoolTypes)('%s: the solver defaults equal the contract defaults, every form field (conditional ones too) is a solver parameter, and the estimate answers', (type) => {
    const entry = entryWithAgreeingDefaults(type);
    const everything = everyField(type);
    expect(validateParameters(entry.parameters, everything)).toMatchObject({ success: true });
    const answer = estimate(type, everything);
    expect(answer.results.regime).toBeDefined();
    expect(answer.expected_runtime_seconds).toBeGreaterThan(0);
  });
});
