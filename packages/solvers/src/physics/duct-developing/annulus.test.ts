// The march in a concentric annulus: both walls, heat on either or both, conservation, and the
// approach to the fully developed state computed on its own.

import { describe, expect, it } from 'vitest';
import { dimensionlessProblem, type DimensionlessDuct } from './dimensionless.js';
import { annulusLaminarFrictionReynolds, annulusOneSidedNusselt } from './exact.js';
import { innerRadius, outerRadius } from './grid.js';
import { solveDevelopingFlow } from './march.js';
import { defaultDevelopingFlowNumerics } from './problem.js';
import { hydrodynamicEntranceLength, localFrictionFactor, localNusselt } from './results.js';
import { relativeError } from './verification-helpers.js';

const RE = 500;
const numerics = defaultDevelopingFlowNumerics;

/** The laminar annulus r_i/r_o = 0.5 at Re 500, `length` hydraulic diameters long, with these walls. */
const annulus = (prandtl: number, length: number, walls: DimensionlessDuct['walls']) => dimensionlessProblem({ radiusRatio: 0.5, reynolds: RE, prandtl, length, flowModel: 'laminar', walls });

describe('laminar annulus march, r_i/r_o = 0.5', () => {
  it('inner wall at uniform temperature, outer insulated: the outlet has the fully developed f·Re and Nu_i', () => {
    const problem = annulus(1, 0.5 * RE, { inner: { condition: 'temperature', temperature: 1 } });
    const solution = solveDevelopingFlow(problem, numerics);
    const last = solution.stations.x.length - 1;
    expect(relativeError(localFrictionFactor(solution)[last]! * RE, annulusLaminarFrictionReynolds(0.5))).toBeLessThan(0.005);
    expect(relativeError(localFrictionFactor(solution)[last]!, solution.fullyDeveloped.flow.frictionFactor)).toBeLessThan(1e-6);
    const nusselt = localNusselt(solution);
    expect(relativeError(nusselt.inner![last]!, solution.fullyDeveloped.heat.nusselt.inner!)).toBeLessThan(1e-6);
    expect(relativeError(nusselt.inner![last]!, annulusOneSidedNusselt(0.5, 'inner', 'temperature'))).toBeLessThan(0.005);
    expect(nusselt.outer).toBeUndefined();
    // The maximum velocity reaches 99 % of its developed value in a shorter duct than a pipe's 0.056 Re D_h.
    expect(hydrodynamicEntranceLength(solution)! / RE).toBeLessThan(0.056);
  });

  it('both walls at different heat fluxes: mass and energy conserved to round-off; Nu_i and Nu_o reach the developed values', () => {
    const qi = 2;
    const qo = 0.5;
    const problem = annulus(0.7, 0.5 * RE, { inner: { condition: 'heat_flux', heatFlux: qi }, outer: { condition: 'heat_flux', heatFlux: qo } });
    const solution = solveDevelopingFlow(problem, { ...numerics, radialCells: 40 });
    const { x, energyFlow, massFlowError } = solution.stations;
    const last = x.length - 1;
    expect(massFlowError.reduce((m, e) => Math.max(m, Math.abs(e)), 0)).toBeLessThan(1e-13);
    const perRadian = innerRadius(problem.shape) * qi + outerRadius(problem.shape) * qo;
    x.forEach((xi, i) => expect(Math.abs(energyFlow[i]! - energyFlow[0]! - perRadian * xi)).toBeLessThan(1e-12 * perRadian * x[last]!));
    const nusselt = localNusselt(solution);
    const fd = solution.fullyDeveloped.heat.nusselt;
    expect(relativeError(nusselt.inner![last]!, fd.inner!)).toBeLessThan(1e-5);
    expect(relativeError(nusselt.outer![last]!, fd.outer!)).toBeLessThan(1e-5);
    expect(relativeError(nusselt.overall![last]!, fd.overall!)).toBeLessThan(1e-5);
  });

  it('outer wall at uniform temperature, inner at a uniform flux: the steady-conduction limit is reached', () => {
    const problem = annulus(1, 1.5 * RE, { inner: { condition: 'heat_flux', heatFlux: 1 }, outer: { condition: 'temperature', temperature: 0 } });
    const solution = solveDevelopingFlow(problem, { ...numerics, radialCells: 40 });
    expect(solution.fullyDeveloped.heat.kind).toBe('steady-conduction');
    const last = solution.stations.x.length - 1;
    // Far downstream all the heat entering at the inner wall leaves through the outer one.
    const ri = innerRadius(problem.shape);
    const ro = outerRadius(problem.shape);
    expect(relativeError(-solution.stations.outer.heatFlux[last]! * ro, ri)).toBeLessThan(1e-6);
    const nusselt = localNusselt(solution);
    expect(relativeError(nusselt.inner![last]!, solution.fullyDeveloped.heat.nusselt.inner!)).toBeLessThan(1e-6);
  });
});
