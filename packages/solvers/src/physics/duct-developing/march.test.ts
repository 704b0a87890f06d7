// Verification of the march (laminar): conservation of mass and energy to round-off, convergence to
// the fully developed state, the observed orders in x (BDF1 first, BDF2 second) and r (second), and
// the developing flow against published entrance-region results.

import { describe, expect, it } from 'vitest';
import { dimensionlessProblem } from './dimensionless.js';
import { chenEntranceLength, shahApparentFrictionReynolds } from './exact.js';
import { outerRadius } from './grid.js';
import { solveDevelopingFlow } from './march.js';
import { defaultDevelopingFlowNumerics, type DevelopingFlowNumerics } from './problem.js';
import { apparentFrictionFactor, hydrodynamicEntranceLength, localFrictionFactor, localNusselt } from './results.js';
import { observedOrdersFromValues, relativeError } from './verification-helpers.js';
import { recordCase } from '../../../test/verification/report/record.js';

// SIMFORGE_VERIFY=full selects the full-size variants (read through globalThis: src/ is type-checked
// without Node's types).
const FULL = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.['SIMFORGE_VERIFY'] === 'full';
const RE = 1000;
const numerics = defaultDevelopingFlowNumerics;
const HEAT_FLUX = 1;

function pipe(options: { length: number; wall: 'temperature' | 'heat_flux' | 'adiabatic'; stations?: number[]; prandtl?: number }) {
  const outer =
    options.wall === 'temperature'
      ? ({ condition: 'temperature', temperature: 1 } as const)
      : options.wall === 'heat_flux'
        ? ({ condition: 'heat_flux', heatFlux: HEAT_FLUX } as const)
        : ({ condition: 'adiabatic' } as const);
  return dimensionlessProblem({ radiusRatio: 0, reynolds: RE, prandtl: options.prandtl ?? 0.7, length: options.length, flowModel: 'laminar', walls: { outer }, stations: options.stations ?? [] });
}

describe('laminar pipe march: conservation', () => {
  const solution = solveDevelopingFlow(pipe({ length: 0.3 * RE, wall: 'heat_flux' }), numerics);
  const { stations } = solution;

  it('keeps the mass flow at every station to round-off', () => {
    const worst = stations.massFlowError.reduce((m, e) => Math.max(m, Math.abs(e)), 0);
    expect(worst).toBeLessThan(20 * solution.grid.cells * Number.EPSILON);
  });

  it('uniform heat flux: the bulk temperature rise equals q P x / (m c_p) to round-off at every station', () => {
    const R = outerRadius(solution.grid.shape);
    const { density, specificHeat } = solution.problem.properties;
    let worst = 0;
    stations.x.forEach((x, i) => {
      const expected = (HEAT_FLUX * 2 * Math.PI * R * x) / (solution.problem.massFlowRate * specificHeat);
      worst = Math.max(worst, Math.abs(stations.bulkTemperature[i]! - solution.problem.inletTemperature - expected));
      // The same in the carried energy flow Σ ρ c_p u T V (per radian): R q x.
      expect(Math.abs(stations.energyFlow[i]! - stations.energyFlow[0]! - R * HEAT_FLUX * x)).toBeLessThan(1e-12 * R * HEAT_FLUX * solution.problem.length);
    });
    const rise = stations.bulkTemperature[stations.x.length - 1]! - solution.problem.inletTemperature;
    expect(worst).toBeLessThan(1e-12 * rise);
    expect(density).toBe(1);
  });

  it('uniform wall temperature: the wall heat of every step equals the change of the energy flow to round-off', () => {
    const hot = solveDevelopingFlow(pipe({ length: 0.1 * RE, wall: 'temperature' }), numerics);
    const { x, energyFlow, outer } = hot.stations;
    const R = outerRadius(hot.grid.shape);
    // BDF1 on the first step, variable-step BDF2 after it (march.ts): α0 E_{n+1} + α1 E_n + α2 E_{n-1} = R q_{n+1}.
    for (let n = 0; n + 1 < x.length; n++) {
      const h = x[n + 1]! - x[n]!;
      const omega = n === 0 ? 0 : h / (x[n]! - x[n - 1]!);
      const a0 = n === 0 ? 1 / h : (1 + 2 * omega) / (h * (1 + omega));
      const a1 = n === 0 ? -1 / h : -(1 + omega) / h;
      const a2 = n === 0 ? 0 : (omega * omega) / (h * (1 + omega));
      const change = a0 * energyFlow[n + 1]! + a1 * energyFlow[n]! + (n === 0 ? 0 : a2 * energyFlow[n - 1]!);
      const wall = R * outer.heatFlux[n + 1]!;
      expect(Math.abs(change - wall)).toBeLessThan(1e-9 * Math.abs(a0 * energyFlow[n + 1]!) + 1e-12 * Math.abs(wall));
    }
  });
});

