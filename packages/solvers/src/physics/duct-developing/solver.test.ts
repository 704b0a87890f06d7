// The case reader and the solver function in the product's terms: parameters in, the result
// contract (summary, series, fields) out, with progress, log and abort.

import { describe, expect, it } from 'vitest';
import { AbortedError, InvalidParametersError } from '../../errors.js';
import { RunContext } from '../../run/context.js';
import type { SolverOutput } from '../../run/types.js';
import { STANDARD_GRAVITY } from '../duct-1d/march.js';
import { developingAnnulusDefaults, developingPipeDefaults, readDevelopingDuctCase, solveDevelopingDuct, type DevelopingDuctParameters, type DuctKind } from './index.js';
import { relativeError } from './verification-helpers.js';
import { recordCase } from '../../../test/verification/report/record.js';
import { DUCT_SUMMARY_KEYS } from '../../../test/helpers.js';

// SIMFORGE_VERIFY=full selects the full-size variants (read through globalThis: src/ is type-checked
// without Node's types).
const FULL = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.['SIMFORGE_VERIFY'] === 'full';

/** A laminar water-like case: Re = 500, Pr = 5, D = 10 mm, 1 m long, wall at 40 °C. */
const laminarPipe: DevelopingDuctParameters = {
  fluid: { density: 1000, specific_heat: 4000, viscosity: 1e-3, conductivity: 0.8 },
  diameter: 0.01,
  length: 1,
  flow_rate: (500 * 1e-3 * Math.PI * 0.01) / (4 * 1000),
  inlet_temperature: 293.15,
  inlet_pressure: 2e5,
  wall: { condition: 'temperature', temperature: 313.15 },
  stations: [0.1, 0.5],
};

async function run(parameters: unknown, kind: DuctKind, ctx = new RunContext()): Promise<SolverOutput> {
  return solveDevelopingDuct(readDevelopingDuctCase(parameters, kind), ctx);
}

const value = (output: SolverOutput, key: string): number => output.summary[key]!.value as number;

describe('readDevelopingDuctCase', () => {
  it('accepts both default cases and picks the model by Reynolds number', () => {
    const pipe = readDevelopingDuctCase(developingPipeDefaults, 'pipe');
    expect(pipe.problem.flowModel).toBe('turbulent');
    expect(pipe.problem.shape).toEqual({ kind: 'pipe', radius: 0.025 });
    const annulus = readDevelopingDuctCase(developingAnnulusDefaults, 'annulus');
    expect(annulus.problem.walls.inner.condition).toBe('temperature');
    expect(annulus.problem.walls.outer.condition).toBe('adiabatic');
    expect(readDevelopingDuctCase(laminarPipe, 'pipe').problem.flowModel).toBe('laminar');
  });

  it('names every bad field', () => {
    const bad = {
      ...developingAnnulusDefaults,
      inner_diameter: 0.06,
      stations: [1, 99],
      wall: { condition: 'heat_flux', heated_wall: 'middle' },
      numerics: { radial_cells: 3, colour: 'blue' },
      diameter: 0.05,
    };
    try {
      readDevelopingDuctCase(bad, 'annulus');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidParametersError);
      const paths = (error as InvalidParametersError).issues.map((issue) => issue.path).sort();
      expect(paths).toEqual(['diameter', 'inner_diameter', 'numerics.colour', 'numerics.radial_cells', 'stations[1]', 'wall.heat_flux', 'wall.heated_wall'].sort());
    }
  });

  it('maps the heated wall of an annulus and the numerics', () => {
    const duct = readDevelopingDuctCase(
      { ...developingAnnulusDefaults, wall: { condition: 'heat_flux', heat_flux: 1000, heated_wall: 'both' }, numerics: { radial_cells: 40, axial_scheme: 'bdf1', turbulent_prandtl: 0.85 } },
      'annulus',
    );
    expect(duct.problem.walls.inner).toEqual({ condition: 'heat_flux', heatFlux: 1000 });
    expect(duct.problem.walls.outer).toEqual({ condition: 'heat_flux', heatFlux: 1000 });
    expect(duct.numerics.radialCells).toBe(40);
    expect(duct.numerics.axialScheme).toBe('bdf1');
    expect(duct.numerics.turbulence.turbulentPrandtl).toBe(0.85);
  });
});

