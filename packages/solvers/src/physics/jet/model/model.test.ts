// The jet types through the registry's driver: parameters and their errors, the estimate, a coarse
// run with its residual events and results, the 180° ridge against the flat plate, and reproducible
// particle dispersion.

import { describe, expect, it } from 'vitest';
import { InvalidParametersError } from '../../../errors.js';
import { estimate, solve } from '../../../run/solve.js';
import type { Residuals } from '../../../run/types.js';
import { martinRound, martinSlot } from '../estimate.js';
import { FlowSolver } from '../solver.js';
import { ParticleTracker } from '../particles/tracking.js';
import { jetFlowCase } from './flow-case.js';
import { jetDefaults, readJetCase } from './parameters.js';
import { WALL_RESOLVED_Y_PLUS, warnUnresolvedWalls } from './results.js';
import { runJet, type JetRun } from './solver.js';
import { RunContext } from '../../../run/context.js';

const coarse = (type: Parameters<typeof jetDefaults>[0], overrides: Record<string, unknown> = {}) => ({ ...jetDefaults(type), mesh_size: 'coarse', ...overrides });

function issuesOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof InvalidParametersError) return error.issues.map((issue) => issue.path);
    throw error;
  }
  return [];
}

describe('jet parameters', () => {
  it('reads the defaults: Re 23 000 of air at the film temperature', () => {
    const jet = readJetCase('JET_IMPINGING_SURFACE', jetDefaults('JET_IMPINGING_SURFACE'));
    expect(jet.filmTemperature).toBeCloseTo(313.15, 10);
    expect(jet.flowModel).toBe('turbulent');
    expect((jet.velocity * jet.diameter * jet.properties.density) / jet.properties.viscosity).toBeCloseTo(23_000, 6);
    expect(readJetCase('JET_IMPINGING_SURFACE', { ...jetDefaults('JET_IMPINGING_SURFACE'), reynolds_number: 1000 }).flowModel).toBe('laminar');
  });

  it('names the field of every inconsistent input', () => {
    const ridge = jetDefaults('JET_IMPINGING_RIDGE');
    expect(issuesOf(() => readJetCase('JET_IMPINGING_SURFACE', { ...jetDefaults('JET_IMPINGING_SURFACE'), nozzle_to_plate_distance: 0.001, domain_radius: 0.03, average_radius: 0.1, jet_temperature: 2000, colour: 'red' }))).toEqual(
      expect.arrayContaining(['colour', 'nozzle_to_plate_distance', 'domain_radius', 'average_radius', 'jet_temperature']),
    );
    expect(issuesOf(() => readJetCase('JET_IMPINGING_RIDGE', { ...ridge, nozzle: { shape: 'round', diameter: 0.02 } }))).toEqual(['nozzle.shape']);
    expect(issuesOf(() => readJetCase('JET_IMPINGING_RIDGE', { ...ridge, ridge: { height: 0.038, apex_angle: 1 } }))).toEqual(['ridge.height']);
    expect(issuesOf(() => readJetCase('JET_IMPINGING_RIDGE', { ...ridge, ridge: { polygon: [[0, 0], [0.01, 0], [0.02, 0]] } }))).toEqual(['ridge.polygon']);
    expect(issuesOf(() => readJetCase('JET_WITH_PARTICLES_IMPINGING_SURFACE', { ...jetDefaults('JET_WITH_PARTICLES_IMPINGING_SURFACE'), particles: { diameter: -1, density: 2500 } }))).toEqual(['particles.diameter']);
  });
});

