// Verification of the fully developed laminar state on the march's own radial operators: the exact
// solutions of Hagen-Poiseuille, the concentric annulus, and the Graetz / constant-flux limits, with
// the observed order of the finite volumes (second order in r; grids refined by 2 with the same
// tanh map, so the order is asymptotic).

import { describe, expect, it } from 'vitest';
import { dimensionlessProblem } from './dimensionless.js';
import {
  annulusLaminarFrictionReynolds,
  annulusLaminarVelocity,
  annulusOneSidedNusselt,
  PIPE_LAMINAR_NUSSELT_HEAT_FLUX,
  PIPE_LAMINAR_NUSSELT_TEMPERATURE,
  PLATES_ONE_SIDED_NUSSELT_HEAT_FLUX,
  PLATES_ONE_SIDED_NUSSELT_TEMPERATURE,
} from './exact.js';
import { fullyDevelopedFlow, fullyDevelopedHeat } from './fully-developed.js';
import { innerRadius, outerRadius, radialGrid } from './grid.js';
import { defaultDevelopingFlowNumerics, resolveStretching, type DevelopingFlowProblem, type WallThermal } from './problem.js';
import { observedOrders, relativeError } from './verification-helpers.js';

const RE = 1000;
const numerics = defaultDevelopingFlowNumerics;
const HOT: WallThermal = { condition: 'temperature', temperature: 1 };
const FLUX: WallThermal = { condition: 'heat_flux', heatFlux: 1 };

function laminar(radiusRatio: number, walls: DevelopingFlowProblem['walls'] | Record<string, never> = {}): DevelopingFlowProblem {
  return dimensionlessProblem({ radiusRatio, reynolds: RE, prandtl: 1, length: 1, flowModel: 'laminar', walls });
}

/** The default grid of a problem (as the solver builds it), or `cells` with the default map. */
function gridOf(problem: DevelopingFlowProblem, cells = numerics.radialCells) {
  return radialGrid(problem.shape, cells, resolveStretching(problem, numerics));
}

const REFINEMENT = [20, 40, 80, 160];

describe('Hagen-Poiseuille (fully developed laminar pipe)', () => {
  const problem = laminar(0);

  it('f·Re = 64 and u_max = 2 u_m within 0.5 % on the default grid', () => {
    const flow = fullyDevelopedFlow(gridOf(problem), problem, numerics);
    expect(relativeError(flow.frictionFactor * RE, 64)).toBeLessThan(0.005);
    expect(relativeError(flow.maxVelocity, 2)).toBeLessThan(0.005);
  });

  it('converges at second order in r: f·Re, the centreline velocity and the profile', () => {
    const results = REFINEMENT.map((cells) => {
      const grid = gridOf(problem, cells);
      const flow = fullyDevelopedFlow(grid, problem, numerics);
      const R = outerRadius(grid.shape);
      const profileError = Math.max(...Array.from(grid.r, (r, j) => Math.abs(flow.u[j]! - 2 * (1 - (r / R) ** 2))));
      return { f: flow.frictionFactor * RE - 64, centre: flow.maxVelocity - 2, profile: profileError };
    });
    for (const key of ['f', 'centre', 'profile'] as const) {
      for (const order of observedOrders(results.map((r) => r[key]))) expect(order).toBeGreaterThan(1.9), expect(order).toBeLessThan(2.1);
    }
  });

  it('balances the wall shear against the pressure gradient to round-off: τ_w 2πR = -dp/dx πR²', () => {
    const grid = gridOf(problem);
    const flow = fullyDevelopedFlow(grid, problem, numerics);
    const R = outerRadius(grid.shape);
    expect(Math.abs(flow.wallShear.outer * R + (flow.pressureGradient * R * R) / 2)).toBeLessThan(1e-14);
  });
});

describe('laminar concentric annulus, f·Re on the hydraulic diameter 2(r_o - r_i)', () => {
  it('equals 95.25 at r_i/r_o = 0.5 within 0.5 %', () => {
    const problem = laminar(0.5);
    const flow = fullyDevelopedFlow(gridOf(problem), problem, numerics);
    expect(annulusLaminarFrictionReynolds(0.5)).toBeCloseTo(95.25, 2);
    expect(relativeError(flow.frictionFactor * RE, 95.25)).toBeLessThan(0.005);
  });

  it.each([0.1, 0.25, 0.5, 0.75, 0.9])('r_i/r_o = %s: the exact f·Re within 0.5 %, profile and f·Re at second order', (ratio) => {
    const problem = laminar(ratio);
    const exact = annulusLaminarFrictionReynolds(ratio);
    expect(relativeError(fullyDevelopedFlow(gridOf(problem), problem, numerics).frictionFactor * RE, exact)).toBeLessThan(0.005);
    const errors = REFINEMENT.map((cells) => {
      const grid = gridOf(problem, cells);
      const flow = fullyDevelopedFlow(grid, problem, numerics);
      const ro = outerRadius(grid.shape);
      const profile = Math.max(...Array.from(grid.r, (r, j) => Math.abs(flow.u[j]! - annulusLaminarVelocity(ratio, r / ro))));
      return { f: flow.frictionFactor * RE - exact, profile };
    });
    for (const order of observedOrders(errors.map((e) => e.f))) expect(order).toBeGreaterThan(1.9), expect(order).toBeLessThan(2.1);
    for (const order of observedOrders(errors.map((e) => e.profile))) expect(order).toBeGreaterThan(1.8), expect(order).toBeLessThan(2.2);
  });

  it('balances both walls\' shear against the pressure gradient to round-off', () => {
    const problem = laminar(0.5);
    const grid = gridOf(problem);
    const flow = fullyDevelopedFlow(grid, problem, numerics);
    const ri = innerRadius(grid.shape);
    const ro = outerRadius(grid.shape);
    const force = flow.wallShear.inner * ri + flow.wallShear.outer * ro;
    expect(Math.abs(force + (flow.pressureGradient * (ro * ro - ri * ri)) / 2)).toBeLessThan(1e-14);
  });
});

