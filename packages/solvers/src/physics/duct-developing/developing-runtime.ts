// Expected run time of the developing-duct solver (physics/duct-developing): its cost is the
// number of axial steps times the radial cells, plus a second march over a longer duct when the
// flow is still developing at the outlet (for the entrance lengths).

import { marchPositions } from './march.js';
import type { DevelopingDuctCase } from './parameters.js';
import type { WorkPlan } from '../../run/types.js';
import { lower, raise, workPlan } from '../../run/work-plan.js';
import { derivedFlow } from './problem.js';
import { entranceSearchLength } from './solver.js';

/**
 * Measured on the development machine (Node 20, one core): 0.7-4 µs per axial step and radial cell
 * (turbulent cases at the top: the eddy viscosity is updated every step), ~0.1 s start-up in a
 * fresh worker thread.
 */
const FIXED_SECONDS = 0.1;
const SECONDS_PER_STEP_AND_CELL = 3e-6;

/** Laminar entrance lengths ~0.06 Re D_h (flow) and ~0.05 Re Pr D_h (heat); turbulent ~60 D_h. */
function likelyStillDeveloping(duct: DevelopingDuctCase, reynolds: number, prandtl: number, hydraulicDiameter: number): boolean {
  const { problem } = duct;
  const heated = problem.walls.inner.condition !== 'adiabatic' || problem.walls.outer.condition !== 'adiabatic';
  const entrance = problem.flowModel === 'laminar' ? Math.max(0.06, heated ? 0.05 * prandtl : 0) * reynolds * hydraulicDiameter : 60 * hydraulicDiameter;
  return entrance > problem.length;
}

/**
 * Bytes per radial cell (the banded systems and profiles of the march) and per axial step (the wall
 * and bulk series kept at every step, and the stations' profiles).
 */
const BYTES_PER_RADIAL_CELL = 2000;
const BYTES_PER_STEP = 200;

/** The work of a developing-duct run: radial cells × axial steps (the march's own step plan). */
export function developingWork(duct: DevelopingDuctCase): WorkPlan {
  const steps = developingSteps(duct);
  return workPlan({
    cells: duct.numerics.radialCells,
    steps,
    bytesPerCell: BYTES_PER_RADIAL_CELL,
    extraBytes: BYTES_PER_STEP * steps,
    seconds: FIXED_SECONDS + SECONDS_PER_STEP_AND_CELL * steps * duct.numerics.radialCells,
    cellFields: [],
    stepFields: [lower('length'), raise('diameter'), raise('outer_diameter')],
  });
}

export function developingRuntimeSeconds(duct: DevelopingDuctCase): number {
  return developingWork(duct).seconds;
}

function developingSteps(duct: DevelopingDuctCase): number {
  const { problem, numerics } = duct;
  const flow = derivedFlow(problem);
  let steps = marchPositions(problem.length, flow.hydraulicDiameter, numerics, problem.stations).length;
  if (likelyStillDeveloping(duct, flow.reynolds, flow.prandtl, flow.hydraulicDiameter)) {
    steps += marchPositions(entranceSearchLength(problem, flow.reynolds, flow.prandtl, flow.hydraulicDiameter), flow.hydraulicDiameter, numerics, []).length;
  }
  return steps;
}
