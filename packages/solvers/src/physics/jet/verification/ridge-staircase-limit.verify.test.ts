// SIMFORGE_VERIFY=full only (the laminar comparison of the two ridge grids; docs/adr/0021):
// does the blocked staircase ridge tend to the terrain-following (σ) grid's ridge as its steps are refined?
//
// Why laminar: on the default turbulent ridge the two disagree (faces 65.1 W/m on the σ grid against
// the staircase's 69.1 / 62.7 / 59.0 W/m at 64 / 128 / 256 steps, Richardson 54–58; plate 502 vs 466),
// and there the staircase's first cells sit at y⁺ 2–13 while k-ω SST needs y⁺ ≈ 1. A steady laminar jet
// has no turbulence model and no wall-resolution question, so any difference left is the discretisation
// of the surface (staircase or σ) or the σ path itself.
//
// Case: JET_IMPINGING_RIDGE's default geometry (slot W 20 mm, H 2W, a 90° ridge 10 mm high at the
// plate's 333 K, jet 293 K) with flow_model 'laminar' at Re 300 (U 0.254 m/s; the planar jet is steady:
// residuals fall to 1e-7), the coarse grading and R 0.08 m. On the σ grid `steps` is the columns over
// the half-width (rows fixed, 36); on the staircase the steps refine the ridge box's rows and columns.
// Both keep their builder's relaxation (impinging-jet.ts: 0.7 for a laminar jet, on either grid).
//
// Measured (tree of 03:14 UTC: one non-orthogonal p′ corrector, relaxation 0.7 on both grids; tolerance 1e-5,
// 1e-7 moves every figure by < 3e-6 relative), per metre of slot, half domain:
//   σ columns (36 rows)   16       32       64      128
//   faces W/m          9.2652   9.2889   9.2914   9.2949   (changes 0.0237, 0.0026, 0.0035: not monotone)
//   plate W/m         17.8968  17.8906  17.8901  17.8896
//   ∫τ ds mN/m        0.05317  0.05397  0.05432  0.05451
//   σ, 64 columns on the staircase's 64-step rows (92 rows): faces 9.3059, plate 17.8717 W/m, ∫τ ds 0.05466 mN/m
//   σ, 64 columns on the staircase's 128-step rows (159 rows): 9.3076, 17.8681, 0.05473 (rows converged; 158 s)
//   staircase steps        16       32       64      128
//   faces W/m          9.3956   9.2620   9.2778   9.2785
//   plate W/m         17.8372  17.9043  17.8796  17.8811
//   viscous mN/m      0.05088  0.05183  0.05349  0.05437
//   pressure mN/m     0.03857  0.01993  0.00830  0.00167
// So the faces' heat agrees to 0.3 % (the turbulent ridge: 11–20 %). The staircase stops moving at 64–128
// steps 0.3 % below the σ reference; its first-order bound below allows 0.040 W/m at 64 (measured 0.028), but
// on the same 159 rows the staircase at 128 steps is still −0.31 %. Whether that gap closes with more steps is
// open: the staircase's sequence is non-monotone, and the σ column change 64 → 128 exceeds 32 → 64 (so the
// bound's column term is 0.0009 W/m short).
// The force is the faces' tangential force down the slope. On the σ grid it is ∫τ ds (the pressure acts
// along the normal). On the staircase it is what the momentum equations take out at the step faces: μ A/δ
// times the whole velocity (u_P, v_P) on each face (transport.ts immersedWalls applies the wall to u and
// v alike), projected on the slope, plus the steps' pressure p A n projected on it. post.ts's obstacle
// `shear` is only the face-tangential component, half of it at 45°.

import { describe, expect, it } from 'vitest';
import { FlowSolver } from '../index.js';
import { jetDefaults, readJetCase } from '../model/parameters.js';
import { jetFlowCase } from '../model/flow-case.js';
import type { RidgeGrid } from '../impinging-jet.js';
import type { FlowCase } from '../case.js';
import { terrainGrid } from '../grid/terrain-grid.js';

const FULL = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.SIMFORGE_VERIFY === 'full';

const jet = readJetCase('JET_IMPINGING_RIDGE', {
  ...jetDefaults('JET_IMPINGING_RIDGE'),
  mesh_size: 'coarse',
  domain_radius: 0.08,
  flow_model: 'laminar',
  reynolds_number: 300,
});

interface RidgeFigures {
  /** W/m into the fluid through the ridge's faces and through the plate beside it. */
  faces: number;
  plate: number;
  /** N/m on the faces along the slope (down, outwards): viscous and pressure parts. */
  viscous: number;
  pressure: number;
}

