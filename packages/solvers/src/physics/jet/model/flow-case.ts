// A JetCase as a flow case of the RANS solver: the impinging-jet geometry (impinging-jet.ts) with the
// mesh preset's grading, the flow model, and the ridge.
//
// Mesh presets (sizes relative to the nozzle diameter D): the wall cell is 5e-4 D at Re 23 000 (first
// cell y⁺ ≈ 0.3 at the stagnation point, below 1 everywhere on the plate; measured), scaled as
// (23 000 / Re)^0.8 so that y⁺ stays about constant (the wall shear of the wall jet grows as
// Re^1.6-1.8 in wall units), at most 5e-3 D.

import type { FlowCase } from '../case.js';
import { impingingJetCase, planImpingingJetGrid, type ImpingingJetFlowCase, type ImpingingJetGridPlan, type ImpingingJetOptions, type RidgeGrid } from '../impinging-jet.js';
import type { WallTreatment } from '../physics/solid.js';
import type { JetCase, JetMeshPreset } from './parameters.js';

interface MeshGrading {
  wallCell: number;
  shearLayerCell: number;
  largestCell: number;
  ratio: number;
  /**
   * Columns over a ridge's half-width on its σ grid (the product's; blocked cells: staircase steps).
   * On σ the faces' first cells are the plate's wall cell whatever the columns (y⁺ < 0.5 on every
   * preset), so the columns only resolve the faces along their length and the apex, within the run-time
   * budget (60 s default, 10 min fine). Measured on σ at the turbulent relaxation 0.9 / 0.8 with one
   * non-orthogonal p′ corrector (bench/jet-defaults.ts, CPU): coarse 16: 2 976 cells, 602 iterations,
   * 3.4 s; default 64: 9 176 cells, 971, 15.5 s; fine 128: 22 446 cells, 871, 40.0 s (at 0.7: 683,
   * 1 267 and 1 548 iterations).
   * The faces' heat moves +0.12 % from 64 to 128 columns. The staircase (fallback for
   * polygons with no σ grid): 3 410 / 16 576 / 51 084 cells, 3.3 / 35-50 / 478 s, faces' y⁺ 13 / 6 / 3
   * (ridge-heat.test.ts).
   */
  ridgeSteps: number;
}

export const JET_MESH_PRESETS: Readonly<Record<JetMeshPreset, MeshGrading>> = {
  coarse: { wallCell: 5e-4, shearLayerCell: 0.04, largestCell: 0.25, ratio: 1.2, ridgeSteps: 16 },
  default: { wallCell: 5e-4, shearLayerCell: 0.02, largestCell: 0.15, ratio: 1.12, ridgeSteps: 64 },
  fine: { wallCell: 2.5e-4, shearLayerCell: 0.01, largestCell: 0.1, ratio: 1.08, ridgeSteps: 128 },
};

const REFERENCE_REYNOLDS = 23_000;
const MAX_WALL_CELL = 5e-3;

/** The wall cell (relative to D) of a preset at a Reynolds number. */
export function wallCellOverD(preset: JetMeshPreset, reynoldsNumber: number): number {
  return Math.min(MAX_WALL_CELL, JET_MESH_PRESETS[preset].wallCell * (REFERENCE_REYNOLDS / reynoldsNumber) ** 0.8);
}

/**
 * The ridge faces' wall treatment of the product runs (solid.ts, wall-laws.ts): wall-resolved. The
 * automatic (all-y⁺) treatment leaves the faces' heat as step-dependent (64 → 128 steps −10.4 % against
 * −9.3 %: ridge-heat.test.ts), and on the default preset (faces' first cells at y⁺ 0.5-6, 59 % of the
 * shear from y⁺ 4-6) it moves the faces' shear force by −1.1 % and their heat by +0.4 %, where 64 → 128
 * steps move them by +3 % / −9 %: neither nearer the finer grid nor a fix (a channel's C_f at y⁺ 6 is +53 %
 * resolved, but the faces' layer is not a channel's: wall-treatment.test.ts, docs/physics/jet.md). So it is
 * not used.
 */
export const RIDGE_WALL_TREATMENT: WallTreatment = 'resolved';

/**
 * The ridge's grid in the product runs: terrain-following σ (impinging-jet.ts, terrain-grid.ts), which
 * wall-resolves the faces (y⁺ < 0.5 against the staircase's 3–13). A polygon with no σ grid (not a
 * graph over the plate, or a face steeper than the σ grid allows) falls back to blocked cells, a
 * staircase of `ridgeSteps` steps, and the run's log says why (docs/adr/0021).
 */
export const RIDGE_GRID: RidgeGrid = 'terrain';

/** The case of the RANS solver; the arguments are jetCaseOptions'. */
export function jetFlowCase(...args: Parameters<typeof jetCaseOptions>): ImpingingJetFlowCase {
  return impingingJetCase(jetCaseOptions(...args));
}

/** The options jetFlowCase builds the product's flow case from (plain data: a helper thread builds it again). */
export function jetFlowOptions(jet: JetCase): ImpingingJetOptions {
  return jetCaseOptions(jet);
}

/** The grid jetFlowCase builds, planned without its geometry (the estimate's work plan). */
export function jetGridPlan(jet: JetCase): ImpingingJetGridPlan {
  return planImpingingJetGrid(jetCaseOptions(jet));
}

/**
 * `ridgeSteps`, `ridgeWallTreatment` and `ridgeGrid` override the preset's ridge resolution (on a
 * terrain grid: the columns over the half-width), the faces' treatment and the ridge's grid (studies).
 */
function jetCaseOptions(
  jet: JetCase,
  numerics: FlowCase['numerics'] = {},
  ridgeSteps?: number,
  ridgeWallTreatment: WallTreatment = RIDGE_WALL_TREATMENT,
  ridgeGrid: RidgeGrid = RIDGE_GRID,
): ImpingingJetOptions {
  const grading = JET_MESH_PRESETS[jet.mesh];
  const options: ImpingingJetOptions = {
    nozzle: jet.nozzle,
    diameter: jet.diameter,
    distance: jet.distance,
    domainRadius: jet.domainRadius,
    reynoldsNumber: jet.reynoldsNumber,
    fluid: jet.properties,
    jetTemperature: jet.jetTemperature,
    surfaceTemperature: jet.surfaceTemperature,
    // Kato–Launder production: the strain-rate form builds spurious k at the stagnation point.
    production: 'kato-launder',
    // Wilcox's vortex-stretching correction (round jets; nothing in planar ones): the average Nusselt
    // number within 2.5 D against Martin's correlation goes from +24 % to +15.8 % at H/D 6 and from
    // +7.6 % to −1.6 % at H/D 2 (default grids; sst.ts, round-jet-correction.test.ts).
    vortexStretching: true,
    laminar: jet.flowModel === 'laminar',
    mesh: { wallCell: wallCellOverD(jet.mesh, jet.reynoldsNumber), shearLayerCell: grading.shearLayerCell, largestCell: grading.largestCell, ratio: grading.ratio },
    numerics,
    ...(jet.ridge ? { ridge: { polygon: jet.ridge.polygon, steps: ridgeSteps ?? grading.ridgeSteps, temperature: jet.surfaceTemperature, wallTreatment: ridgeWallTreatment, grid: ridgeGrid } } : {}),
  };
  return options;
}
