// The implicit step's Newton iteration (solver.ts, advanceImplicit: Voller & Swaminathan's enthalpy
// update, bounded, with the plain tangent/secant iteration as the fallback) on a weld that melts:
// S355 with its latent heat and its 735 °C specific-heat peak, a moving Goldak source, filler cells
// deposited behind it. Checked against the same run iterated to a 1e-10 tolerance (the solution the
// iteration converges to), and for the number of iterations it takes.

import { describe, expect, it } from 'vitest';
import { s355 } from '../materials/solids/index.js';
import { beadWeld } from '../../test/thermal-bead-weld.js';
import { CELL_SOLID, ThermalSolver, uniformAxis } from './index.js';

async function weld(newtonTolerance: number) {
  const { mesh, problem, run } = beadWeld(
    { x: uniformAxis({ from: 0, to: 0.024, cells: 24 }), y: uniformAxis({ from: -0.01, to: 0.01, cells: 20 }), z: uniformAxis({ from: -0.005, to: 0.002, cells: 7 }) },
    { start: 0.004, offTime: 2.5 },
  );
  const solver = new ThermalSolver(problem, { scheme: 'backward-euler', linearSolver: { preconditioner: 'ic0', tolerance: 1e-12, maxIterations: 2000 }, nonlinear: { tolerance: newtonTolerance, maxIterations: 60 } });
  let newton = 0;
  let most = 0;
  await run(solver, {
    endTime: 3.5,
    timeStep: 0.1,
    onStep: (report) => {
      newton += report.nonlinearIterations;
      most = Math.max(most, report.nonlinearIterations);
    },
  });
  return { solver, mesh, newton, most, peak: solver.peak.reduce((m, t) => Math.max(m, t), 0) };
}

describe('implicit step: Newton on the enthalpy', () => {
  it('converges to the tightly iterated solution in a few iterations a step, across melting', async () => {
    const run = await weld(1e-4);
    const reference = await weld(1e-10);
    expect(run.peak).toBeGreaterThan(s355.liquidus);
    let worst = 0;
    for (let i = 0; i < run.mesh.cellCount; i++) if (run.mesh.mask[i] === CELL_SOLID) worst = Math.max(worst, Math.abs(run.solver.T[i]! - reference.solver.T[i]!));
    const mean = run.newton / run.solver.steps;
    // Tolerance 1e-4 on the enthalpy residual, relative to the step's largest enthalpy change (a cell
    // heated through melting, ~1e10 J/m³): at most ~1e6 J/m³, i.e. ~0.2 K at ρc ≈ 5e6 J/(m³·K); the
    // steps after it start from the corrected state, so the end state differs far less.
    expect(worst).toBeLessThan(0.2);
    expect(Math.abs(run.solver.balanceError())).toBeLessThan(1e-9);
    // Measured: 3.29 a step (most 4), largest difference 1.5e-4 K; the plain tangent/secant iteration
    // took 5.91 (most 11) here.
    expect(mean).toBeLessThan(4);
    expect(run.most).toBeLessThanOrEqual(8);
    expect(run.solver.ledger.deposited).toBeGreaterThan(0);
  }, 60_000);
});

describe("the Newton loops' list of metal cells", () => {
  it('holds every metal cell once: those south of the cut first, then the rest, each ascending; the split between them', async () => {
    const { solver, mesh } = await weld(1e-4);
    const { cells, split } = (solver as unknown as { solidCells(): { cells: Int32Array; split: number } }).solidCells();
    const { nx, ny } = mesh;
    const metal: number[] = [];
    for (let i = 0; i < mesh.cellCount; i++) if (mesh.mask[i] === CELL_SOLID) metal.push(i);
    expect([...cells].sort((a, b) => a - b)).toEqual(metal);
    const y = (i: number) => Math.floor(i / nx) % ny;
    const south = [...cells.subarray(0, split)];
    const north = [...cells.subarray(split)];
    expect(south.length).toBeGreaterThan(0);
    expect(north.length).toBeGreaterThan(0);
    const cut = Math.min(...north.map(y));
    expect(south.every((i) => y(i) < cut)).toBe(true);
    for (const part of [south, north]) expect(part).toEqual([...part].sort((a, b) => a - b));
    // At most half of the rows along x that hold metal lie south of the cut (row-set.ts southernHalf).
    const rows = new Set(metal.map((i) => Math.floor(i / nx)));
    const southRows = [...rows].filter((r) => r % ny < cut).length;
    expect(2 * southRows).toBeLessThanOrEqual(rows.size);
  }, 60_000);
});