/**
 * The ridge on `grid` with `steps` (σ: columns over the half-width). With `rowsOf` the σ grid takes the
 * rows of the staircase case at that many steps instead of the flat case's (the σ columns do not refine rows).
 */
async function laminarRidge(grid: RidgeGrid, steps: number, rowsOf?: number): Promise<RidgeFigures> {
  let flowCase: FlowCase = jetFlowCase(jet, {}, steps, 'resolved', grid);
  expect((flowCase as ReturnType<typeof jetFlowCase>).ridgeGrid?.kind ?? 'blocked').toBe(grid);
  if (rowsOf !== undefined) {
    const rows = jetFlowCase(jet, {}, rowsOf, 'resolved', 'blocked').grid.xFaces;
    const sigma = terrainGrid({ axialFaces: rows, columnFaces: flowCase.grid.yFaces, polygon: jet.ridge!.polygon });
    if (sigma.kind !== 'grid') throw new Error(sigma.reason);
    flowCase = { ...flowCase, grid: { geometry: 'planar', xFaces: rows, yFaces: sigma.columns, mesh: { cornerX: sigma.cornerX, cornerY: sigma.cornerY } } };
  }
  const solver = new FlowSolver(flowCase);
  const solution = await solver.run();
  expect(solution.converged).toBe(true);
  expect(Math.abs(solution.balances.energy.relativeImbalance)).toBeLessThan(1e-4);
  const { distance: H, ridge } = jet;
  const length = Math.hypot(ridge!.height, ridge!.halfWidth);
  const t = [ridge!.height / length, ridge!.halfWidth / length];
  const out: RidgeFigures = { faces: 0, plate: 0, viscous: 0, pressure: 0 };
  for (const wall of solution.walls) {
    for (let m = 0; m < wall.s.length; m++) {
      const q = wall.heatFlux[m]! * wall.area[m]!;
      if (wall.side === 'obstacle') out.faces += q;
      else if (wall.side === 'xmax' && H - wall.x[m]! > 1e-9 * H) {
        // σ grid: the raised part of the plate's wall is the ridge; its shear is along +s, down the face.
        out.faces += q;
        out.viscous += wall.shear[m]! * wall.area[m]!;
      } else if (wall.side === 'xmax') out.plate += q;
    }
  }
  const solid = solver.solid;
  if (solid) {
    const mu = flowCase.fluid.viscosity;
    const p = solution.walls.find((w) => w.side === 'obstacle')!;
    const order = Array.from({ length: solid.count }, (_, k) => k).sort((a, c) => solid.y[a]! - solid.y[c]! || solid.x[a]! - solid.x[c]!);
    order.forEach((k, m) => {
      const P = solid.fluid[k]!;
      out.viscous += ((mu * solid.momentumFactor[k]! * solid.area[k]!) / solid.distance[k]!) * (solver.u[P]! * t[0]! + solver.v[P]! * t[1]!);
      // The fluid pushes on the face towards the solid cell, +direction along the face's axis.
      out.pressure += p.pressure[m]! * solid.area[k]! * solid.direction[k]! * t[solid.axis[k]!]!;
    });
  }
  return out;
}

const STEPS = [16, 32, 64] as const;
interface Study {
  /** σ grid at 16 / 32 / 64 columns (flat rows), and at 64 columns on the staircase's rows at 64 steps. */
  sigma: RidgeFigures[];
  sigmaRows: RidgeFigures;
  /** Staircase at 16 / 32 / 64 steps. */
  stairs: RidgeFigures[];
}
let study: Promise<Study> | undefined;
/** All seven solves once for the checks (≈ 45 s of CPU, 19 of them the σ grid on the staircase’s rows). */
function ridgeStudy(): Promise<Study> {
  study ??= (async () => {
    const sigma: RidgeFigures[] = [];
    const stairs: RidgeFigures[] = [];
    for (const steps of STEPS) {
      sigma.push(await laminarRidge('terrain', steps));
      stairs.push(await laminarRidge('blocked', steps));
    }
    const sigmaRows = await laminarRidge('terrain', 64, 64);
    const show = (f: RidgeFigures): string => `faces ${f.faces.toFixed(4)} plate ${f.plate.toFixed(4)} W/m, force ${(1e3 * f.viscous).toFixed(5)} + ${(1e3 * f.pressure).toFixed(5)} mN/m`;
    // (The library's tsconfig has no Node types, hence globalThis.)
    const log = (message: string): void => (globalThis as { console?: { log(m: string): void } }).console?.log(message);
    STEPS.forEach((n, k) => log(`laminar ridge ${n}: σ ${show(sigma[k]!)}; staircase ${show(stairs[k]!)}`));
    log(`laminar ridge σ 64 columns on the staircase's 64-step rows: ${show(sigmaRows)}`);
    return { sigma, stairs, sigmaRows };
  })();
  return study;
}

