// Energy balance of the thermal core with everything switched on: S355 (EN 1993-1-2 k(T), c(T) with
// its 735 °C peak), melting and solidification (latent heat), convection and radiation on every
// exposed face, a moving Goldak source, and filler cells deposited behind the torch.
// The stored energy is recomputed independently of the solver's enthalpy tables, from the final
// temperatures with the material functions (composite Simpson on ρ c plus ρ L f_l), and must equal
// source input − surface losses + enthalpy brought by the filler within 0.5 %.

import { describe, expect, it } from 'vitest';
import { s355 } from '../../src/materials/solids/index.js';
import { liquidFraction } from '../../src/materials/solids/solid.js';
import { CELL_SOLID, ThermalSolver, uniformAxis, type TimeScheme } from '../../src/thermal/index.js';
import { beadWeld, DEPOSIT_TEMPERATURE } from '../thermal-bead-weld.js';
import { CELSIUS } from './thermal-helpers.js';

const REFERENCE = 20 + CELSIUS;

/**
 * J/m³ relative to 20 °C from the material functions, independent of the solver's 1 K tables: ρ c is
 * integrated by Simpson's rule on 0.05 K panels into a cumulative table (read linearly between its
 * 0.1 K nodes), the latent part ρ L f_l(T) is added exactly.
 */
const FINE = 0.1;
const sensible = (() => {
  const f = (t: number): number => s355.density(t) * s355.specificHeat(t);
  const size = Math.ceil((6000 - REFERENCE) / FINE) + 1;
  const out = new Float64Array(size);
  for (let j = 1; j < size; j++) {
    const a = REFERENCE + (j - 1) * FINE;
    out[j] = out[j - 1]! + (FINE / 6) * (f(a) + 4 * f(a + FINE / 2) + f(a + FINE));
  }
  return out;
})();
function enthalpy(T: number): number {
  const u = (T - REFERENCE) / FINE;
  const j = Math.min(Math.max(0, Math.floor(u)), sensible.length - 2);
  return sensible[j]! + (u - j) * (sensible[j + 1]! - sensible[j]!) + s355.density(s355.solidus) * s355.latentHeat * liquidFraction(s355, T);
}

async function weld(scheme: TimeScheme, timeStep: number) {
  const { mesh, problem, run } = beadWeld(
    { x: uniformAxis({ from: 0, to: 0.04, cells: 40 }), y: uniformAxis({ from: -0.015, to: 0.015, cells: 30 }), z: uniformAxis({ from: -0.006, to: 0.002, cells: 8 }) },
    { start: 0.005, offTime: 4 },
  );
  const solver = new ThermalSolver(problem, { scheme, linearSolver: { preconditioner: 'ic0', tolerance: 1e-10, maxIterations: 2000 } });
  const initialSolid = mesh.mask.reduce((n, m) => n + (m === CELL_SOLID ? 1 : 0), 0);
  let depositedIndependent = 0;
  let newton = 0;
  await run(solver, {
    endTime: 6,
    timeStep,
    onStep: (report, s, deposited) => {
      newton += report.nonlinearIterations;
      depositedIndependent += deposited.reduce((sum, i) => sum + s.volume[i]! * enthalpy(DEPOSIT_TEMPERATURE), 0);
    },
  });
  let stored = 0;
  for (let i = 0; i < mesh.cellCount; i++) if (mesh.mask[i] === CELL_SOLID) stored += solver.volume[i]! * enthalpy(solver.T[i]!);
  const maxPeak = solver.peak.reduce((m, t) => Math.max(m, t), 0);
  const { sourceIn, surfaceLoss } = solver.ledger;
  const expected = sourceIn - surfaceLoss + depositedIndependent;
  return { solver, stored, expected, maxPeak, initialSolid, newton, error: (stored - expected) / (sourceIn + depositedIndependent) };
}

describe('energy balance with latent heat and losses', () => {
  it.each([
    ['explicit', 1],
    ['backward-euler', 0.05],
  ] as const)('%s: input − losses + filler = stored change within 0.5 %%', async (scheme, timeStep) => {
    const { solver, error, maxPeak, newton } = await weld(scheme, timeStep);
    console.info(`${scheme}: ${solver.steps} steps, ${newton} Newton iterations; independent balance error ${error.toExponential(3)}, ledger ${solver.balanceError().toExponential(3)}, losses ${(solver.ledger.surfaceLoss / solver.ledger.sourceIn * 100).toFixed(2)} % of input, peak ${maxPeak.toFixed(0)} K`);
    expect(maxPeak).toBeGreaterThan(s355.liquidus); // the latent heat is in play
    expect(solver.ledger.surfaceLoss).toBeGreaterThan(0);
    expect(solver.ledger.deposited).toBeGreaterThan(0);
    expect(Math.abs(error)).toBeLessThan(0.005);
    expect(Math.abs(solver.balanceError())).toBeLessThan(1e-9);
  }, 60_000);
});
