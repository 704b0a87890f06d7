// The jet run's output (simulations.md, "jet"): summary keys, series along the target and the residual
// history, and the cell fields on the grid.
//
//   stagnation_nusselt   Nu of the target face nearest the axis (the ridge's top)
//   average_nusselt      area average over s ≤ average_radius (target.ts)
//   stagnation_pressure  p − p_ambient there (Pa)
//   max_wall_shear       max |τ_w| over the target (Pa)
//   streamfunction       ψ at the cell vertices: ψ(x_i, y_j) = Σ_{j' ≤ j} F_x / ρ along the x-face
//                        column (m²/s per metre of slot, or m³/s per radian, the Stokes stream function)
//
// On a terrain-following (σ) grid the cell fields are resampled onto tensor axes (resample.ts) and the
// points inside the ridge masked with the blocked cells' values (0, the surface temperature; 'solid' 1),
// so the fields keep one layout whichever grid the ridge had.

import type { RunContext } from '../../../run/context.js';
import type { AbortCheck, Field, ScalarResult, Series, SeriesAxis, SolverOutput } from '../../../run/types.js';
import { martinRound, martinSlot, MARTIN_ROUND_VALIDITY, MARTIN_SLOT_VALIDITY } from '../estimate.js';
import type { JetRun } from './run.js';
import { averageNusselt, runningAverageNusselt, targetProfile, wallYPlus } from './target.js';
import { particleSeries, particleSummary } from '../particles/results.js';
import type { FlowGrid } from '../grid/grid.js';
import type { FlowFields } from '../post/post.js';
import { resampler, tensorAxesFor } from '../post/resample.js';

const scalar = (value: number | string, unit: string, label: string): ScalarResult => ({ value, unit, label });
const axis = (name: string, unit: string, label: string, values: ArrayLike<number>): SeriesAxis => ({ name, unit, label, values: Array.from(values) });
const fmt = (value: number, digits = 4): string => String(Number(value.toPrecision(digits)));

