// The melt-pool contracts and solver agree: same parameter names and defaults bit for bit, every form
// field (conditional ones included) accepted by the solver, and estimates that answer.

import { checkTypeAvailable, defaultParametersOf, describeForm, meltPoolTypes, setAtPath, validateParameters, type FormField } from '@simforge/contracts';
import { estimate, parameterDefaults } from '@simforge/solvers';
import { describe, expect, it } from 'vitest';

describe('melt pool: contracts schema and solver agree', () => {
  it.each(meltPoolTypes)('%s', (type) => {
    const entry = checkTypeAvailable(type);
    if (!entry.ok) throw new Error(entry.message);
    expect(parameterDefaults(type)).toEqual(defaultParametersOf(type));
    expect(validateParameters(entry.entry.parameters, parameterDefaults(type))).toMatchObject({ success: true });
    let everything = defaultParametersOf(type)!;
    for (const field of describeForm(entry.entry.parameters).fields as FormField[]) everything = setAtPath(everything, field.path, field.default);
    expect(validateParameters(entry.entry.parameters, everything)).toMatchObject({ success: true });
    const answer = estimate(type, everything);
    expect(answer.results.regime).toBeDefined();
    expect(answer.expected_runtime_seconds).toBeGreaterThan(0);
  });
});
