// Invalid parameters: one InvalidParametersError naming every bad field, before any computation.

import { describe, expect, it } from 'vitest';
import { estimate, InvalidParametersError, parameterDefaults, type ParameterIssue } from '../../src/index.js';
import { runPipe } from '../helpers.js';

const valid = parameterDefaults('CIRCULAR_PIPE') as Record<string, unknown>;

async function issuesOf(parameters: Record<string, unknown>): Promise<ParameterIssue[]> {
  const error = await runPipe(parameters).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InvalidParametersError);
  expect(() => estimate('CIRCULAR_PIPE', parameters)).toThrow(InvalidParametersError);
  return [...(error as InvalidParametersError).issues];
}

describe('invalid parameters', () => {
  it.each([
    [{ diameter: 0 }, 'diameter', /must be > 0 m/],
    [{ diameter: -0.05 }, 'diameter', /must be > 0 m \(got -0.05 m\)/],
    [{ diameter: 'wide' }, 'diameter', /finite number/],
    [{ length: Number.NaN }, 'length', /finite number/],
    [{ flow_rate: -1e-3 }, 'flow_rate', /must be > 0/],
    [{ roughness: -1e-6 }, 'roughness', /must be >= 0/],
    [{ roughness: 0.01 }, 'roughness', /Colebrook-White/],
    [{ elevation_change: 50 }, 'elevation_change', /cannot exceed the pipe length/],
    [{ n_segments: 2.5 }, 'n_segments', /integer/],
    [{ n_segments: 0 }, 'n_segments', /must be >= 1/],
    [{ inlet_temperature: 500 }, 'inlet_temperature', /property range 273.15-453.15 K/],
    [{ inlet_temperature: 393.15, inlet_pressure: 101325 }, 'inlet_pressure', /boils/],
    [{ fluid: 'mercury' }, 'fluid', /unknown fluid 'mercury'/],
    [{ wall: { condition: 'radiation' } }, 'wall.condition', /one of: adiabatic, temperature, heat_flux/],
    [{ wall: { condition: 'temperature' } }, 'wall.temperature', /is required/],
    [{ wall: { condition: 'temperature', temperature: 600 } }, 'wall.temperature', /property range/],
    [{ wall: { condition: 'heat_flux' } }, 'wall.heat_flux', /is required/],
    [{ wall: { condition: 'adiabatic', temprature: 300 } }, 'wall.temprature', /not a parameter/],
    [{ diamter: 0.05 }, 'diamter', /not a parameter/],
    [{ fluid: { density: 1000, specific_heat: 4000, viscosity: 0, conductivity: 0.6 } }, 'fluid.viscosity', /must be > 0/],
  ])('%j -> %s', async (change, path, message) => {
    const issues = await issuesOf({ ...valid, ...change });
    const issue = issues.find((i) => i.path === path);
    expect(issue, JSON.stringify(issues)).toBeDefined();
    expect(issue!.message).toMatch(message);
  });

  it('reports a missing required field and every problem at once', async () => {
    const { diameter: _d, ...withoutDiameter } = valid;
    const issues = await issuesOf({ ...withoutDiameter, length: -1, flow_rate: 0 });
    expect(issues.map((i) => i.path).sort()).toEqual(['diameter', 'flow_rate', 'length']);
    expect(issues.find((i) => i.path === 'diameter')!.message).toBe('is required');
  });

  it('serialises to a plain object with code and issues', async () => {
    const error = (await runPipe({ ...valid, diameter: 0 }).catch((e: unknown) => e)) as InvalidParametersError;
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      code: 'INVALID_PARAMETERS',
      message: 'diameter: must be > 0 m (got 0 m)',
      details: { issues: [{ path: 'diameter', message: 'must be > 0 m (got 0 m)' }] },
    });
  });
});