export function jetOutput(run: JetRun, ctx: RunContext): SolverOutput {
  const { jet } = run;
  const solution = run.solution!;
  const round = jet.nozzle === 'round';
  const nusseltScale = round ? 1 : 2;
  const basis = round ? 'based on D' : 'based on the hydraulic diameter 2W';
  const target = targetProfile(solution, { plateX: jet.distance, nusseltScale });
  const average = averageNusselt(target, jet.averageRadius);
  const maxShear = target.shear.reduce((m, t) => Math.max(m, Math.abs(t)), 0);
  const prandtl = (jet.properties.viscosity * jet.properties.specificHeat) / jet.properties.conductivity;
  const { energy } = solution.balances;

  const summary: Record<string, ScalarResult> = {
    stagnation_nusselt: scalar(
      target.nusselt[0]!,
      '',
      jet.ridge
        ? `Nusselt number at the ridge top (${basis}; for a sharp apex it grows as the mesh is refined: the wedge's boundary layer starts at zero thickness)`
        : `Nusselt number at the stagnation point (${basis})`,
    ),
    average_nusselt: scalar(average, '', `Average Nusselt number within ${fmt(jet.averageRadius)} m of the axis (area average, ${basis})`),
    stagnation_pressure: scalar(target.pressure[0]!, 'Pa', 'Stagnation pressure (above ambient)'),
    max_wall_shear: scalar(maxShear, 'Pa', 'Largest wall shear stress on the target'),
    iterations: scalar(solution.iterations, '', 'Outer (SIMPLEC) iterations'),
    converged: scalar(solution.converged ? 'yes' : 'no', '', 'Converged (every normalised residual below the tolerance)'),
    reynolds_number: scalar(jet.reynoldsNumber, '', 'Reynolds number (nozzle diameter or slot width)'),
    jet_velocity: scalar(jet.velocity, 'm/s', 'Mean jet velocity'),
    stagnation_pressure_coefficient: scalar(target.pressureCoefficient[0]!, '', 'Stagnation pressure coefficient (p − p₀)/(½ρU²)'),
    heat_transfer_rate: scalar(energy.wall, round ? 'W' : 'W/m', round ? 'Heat from the target into the fluid' : 'Heat from the target into the fluid, per metre of slot'),
    max_first_cell_y_plus: scalar(target.yPlus.reduce((m, y) => Math.max(m, y), 0), '', 'Largest y⁺ of the first cell on the target'),
  };
  if (jet.particles && run.particles) Object.assign(summary, particleSummary(run.particles));
  if (jet.flowModel === 'turbulent') warnUnresolvedWalls(run, ctx);

  const s = axis('s', 'm', round ? 'Radius r from the jet axis' : 'Distance from the jet mid-plane across the plate', target.s);
  const series: Record<string, Series> = {
    nusselt_number: {
      label: `Nusselt number along the target (${basis})`,
      x: s,
      y: [axis('nusselt_number', '', 'Local Nusselt number', target.nusselt), axis('average_nusselt', '', 'Area average within s', runningAverageNusselt(target))],
    },
    pressure_coefficient: { label: 'Pressure coefficient along the target', x: s, y: [axis('pressure_coefficient', '', 'Cp = (p − p₀)/(½ρU²)', target.pressureCoefficient)] },
    wall_shear_stress: { label: 'Wall shear stress along the target', x: s, y: [axis('wall_shear_stress', 'Pa', 'Wall shear stress (outward along the wall)', target.shear)] },
    wall_heat_flux: { label: 'Wall heat flux along the target', x: s, y: [axis('wall_heat_flux', 'W/m²', 'Heat flux into the fluid', target.heatFlux)] },
    y_plus: { label: 'First-cell y⁺ along the target', x: s, y: [axis('y_plus', '', 'y⁺ of the first cell centre', target.yPlus)] },
  };
  if (jet.ridge) series['target_height'] = { label: 'Target surface height above the plate', x: s, y: [axis('height', 'm', 'Height of the wall face', target.height)] };
  const martin = martinSeries(run, target.s, prandtl);
  if (martin) series['martin_average_nusselt'] = martin;
  const history = solution.residualHistory;
  const names = [...new Set(history.flatMap((report) => Object.keys(report.residuals)))];
  series['residuals'] = {
    label: 'Normalised residuals',
    x: axis('iteration', '', 'Outer iteration', history.map((report) => report.iteration)),
    y: names.map((name) => axis(name, '', name, history.map((report) => (report.residuals as Record<string, number>)[name] ?? 0))),
  };
  if (jet.particles && run.particles) Object.assign(series, particleSeries(run.particles, round));

  const fields = cellFields(run, ctx.checkAbort);
  ctx.info(
    `stagnation Nu ${fmt(target.nusselt[0]!)}, average Nu within ${fmt(jet.averageRadius)} m ${fmt(average)} (${basis}), stagnation pressure ${fmt(target.pressure[0]!)} Pa, largest wall shear ${fmt(maxShear)} Pa` +
      (martinAt(run, jet.averageRadius, prandtl) !== undefined ? `; Martin's correlation within the same radius ${fmt(martinAt(run, jet.averageRadius, prandtl)!)}` : ''),
  );
  return { summary, series, fields };
}

/**
 * The largest first-cell y⁺ at which the wall-resolved treatment still holds. Measured on a fully
 * developed channel (wall-treatment.test.ts): friction / Dean 1.00 and Nu / Gnielinski 1.04 with the
 * first cell at y⁺ 1.5, but 1.14 and 1.17 at y⁺ 3 and friction 1.53 at y⁺ 5.6.
 */
export const WALL_RESOLVED_Y_PLUS = 2;

/** A warning for each target wall whose first cells lie above the wall-resolved range. */
export function warnUnresolvedWalls(run: JetRun, ctx: RunContext): void {
  const solution = run.solution!;
  // A curvilinear solution is the σ grid: the faces are the plate's wall, its grading carried over them.
  const terrain = solution.centroids !== undefined;
  for (const { wall, max, mean } of wallYPlus(solution, run.jet.distance)) {
    if (max <= WALL_RESOLVED_Y_PLUS) continue;
    const finest = run.jet.mesh === 'fine';
    const study = "in a grid study of the default ridge the faces' heat fell by 9 % from 64 to 128 steps (default to fine mesh) and by 6 % more at 256";
    const advice =
      wall === 'ridge faces' && !terrain
        ? finest
          ? `the faces are a staircase of grid cells and this is the finest preset; ${study}`
          : `the faces are a staircase of grid cells, so only a finer mesh preset (smaller steps) resolves them; ${study}`
        : wall === 'ridge faces'
          ? finest
            ? "the faces' first cells are the plate's wall cell carried over the ridge (terrain-following grid) and this is the finest preset"
            : "the faces' first cells are the plate's wall cell carried over the ridge (terrain-following grid), so a finer mesh preset moves them closer to the faces"
          : finest
            ? 'this is the finest preset'
            : 'a finer mesh preset moves the first cell closer to the wall';
    ctx.warn(
      `first-cell y⁺ on the ${wall} up to ${fmt(max, 3)} (area mean ${fmt(mean, 3)}), above the ${WALL_RESOLVED_Y_PLUS} the wall-resolved k-ω SST needs: ` +
        `heat flux and wall shear there are under-resolved (a channel with its first cell at y⁺ 3 gives friction +14 %, Nu +17 %); ${advice}`,
    );
  }
}