describe('jet estimates', () => {
  it('Martin for round and slot nozzles, Marple for particles, with validity and run times', () => {
    const round = estimate('JET_IMPINGING_SURFACE', jetDefaults('JET_IMPINGING_SURFACE'));
    const jet = readJetCase('JET_IMPINGING_SURFACE', jetDefaults('JET_IMPINGING_SURFACE'));
    const prandtl = (jet.properties.viscosity * jet.properties.specificHeat) / jet.properties.conductivity;
    // G(2.5, 2) = 0.4·(1 − 0.44)/(1 − 0.16) = 0.26667; F = 2 √23000 (1 + 0.005·23000^0.55)^½.
    const expected = (0.4 * 0.56) / 0.84 * 2 * Math.sqrt(23_000) * Math.sqrt(1 + 0.005 * 23_000 ** 0.55) * prandtl ** 0.42;
    expect(round.results['average_nusselt']!.value).toBeCloseTo(expected, 9);
    expect(martinRound({ reynolds: 23_000, prandtl, hOverD: 2, rOverD: 2.5 })).toBeCloseTo(expected, 12);
    expect(round.inside_validity).toBe(true);
    expect(round.expected_runtime_seconds_by_mesh!['fine']!).toBeGreaterThan(round.expected_runtime_seconds);

    // Slot: Re_2W 46 000, H/W 2, x/W 2.5 (outside Martin's 4-20).
    const slot = estimate('JET_IMPINGING_SURFACE', { ...jetDefaults('JET_IMPINGING_SURFACE'), nozzle: { shape: 'slot', diameter: 0.02 } });
    expect(slot.validity.find((v) => v.quantity === 'average_radius_over_w')!.inside).toBe(false);
    expect(martinSlot({ reynolds2W: 46_000, prandtl: 0.7, hOverW: 4, xOverW: 8 })).toBeCloseTo((3.06 / 14.78) * 46_000 ** (0.695 - 1 / (4 + 2 ** 1.33 + 3.06)) * 0.7 ** 0.42, 10);

    const particles = estimate('JET_WITH_PARTICLES_IMPINGING_SURFACE', jetDefaults('JET_WITH_PARTICLES_IMPINGING_SURFACE'));
    expect(particles.results['stk50']!.value).toBeCloseTo(0.49 ** 2, 12);
    const d50 = particles.results['cut_diameter']!.value as number;
    const withCut = estimate('JET_WITH_PARTICLES_IMPINGING_SURFACE', { ...jetDefaults('JET_WITH_PARTICLES_IMPINGING_SURFACE'), particles: { ...(jetDefaults('JET_WITH_PARTICLES_IMPINGING_SURFACE')['particles'] as object), diameter: d50 } });
    expect(withCut.results['stokes_number']!.value).toBeCloseTo(0.49 ** 2, 8);
  });
});

