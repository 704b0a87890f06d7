// A JetCase as a flow case of the RANS solver: the impinging-jet geometry (impinging-jet.ts) with the
// mesh preset's grading, the flow model, and the ridge.
//
// Mesh presets (sizes relative to the nozzle diameter D): the wall cell is 5e-4 D at Re 23 000 (first
// cell y⁺ ≈ 0.3 at the stagnation point, below 1 everywhere on the plate; measured), scaled as
// (23 000 / Re)^0.8 so that y⁺ stays about constant (the wall shear of the wall jet grows as
// Re^1.6-1.8 in wall units), at most 5e-3 D.

import type { FlowCase } from '../case.js';
import { impingingJetCase, type ImpingingJetFlowCase, type ImpingingJetOptions, type RidgeGrid } from '../impinging-jet.js';
import type { WallTreatment } from '../solid.js';
import type { JetCase, JetMeshPreset } from './parameters.js';

interface MeshGrading {
  wallCell: number;
  shearLayerCell: number;
  largestCell: number;
  ratio: number;
  /**
   * Staircase steps across a ridge: as many as the run-time budget allows (60 s default, 10 min fine),
   * since a face's first-cell y⁺ falls only with the steps (9 / 6 / 3 at 32 / 64 / 128 on the default
   * ridge; ridge-heat.test.ts). Default 64: 16 576 cells, 40 s of CPU; fine 128: 51 084 cells, 478 s
   * (bench/jet-defaults.ts, machine loaded).
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
 * resolved, but the faces' layer is not a channel's: wall-treatment.test.ts, docs/decisions.md session
 * 7, H2). So it is not used.
 */
export const RIDGE_WALL_TREATMENT: WallTreatment = 'resolved';

/**
 * The ridge's grid in the product runs: blocked cells (a staircase of `ridgeSteps` steps). The
 * terrain-following σ grid (impinging-jet.ts, terrain-grid.ts) wall-resolves the faces but is a study
 * option until the curvilinear solver's ridge runs are verified (session 7's plan, S10–S11).
 */
export const RIDGE_GRID: RidgeGrid = 'blocked';

/**
 * `ridgeSteps`, `ridgeWallTreatment` and `ridgeGrid` override the preset's ridge resolution (on a
 * terrain grid: the columns over the half-width), the faces' treatment and the ridge's grid (studies).
 */
export function jetFlowCase(
  jet: JetCase,
  numerics: FlowCase['numerics'] = {},
  ridgeSteps?: number,
  ridgeWallTreatment: WallTreatment = RIDGE_WALL_TREATMENT,
  ridgeGrid: RidgeGrid = RIDGE_GRID,
): ImpingingJetFlowCase {
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
  return impingingJetCase(options);
}
