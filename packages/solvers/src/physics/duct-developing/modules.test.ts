// CIRCULAR_PIPE and CIRCULAR_ANNULUS through the registry: which model runs, the summary keys of
// simulations.md, the four ways to give the flow, each annulus wall's own condition, and the
// annulus estimate against exact laminar values and the solver.

import { describe, expect, it } from 'vitest';
import { estimate, InvalidParametersError, parameterDefaults, solve, type SolveResult } from '../../index.js';
import { gnielinskiAnnulusNusselt, laminarEquivalentReynolds } from './annulus-estimate.js';
import { colebrookFrictionFactor } from '../duct-1d/friction.js';
import { readPipeCase } from '../duct-1d/parameters.js';
import { readDevelopingDuctCase } from './parameters.js';
import { derivedFlow } from './problem.js';
import { defaultParametersOf } from '@simforge/contracts';
import { DUCT_SUMMARY_KEYS } from '../../../test/helpers.js';


/** The create form's CIRCULAR_PIPE default (contracts), with a heated wall. */
const formPipe = {
  ...(defaultParametersOf('CIRCULAR_PIPE') as { model: string; flow_model: string; diameter: number; roughness: number } & Record<string, unknown>),
  wall: { condition: 'temperature', temperature: 333.15 },
};

/** A laminar annulus (Re ≈ 170) that marches in a few tens of milliseconds. */
const laminarAnnulus = { ...(parameterDefaults('CIRCULAR_ANNULUS') as Record<string, unknown>), flow_rate: 1e-5 };

function issuesOf(fn: () => unknown): { path: string; message: string }[] {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidParametersError);
    return [...(error as InvalidParametersError).issues];
  }
  throw new Error('accepted');
}

describe('CIRCULAR_PIPE: the model', () => {
  let developing: SolveResult;

  it('`model: developing` runs the developing-flow solver: summary keys of simulations.md, profiles, fields', async () => {
    developing = await solve({ type: 'CIRCULAR_PIPE', parameters: { ...formPipe, n_segments: 500 } });
    expect(developing.solver_version).toBe('@simforge/solvers 0.1.0, duct-developing 1.0.0');
    for (const key of DUCT_SUMMARY_KEYS) expect(developing.summary[key], key).toBeDefined();
    expect(developing.summary['flow_regime']!.value).toBe('turbulent');
    expect(Object.keys(developing.fields)).toEqual(['velocity', 'temperature']);
    expect(developing.series['velocity_profiles']!.y.length).toBeGreaterThan(1);
    // The friction factor and Nusselt number have no inlet value: their series start just after it.
    expect(developing.series['nusselt_number']!.x.values[0]).toBeGreaterThan(0);
    expect(developing.series['pressure']!.x.values[0]).toBe(0);
    expect(developing.log.map((l) => l.message)).toContain('n_segments applies to the one_dimensional model only; not used');
  });

  it('the default commercial-steel wall (k⁺ ≈ 2.7) gives a friction factor within 5 % of Colebrook-White (issue 6: it was 13.5 % below)', () => {
    const reynolds = developing.summary['reynolds_number']!.value as number;
    const colebrook = colebrookFrictionFactor(reynolds, formPipe.roughness / formPipe.diameter);
    expect(Math.abs((developing.summary['friction_factor']!.value as number) / colebrook - 1)).toBeLessThan(0.05);
  });

  it('`model: one_dimensional`, and a case that names no model (as every case did before), run the 1-D march', async () => {
    const oneD = await solve({ type: 'CIRCULAR_PIPE', parameters: { ...formPipe, model: 'one_dimensional', n_segments: 50 } });
    expect(oneD.solver_version).toBe('@simforge/solvers 0.1.0, duct-1d 1.0.0');
    expect(oneD.log.map((l) => l.message)).toContain('flow_model applies to the developing model only; not used');
    const { model: _model, flow_model: _flowModel, ...unnamed } = formPipe;
    const legacy = await solve({ type: 'CIRCULAR_PIPE', parameters: { ...unnamed, n_segments: 50 } });
    expect(legacy.solver_version).toBe('@simforge/solvers 0.1.0, duct-1d 1.0.0');
    expect(legacy.summary).toEqual(oneD.summary);
    // Both models see the same pipe: their outlet temperatures agree within a tenth of the rise (the
    // 1-D march re-evaluates the properties along the pipe; the developing model keeps the inlet's).
    const rise = (developing.summary['outlet_temperature']!.value as number) - 293.15;
    expect(Math.abs((oneD.summary['outlet_temperature']!.value as number) - (developing.summary['outlet_temperature']!.value as number))).toBeLessThan(0.1 * rise);
    expect(parameterDefaults('CIRCULAR_PIPE')).toMatchObject({ model: 'one_dimensional' });
  });

  it('refuses an unknown model on `model`, before any computation', () => {
    expect(issuesOf(() => estimate('CIRCULAR_PIPE', { ...formPipe, model: 'laminar' }))).toEqual([{ path: 'model', message: 'must be one of: developing, one_dimensional' }]);
  });

  it('the estimate of the developing model uses the same correlations, with the developing solver’s run time', () => {
    const developingEstimate = estimate('CIRCULAR_PIPE', formPipe);
    const oneDEstimate = estimate('CIRCULAR_PIPE', { ...formPipe, model: 'one_dimensional', n_segments: 200 });
    expect(developingEstimate.results).toEqual(oneDEstimate.results);
    expect(developingEstimate.expected_runtime_seconds).toBeGreaterThan(0.1);
    expect(developingEstimate.expected_runtime_seconds).not.toBe(oneDEstimate.expected_runtime_seconds);
  });
});