describe('jet runs (coarse meshes)', () => {
  it('a round jet converges, streams its residuals and reports the summary, series and fields', async () => {
    const residuals: Residuals[] = [];
    const result = await solve({ type: 'JET_IMPINGING_SURFACE', parameters: coarse('JET_IMPINGING_SURFACE') }, { onResiduals: (r) => residuals.push(r) });
    const summary = result.summary;
    for (const key of ['stagnation_nusselt', 'average_nusselt', 'stagnation_pressure', 'max_wall_shear', 'iterations', 'converged']) expect(summary[key], key).toBeDefined();
    expect(summary['converged']!.value).toBe('yes');
    expect(residuals.length).toBe(summary['iterations']!.value);
    expect(Object.keys(residuals[0]!.values)).toEqual(expect.arrayContaining(['continuity', 'x-momentum', 'y-momentum', 'energy', 'k', 'omega']));
    expect(Math.max(...Object.values(residuals.at(-1)!.values))).toBeLessThanOrEqual(1e-5);
    expect(result.series['residuals']!.x.values.length).toBe(residuals.length);
    // Stagnation pressure near ½ρU_c² of the 1/7 power-law profile (U_c = 1.224 U): Cp ≈ 1.5.
    expect(summary['stagnation_pressure_coefficient']!.value as number).toBeGreaterThan(1.3);
    expect(summary['stagnation_pressure_coefficient']!.value as number).toBeLessThan(1.6);
    const field = result.fields['velocity_magnitude']!;
    expect(field.values.length).toBe(field.shape[0]! * field.shape[1]!);
    expect(result.fields['streamfunction']!.shape).toEqual([field.shape[0]! + 1, field.shape[1]! + 1]);
    for (const key of ['pressure', 'temperature', 'turbulent_viscosity']) expect(result.fields[key]).toBeDefined();
    for (const key of ['nusselt_number', 'pressure_coefficient', 'wall_shear_stress', 'martin_average_nusselt']) expect(result.series[key], key).toBeDefined();
    // Within 20 % of Martin at r = 2.5 D (the coarse grid; the verification suite holds the default grids).
    const jet = readJetCase('JET_IMPINGING_SURFACE', jetDefaults('JET_IMPINGING_SURFACE'));
    const prandtl = (jet.properties.viscosity * jet.properties.specificHeat) / jet.properties.conductivity;
    expect(Math.abs((summary['average_nusselt']!.value as number) / martinRound({ reynolds: 23_000, prandtl, hOverD: 2, rOverD: 2.5 }) - 1)).toBeLessThan(0.2);
    // The plate's first cells are wall-resolved on every preset (y⁺ < 1): no y⁺ warning.
    expect(result.log.filter((line) => line.level === 'warn' && line.message.includes('y⁺'))).toEqual([]);
  }, 60_000);

  it('a ridge on the σ grid has wall-resolved faces: no y⁺ warning', async () => {
    const result = await solve({ type: 'JET_IMPINGING_RIDGE', parameters: coarse('JET_IMPINGING_RIDGE', { domain_radius: 0.08 }) });
    // The faces' first cells are the plate's wall cell carried over the ridge (terrain-grid.ts).
    expect(result.log.some((line) => line.message.includes('terrain-following (σ) grid over the ridge'))).toBe(true);
    expect(result.log.filter((line) => line.level === 'warn' && line.message.includes('y⁺'))).toEqual([]);
    expect(result.summary['max_first_cell_y_plus']!.value as number).toBeLessThan(WALL_RESOLVED_Y_PLUS);
  }, 60_000);

  it('a ridge with no σ grid (a 76° face) falls back to the staircase, says why, and warns of its faces’ y⁺', async () => {
    const steep = { polygon: [[0, 0], [0.0025, 0], [0, 0.01]] };
    const result = await solve({ type: 'JET_IMPINGING_RIDGE', parameters: coarse('JET_IMPINGING_RIDGE', { domain_radius: 0.08, ridge: steep }) });
    expect(result.log.some((line) => /the ridge has no terrain-following grid \(.*steeper.*\): blocked cells/.test(line.message))).toBe(true);
    const warnings = result.log.filter((line) => line.level === 'warn' && line.message.includes('y⁺'));
    // The coarse preset's 16 steps leave the staircase's first cells well above y⁺ 2 (ridge-heat.test.ts), the plate's below 1.
    expect(warnings.length).toBe(1);
    expect(warnings[0]!.message).toMatch(/first-cell y⁺ on the ridge faces up to \d+(\.\d+)? \(area mean \d+(\.\d+)?\), above the 2/);
    const largest = Number(/up to ([\d.]+)/.exec(warnings[0]!.message)![1]);
    expect(largest).toBeGreaterThan(WALL_RESOLVED_Y_PLUS);
    // The message gives 3 significant digits; the faces' largest is at most the run's (plate included).
    expect(largest).toBeLessThanOrEqual(Number((result.summary['max_first_cell_y_plus']!.value as number).toPrecision(3)));
  }, 60_000);

  it('the y⁺ warning does not send a fine-mesh run to a finer preset that does not exist', () => {
    const wall = (side: string, yPlus: number) => ({ side, s: [0], area: [1], yPlus: [yPlus] });
    const warnings = (mesh: string): string[] => {
      const lines: string[] = [];
      const run = { jet: { mesh }, solution: { walls: [wall('xmax', 0.5), wall('obstacle', 3.1)] } } as unknown as JetRun;
      warnUnresolvedWalls(run, { warn: (message: string) => lines.push(message) } as unknown as RunContext);
      return lines;
    };
    expect(warnings('default')).toHaveLength(1);
    expect(warnings('default')[0]).toContain('only a finer mesh preset');
    expect(warnings('fine')[0]).toContain('this is the finest preset');
    expect(warnings('fine')[0]).not.toContain('finer mesh preset');
  });

  it('a ridge with a 180° apex reproduces the flat plate moved up by its height', async () => {
    const h = 0.005;
    const flat = await solve({ type: 'JET_IMPINGING_SURFACE', parameters: coarse('JET_IMPINGING_SURFACE', { nozzle: { shape: 'slot', diameter: 0.02 }, nozzle_to_plate_distance: 0.04 - h, domain_radius: 0.1 }) });
    // On blocked cells (asked for by name) the fluid grid is the flat one's: on the σ grid the columns are
    // the ridge's (ridgeSteps over its half-width), not the plate's grading, so the two grids differ.
    const jet = readJetCase('JET_IMPINGING_RIDGE', coarse('JET_IMPINGING_RIDGE', { ridge: { height: h, apex_angle: Math.PI }, domain_radius: 0.1 }));
    const ridge = (await runJet({ jet, flowCase: jetFlowCase(jet, {}, undefined, undefined, 'blocked') }, new RunContext())).output!;
    // The same fluid grid and the same wall treatment: equal to the iteration tolerance (measured 8e-7).
    for (const key of ['stagnation_nusselt', 'average_nusselt', 'stagnation_pressure', 'max_wall_shear']) {
      const [a, b] = [ridge.summary[key]!.value as number, flat.summary[key]!.value as number];
      expect(Math.abs(a / b - 1), key).toBeLessThan(1e-5);
    }
  }, 60_000);

  it('particles on a ridge: deposits and erosion on its faces, turbulent dispersion reproducible with its seed', async () => {
    const jet = readJetCase('JET_WITH_PARTICLES_IMPINGING_RIDGE', coarse('JET_WITH_PARTICLES_IMPINGING_RIDGE', { domain_radius: 0.08 }));
    const solver = new FlowSolver(jetFlowCase(jet));
    await solver.run();
    const tracker = new ParticleTracker(solver, { nozzleHalfWidth: 0.01, plateX: jet.distance, edge: jet.domainRadius, axisymmetric: false, velocity: jet.velocity, nozzle: 0.02, ridge: jet.ridge!.polygon });
    const settings = { diameter: 1e-5, density: 2500, restitution: 0, dispersion: true, seed: 7, gravity: 0, count: 40, massFlow: 1, flowStress: 1e9, freePath: 0 };
    const [a, b, c] = [await tracker.track(settings), await tracker.track(settings), await tracker.track({ ...settings, seed: 8 })];
    expect(b.deposition).toEqual(a.deposition);
    expect(b.impactionEfficiency).toBe(a.impactionEfficiency);
    expect(c.deposition).not.toEqual(a.deposition);
    // Every captured kilogram is in the map (per unit plan area, one side of the mid-plane).
    const deposited = a.deposition.reduce((sum, flux, k) => sum + flux * (a.binEdges[k + 1]! - a.binEdges[k]!), 0);
    expect(deposited).toBeCloseTo(a.captureEfficiency, 12);
    // Stk ≈ 1.4: most particles hit, a good part of them on the ridge's faces (within its half-width of
    // 10 mm; measured 44 %, the rest carried beyond its foot by the wall jet), and the walls erode.
    expect(a.impactionEfficiency).toBeGreaterThan(0.8);
    const onRidge = a.deposition.reduce((sum, flux, k) => sum + (a.binCentres[k]! < 0.01 ? flux * (a.binEdges[k + 1]! - a.binEdges[k]!) : 0), 0);
    expect(onRidge / deposited).toBeGreaterThan(0.25);
    expect(a.maxErosionRate).toBeGreaterThan(0);
  }, 60_000);
});
