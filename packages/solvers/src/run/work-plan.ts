// Builds the work plan an estimate reports (types.ts, WorkPlan) from a solver's own mesh and step
// plan: cells, steps, and the peak memory from the bytes each cell costs in that solver.

import type { EstimateResult, PlanDriver, WorkPlan } from './types.js';

/** What every run holds whatever its size: the solver's code, tables and small arrays, bytes. */
export const BASE_RUN_BYTES = 16e6;

export interface WorkPlanInput {
  cells: number;
  steps: number;
  /** Bytes per cell of the solver's arrays (fields, coefficients, scratch, results), measured. */
  bytesPerCell: number;
  /** Memory that grows with the steps or other counts (histories, frames, particles), bytes. */
  extraBytes?: number;
  seconds: number;
  cellFields: readonly PlanDriver[];
  stepFields: readonly PlanDriver[];
}

export function workPlan(input: WorkPlanInput): WorkPlan {
  return {
    cells: input.cells,
    steps: input.steps,
    memory_bytes: Math.round(BASE_RUN_BYTES + input.cells * input.bytesPerCell + (input.extraBytes ?? 0)),
    seconds: input.seconds,
    cell_fields: input.cellFields.map((d) => ({ ...d })),
    step_fields: input.stepFields.map((d) => ({ ...d })),
  };
}

/** Shorthands for the drivers' lists. */
export const lower = (path: string): PlanDriver => ({ path, change: 'lower' });
export const raise = (path: string): PlanDriver => ({ path, change: 'raise' });

/** An estimate's run time and work plan for the chosen mesh preset and for each preset, from each preset's plan (in preset order). */
export function workByMesh<M extends string>(presets: readonly M[], chosen: M, workOf: (mesh: M) => WorkPlan): Pick<EstimateResult, 'expected_runtime_seconds' | 'expected_runtime_seconds_by_mesh' | 'work' | 'work_by_mesh'> {
  const work = Object.fromEntries(presets.map((mesh) => [mesh, workOf(mesh)])) as Record<M, WorkPlan>;
  const seconds = Object.fromEntries(presets.map((mesh) => [mesh, work[mesh].seconds]));
  return { expected_runtime_seconds: work[chosen].seconds, expected_runtime_seconds_by_mesh: seconds, work: work[chosen], work_by_mesh: work };
}