describe('fully developed laminar heat transfer in a pipe', () => {
  it.each([
    ['uniform wall temperature', HOT, PIPE_LAMINAR_NUSSELT_TEMPERATURE, 3.66],
    ['uniform heat flux', FLUX, PIPE_LAMINAR_NUSSELT_HEAT_FLUX, 4.364],
  ] as const)('%s: Nu equals the exact value at second order and the textbook value within 0.5 %', (_name, wall, exact, textbook) => {
    const problem = laminar(0, { inner: { condition: 'adiabatic' }, outer: wall });
    const nusselt = (cells: number): number => {
      const grid = gridOf(problem, cells);
      return fullyDevelopedHeat(grid, problem, fullyDevelopedFlow(grid, problem, numerics), numerics).nusselt.overall!;
    };
    expect(relativeError(nusselt(numerics.radialCells), textbook)).toBeLessThan(0.005);
    expect(relativeError(nusselt(numerics.radialCells), exact)).toBeLessThan(0.005);
    for (const order of observedOrders(REFINEMENT.map((cells) => nusselt(cells) - exact))) expect(order).toBeGreaterThan(1.9), expect(order).toBeLessThan(2.1);
  });
});

describe('annulus, one wall heated and the other insulated (Incropera Table 8.2)', () => {
  // Incropera et al., "Fundamentals of Heat and Mass Transfer", 7th ed., Table 8.2: "Nusselt number
  // for fully developed laminar flow in a circular tube annulus with one surface insulated and the
  // other at constant temperature". The table is for a uniform wall temperature (at D_i/D_o → 0 it
  // gives the pipe's 3.66, and 4.86 for plates is the one-sided uniform-temperature value): the exact
  // solution (exact.ts) reproduces it to its 3 digits, while a uniform heat flux gives other numbers.
  const table = [
    { ratio: 0.25, inner: 7.37, outer: 4.23 },
    { ratio: 0.5, inner: 5.74, outer: 4.43 },
  ];

  function heated(ratio: number, side: 'inner' | 'outer', wall: WallThermal, cells = numerics.radialCells): number {
    const adiabatic: WallThermal = { condition: 'adiabatic' };
    const problem = laminar(ratio, side === 'inner' ? { inner: wall, outer: adiabatic } : { inner: adiabatic, outer: wall });
    const grid = gridOf(problem, cells);
    const heat = fullyDevelopedHeat(grid, problem, fullyDevelopedFlow(grid, problem, numerics), numerics);
    return heat.nusselt[side]!;
  }

  it.each(table)('r_i/r_o = $ratio: the table values are the exact uniform-temperature solution to their rounding', ({ ratio, inner, outer }) => {
    expect(Math.abs(annulusOneSidedNusselt(ratio, 'inner', 'temperature') - inner)).toBeLessThan(0.005);
    expect(Math.abs(annulusOneSidedNusselt(ratio, 'outer', 'temperature') - outer)).toBeLessThan(0.005);
    // ... and a uniform heat flux does not match them.
    expect(relativeError(annulusOneSidedNusselt(ratio, 'inner', 'heat_flux'), inner)).toBeGreaterThan(0.05);
  });

  it.each(table)('r_i/r_o = $ratio: the computed Nu_i and Nu_o within 2 % of the table', ({ ratio, inner, outer }) => {
    expect(relativeError(heated(ratio, 'inner', HOT), inner)).toBeLessThan(0.02);
    expect(relativeError(heated(ratio, 'outer', HOT), outer)).toBeLessThan(0.02);
  });

  it('parallel plates (r_i/r_o → 1): Nu = 4.86 within 2 %, the exact annulus at 0.999 tends to Shah & London\'s 4.8608', () => {
    expect(relativeError(annulusOneSidedNusselt(0.999, 'inner', 'temperature'), PLATES_ONE_SIDED_NUSSELT_TEMPERATURE)).toBeLessThan(5e-4);
    expect(relativeError(heated(0.999, 'inner', HOT), 4.86)).toBeLessThan(0.02);
    expect(relativeError(heated(0.999, 'outer', HOT), 4.86)).toBeLessThan(0.02);
    expect(relativeError(heated(0.999, 'inner', FLUX), PLATES_ONE_SIDED_NUSSELT_HEAT_FLUX)).toBeLessThan(0.005);
  });

  it.each([
    [0.25, 'inner'],
    [0.25, 'outer'],
    [0.5, 'inner'],
    [0.5, 'outer'],
  ] as const)('r_i/r_o = %s, %s wall: converges to the exact solution at second order (temperature and heat flux)', (ratio, side) => {
    for (const [wall, condition] of [
      [HOT, 'temperature'],
      [FLUX, 'heat_flux'],
    ] as const) {
      const exact = annulusOneSidedNusselt(ratio, side, condition);
      const errors = REFINEMENT.map((cells) => heated(ratio, side, wall, cells) - exact);
      for (const order of observedOrders(errors)) expect(order).toBeGreaterThan(1.8), expect(order).toBeLessThan(2.2);
      expect(Math.abs(errors[2]!) / exact).toBeLessThan(1e-3);
    }
  });
});