function martinAt(run: JetRun, r: number, prandtl: number): number | undefined {
  const { jet } = run;
  if (jet.nozzle === 'round') {
    const rOverD = r / jet.diameter;
    if (rOverD < MARTIN_ROUND_VALIDITY.rOverD[0] || rOverD > MARTIN_ROUND_VALIDITY.rOverD[1]) return undefined;
    return martinRound({ reynolds: jet.reynoldsNumber, prandtl, hOverD: jet.distance / jet.diameter, rOverD });
  }
  const xOverW = r / jet.diameter;
  if (xOverW < MARTIN_SLOT_VALIDITY.xOverW[0] || xOverW > MARTIN_SLOT_VALIDITY.xOverW[1]) return undefined;
  return martinSlot({ reynolds2W: 2 * jet.reynoldsNumber, prandtl, hOverW: jet.distance / jet.diameter, xOverW });
}

/** Martin's average over the radii of its validity range that the target covers (for comparison with the running average). */
function martinSeries(run: JetRun, s: number[], prandtl: number): Series | undefined {
  const radii = s.filter((r) => martinAt(run, r, prandtl) !== undefined);
  if (radii.length === 0) return undefined;
  const round = run.jet.nozzle === 'round';
  return {
    label: `Average Nusselt number: Martin (1977) correlation${run.jet.ridge ? ' for a flat plate' : ''}`,
    x: axis('s', 'm', round ? 'Radius r from the jet axis' : 'Distance from the jet mid-plane', radii),
    y: [axis('martin_average_nusselt', '', 'Martin (1977), area average within s', radii.map((r) => martinAt(run, r, prandtl)!))],
  };
}

/** Output fields on one tensor grid of cells (x fastest), its vertices' ψ, and the mask (1 inside the ridge). */
interface OutputCells {
  xCentres: ArrayLike<number>;
  yCentres: ArrayLike<number>;
  xFaces: ArrayLike<number>;
  yFaces: ArrayLike<number>;
  mask: Uint8Array | undefined;
  values: Pick<FlowFields, 'u' | 'v' | 'p' | 'T' | 'speed' | 'nut'>;
  psi: ArrayLike<number>;
}

function cellFields(run: JetRun, checkAbort: AbortCheck): Record<string, Field> {
  const solver = run.solver!;
  const round = run.jet.nozzle === 'round';
  const out = solver.grid.curvilinear ? resampledCells(run, checkAbort) : tensorCells(run);
  const { mask } = out;
  const yName = round ? 'r' : 'y';
  const cellAxes = [
    { name: yName, unit: 'm', values: Array.from(out.yCentres) },
    { name: 'x', unit: 'm', values: Array.from(out.xCentres) },
  ];
  const shape = [out.yCentres.length, out.xCentres.length];
  const field = (label: string, unit: string, values: ArrayLike<number>, solidValue: number): Field => ({
    label,
    unit,
    grid: { axes: cellAxes },
    shape,
    values: Array.from(values, (value, c) => (mask?.[c] ? solidValue : value)),
  });
  const f = out.values;
  const fields: Record<string, Field> = {
    velocity_magnitude: field('Velocity magnitude', 'm/s', f.speed, 0),
    pressure: field('Pressure (above ambient)', 'Pa', f.p, 0),
    temperature: field('Temperature', 'K', f.T, run.jet.surfaceTemperature),
    turbulent_viscosity: field('Turbulent viscosity ν_t', 'm²/s', f.nut, 0),
    axial_velocity: field('Axial velocity (towards the plate)', 'm/s', f.u, 0),
    radial_velocity: field(round ? 'Radial velocity' : 'Cross velocity', 'm/s', f.v, 0),
  };
  if (mask) fields['solid'] = field('Ridge (1 inside the solid)', '', mask, 1);
  fields['streamfunction'] = {
    label: round ? 'Stokes stream function ψ (per radian)' : 'Stream function ψ (per metre of slot)',
    unit: round ? 'm³/s' : 'm²/s',
    grid: {
      axes: [
        { name: yName, unit: 'm', values: Array.from(out.yFaces) },
        { name: 'x', unit: 'm', values: Array.from(out.xFaces) },
      ],
    },
    shape: [out.yFaces.length, out.xFaces.length],
    values: Array.from(out.psi),
  };
  return fields;
}

