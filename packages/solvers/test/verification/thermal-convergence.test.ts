// Observed order of convergence of the thermal core on an exact transient solution:
//   T = T_b + A sin(πx/L) sin(πy/L) sin(πz/L) exp(−3π² a t / L²)   (fixed T_b on every face)
// Space: 3-D, N = 6, 12, 24 cells per side, Crank–Nicolson with a step small enough that the time error
// is negligible: the cell-centred scheme with fixed temperatures at half-cell distance is second order.
// Time: the 1-D mode (one cell across y and z, symmetry there) on 400 cells (space error ~1e-6), with
// Δt = t_end/10, /20, /40: backward Euler is first order, Crank–Nicolson second order.

import { describe, expect, it } from 'vitest';
import { StructuredMesh, ThermalSolver, uniformAxis, type BoxCondition, type BoxFace, type TimeScheme } from '../../src/thermal/index.js';
import { constantSolid } from './thermal-helpers.js';
import { recordCase } from './report/record.js';

const L = 1;
const Tb = 300;
const A = 100;
const solid = constantSolid({ conductivity: 1, density: 1, specificHeat: 1 }); // a = 1 m²/s
const fixed: BoxCondition = { kind: 'temperature', value: Tb };
const sym: BoxCondition = { kind: 'symmetry' };
const exact = (dims: number, x: number, y: number, z: number, t: number): number =>
  Tb + A * Math.sin((Math.PI * x) / L) * (dims === 3 ? Math.sin((Math.PI * y) / L) * Math.sin((Math.PI * z) / L) : 1) * Math.exp((-dims * Math.PI ** 2 * t) / L ** 2);

async function error(options: { dims: 1 | 3; cells: number; scheme: TimeScheme; steps: number; endTime: number }): Promise<number> {
  const { dims, cells, scheme, steps, endTime } = options;
  const across = dims === 3 ? uniformAxis({ from: 0, to: L, cells }) : uniformAxis({ from: 0, to: L, cells: 1 });
  const mesh = new StructuredMesh(uniformAxis({ from: 0, to: L, cells }), across, across);
  const boundaries: Record<BoxFace, BoxCondition> = { xmin: fixed, xmax: fixed, ymin: dims === 3 ? fixed : sym, ymax: dims === 3 ? fixed : sym, zmin: dims === 3 ? fixed : sym, zmax: dims === 3 ? fixed : sym };
  const solver = new ThermalSolver(
    { mesh, materials: [solid], initialTemperature: Tb, boundaries },
    { scheme, linearSolver: { preconditioner: 'ic0', tolerance: 1e-12, maxIterations: 1000 }, temperatureGrid: { min: 100, max: 600, step: 1 } },
  );
  for (let iz = 0; iz < mesh.nz; iz++)
    for (let iy = 0; iy < mesh.ny; iy++)
      for (let ix = 0; ix < mesh.nx; ix++) {
        const i = mesh.index(ix, iy, iz);
        solver.T[i] = exact(dims, mesh.xc[ix]!, mesh.yc[iy]!, mesh.zc[iz]!, 0);
        solver.E[i] = solver.tables[0]!.enthalpyAt(solver.T[i]!);
      }
  await solver.run({ endTime, timeStep: endTime / steps });
  let sum = 0;
  for (let iz = 0; iz < mesh.nz; iz++)
    for (let iy = 0; iy < mesh.ny; iy++)
      for (let ix = 0; ix < mesh.nx; ix++) sum += (solver.T[mesh.index(ix, iy, iz)]! - exact(dims, mesh.xc[ix]!, mesh.yc[iy]!, mesh.zc[iz]!, endTime)) ** 2;
  return Math.sqrt(sum / mesh.cellCount);
}

const order = (coarse: number, fine: number): number => Math.log2(coarse / fine);

// 0.1 on the order: the finest pair of a three-level sequence still carries the next term of the
// error expansion (a few hundredths here), and 0.1 separates first from second order with margin.
const TIME_ORDER_TOLERANCE = 0.1;

// One literal id per scheme (the report's check reads ids from the source; it.each shares one call).
const recordTimeOrder = {
  'backward-euler': (value: number) =>
    recordCase({ id: 'cwm-thermal-3d.core.time-order.backward-euler', model: 'cwm-thermal-3d', kind: 'verification', compared: 'Thermal core: observed order of convergence in time, backward Euler (1-D sine mode on 400 cells, Δt = t_end/20 → t_end/40)', reference: 'First order (backward Euler), exact solution', value, reference_value: 1, error_kind: 'absolute', tolerance: TIME_ORDER_TOLERANCE }),
  'crank-nicolson': (value: number) =>
    recordCase({ id: 'cwm-thermal-3d.core.time-order.crank-nicolson', model: 'cwm-thermal-3d', kind: 'verification', compared: 'Thermal core: observed order of convergence in time, Crank–Nicolson (1-D sine mode on 400 cells, Δt = t_end/20 → t_end/40)', reference: 'Second order (Crank–Nicolson), exact solution', value, reference_value: 2, error_kind: 'absolute', tolerance: TIME_ORDER_TOLERANCE }),
};

describe('observed order of convergence', () => {
  it('space: second order (3-D product of sines, Crank–Nicolson, small steps)', async () => {
    const endTime = 0.05;
    const errors = [];
    for (const cells of [6, 12, 24]) errors.push(await error({ dims: 3, cells, scheme: 'crank-nicolson', steps: 100, endTime }));
    const [p1, p2] = [order(errors[0]!, errors[1]!), order(errors[1]!, errors[2]!)];
    console.info(`space: RMS errors ${errors.map((e) => e.toExponential(3)).join(', ')}; orders ${p1.toFixed(3)}, ${p2.toFixed(3)}`);
    recordCase({ id: 'cwm-thermal-3d.core.space-order', model: 'cwm-thermal-3d', kind: 'verification', compared: 'Thermal core: observed order of convergence in space (3-D product of sines, 12 → 24 cells per side)', reference: 'Second order (the finite-volume scheme), manufactured exact solution', value: p2, reference_value: 2, error_kind: 'absolute', tolerance: 0.1 });
    expect(p2).toBeGreaterThan(1.9);
    expect(p2).toBeLessThan(2.1);
  }, 60_000);

  it.each([
    ['backward-euler', 1],
    ['crank-nicolson', 2],
  ] as const)('time: %s is order %i', async (scheme, expected) => {
    const endTime = 0.15; // π² t = 1.48
    const errors = [];
    for (const steps of [10, 20, 40]) errors.push(await error({ dims: 1, cells: 400, scheme, steps, endTime }));
    const [p1, p2] = [order(errors[0]!, errors[1]!), order(errors[1]!, errors[2]!)];
    console.info(`time (${scheme}): RMS errors ${errors.map((e) => e.toExponential(3)).join(', ')}; orders ${p1.toFixed(3)}, ${p2.toFixed(3)}`);
    expect(recordTimeOrder[scheme](p2)).toBeLessThan(TIME_ORDER_TOLERANCE);
    expect(Math.abs(p2 - expected)).toBeLessThan(TIME_ORDER_TOLERANCE);
  });
});
