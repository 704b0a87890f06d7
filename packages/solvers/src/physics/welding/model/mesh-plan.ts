// The mesh and time-step plan of a welding run, decided before any array exists: the solver's mesh
// phase builds its StructuredMesh from these faces, and the estimate reports the work plan from them
// (cells, steps, memory), so both count the same cells.

import { uniformAxis, type AxisFaces } from '../../../thermal/index.js';
import { lower, raise, workPlan } from '../../../run/work-plan.js';
import type { WorkPlan } from '../../../run/types.js';
import type { MeshPreset, WeldingCase } from './parameters.js';
import { planPasses, type Plan } from './plan.js';
import { sectionAxisBands } from './section-axis.js';

/** Cell sizes of the mesh presets (m): h finest across the weld, dx along it, growth ratio, largest cell. */
export const MESH_PRESET_SIZES: Readonly<Record<MeshPreset, { h: number; dx: number; ratio: number; hMax: number }>> = {
  coarse: { h: 1.5e-3, dx: 5e-3, ratio: 1.5, hMax: 15e-3 },
  default: { h: 1.0e-3, dx: 3e-3, ratio: 1.35, hMax: 10e-3 },
  fine: { h: 0.5e-3, dx: 1.5e-3, ratio: 1.2, hMax: 5e-3 },
};

export interface WeldingMeshPlan {
  /** Finest cell across the weld (m). */
  h: number;
  xFaces: AxisFaces;
  yFaces: AxisFaces;
  zFaces: AxisFaces;
  cells: number;
}

/** The section's faces, graded to h around every pass's source, and the uniform faces along the weld. */
export function planWeldingMesh(c: WeldingCase, plans: readonly Plan[]): WeldingMeshPlan {
  const symmetric = plans[0]!.symmetric;
  const preset = MESH_PRESET_SIZES[c.meshSize];
  const h = Math.min(preset.h, ...plans.flatMap((p) => [p.size.b / 2, p.size.c / 2]));
  const bounds = c.section.bounds;
  const polygons = [...c.section.plates, ...plans.flatMap((p) => p.passFillers)];
  const ys = polygons.flatMap((p) => p.map((v) => v[0]));
  const zs = polygons.flatMap((p) => p.map((v) => v[1]));
  const reach = (p: Plan) => Math.max(p.size.b, p.size.c) + h;
  const grading = { h, ratio: preset.ratio, hMax: preset.hMax };
  const yFaces = sectionAxisBands({ min: symmetric ? 0 : bounds.yMin, max: bounds.yMax, breaks: [...ys, ...plans.map((p) => p.centre[0])], bands: plans.map((p) => ({ lo: p.centre[0] - reach(p), hi: p.centre[0] + reach(p) })), ...grading });
  const zFaces = sectionAxisBands({ min: bounds.zMin, max: bounds.zMax, breaks: [...zs, ...plans.map((p) => p.centre[1])], bands: plans.map((p) => ({ lo: p.centre[1] - reach(p), hi: p.centre[1] + reach(p) })), ...grading });
  const xFaces = uniformAxis({ from: 0, to: c.length, cells: Math.max(4, Math.ceil(c.length / preset.dx)) });
  return { h, xFaces, yFaces, zFaces, cells: (xFaces.length - 1) * (yFaces.length - 1) * (zFaces.length - 1) };
}

/** The t8/5 step limit (solver.ts): at most COOL_DT_K per step from COOL_FROM_K down to COOL_TO_K. */
export const COOL_FROM_K = 1173.15;
export const COOL_TO_K = 723.15;
export const COOL_DT_K = 15;
/** The pass step's growth per step after the pass, and the longest step (s). */
export const COOLING_STEP_GROWTH = 1.1;
export const LONGEST_STEP = 5;

/**
 * Pass steps per torch advance of one cell (or of the source's mean half-length, if shorter).
 * Backward Euler lags the temperature rise as the torch passes, first order in Δt: a bead on a 30 mm
 * plate (derived source, as wide as the pool; default mesh) read its fusion width −9.71 % from
 * Rosenthal with one step per cell, −7.85 / −6.99 / −6.68 / −6.09 % with 2 / 3 / 4 / 8, towards the
 * −5.2 % of the same source's exact solution (superposed Rosenthal kernels, docs/physics/welding.md).
 * Four steps leave ≈ 1.5 % of time error at a pass cost that the cooling steps still dominate.
 */
export const PASS_STEPS_PER_CELL = 4;

/** The pass's time step (s): a quarter of a cell's or the source's mean half-length's travel, whichever is shorter. */
export function passTimeStep(c: WeldingCase, plan: Plan, nx: number, divisor = 1): number {
  return Math.min(c.length / nx, 0.5 * (plan.size.a_f + plan.size.a_r)) / c.travelSpeed / PASS_STEPS_PER_CELL / divisor;
}

/** Steps after a pass: from dtPass growing by COOLING_STEP_GROWTH to dtMax, over `after` seconds. */
export function coolingSteps(dtPass: number, dtMax: number, after: number): number {
  let steps = 0;
  let [time, dt] = [0, dtPass];
  while (time < after * (1 - 1e-12) && dt < dtMax) {
    time += dt;
    dt = Math.min(dtMax, dt * COOLING_STEP_GROWTH);
    steps++;
  }
  return steps + Math.max(0, Math.ceil((after - time) / dtMax - 1e-9));
}

/**
 * Bytes per cell of a welding run: the implicit thermal core (temperature, enthalpy, coefficients,
 * IC(0) factor and CG vectors), the peak-temperature field, the pass frames; measured (bench:
 * SQUARE_BUTT_WELD coarse and default: 11.6 and 35.3 MB on 3 360 and 11 500 cells, 2 900 B a cell). Each further pass
 * keeps three more volume frames (Float64 per cell).
 */
export const WELDING_BYTES_PER_CELL = 3000;
const VOLUME_FRAME_BYTES_PER_CELL_AND_PASS = 24;
const CELL_FIELDS = [lower('mesh_size'), lower('geometry.length'), lower('geometry.width'), lower('geometry.thickness')];
const STEP_FIELDS = [raise('process.travel_speed'), lower('geometry.length'), lower('cooling_time'), lower('interpass_time'), lower('mesh_size')];

/** The work of a welding run: its mesh, and every pass's steps with the cooling after it. */
export function weldingWork(c: WeldingCase, plans = planPasses(c)): WorkPlan {
  const mesh = planWeldingMesh(c, plans);
  const nx = mesh.xFaces.length - 1;
  const section = (mesh.yFaces.length - 1) * (mesh.zFaces.length - 1);
  const passTime = c.length / c.travelSpeed;
  let steps = 0;
  plans.forEach((plan, k) => {
    const dtPass = passTimeStep(c, plan, nx);
    const after = k === plans.length - 1 ? c.coolingTime : c.interpassTime;
    steps += Math.ceil(passTime / dtPass - 1e-9) + coolingSteps(dtPass, Math.max(dtPass, Math.min(LONGEST_STEP, after / 20)), after);
    // The t8/5 limit's shorter steps through 800-500 °C.
    steps += Math.ceil((COOL_FROM_K - COOL_TO_K) / COOL_DT_K);
  });
  return workPlan({
    cells: mesh.cells,
    steps,
    bytesPerCell: WELDING_BYTES_PER_CELL + VOLUME_FRAME_BYTES_PER_CELL_AND_PASS * (plans.length - 1),
    // The mid-length section kept at every step (the t8/5 and the section plots).
    extraBytes: 8 * section * steps,
    seconds: 0,
    cellFields: CELL_FIELDS,
    stepFields: STEP_FIELDS,
  });
}