describe('laminar pipe march: the outlet of a long pipe is the fully developed state', () => {
  it.each(['temperature', 'heat_flux'] as const)('%s wall: centreline velocity, friction factor and Nusselt number to 1e-6', (wall) => {
    const solution = solveDevelopingFlow(pipe({ length: 0.4 * RE, wall, prandtl: 0.7 }), numerics);
    const last = solution.stations.x.length - 1;
    const fd = solution.fullyDeveloped;
    expect(relativeError(solution.stations.maxVelocity[last]!, fd.flow.maxVelocity)).toBeLessThan(1e-6);
    expect(relativeError(localFrictionFactor(solution)[last]!, fd.flow.frictionFactor)).toBeLessThan(1e-6);
    expect(relativeError(-2 * solution.stations.pressureGradient[last]!, fd.flow.frictionFactor)).toBeLessThan(1e-6);
    expect(relativeError(localNusselt(solution).overall![last]!, fd.heat.nusselt.overall!)).toBeLessThan(1e-6);
  });
});

describe('laminar pipe march: observed orders', () => {
  const station = 0.005 * RE;
  /** Centreline velocity, dp/dx and local Nusselt number at x⁺ = 0.005, the local Nusselt number and p at x⁺ = 0.02. */
  const probe = (n: DevelopingFlowNumerics) => {
    const solution = solveDevelopingFlow(pipe({ length: 0.02 * RE, wall: 'temperature', stations: [station] }), n);
    const i = Array.from(solution.stations.x).indexOf(station);
    const last = solution.stations.x.length - 1;
    const nusselt = localNusselt(solution).overall!;
    return {
      centreline: solution.stations.maxVelocity[i]!,
      gradient: solution.stations.pressureGradient[i]!,
      nusselt: nusselt[i]!,
      nusseltOutlet: nusselt[last]!,
      pressureOutlet: solution.stations.pressure[last]!,
    };
  };
  type Probe = ReturnType<typeof probe>;
  const finestOrder = (values: Probe[], key: keyof Probe): number => observedOrdersFromValues(values.map((v) => v[key])).at(-1)!;

  // Every level halves the first step, the largest step and ln(growth): the step sequence is refined
  // by ~2 everywhere. The first step (1e-4 D) resolves the start-up transient of the radial grid.
  const axial = (scheme: 'bdf1' | 'bdf2', level: number): DevelopingFlowNumerics => ({
    ...numerics,
    radialCells: 40,
    axialScheme: scheme,
    firstStep: 1e-4 / level,
    stepGrowth: 1.1 ** (1 / level),
    maxStepFraction: 1 / (20 * level),
  });

  it('BDF2 (the default): second order in x', () => {
    const levels = FULL ? [1, 2, 4, 8, 16, 32] : [1, 2, 4, 8];
    const values = levels.map((level) => probe(axial('bdf2', level)));
    for (const key of ['centreline', 'gradient', 'nusselt', 'nusseltOutlet', 'pressureOutlet'] as const) {
      expect(finestOrder(values, key)).toBeGreaterThan(1.8);
      expect(finestOrder(values, key)).toBeLessThan(2.3);
    }
  });

  it('BDF1: first order in x', () => {
    // The centreline velocity is left out: its first-order error terms cancel near this station, so its
    // differences change sign and are not yet asymptotic on these levels.
    const levels = FULL ? [2, 4, 8, 16, 32] : [2, 4, 8, 16];
    const values = levels.map((level) => probe(axial('bdf1', level)));
    for (const key of ['gradient', 'nusselt', 'nusseltOutlet', 'pressureOutlet'] as const) {
      expect(finestOrder(values, key)).toBeGreaterThan(0.8);
      expect(finestOrder(values, key)).toBeLessThan(1.3);
    }
  });

  describe('in r, with steps fine enough that the x error stays below the r error', () => {
    // The 320-cell level's r error is ~1e-6 of the Nusselt number: the full variant refines x further.
    const cells = FULL ? [20, 40, 80, 160, 320] : [20, 40, 80, 160];
    const steps = FULL ? { firstStep: 1e-6, stepGrowth: 1.005, maxStepFraction: 1 / 4000 } : { firstStep: 1e-5, stepGrowth: 1.01, maxStepFraction: 1 / 1000 };
    const values = cells.map((radialCells) => probe({ ...numerics, radialCells, ...steps }));

    it('local quantities converge at second order', () => {
      for (const key of ['centreline', 'gradient', 'nusselt', 'nusseltOutlet'] as const) {
        expect(finestOrder(values, key)).toBeGreaterThan(1.8);
        expect(finestOrder(values, key)).toBeLessThan(2.3);
      }
    });

    it('the pressure drop from the inlet converges at first order: the inlet singularity', () => {
      // The uniform inlet velocity meets the no-slip wall: until the boundary layer is thicker than the
      // first cells (x ~ Δr² Re), dp/dx ~ x^(-1/2) is under-resolved, and its integral carries an
      // error ~ √(Δr² Re) ~ Δr. Local quantities downstream forget it; the integral keeps it. With a
      // second-order term of the opposite sign the observed order rises towards 1 from below
      // (measured: -0.02, 0.67, 0.86 from 20 to 320 cells); the error at 80 cells is ~0.1 %.
      const orders = observedOrdersFromValues(values.map((v) => v.pressureOutlet));
      for (let k = 1; k < orders.length; k++) expect(orders[k]!).toBeGreaterThan(orders[k - 1]!);
      expect(orders.at(-1)!).toBeGreaterThan(0.6);
      expect(orders.at(-1)!).toBeLessThan(1.1);
    });
  });
});

