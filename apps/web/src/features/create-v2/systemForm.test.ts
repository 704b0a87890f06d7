import { describe, expect, it } from 'vitest';
import { catalogueEntry, describeForm, getAtPath, validateParameters } from '@simforge/contracts';
import { validateAll } from '../simulations/form/parameterForm';
import { convertValues, describeFormIn, initialValuesIn, toParametersIn } from './systemForm';

const entry = catalogueEntry('CIRCULAR_PIPE')!;
const base = describeForm(entry.parameters!);

describe('the form in a unit system', () => {
  it('keeps the catalogue units in engineering metric', () => {
    expect(describeFormIn(base, 'metric').fields).toEqual(base.fields);
  });

  it('shows US customary units with ranges rounded inwards and the spec message in those units', () => {
    const us = describeFormIn(base, 'us');
    const diameter = us.fields.find((f) => f.path === 'diameter')!;
    const metric = base.fields.find((f) => f.path === 'diameter')!;
    if (diameter.kind !== 'number' || metric.kind !== 'number') throw new Error('number fields');
    expect(diameter.displayUnit).toBe('in');
    expect(diameter.displayMin * 0.0254).toBeGreaterThanOrEqual(metric.min);
    expect(diameter.displayMax * 0.0254).toBeLessThanOrEqual(metric.max);
    const { values } = initialValuesIn(us, entry.defaults);
    const tooBig = { ...values, diameter: String(diameter.displayMax * 2) };
    expect(validateAll(us, tooBig).diameter).toBe(`This field must be between ${diameter.displayMin} and ${diameter.displayMax}`);
  });

  it('sends untouched values back exactly and typed ones converted to SI', () => {
    const us = describeFormIn(base, 'us');
    const { values, shown } = initialValuesIn(us, entry.defaults);
    expect(toParametersIn(us, values, {}, shown)).toEqual(toParametersIn(base, initialValuesIn(base, entry.defaults).values, {}));
    const typed = { ...values, diameter: '2', inlet_temperature: '68' };
    const parameters = toParametersIn(us, typed, {}, shown);
    expect(parameters.diameter).toBe(0.0508);
    expect(parameters.inlet_temperature).toBe(293.15);
    expect(validateParameters(entry.parameters!, parameters).success).toBe(true);
  });

  it('moves typed values between systems without changing their SI value', () => {
    const metric = describeFormIn(base, 'metric');
    const us = describeFormIn(base, 'us');
    const si = describeFormIn(base, 'si');
    const start = initialValuesIn(metric, entry.defaults);
    const typed = { ...start.values, diameter: '50.8' };
    const toUs = convertValues(metric, us, typed, start.shown);
    expect(getAtPath(toUs.values, 'diameter')).toBe('2');
    const toSi = convertValues(us, si, toUs.values, toUs.shown);
    expect(getAtPath(toSi.values, 'diameter')).toBe('0.0508');
    expect(toParametersIn(si, toSi.values, {}, toSi.shown).diameter).toBe(0.0508);
  });
});