/**
 * The σ reference for a quantity and its error bound: the σ grid on the staircase's rows at 64 steps
 * (92 rows against the flat case's 36) at 64 columns. Its error is bounded by the change the rows made
 * (36 → 92 rows, a ratio above 2) plus the last change of the columns (32 → 64), each a bound of the
 * remaining error for any order ≥ 1.
 */
function sigmaReference(r: Study, pick: (f: RidgeFigures) => number): { value: number; error: number } {
  const columns = r.sigma.map(pick);
  return { value: pick(r.sigmaRows), error: Math.abs(pick(r.sigmaRows) - columns[2]!) + Math.abs(columns[2]! - columns[1]!) };
}

/**
 * The staircase at 64 steps against the σ reference. A staircase's surface is O(step) off the face, so
 * its error falls at first order: at 64 steps a quarter of its distance to the reference at 16. The
 * bound is that plus the reference's own error.
 */
function staircaseBound(r: Study, pick: (f: RidgeFigures) => number): { distance: number[]; bound: number } {
  const ref = sigmaReference(r, pick);
  const distance = r.stairs.map((f) => Math.abs(pick(f) - ref.value));
  return { distance, bound: distance[0]! / 4 + ref.error };
}

describe.skipIf(!FULL)('laminar ridge (Re 300): the staircase tends to the σ grid', () => {
  it('the faces’ heat: the σ grid converged in its columns; the staircase within its first-order error of it', async () => {
    const r = await ridgeStudy();
    // The σ columns converge: changes 16 → 32 → 64 shrink at least as at first order (the apex may pollute a
    // second-order method down to first: falkner-skan-wedge.test.ts). Measured 0.0237, 0.0026 W/m (64 → 128: 0.0035).
    const [c16, c32, c64] = r.sigma.map((f) => f.faces) as [number, number, number];
    expect(Math.abs(c32 - c16) / Math.abs(c64 - c32)).toBeGreaterThan(2);
    // Measured: reference 9.3059 ± 0.0171 W/m; staircase +0.96 / −0.47 / −0.30 % from it (+0.090, −0.044,
    // −0.028 W/m; −0.29 % at 128), bound 0.0395 W/m.
    const { distance, bound } = staircaseBound(r, (f) => f.faces);
    expect(distance[2]!).toBeLessThan(distance[0]!);
    expect(distance[2]!).toBeLessThan(bound);
  }, 1_200_000);

  it('the plate beside the ridge: the same bound', async () => {
    const r = await ridgeStudy();
    // Measured: reference 17.8717 ± 0.0189 W/m; staircase −0.19 / +0.18 / +0.04 % from it, bound 0.0275 W/m.
    const { distance, bound } = staircaseBound(r, (f) => f.plate);
    expect(distance[2]!).toBeLessThan(bound);
  }, 1_200_000);

  it('the faces’ force down the slope: the steps’ pressure part vanishes at first order, the total tends to ∫τ ds', async () => {
    const r = await ridgeStudy();
    // The pressure on the steps has no counterpart on the face (p acts along its normal): measured
    // 0.0386 / 0.0199 / 0.0083 mN/m (0.0017 at 128), ratios 1.9 and 2.4; first order is 2, asserted above √2.
    const pressure = r.stairs.map((f) => f.pressure);
    expect(pressure[0]! / pressure[1]!).toBeGreaterThan(Math.SQRT2);
    expect(pressure[1]! / pressure[2]!).toBeGreaterThan(Math.SQRT2);
    // Viscous + pressure against the σ grid's ∫τ ds (reference 0.05466 ± 0.00069 mN/m): measured distances
    // 0.0348 / 0.0171 / 0.0071 mN/m (0.0014 at 128), ratios 2.0 and 2.4 (first order); bound 0.0094 mN/m.
    const { distance, bound } = staircaseBound(r, (f) => f.viscous + f.pressure);
    expect(distance[0]! / distance[1]!).toBeGreaterThan(Math.SQRT2);
    expect(distance[1]! / distance[2]!).toBeGreaterThan(Math.SQRT2);
    expect(distance[2]!).toBeLessThan(bound);
  }, 1_200_000);
});