describe('laminar pipe march: the developing flow', () => {
  const stations = [1e-3, 3e-3, 1e-2, 3e-2, 0.1, 0.2].map((x) => x * RE);
  const solution = solveDevelopingFlow(pipe({ length: 0.2 * RE, wall: 'adiabatic', stations }), numerics);

  it('hydrodynamic entrance length (99 % of 2 u_m at the centreline) is 0.056 Re D within 3 % (Chen 1973; Shah & London 1978)', () => {
    const length = hydrodynamicEntranceLength(solution)!;
    recordCase({ id: 'duct-developing.entrance-length', model: 'duct-developing', kind: 'validation', compared: 'Hydrodynamic entrance length L/(Re D), laminar pipe (99 % of the centreline velocity)', reference: 'Chen (1973) correlation, 0.056 Re D in the large-Re limit (Shah & London 1978)', value: length / RE, reference_value: chenEntranceLength(1e12) / 1e12, tolerance: 0.03 });
    expect(relativeError(length / RE, chenEntranceLength(1e12) / 1e12)).toBeLessThan(0.03);
  });

  it("apparent friction factor within Shah's stated ±2.4 % from x⁺ = 1e-3 to 0.2", () => {
    const apparent = apparentFrictionFactor(solution);
    const xs = Array.from(solution.stations.x);
    for (const x of stations) {
      const i = xs.indexOf(x);
      expect(relativeError(apparent[i]! * RE, shahApparentFrictionReynolds(x / RE))).toBeLessThan(0.024);
    }
  });
});