describe('the flow as a volume flow rate, mean velocity, mass flow rate or Reynolds number', () => {
  const pipe = { ...formPipe, wall: { condition: 'adiabatic' } };

  it('each gives the flow it names at the inlet state (developing and 1-D readers alike)', () => {
    const strip = (p: Record<string, unknown>) => Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'model' && k !== 'flow_model' && k !== 'flow_rate'));
    const byRate = readDevelopingDuctCase({ ...strip(pipe), flow_rate: 0.0005 }, 'pipe');
    const flow = derivedFlow(byRate.problem);
    const cases = [
      { flow_input: 'mean_velocity', mean_velocity: flow.meanVelocity },
      { flow_input: 'mass_flow_rate', mass_flow_rate: byRate.problem.massFlowRate },
      { flow_input: 'reynolds_number', reynolds_number: flow.reynolds },
    ];
    for (const given of cases) {
      const duct = readDevelopingDuctCase({ ...strip(pipe), ...given }, 'pipe');
      expect(duct.flowRate / 0.0005 - 1, given.flow_input).toBeCloseTo(0, 12);
      expect(readPipeCase({ ...strip(pipe), ...given }).flowRate / 0.0005 - 1, given.flow_input).toBeCloseTo(0, 12);
    }
    const annulus = readDevelopingDuctCase({ ...laminarAnnulus, flow_input: 'reynolds_number', reynolds_number: 500 }, 'annulus');
    expect(derivedFlow(annulus.problem).reynolds).toBeCloseTo(500, 9);
  });

  it('the chosen input is required and positive; the others are not read', () => {
    expect(issuesOf(() => estimate('CIRCULAR_ANNULUS', { ...laminarAnnulus, flow_input: 'mean_velocity' }))).toEqual([{ path: 'mean_velocity', message: 'is required' }]);
    expect(issuesOf(() => estimate('CIRCULAR_PIPE', { ...pipe, flow_input: 'reynolds_number', reynolds_number: -5 }))[0]).toMatchObject({ path: 'reynolds_number', message: expect.stringMatching(/must be > 0/) });
    expect(() => estimate('CIRCULAR_PIPE', { ...pipe, flow_input: 'mass_flow_rate', mass_flow_rate: 0.4, flow_rate: -1 })).not.toThrow();
    expect(issuesOf(() => estimate('CIRCULAR_PIPE', { ...pipe, flow_input: 'speed' }))[0]).toMatchObject({ path: 'flow_input' });
  });
});