/** A tensor grid's own cells (blocked cells masked), ψ at its vertices. */
function tensorCells(run: JetRun): OutputCells {
  const solver = run.solver!;
  const solution = run.solution!;
  const { grid } = solver;
  const { nx, ny, stride: W } = grid;
  // ψ at the vertices: integrate the x-face mass fluxes from the axis outwards.
  const rho = solver.flowCase.fluid.density;
  const psi: number[] = [];
  for (let j = 0; j <= ny; j++) {
    for (let f0 = 0; f0 <= nx; f0++) {
      if (j === 0) psi.push(0);
      else psi.push(psi[f0 + (nx + 1) * (j - 1)]! + solver.Fx[f0 + W * j]! / rho);
    }
  }
  return { xCentres: solution.xCentres, yCentres: solution.yCentres, xFaces: grid.x.faces, yFaces: grid.y.faces, mask: solution.solidMask, values: solution.fields, psi };
}

/**
 * A curvilinear (σ) grid's fields on tensor axes (resample.ts: the columns × the flat rows, split over
 * the ridge to its rise per column), masked inside the ridge. The speed is |(u, v)| of the resampled
 * components, so that it is the magnitude of the velocity field shown beside it.
 */
function resampledCells(run: JetRun, checkAbort: AbortCheck): OutputCells {
  const solver = run.solver!;
  const { grid } = solver;
  const rho = solver.flowCase.fluid.density;
  const axes = tensorAxesFor(grid);
  const r = resampler(grid, axes.xCentres, axes.yCentres, checkAbort);
  const u = r.apply(solver.u);
  const v = r.apply(solver.v);
  const values = {
    u,
    v,
    p: r.apply(solver.coupling.p),
    T: r.apply(solver.T),
    speed: u.map((uc, c) => Math.hypot(uc, v[c]!)),
    nut: r.apply(solver.muT.map((mu) => mu / rho)),
  };
  return { xCentres: axes.xCentres, yCentres: axes.yCentres, xFaces: axes.xFaces, yFaces: axes.yFaces, mask: r.mask, values, psi: sigmaStreamfunction(grid, solver.Fx, rho, axes.xFaces) };
}

/**
 * ψ on a σ grid at the output vertices (xOut × the columns' faces, x fastest). At the mesh corners,
 *   ψ(i, j) = Σ_{j' ≤ j} F_x(i, j') / ρ,
 * the flux through the x-faces of grid line i from the axis to corner (i, j), as on a tensor grid. A σ
 * grid's corners (i, j) all lie on its column's line y = y_j, as do the output vertices (x_p, y_j), so ψ
 * there is linear in x between the two corners around x_p (the y-face's flux spread evenly over it),
 * and beyond the surface (inside the ridge) the wall's: the wall is a streamline, and a blocked ridge's
 * inside holds that value too (no flux crosses it).
 */
function sigmaStreamfunction(grid: FlowGrid, Fx: Float64Array, rho: number, xOut: ArrayLike<number>): Float64Array {
  const { nx, ny, stride: W } = grid;
  const { cornerX, cornerY } = grid.mesh!;
  const C = nx + 1;
  const psi = new Float64Array(C * (ny + 1));
  for (let j = 1; j <= ny; j++) for (let i = 0; i <= nx; i++) psi[i + C * j] = psi[i + C * (j - 1)]! + Fx[i + W * j]! / rho;
  const P = xOut.length;
  const out = new Float64Array(P * (ny + 1));
  for (let j = 0; j <= ny; j++) {
    const row = C * j;
    for (let i = 0; i <= nx; i++) {
      if (cornerY[row + i] !== grid.y.faces[j]) throw new RangeError('streamfunction: the mesh is not a σ grid (its corners leave the columns’ lines)');
    }
    let i = 0;
    for (let p = 0; p < P; p++) {
      const x = xOut[p]!;
      while (i < nx && cornerX[row + i + 1]! <= x) i++;
      if (i === nx) out[p + P * j] = psi[row + nx]!;
      else {
        const t = (x - cornerX[row + i]!) / (cornerX[row + i + 1]! - cornerX[row + i]!);
        out[p + P * j] = (1 - t) * psi[row + i]! + t * psi[row + i + 1]!;
      }
    }
  }
  return out;
}
