// The contracts' CIRCULAR_PIPE schema and the solver agree: same parameter names (the solver refuses
// unknown keys), defaults that run, and the solver's defaults pass the schema.

import { checkTypeAvailable, defaultParametersOf, describeForm, simulationCatalogue, validateParameters } from '@simforge/contracts';
import { estimate, parameterDefaults, solverTypes } from '@simforge/solvers';
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