describe('CIRCULAR_ANNULUS', () => {
  let defaults: SolveResult;

  it('runs its default case: the inner tube heated, the summary keys of simulations.md and the inner-wall Nusselt number', async () => {
    defaults = await solve({ type: 'CIRCULAR_ANNULUS', parameters: parameterDefaults('CIRCULAR_ANNULUS') });
    expect(defaults.solver_version).toBe('@simforge/solvers 0.1.0, duct-developing 1.0.0');
    for (const key of DUCT_SUMMARY_KEYS) expect(defaults.summary[key], key).toBeDefined();
    expect(defaults.summary['nusselt_number_inner']).toBeDefined();
    expect(defaults.summary['nusselt_number_outer']).toBeUndefined();
    expect(defaults.summary['heat_transfer_rate']!.value).toBeGreaterThan(0);
    expect(defaults.log.map((l) => l.message)).toContain('inner wall T = 333.15 K, outer wall adiabatic');
  });

  it('gives each wall its own condition: heat-flux walls put exactly q·π·D·L into the fluid', async () => {
    const result = await solve({
      type: 'CIRCULAR_ANNULUS',
      parameters: { ...laminarAnnulus, length: 1, inner_wall: { condition: 'heat_flux', heat_flux: 2000 }, outer_wall: { condition: 'heat_flux', heat_flux: -500 } },
    });
    const imposed = 2000 * Math.PI * 0.025 * 1 - 500 * Math.PI * 0.05 * 1;
    expect((result.summary['heat_transfer_rate']!.value as number) / imposed - 1).toBeCloseTo(0, 6);
    expect(result.summary['nusselt_number_inner']).toBeDefined();
    expect(result.summary['nusselt_number_outer']).toBeDefined();
  });

  it('names the field of a bad geometry or wall', () => {
    expect(issuesOf(() => estimate('CIRCULAR_ANNULUS', { ...laminarAnnulus, inner_diameter: 0.06 }))).toEqual([{ path: 'inner_diameter', message: 'must be smaller than outer_diameter (0.06 m >= 0.05 m)' }]);
    expect(issuesOf(() => estimate('CIRCULAR_ANNULUS', { ...laminarAnnulus, wall: { condition: 'adiabatic' } }))).toEqual([
      { path: 'wall', message: 'give either wall (one condition, on the heated_wall) or inner_wall and outer_wall, not both' },
    ]);
    expect(issuesOf(() => estimate('CIRCULAR_ANNULUS', { ...laminarAnnulus, outer_wall: { condition: 'temperature' } }))).toEqual([{ path: 'outer_wall.temperature', message: 'is required' }]);
  });

  it('estimates laminar flow exactly: f·Re 95.25 at a radius ratio of 0.5, Nu 5.74 (inner) and 4.43 (outer) of Incropera Table 8.2', () => {
    const laminar = { ...laminarAnnulus, length: 100 };
    const inner = estimate('CIRCULAR_ANNULUS', laminar);
    const re = inner.results['reynolds_number']!.value as number;
    expect((inner.results['friction_factor']!.value as number) * re).toBeCloseTo(95.25, 1);
    expect(inner.results['nusselt_number_inner']!.value).toBeCloseTo(5.74, 1);
    const outer = estimate('CIRCULAR_ANNULUS', { ...laminar, inner_wall: { condition: 'adiabatic' }, outer_wall: { condition: 'temperature', temperature: 333.15 } });
    expect(outer.results['nusselt_number_outer']!.value).toBeCloseTo(4.43, 1);
    expect(outer.model).toMatch(/exact annulus f·Re \+ exact one-sided annulus Nu/);
  });

  it('Gnielinski’s annulus: Re* runs from Re (a → 0) to 2/3 Re (plates, a → 1); the turbulent estimate is near the solver’s default run', () => {
    expect(laminarEquivalentReynolds(1e4, 1e-9) / 1e4).toBeCloseTo(1, 1);
    expect(laminarEquivalentReynolds(1e4, 0.9999) / 1e4).toBeCloseTo(2 / 3, 3);
    expect(gnielinskiAnnulusNusselt(3e4, 5, 0.5, 'inner')).toBeGreaterThan(gnielinskiAnnulusNusselt(3e4, 5, 0.5, 'outer'));
    const answer = estimate('CIRCULAR_ANNULUS', parameterDefaults('CIRCULAR_ANNULUS'));
    expect(answer.model).toMatch(/Gnielinski \(2009\) annulus/);
    expect(answer.inside_validity).toBe(true);
    const near = (key: string, tolerance: number) => expect(Math.abs((answer.results[key]!.value as number) / (defaults.summary[key]!.value as number) - 1), key).toBeLessThan(tolerance);
    near('pressure_drop', 0.1);
    near('nusselt_number_inner', 0.15);
    near('heat_transfer_rate', 0.15);
  });
});
