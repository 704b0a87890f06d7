import { describe, expect, it } from 'vitest';
import { InvalidParametersError, OutOfRangeError } from '../errors.js';
import { ParameterChecker } from '../run/parameters.js';
import { readFluid } from './index.js';
import { constantProperty, tableProperty } from './property-function.js';

describe('property functions', () => {
  const table = tableProperty('viscosity', [
    [300, 2],
    [400, 4],
    [500, 3],
  ]);

  it('interpolates linearly and hits the table points', () => {
    expect(table.value(300)).toBe(2);
    expect(table.value(350)).toBe(3);
    expect(table.value(400)).toBe(4);
    expect(table.value(450)).toBe(3.5);
    expect(table.value(500)).toBe(3);
  });

  it('integrates the piecewise-linear table exactly', () => {
    expect(table.integral(300, 500)).toBeCloseTo(300 + 350, 12);
    expect(table.integral(350, 450)).toBeCloseTo(0.5 * (3 + 4) * 50 + 0.5 * (4 + 3.5) * 50, 12);
    expect(table.integral(450, 350)).toBeCloseTo(-(0.5 * (3 + 4) * 50 + 0.5 * (4 + 3.5) * 50), 12);
  });

  it('does not extrapolate', () => {
    expect(() => table.value(299)).toThrow(OutOfRangeError);
    expect(() => table.value(501)).toThrow(/outside the viscosity table/);
  });

  it('constants integrate to value × dT', () => {
    expect(constantProperty('density', 1000).integral(300, 310)).toBe(10000);
  });
});

describe('readFluid', () => {
  const read = (input: unknown) => {
    const checker = new ParameterChecker();
    const fluid = readFluid(input, 'fluid', checker);
    checker.finish();
    return fluid!;
  };

  it('accepts ids and property objects', () => {
    expect(read('water').id).toBe('water');
    expect(read('air').id).toBe('air');
    const oil = read({ name: 'oil', density: 870, specific_heat: [[280, 1800], [400, 2200]], viscosity: 0.03, conductivity: 0.13 });
    expect(oil.temperatureRange).toEqual({ min: 280, max: 400 });
    expect(oil.state(340, 1e5).specificHeat).toBeCloseTo(2000, 10);
    expect(oil.state(340, 1e5).enthalpy).toBeCloseTo(0.5 * (1800 + 2000) * 60, 8);
  });

  it('names the bad field', () => {
    const issues = (input: unknown) => {
      try {
        read(input);
      } catch (error) {
        return (error as InvalidParametersError).issues.map((issue) => issue.path);
      }
      return [];
    };
    expect(issues('steam')).toEqual(['fluid']);
    expect(issues({ density: 1000, specific_heat: 4000, viscosity: -1, conductivity: 0.6 })).toEqual(['fluid.viscosity']);
    expect(issues({ density: 1000, specific_heat: [[300, 4000]], viscosity: 1e-3, conductivity: 0.6 })).toEqual(['fluid.specific_heat']);
    expect(issues({ density: 1000, specific_heat: [[300, 4000], [290, 4100]], viscosity: 1e-3, conductivity: 0.6 })).toEqual(['fluid.specific_heat[1][0]']);
    expect(issues({ density: 1000, specific_heat: 4000, viscosity: 1e-3 })).toEqual(['fluid.conductivity']);
    expect(issues({ density: 1000, specific_heat: 4000, viscosity: 1e-3, conductivity: 0.6, colour: 'blue' })).toEqual(['fluid.colour']);
  });
});
