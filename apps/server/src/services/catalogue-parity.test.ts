// The contracts' CIRCULAR_PIPE schema and the solver agree: same parameter names (the solver refuses
// unknown keys), defaults that run, and the solver's defaults pass the schema.

import { checkTypeAvailable, defaultParametersOf, describeForm, simulationCatalogue, validateParameters } from '@simforge/contracts';
import { estimate, InvalidParametersError, parameterDefaults, solverTypes } from '@simforge/solvers';
import { describe, expect, it } from 'vitest';

describe('catalogue and solvers', () => {
  it('marks available exactly the types that have a solver', () => {
    expect(simulationCatalogue.filter((e) => e.available).map((e) => e.type).sort()).toEqual([...solverTypes()].sort());
  });

  it('CIRCULAR_PIPE: every field of the form is a solver parameter, and the defaults run', () => {
    const entry = checkTypeAvailable('CIRCULAR_PIPE');
    if (!entry.ok) throw new Error(entry.message);
    // Every field filled in (conditional ones too): the solver accepts all the names.
    const everything: Record<string, unknown> = { ...defaultParametersOf('CIRCULAR_PIPE'), wall: { condition: 'temperature', temperature: 333.15, heat_flux: 1000 } };
    expect(() => estimate('CIRCULAR_PIPE', everything)).not.toThrow();
    expect(describeForm(entry.entry.parameters).fields.map((f) => f.path.split('.')[0]).every((key) => key in everything)).toBe(true);
    expect(estimate('CIRCULAR_PIPE', defaultParametersOf('CIRCULAR_PIPE')).inside_validity).toBe(true);
    // And the solver's own example passes the schema unchanged.
    expect(validateParameters(entry.entry.parameters, parameterDefaults('CIRCULAR_PIPE'))).toMatchObject({ success: true });
  });
});

describe('welding (cwm): contracts schema and solver agree', () => {
  const weldingTypes = simulationCatalogue.filter((e) => e.family === 'cwm').map((e) => e.type);

  it.each(weldingTypes)('%s: the solver defaults equal the contract defaults, pass the schema, and estimate', (type) => {
    const entry = checkTypeAvailable(type);
    if (!entry.ok) throw new Error(entry.message);
    expect(parameterDefaults(type)).toEqual(defaultParametersOf(type));
    expect(validateParameters(entry.entry.parameters, parameterDefaults(type))).toMatchObject({ success: true });
    // Every top-level field of the form is a solver parameter (the solver refuses unknown keys).
    const defaults = defaultParametersOf(type)!;
    expect(describeForm(entry.entry.parameters).fields.map((f) => f.path.split('.')[0]).every((key) => key in defaults)).toBe(true);
    // Explicit source semi-axes (the advanced form fields) are accepted too.
    const explicit = { ...defaults, heat_source: { mode: 'explicit', a_f: 0.004, a_r: 0.008, b: 0.004, c: 0.003 } };
    expect(estimate(type, explicit).results.heat_input!.value).toBeCloseTo(800_000, 6);
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
