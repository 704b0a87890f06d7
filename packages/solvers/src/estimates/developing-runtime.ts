// Expected run time of the developing-duct solver (physics/duct-developing): its cost is the
// number of axial steps times the radial cells, plus a second march over a longer duct when the
// flow is still developing at the outlet (for the entrance lengths).

import { marchPositions } from '../physics/duct-developing/march.js';
import type { DevelopingDuctCase } from '../physics/duct-developing/parameters.js';
import { derivedFlow } from '../physics/duct-developing/problem.js';
import { entranceSearchLength } from '../physics/duct-developing/solver.js';

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

export function developingRuntimeSeconds(duct: DevelopingDuctCase): number {
  const { problem, numerics } = duct;
  const flow = derivedFlow(problem);
  let steps = marchPositions(problem.length, flow.hydraulicDiameter, numerics, problem.stations).length;
  if (likelyStillDeveloping(duct, flow.reynolds, flow.prandtl, flow.hydraulicDiameter)) {
    steps += marchPositions(entranceSearchLength(problem, flow.reynolds, flow.prandtl, flow.hydraulicDiameter), flow.hydraulicDiameter, numerics, []).length;
  }
  return FIXED_SECONDS + SECONDS_PER_STEP_AND_CELL * steps * numerics.radialCells;
}