describe('solveDevelopingDuct', () => {
  it('laminar pipe: the contract keys, exact fully developed values, the energy balance and plot data', async () => {
    const lines: string[] = [];
    const fractions: number[] = [];
    const ctx = new RunContext({ onLog: (line) => lines.push(line.message), onProgress: (p) => fractions.push(p.fraction), progressIntervalMs: 0 });
    const output = await run(laminarPipe, 'pipe', ctx);
    for (const key of DUCT_SUMMARY_KEYS) expect(output.summary[key], key).toBeDefined();
    expect(output.summary['flow_regime']!.value).toBe('laminar');
    const reynolds = value(output, 'reynolds_number');
    expect(reynolds).toBeCloseTo(500, 9);
    recordCase({ id: 'duct-developing.laminar-pipe.friction-factor', model: 'duct-developing', kind: 'verification', compared: 'Fully developed f·Re, laminar pipe (Re 500)', reference: 'Hagen-Poiseuille f·Re = 64', value: value(output, 'friction_factor') * reynolds, reference_value: 64, tolerance: 0.005 });
    expect(relativeError(value(output, 'friction_factor') * reynolds, 64)).toBeLessThan(0.005);
    recordCase({ id: 'duct-developing.laminar-pipe.nusselt', model: 'duct-developing', kind: 'verification', compared: 'Fully developed Nusselt number, uniform wall temperature', reference: 'Graetz limit Nu = 3.657 (Shah & London 1978)', value: value(output, 'nusselt_number'), reference_value: 3.657, tolerance: 0.005 });
    expect(relativeError(value(output, 'nusselt_number'), 3.657)).toBeLessThan(0.005);
    // Heat: m c_p (T_out - T_in), with T_out between the inlet and the wall.
    const massFlow = value(output, 'mass_flow_rate');
    const rise = value(output, 'outlet_temperature') - 293.15;
    expect(value(output, 'heat_transfer_rate')).toBeCloseTo(massFlow * 4000 * rise, 6);
    expect(rise).toBeGreaterThan(0);
    expect(rise).toBeLessThan(20);
    // The 1 m pipe is shorter than the entrance lengths (0.056·500·0.01 = 0.28 m is not; the thermal one is): both reported.
    expect(relativeError(value(output, 'entrance_length'), 0.056 * 500 * 0.01)).toBeLessThan(0.03);
    expect(value(output, 'thermal_entrance_length')).toBeGreaterThan(1);
    // Profiles at the requested stations and the outlet, series along the duct, fields over (x, r).
    const profiles = output.series['velocity_profiles']!;
    expect(profiles.y.map((y) => y.label)).toEqual(['Velocity at x = 0.1 m', 'Velocity at x = 0.5 m', 'Velocity at x = 1 m']);
    expect(profiles.x.values.at(-1)).toBeCloseTo(0.005, 15);
    const pressure = output.series['pressure']!;
    expect(pressure.x.values[0]).toBe(0);
    expect(pressure.x.values.at(-1)).toBe(1);
    expect(pressure.y[0]!.values.at(-1)).toBeCloseTo(value(output, 'outlet_pressure'), 6);
    const field = output.fields['temperature']!;
    expect(field.values.length).toBe(field.shape[0]! * field.shape[1]!);
    // Progress rises to the end of the last phase; the log names the references.
    expect(fractions.every((f, i) => i === 0 || f >= fractions[i - 1]!)).toBe(true);
    expect(fractions.at(-1)).toBeCloseTo(1, 12);
    expect(lines.some((line) => line.includes('Hagen-Poiseuille'))).toBe(true);
    expect(lines.some((line) => line.includes('still developing'))).toBe(true);
  });

  it('adds the hydrostatic pressure of a rising duct: ρ g Δz', async () => {
    const coarse = { ...laminarPipe, wall: { condition: 'adiabatic' }, numerics: { radial_cells: 16, step_growth: 1.2 } };
    const level = await run(coarse, 'pipe');
    const rising = await run({ ...coarse, elevation_change: 0.5 }, 'pipe');
    expect(value(rising, 'pressure_drop') - value(level, 'pressure_drop')).toBeCloseTo(1000 * STANDARD_GRAVITY * 0.5, 8);
    // An adiabatic duct still reports the uniform-wall-temperature Nusselt number, labelled so.
    expect(level.summary['nusselt_number']!.label).toMatch(/adiabatic/);
  });

  it('annulus: the heated wall maps to the inner and outer keys and curves', async () => {
    const laminarAnnulus = { ...developingAnnulusDefaults, flow_rate: 2e-5, wall: { condition: 'heat_flux', heat_flux: 500, heated_wall: 'outer' }, numerics: { radial_cells: 24 } };
    const output = await run(laminarAnnulus, 'annulus');
    for (const key of DUCT_SUMMARY_KEYS) expect(output.summary[key], key).toBeDefined();
    expect(output.summary['flow_regime']!.value).toBe('laminar');
    expect(output.summary['nusselt_number_outer']!.value).toBe(output.summary['nusselt_number']!.value);
    expect(output.summary['nusselt_number_inner']).toBeUndefined();
    expect(output.series['temperature']!.y.map((y) => y.name)).toEqual(['bulk_temperature', 'inner_wall_temperature', 'outer_wall_temperature']);
    expect(output.series['nusselt_number']!.y.map((y) => y.name)).toEqual(['nusselt_number', 'nusselt_number_outer']);
  });

  it.runIf(FULL)('the default pipe and annulus cases run (turbulent, 120 cells)', async () => {
    for (const [parameters, kind] of [
      [developingPipeDefaults, 'pipe'],
      [developingAnnulusDefaults, 'annulus'],
    ] as const) {
      const output = await run(parameters, kind);
      for (const key of DUCT_SUMMARY_KEYS) expect(output.summary[key], key).toBeDefined();
      expect(output.summary['flow_regime']!.value).toBe('turbulent');
    }
  });

  it('stops at an abort request', async () => {
    const signal = { aborted: false };
    let steps = 0;
    const ctx = new RunContext({
      signal,
      progressIntervalMs: 0,
      onProgress: () => {
        steps += 1;
        if (steps === 5) signal.aborted = true;
      },
    });
    await expect(run(laminarPipe, 'pipe', ctx)).rejects.toBeInstanceOf(AbortedError);
  });
});
