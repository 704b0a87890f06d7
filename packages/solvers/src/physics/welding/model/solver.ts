// The cwm welding model (simulations.md, "cwm"; issue 4, "Welding model"): 3-D transient conduction
// through the thermal core (src/thermal) on the joint's cross-section extruded along the weld.
//
// Geometry: jointCrossSection(type, geometry) gives plates, bead (filler) polygons and the weld
// lines. x is the travel direction over [0, length]; the section (y, z) is meshed with a structured
// grid through every polygon vertex, finest (h) around the first weld line and growing by about
// `ratio` per cell away from it (up to hMax); x is uniform (the source travels over all of it). Cells
// are SOLID (base metal) or FILLER (the bead, inactive until the torch passes) by the larger covered
// share (rasteriseSection). Butt joints (SQUARE_BUTT_WELD, BUTT_WELD, DOUBLE_V_BUTT_WELD) are
// symmetric about y = 0 with the torch on that plane: only y ≥ 0 is meshed, with a symmetry plane.
//
// Passes: the first weld line of the section is welded (one pass). Joints with a second weld line
// (DOUBLE_V_BUTT_WELD back side, TEE_JOINT_WELD and DOUBLE_FILLET_LAP_JOINT second fillet,
// PIPE_TO_PLATE_FILLET_WELD far side) keep the other bead unfilled: the log says so.
//
// Source: Goldak double ellipsoid (Goldak, Chakravarti & Bibby, Metall. Trans. B 15 (1984) 299–305),
// net power η·U·I, moving at the travel speed along +x from x = 0, aimed along the weld line's torch
// axis (work angle φ with (sin φ, −cos φ) = the torch direction). Its centre is where the torch axis
// through the weld line leaves the bead towards the torch (the bead surface: the groove top, or the
// middle of a fillet's face). Derived semi-axes (heat_source.mode = 'derived'), after Goldak et al.'s
// guidance that the ellipsoid should match the weld pool:
//   b = r_R, c = max(the bead's depth along the axis from the centre, b), a_f = b, a_r = 2·b
//   (Goldak et al. suggest a front of about the half-width and a rear about twice the front), r_R
//   the Rosenthal thick-plate fusion half-width for the representative properties
//   (analytic/rosenthal.ts, materials.ts), bounded to [1 mm, section height]: the pool width follows
//   the heat input, its depth reaches the root of the bead. (A first rule, b = half the bead width,
//   spread a 10 mm-wide K-groove bead so thin that no base metal melted, and concentrated a 1 mm
//   square-butt gap to 6000 K.) The bead's width enters only through the filler cells.
// Filler: the bead cells of a column x are activated (solver.activate) at the LIQUIDUS when the
// plane x ≤ x_source + a_f/2 passes them (the droplets join the pool molten; a_f/2 is the lead of
// the pool front). Their enthalpy (from the preheat to the liquidus) enters the ledger as
// `deposited`. The arc supplies that enthalpy (η covers the energy carried by the droplets), so the
// Goldak power is η·U·I minus the bead's enthalpy flux ρ·ΔH·A_bead·v: source + bead = η·U·I and the
// part receives the heat input the process states, not more (element birth at the melting
// temperature without this correction counts the bead's enthalpy twice: ≈ 25 % for a 6 mm fillet at
// 0.8 kJ/mm; Lindgren, J. Therm. Stresses 24 (2001) 141–192, reviews the activation choices).
// Time stepping: backward Euler (L-stable, so no oscillation when the bead switches on at the
// liquidus and the source switches off; chosen for robustness, Crank–Nicolson was not compared
// here) with IC(0)-CG (relative 1e-7) inside the core's Newton iteration on the enthalpy (1e-4).
// During the pass Δt = min(dx, (a_f + a_r)/2)/v (the source moves at most one cell per step); in the
// cooling Δt grows by 10 % a step up to max(Δt_pass, min(5 s, cooling/20)). Not measured: the
// explicit scheme (limit ρc h²/(6k) ≈ 20 ms on 1 mm steel cells, ≈ 4500 cheap sweeps for the default
// 90 s) may be competitive on the default preset and is worth a benchmark.
// Distortion: after the results, the peak temperatures load the plate mechanics (distortion.ts:
// inherent strain, the plate that carries the weld, a free plate).

import { DivergedError } from '../../../errors.js';
import type { RunContext } from '../../../run/context.js';
import { runPhases } from '../../../run/context.js';
import type { Field, ScalarResult, Series, SolverOutput } from '../../../run/types.js';
import { CELL_FILLER, CELL_SOLID, CELL_VOID, EnthalpyTable, GoldakSource, StructuredMesh, ThermalSolver, coolingTime, uniformAxis, type AxisFaces, type BoxCondition, type BoxFace } from '../../../thermal/index.js';
import { durenMaxHazHardness } from '../analytic/hardness.js';
import { thickPlateFusionHalfWidth } from '../analytic/rosenthal.js';
import type { Polygon, Vec2 } from '../geometry/polygon.js';
import { centroid, pointInPolygon } from '../geometry/polygon.js';
import { CellMaterial, rasteriseSection } from '../geometry/raster.js';
import type { WeldLine } from '../geometry/joints.js';
import { REPRESENTATIVE_SOLIDS, WELDING_MATERIAL_IDS, type WeldingMaterialId } from '../materials.js';
import { basePlate, deflectionOnFullWidth, weldingDistortion, type WeldingDistortion } from './distortion.js';
import { FrameClock, MAX_VOLUME_CELLS, NO_METAL, frameSchedule, fullWidth, volumeLayout, type FrameSchedule } from './frames.js';
import type { MeshPreset, WeldingCase } from './parameters.js';

const KELVIN = 273.15;
/** What the distortion's plate (distortion.ts) is called per joint, when it is not the whole section. */
const PLATE_NAMES: Readonly<Record<string, string>> = {
  T_JOINT_FILLET_WELD: 'the flange',
  TEE_JOINT_WELD: 'the flange',
  FILLET_ON_CORNER_WELD: 'the horizontal plate',
  OUTSIDE_FILLET_ON_CORNER_WELD: 'the horizontal plate',
  SINGLE_FILLET_LAP_JOINT: 'the lower plate',
  DOUBLE_FILLET_LAP_JOINT: 'the lower plate',
  PIPE_TO_PLATE_FILLET_WELD: 'the base plate',
  custom: 'the plate carrying the weld',
};
/** Symmetric butt joints: the torch on y = 0, the section mirror-symmetric. */
const SYMMETRIC = new Set(['SQUARE_BUTT_WELD', 'BUTT_WELD', 'DOUBLE_V_BUTT_WELD']);

/** Cell sizes of the mesh presets (m): h finest across the weld, dx along it, growth ratio, largest cell. */
export const MESH_PRESET_SIZES: Readonly<Record<MeshPreset, { h: number; dx: number; ratio: number; hMax: number }>> = {
  coarse: { h: 1.5e-3, dx: 5e-3, ratio: 1.5, hMax: 15e-3 },
  default: { h: 1.0e-3, dx: 3e-3, ratio: 1.35, hMax: 10e-3 },
  fine: { h: 0.5e-3, dx: 1.5e-3, ratio: 1.2, hMax: 5e-3 },
};

/**
 * The temperature of the lower HAZ boundary per material (K): Ac1 for the ferritic steel, the β
 * transus for Ti-6Al-4V; none for the austenitic 316L, IN625 and the age-hardened AA6061 (no single
 * transformation temperature bounds their HAZ), so haz_width is omitted for them.
 */
export const HAZ_TEMPERATURE: Readonly<Record<string, { temperature: number; label: string } | undefined>> = {
  // Fe–C eutectoid (A1) 723 °C, the classic textbook value (727 °C in current diagrams) [RECALLED].
  S355: { temperature: 723 + KELVIN, label: 'Ac1 723 °C (ferritic steel, eutectoid temperature)' },
  // α + β → β transus ≈ 995 °C for Ti-6Al-4V [RECALLED, ASM Materials Properties Handbook: Titanium Alloys].
  Ti6Al4V: { temperature: 995 + KELVIN, label: 'β transus 995 °C (Ti-6Al-4V)' },
};

export interface GoldakSize {
  a_f: number;
  a_r: number;
  b: number;
  c: number;
  rule: string;
}

interface Plan {
  weldLine: WeldLine;
  passFillers: Polygon[];
  otherFillers: Polygon[];
  centre: Vec2;
  /** Unit torch axis (y, z). */
  axis: Vec2;
  workAngle: number;
  size: GoldakSize;
  symmetric: boolean;
  /** +1 or −1: the side of the weld line on which the probes and the fusion boundary are read. */
  side: number;
}

const dot = (a: Vec2, b: Vec2) => a[0] * b[0] + a[1] * b[1];

/** The source placement and size for the first weld line (see the header for the rule). */
export function planSource(c: WeldingCase): Plan {
  const { section } = c;
  const weldLine = section.weldLines[0]!;
  const distanceTo = (p: Polygon, line: WeldLine) => Math.hypot(centroid(p)[0] - line.point[0], centroid(p)[1] - line.point[1]);
  const passFillers: Polygon[] = [];
  const otherFillers: Polygon[] = [];
  for (const filler of section.fillers) {
    const nearest = section.weldLines.reduce((best, line, j) => (distanceTo(filler, line) < distanceTo(filler, section.weldLines[best]!) ? j : best), 0);
    (nearest === 0 ? passFillers : otherFillers).push(filler);
  }
  const axis = weldLine.torchDirection;
  const across: Vec2 = [-axis[1], axis[0]];
  let zetaMin = 0;
  let zetaMax = 0;
  let etaMin = Infinity;
  let etaMax = -Infinity;
  for (const polygon of passFillers)
    for (const p of polygon) {
      const d: Vec2 = [p[0] - weldLine.point[0], p[1] - weldLine.point[1]];
      zetaMin = Math.min(zetaMin, dot(d, axis));
      zetaMax = Math.max(zetaMax, dot(d, axis));
      etaMin = Math.min(etaMin, dot(d, across));
      etaMax = Math.max(etaMax, dot(d, across));
    }
  // Centre: walk from the weld line back along the torch axis while inside the bead (to its surface).
  let back = 0;
  const step = 1e-5;
  const inside = (s: number) => passFillers.some((p) => pointInPolygon([weldLine.point[0] - s * axis[0], weldLine.point[1] - s * axis[1]], p));
  if (passFillers.length > 0) while (back < -zetaMin && inside(back + step)) back += step;
  const centre: Vec2 = [weldLine.point[0] - back * axis[0], weldLine.point[1] - back * axis[1]];
  // Depth of the bead below the centre, along the axis.
  zetaMax += back;
  const solid = REPRESENTATIVE_SOLIDS[(WELDING_MATERIAL_IDS as readonly string[]).includes(c.materialId) ? (c.materialId as WeldingMaterialId) : 'S355'];
  const rosenthal = thickPlateFusionHalfWidth(
    { power: c.efficiency * c.voltage * c.current, travelSpeed: c.travelSpeed, conductivity: solid.conductivity, density: solid.density, specificHeat: solid.specificHeat, initialTemperature: c.preheat },
    c.material.solidus,
  );
  const thickness = section.bounds.zMax - section.bounds.zMin;
  const pool = Math.min(Math.max(1e-3, rosenthal), thickness);
  let size: GoldakSize;
  if (c.source) {
    size = { ...c.source, rule: 'given semi-axes' };
  } else if (passFillers.length > 0) {
    const b = pool;
    const depth = Math.max(b, zetaMax);
    size = {
      a_f: b,
      a_r: 2 * b,
      b,
      c: depth,
      rule: 'derived (Goldak et al. 1984: the ellipsoid matches the pool): b = Rosenthal thick-plate fusion half-width (the pool width follows the heat input), c = max(bead depth along the torch axis, b) (the pool reaches the bead root), a_f = b, a_r = 2b',
    };
  } else {
    size = { a_f: pool, a_r: 2 * pool, b: pool, c: pool, rule: 'derived, no bead: b = c = Rosenthal thick-plate fusion half-width (representative properties), a_f = b, a_r = 2b' };
  }
  const workAngle = Math.atan2(axis[0], -axis[1]);
  const symmetric = SYMMETRIC.has(c.joint) && !c.customSection && Math.abs(weldLine.point[0]) < 1e-12;
  const side = axis[0] > 1e-9 ? -1 : 1;
  return { weldLine, passFillers, otherFillers, centre, axis, workAngle, size, symmetric, side };
}

/**
 * Faces along one axis through all `breaks` (kept as faces unless closer than h/4 to another), with
 * cells of width h inside [bandLo, bandHi] growing linearly with the distance from the band (≈ a
 * geometric growth by `ratio` per cell) up to hMax.
 */
export function sectionAxis(min: number, max: number, breaks: readonly number[], bandLo: number, bandHi: number, h: number, ratio: number, hMax: number): AxisFaces {
  const points = [...breaks.filter((u) => u > min && u < max), min, max].sort((a, b) => a - b);
  const kept: number[] = [min];
  for (const u of points) if (u - kept[kept.length - 1]! > 0.25 * h && max - u > 0.25 * h) kept.push(u);
  kept.push(max);
  const width = (u: number) => Math.min(hMax, h + (ratio - 1) * Math.max(0, bandLo - u, u - bandHi));
  const faces: number[] = [min];
  for (let s = 0; s + 1 < kept.length; s++) {
    const [p, q] = [kept[s]!, kept[s + 1]!];
    const widths: number[] = [];
    let u = p;
    // March from the end nearer the band so that the fine cells sit against it.
    const fromHigh = Math.abs(q - 0.5 * (bandLo + bandHi)) < Math.abs(p - 0.5 * (bandLo + bandHi));
    let v = fromHigh ? q : p;
    for (;;) {
      const w = width(v);
      const rest = fromHigh ? v - p : q - v;
      if (rest < 1.5 * w) {
        widths.push(rest);
        break;
      }
      widths.push(w);
      v += fromHigh ? -w : w;
    }
    if (fromHigh) widths.reverse();
    const total = widths.reduce((x, y) => x + y, 0);
    for (const w of widths) {
      u += (w * (q - p)) / total;
      faces.push(u);
    }
    faces[faces.length - 1] = q;
  }
  return Float64Array.from(faces);
}

interface State {
  c: WeldingCase;
  plan?: Plan;
  mesh?: StructuredMesh;
  solver?: ThermalSolver;
  /** Filler cells to activate, per x column. */
  fillerByColumn?: number[][];
  passTime?: number;
  midColumn?: number;
  /** Mid-length slice temperatures (ny·nz) after each step. */
  sliceHistory: Float64Array[];
  /** Ledger snapshots after each step. */
  ledgerHistory: { time: number; sourceIn: number; deposited: number; surfaceLoss: number; storedChange: number }[];
  topAtPassEnd?: number[];
  /** When the view frames are taken (frames.ts). */
  schedule?: FrameSchedule;
  /** Top-surface snapshots for the animated map (topSurface per chosen step). */
  topFrames: { time: number; values: number[] }[];
  /** Whole-part snapshots for the 3-D view: T per cell (mesh order), NO_METAL where there is no metal. */
  volumeFrames: { time: number; values: Float64Array }[];
  output?: SolverOutput;
  dtPass?: number;
}

export async function solveWelding(c: WeldingCase, ctx: RunContext): Promise<SolverOutput> {
  const state: State = { c, sliceHistory: [], ledgerHistory: [], topFrames: [], volumeFrames: [] };
  await runPhases(ctx, state, [
    { name: 'geometry', weight: 1, run: geometryPhase },
    { name: 'mesh', weight: 2, run: meshPhase },
    { name: 'solve', weight: 90, run: solvePhase },
    { name: 'results', weight: 2, run: resultsPhase },
    { name: 'distortion', weight: 1, run: distortionPhase },
  ]);
  return state.output!;
}

function geometryPhase(state: State, ctx: RunContext): void {
  const { c } = state;
  const plan = (state.plan = planSource(c));
  const mm = (v: number) => (v * 1000).toFixed(2);
  ctx.info(`joint ${c.joint}: ${c.section.plates.length} plate polygon(s), ${c.section.fillers.length} bead polygon(s), ${c.section.weldLines.length} weld line(s); length ${mm(c.length)} mm`);
  if (c.section.weldLines.length > 1) ctx.warn(`pass 1 of ${c.section.weldLines.length} simulated (weld line at y ${mm(plan.weldLine.point[0])} mm, z ${mm(plan.weldLine.point[1])} mm); the other bead(s) stay unfilled: multi-pass sequences are not modelled yet`);
  const s = plan.size;
  ctx.info(`Goldak source (${s.rule}): a_f ${mm(s.a_f)} mm, a_r ${mm(s.a_r)} mm, b ${mm(s.b)} mm, c ${mm(s.c)} mm; centre y ${mm(plan.centre[0])} mm, z ${mm(plan.centre[1])} mm; work angle ${((plan.workAngle * 180) / Math.PI).toFixed(1)}°`);
  ctx.info(`net power η·U·I = ${(c.efficiency * c.voltage * c.current).toFixed(1)} W, travel ${(c.travelSpeed * 1000).toFixed(2)} mm/s, heat input ${((c.efficiency * c.voltage * c.current) / c.travelSpeed / 1e6).toFixed(3)} kJ/mm`);
}

function meshPhase(state: State, ctx: RunContext): void {
  const { c } = state;
  const plan = state.plan!;
  const preset = MESH_PRESET_SIZES[c.meshSize];
  const h = Math.min(preset.h, plan.size.b / 2, plan.size.c / 2);
  const bounds = c.section.bounds;
  const polygons = [...c.section.plates, ...plan.passFillers, ...plan.otherFillers];
  const ys = polygons.flatMap((p) => p.map((v) => v[0]));
  const zs = polygons.flatMap((p) => p.map((v) => v[1]));
  const reach = Math.max(plan.size.b, plan.size.c) + h;
  const [cy, cz] = plan.centre;
  const yMin = plan.symmetric ? 0 : bounds.yMin;
  const yFaces = sectionAxis(yMin, bounds.yMax, [...ys, cy], cy - reach, cy + reach, h, preset.ratio, preset.hMax);
  const zFaces = sectionAxis(bounds.zMin, bounds.zMax, [...zs, cz], cz - reach, cz + reach, h, preset.ratio, preset.hMax);
  const xFaces = uniformAxis({ from: 0, to: c.length, cells: Math.max(4, Math.ceil(c.length / preset.dx)) });
  const mesh = (state.mesh = new StructuredMesh(xFaces, yFaces, zFaces));
  const raster = rasteriseSection({ plates: c.section.plates, fillers: plan.passFillers }, { yEdges: yFaces, zEdges: zFaces });
  const { nx, ny, nz } = mesh;
  const fillerByColumn: number[][] = Array.from({ length: nx }, () => []);
  let solid = 0;
  let filler = 0;
  for (let iz = 0; iz < nz; iz++)
    for (let iy = 0; iy < ny; iy++) {
      const kind = raster.material[iy * nz + iz]!;
      for (let ix = 0; ix < nx; ix++) {
        const i = mesh.index(ix, iy, iz);
        if (kind === CellMaterial.base) {
          mesh.mask[i] = CELL_SOLID;
          solid++;
        } else if (kind === CellMaterial.filler) {
          mesh.mask[i] = CELL_FILLER;
          fillerByColumn[ix]!.push(i);
          filler++;
        } else mesh.mask[i] = CELL_VOID;
      }
    }
  mesh.maskVersion++;
  state.fillerByColumn = fillerByColumn;
  state.midColumn = StructuredMesh.locate(xFaces, 0.5 * c.length);
  ctx.info(
    `mesh ${nx} × ${ny} × ${nz} = ${mesh.cellCount} cells (${solid} base metal, ${filler} bead); finest ${(h * 1000).toFixed(2)} mm across the weld, ${((c.length / nx) * 1000).toFixed(2)} mm along it (preset ${c.meshSize})${plan.symmetric ? '; half section y ≥ 0 with a symmetry plane' : ''}`,
  );
}

async function solvePhase(state: State, ctx: RunContext): Promise<void> {
  const { c } = state;
  const plan = state.plan!;
  const mesh = state.mesh!;
  const size = plan.size;
  const power = c.efficiency * c.voltage * c.current;
  const passTime = (state.passTime = c.length / c.travelSpeed);
  const endTime = passTime + c.coolingTime;
  // The bead enters at the liquidus with enthalpy the arc supplied (η covers the droplets): the
  // source carries η·U·I minus the bead's enthalpy flux, so source + bead = η·U·I (per unit length).
  let beadArea = 0;
  for (let iz = 0; iz < mesh.nz; iz++) for (let iy = 0; iy < mesh.ny; iy++) if (mesh.mask[mesh.index(0, iy, iz)] === CELL_FILLER) beadArea += mesh.dy[iy]! * mesh.dz[iz]!;
  const mirror = plan.symmetric ? 2 : 1;
  const table = new EnthalpyTable(c.material);
  const beadEnthalpy = table.enthalpyAt(c.material.liquidus) - table.enthalpyAt(c.preheat);
  const beadPower = mirror * beadArea * beadEnthalpy * c.travelSpeed;
  let sourcePower = power - beadPower;
  if (sourcePower < 0.25 * power) {
    ctx.warn(`the bead's enthalpy flux ${beadPower.toFixed(0)} W exceeds 75 % of η·U·I: the source keeps 25 % (the energy balance then exceeds η·U·I)`);
    sourcePower = 0.25 * power;
  }
  ctx.info(`bead ${(mirror * beadArea * 1e6).toFixed(2)} mm² deposited at the liquidus ${c.material.liquidus.toFixed(1)} K carries ${beadPower.toFixed(0)} W; Goldak source ${sourcePower.toFixed(0)} W (total η·U·I)`);
  const source = new GoldakSource({
    power: sourcePower,
    frontLength: size.a_f,
    rearLength: size.a_r,
    halfWidth: size.b,
    depth: size.c,
    workAngle: plan.workAngle,
    path: { start: { x: 0, y: plan.centre[0], z: plan.centre[1] }, speed: c.travelSpeed, onTime: 0, offTime: passTime },
  });
  const boundaries: Partial<Record<BoxFace, BoxCondition>> = plan.symmetric ? { ymin: { kind: 'symmetry' } } : {};
  const solver = (state.solver = new ThermalSolver(
    {
      mesh,
      materials: [c.material],
      initialTemperature: c.preheat,
      boundaries,
      surface: { convectionCoefficient: c.convection, emissivity: c.emissivity, ambientTemperature: c.ambient },
      sources: [source],
    },
    { scheme: 'backward-euler', linearSolver: { preconditioner: 'ic0', tolerance: 1e-7, maxIterations: 2000 }, nonlinear: { tolerance: 1e-4, maxIterations: 30 } },
  ));
  const dx = c.length / mesh.nx;
  const dtPass = (state.dtPass = Math.min(dx, 0.5 * (size.a_f + size.a_r)) / c.travelSpeed);
  const dtMax = Math.max(dtPass, Math.min(5, c.coolingTime / 20));
  const lead = 0.5 * size.a_f;
  const liquidus = c.material.liquidus;
  const columns = state.fillerByColumn!;
  const { nx, ny, nz } = mesh;
  const mid = state.midColumn!;
  let nextColumn = 0;
  let deposited = 0;
  let dt = dtPass;
  ctx.info(`backward Euler, Δt ${dtPass.toFixed(3)} s during the pass (${passTime.toFixed(2)} s), growing 10 % a step to ${dtMax.toFixed(2)} s in the ${c.coolingTime} s of cooling; IC(0)-CG 1e-7, Newton 1e-4`);
  const snapshot = () => {
    const slice = new Float64Array(ny * nz);
    for (let iy = 0; iy < ny; iy++) for (let iz = 0; iz < nz; iz++) slice[iy * nz + iz] = solver.T[mesh.index(mid, iy, iz)]!;
    state.sliceHistory.push(slice);
    const l = solver.ledger;
    state.ledgerHistory.push({ time: solver.time, sourceIn: l.sourceIn, deposited: l.deposited, surfaceLoss: l.surfaceLoss, storedChange: l.storedChange });
  };
  snapshot();
  const schedule = (state.schedule = frameSchedule({ passTime, coolingTime: c.coolingTime, dtPass }));
  const frames = new FrameClock(schedule, passTime);
  let linear = 0;
  while (solver.time < endTime * (1 - 1e-12)) {
    const inPass = solver.time < passTime * (1 - 1e-12);
    let step = inPass ? Math.min(dtPass, passTime - solver.time) : dt;
    step = Math.min(step, endTime - solver.time);
    // Filler ahead of the step's end position (plus the lead) becomes metal before the step.
    const front = c.travelSpeed * Math.min(solver.time + step, passTime) + lead;
    while (nextColumn < nx && mesh.xc[nextColumn]! <= front) {
      const before = solver.ledger.deposited;
      solver.activate(columns[nextColumn]!, liquidus);
      deposited += solver.ledger.deposited - before;
      nextColumn++;
    }
    const report = solver.step(step);
    linear += report.linearIterations;
    if (!inPass) dt = Math.min(dtMax, dt * 1.1);
    snapshot();
    if (solver.time >= passTime * (1 - 1e-12) && !state.topAtPassEnd) state.topAtPassEnd = topSurface(solver);
    const take = frames.afterStep(solver.time, inPass);
    if (take.top) state.topFrames.push({ time: solver.time, values: topSurface(solver) });
    if (take.volume) state.volumeFrames.push({ time: solver.time, values: metalTemperatures(solver) });
    ctx.residuals({ iteration: solver.steps, values: { linear: report.linearResidual, newton: report.nonlinearIterations } });
    await ctx.checkpoint(solver.time / endTime);
  }
  if (!state.topAtPassEnd) state.topAtPassEnd = topSurface(solver);
  const l = solver.ledger;
  ctx.info(
    `${solver.steps} steps, ${linear} CG iterations; ledger: source ${(l.sourceIn / 1000).toFixed(2)} kJ into the part (${((100 * l.sourceIn) / Math.max(sourcePower * passTime, 1e-300)).toFixed(1)} % of the source's energy${plan.symmetric ? ', half section' : ''}), bead enthalpy ${(deposited / 1000).toFixed(2)} kJ, lost ${(l.surfaceLoss / 1000).toFixed(2)} kJ, stored ${(l.storedChange / 1000).toFixed(2)} kJ; balance error ${solver.balanceError().toExponential(2)}`,
  );
}

/** The temperature of the topmost solid cell of every (x, y) column (preheat where there is none). */
function topSurface(solver: ThermalSolver): number[] {
  const m = solver.mesh;
  const out = new Array<number>(m.nx * m.ny);
  for (let ix = 0; ix < m.nx; ix++)
    for (let iy = 0; iy < m.ny; iy++) {
      let value = Number.NaN;
      for (let iz = m.nz - 1; iz >= 0; iz--) {
        const i = m.index(ix, iy, iz);
        if (m.mask[i] === CELL_SOLID) {
          value = solver.T[i]!;
          break;
        }
      }
      out[ix * m.ny + iy] = value;
    }
  return out;
}

/** `150 000`: grouped by spaces without Intl (the output does not depend on the locale). */
const MAX_VOLUME_CELLS_TEXT = String(MAX_VOLUME_CELLS).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
const seconds = (t: number) => `${Number(t.toFixed(2))} s`;

/** The animated top-surface map: [time, x, y] over the full width, NO_METAL where a column has none. */
function topSurfaceFrames(state: State, width: { source: number[]; y: number[] }): Field {
  const mesh = state.mesh!;
  const frames = state.topFrames;
  const schedule = state.schedule!;
  const values: number[] = [];
  for (const frame of frames)
    for (let ix = 0; ix < mesh.nx; ix++) for (const iy of width.source) values.push(Number.isFinite(frame.values[ix * mesh.ny + iy]!) ? frame.values[ix * mesh.ny + iy]! : NO_METAL);
  const cooling = frames.filter((f) => f.time > state.passTime! * (1 + 1e-9)).length;
  return {
    label:
      `Top-surface temperature (topmost metal cell of each x, y column) at ${frames.length} times: every ${seconds(schedule.stride * state.dtPass!)} while the torch travels ` +
      `(${(schedule.stride * state.dtPass! * state.c.travelSpeed * 1000).toFixed(1)} mm of travel) and ${cooling} in the early cooling; ` +
      `${state.plan!.symmetric ? 'full width (the half section mirrored about y = 0); ' : ''}0 K where a column has no metal`,
    unit: 'K',
    grid: {
      axes: [
        { name: 'time', unit: 's', values: frames.map((f) => f.time) },
        { name: 'x', unit: 'm', values: Array.from(mesh.xc) },
        { name: 'y', unit: 'm', values: width.y },
      ],
    },
    shape: [frames.length, mesh.nx, width.y.length],
    values,
  };
}

/** The 3-D view: [time, x, y, z] at mid-pass, end of pass and end of cooling (frames.ts). */
function partTemperatureFrames(state: State): Field {
  const mesh = state.mesh!;
  const mirrored = state.plan!.symmetric;
  const layout = volumeLayout({ xFaces: mesh.xFaces, yFaces: mesh.yFaces, zFaces: mesh.zFaces, mirrored });
  const frames = state.volumeFrames;
  const passTime = state.passTime!;
  const when = frames.map((f) => (f.time < passTime * (1 - 1e-9) ? 'mid-pass' : f.time <= passTime * (1 + 1e-9) ? 'end of pass' : 'end of cooling'));
  const cells = layout.x.length * layout.y.length * layout.z.length;
  const sampling = layout.factors.every((f) => f === 1)
    ? `the mesh cells (${cells} per frame, at most ${MAX_VOLUME_CELLS_TEXT})`
    : `blocks of ${layout.factors.join('×')} mesh cells along x×y×z (merged along the axis with the most cells until a frame has at most ${MAX_VOLUME_CELLS_TEXT}; ${cells} per frame), each the volume-weighted mean over its metal cells`;
  return {
    label:
      `Temperature in the part at ${frames.map((f, k) => `${seconds(f.time)} (${when[k]})`).join(', ')}; ${sampling}; ` +
      `${mirrored ? 'full width (the half section mirrored about y = 0); ' : ''}0 K where there is no metal (outside the part, bead not yet deposited)`,
    unit: 'K',
    grid: {
      axes: [
        { name: 'time', unit: 's', values: frames.map((f) => f.time) },
        { name: 'x', unit: 'm', values: layout.x },
        { name: 'y', unit: 'm', values: layout.y },
        { name: 'z', unit: 'm', values: layout.z },
      ],
    },
    shape: [frames.length, layout.x.length, layout.y.length, layout.z.length],
    values: frames.flatMap((f) => layout.frame(f.values)),
  };
}

/** T of every metal cell (mesh order), NO_METAL outside the part and in bead not yet deposited. */
function metalTemperatures(solver: ThermalSolver): Float64Array {
  const { mask } = solver.mesh;
  const out = new Float64Array(solver.mesh.cellCount);
  for (let i = 0; i < out.length; i++) out[i] = mask[i] === CELL_SOLID ? solver.T[i]! : NO_METAL;
  return out;
}

function resultsPhase(state: State, ctx: RunContext): void {
  const { c } = state;
  const plan = state.plan!;
  const mesh = state.mesh!;
  const solver = state.solver!;
  const { ny, nz } = mesh;
  const mid = state.midColumn!;
  const solidus = c.material.solidus;
  const power = c.efficiency * c.voltage * c.current;
  const cellAt = (iy: number, iz: number) => mesh.index(mid, iy, iz);
  // Top cell of each column of the mid-length slice.
  const top = new Int32Array(ny).fill(-1);
  for (let iy = 0; iy < ny; iy++)
    for (let iz = nz - 1; iz >= 0; iz--)
      if (mesh.mask[cellAt(iy, iz)] === CELL_SOLID) {
        top[iy] = iz;
        break;
      }
  let peakTop = (iy: number) => (top[iy]! < 0 ? Number.NaN : solver.peak[cellAt(iy, top[iy]!)]!);
  let anyFused = false;
  for (let iy = 0; iy < ny; iy++) if (peakTop(iy) >= solidus) anyFused = true;
  if (!anyFused) {
    // The bead lies under other metal (the full-penetration tee's web): measure on the metal layer
    // just below the weld root instead of the top surface.
    const layer = StructuredMesh.locate(mesh.zFaces, plan.weldLine.point[1] - 1e-9);
    for (let iy = 0; iy < ny; iy++) top[iy] = mesh.mask[cellAt(iy, layer)] === CELL_SOLID ? layer : -1;
    peakTop = (iy: number) => (top[iy]! < 0 ? Number.NaN : solver.peak[cellAt(iy, top[iy]!)]!);
    ctx.warn(`no fused cell on the top surface at mid-length: fusion width, HAZ and cycles are read on the layer below the weld root (z ${(mesh.zc[layer]! * 1000).toFixed(2)} mm)`);
  }
  /**
   * Where the top-surface peak profile crosses `level` going outwards from column `from` in direction
   * `dir` (linear between cell centres; the column's outer face when the neighbour has no metal).
   */
  const crossingFrom = (from: number, dir: number, level: number): number | undefined => {
    if (!(peakTop(from) >= level)) return undefined;
    for (let iy = from; ; iy += dir) {
      const next = iy + dir;
      if (next < 0 || next >= ny) return dir > 0 ? mesh.yFaces[ny]! : mesh.yFaces[0]!;
      const [p, q] = [peakTop(iy), peakTop(next)];
      if (Number.isNaN(q)) return dir > 0 ? mesh.yFaces[iy + 1]! : mesh.yFaces[iy]!;
      if (q < level) return mesh.yc[iy]! + ((p - level) / (p - q)) * (mesh.yc[next]! - mesh.yc[iy]!);
    }
  };
  // Penetration: the deepest fused cell of the slice along the torch axis from the source centre.
  let penetration = 0;
  const [ay, az] = plan.axis;
  for (let iy = 0; iy < ny; iy++)
    for (let iz = 0; iz < nz; iz++) {
      const i = cellAt(iy, iz);
      if (mesh.mask[i] !== CELL_SOLID || solver.peak[i]! < solidus) continue;
      const zeta = (mesh.yc[iy]! - plan.centre[0]) * ay + (mesh.zc[iz]! - plan.centre[1]) * az + 0.5 * (Math.abs(ay) * mesh.dy[iy]! + Math.abs(az) * mesh.dz[iz]!);
      penetration = Math.max(penetration, zeta);
    }
  let peakMax = -Infinity;
  for (let i = 0; i < mesh.cellCount; i++) if (mesh.mask[i] === CELL_SOLID && solver.peak[i]! > peakMax) peakMax = solver.peak[i]!;

  // Probe columns on the read side: the fusion boundary, the HAZ and 10 mm from the weld line.
  const centreColumn = StructuredMesh.locate(mesh.yFaces, plan.weldLine.point[0] + (plan.symmetric ? 1e-12 : 0));
  let fusionColumn = -1;
  for (let iy = centreColumn; iy >= 0 && iy < ny; iy += plan.side) {
    if (peakTop(iy) >= solidus) fusionColumn = iy;
    else if (fusionColumn >= 0) break;
  }
  // Fused run of columns around the weld line: its two interpolated solidus crossings.
  let runStart = fusionColumn;
  while (runStart >= 0 && runStart - plan.side >= 0 && runStart - plan.side < ny && peakTop(runStart - plan.side) >= solidus) runStart -= plan.side;
  const outer = fusionColumn >= 0 ? crossingFrom(fusionColumn, plan.side, solidus)! : plan.weldLine.point[0];
  const inner = fusionColumn >= 0 ? (plan.symmetric ? -outer : crossingFrom(runStart, -plan.side, solidus)!) : plan.weldLine.point[0];
  const fusionWidth = Math.abs(outer - inner);
  const haz = HAZ_TEMPERATURE[c.materialId];
  let hazEdge = -1;
  if (haz)
    for (let iy = fusionColumn >= 0 ? fusionColumn : centreColumn; iy >= 0 && iy < ny; iy += plan.side) {
      if (peakTop(iy) >= haz.temperature) hazEdge = iy;
      else if (hazEdge >= 0) break;
    }
  const farColumn = StructuredMesh.locate(mesh.yFaces, plan.weldLine.point[0] + plan.side * 0.01);
  const times = state.ledgerHistory.map((s) => s.time);
  const cycle = (iy: number) => state.sliceHistory.map((slice) => slice[iy * nz + top[iy]!]!);

  if (c.material.boiling !== undefined && peakMax > c.material.boiling) {
    ctx.warn(
      `peak temperature ${peakMax.toFixed(0)} K is above the boiling point ${c.material.boiling.toFixed(0)} K: pure conduction without weld-pool convection ` +
        'overestimates the peak in the pool; the fusion boundary, HAZ and t8/5 depend far less on it',
    );
  }
  const summary: Record<string, ScalarResult> = {
    heat_input: { value: power / c.travelSpeed, unit: 'J/m', label: 'Heat input η·U·I/v' },
    peak_temperature: { value: peakMax, unit: 'K', label: 'Highest temperature reached in the part' },
    fusion_zone_width: { value: fusionWidth, unit: 'm', label: `Fusion-zone width (peak ≥ solidus ${(solidus - KELVIN).toFixed(0)} °C) on the top surface at mid-length, projected on y, crossings interpolated between cell centres` },
    penetration_depth: { value: penetration, unit: 'm', label: 'Depth of the fused region (peak ≥ solidus) below the bead surface, along the torch axis, at mid-length' },
  };
  if (haz) {
    // Outer edges (on the read side) of the last fused column and of the last column above the HAZ temperature.
    const hazOuter = crossingFrom(fusionColumn >= 0 ? fusionColumn : centreColumn, plan.side, haz.temperature);
    const hazWidth = hazOuter === undefined ? 0 : Math.abs(hazOuter - outer);
    summary.haz_width = {
      value: hazWidth,
      unit: 'm',
      label: `HAZ width on one side (${plan.side > 0 ? '+y' : '−y'}): from the fusion boundary to where the peak falls below ${haz.label}, top surface at mid-length`,
    };
  } else ctx.info(`haz_width omitted: no single transformation temperature bounds the HAZ of ${c.material.label}`);
  if (fusionColumn < 0) ctx.warn('no base metal fused on the measuring surface at mid-length: fusion_zone_width 0');
  let t85: number | undefined;
  // t8/5 belongs to the base metal at the fusion boundary (the coarse-grained HAZ), never to a bead
  // cell: a bead cell is switched on at the liquidus between two recorded steps, so its recorded
  // cycle misses its peak. Each column's topmost base-metal cell is the measuring point (under the
  // bead that is the groove face).
  const bead = new Set(state.fillerByColumn![mid]);
  const baseTop = new Int32Array(ny).fill(-1);
  for (let iy = 0; iy < ny; iy++)
    for (let iz = top[iy]!; iz >= 0; iz--) {
      const i = cellAt(iy, iz);
      if (mesh.mask[i] === CELL_SOLID && !bead.has(i)) {
        baseTop[iy] = iz;
        break;
      }
    }
  const basePeak = (iy: number) => (baseTop[iy]! < 0 ? Number.NaN : solver.peak[cellAt(iy, baseTop[iy]!)]!);
  const baseCycle = (iy: number) => state.sliceHistory.map((slice) => slice[iy * nz + baseTop[iy]!]!);
  let cycleColumn = -1;
  for (let iy = centreColumn; iy >= 0 && iy < ny; iy += plan.side) {
    if (basePeak(iy) >= solidus) cycleColumn = iy;
    else if (cycleColumn >= 0 && !Number.isNaN(basePeak(iy))) break;
  }
  const baseFused = cycleColumn >= 0;
  // Without fused base metal at mid-length, the cycle is read at the hottest base-metal point.
  if (!baseFused) {
    for (let iy = 0; iy < ny; iy++) if (baseTop[iy]! >= 0 && (cycleColumn < 0 || basePeak(iy) > basePeak(cycleColumn))) cycleColumn = iy;
    ctx.warn('no base metal fused at mid-length (lack of fusion): t8_5 read at the hottest base-metal point instead of the fusion boundary');
  }
  // The HAZ probe: halfway from the fusion boundary to the HAZ edge on the top surface.
  const hazColumn = baseFused && hazEdge >= 0 && hazEdge !== cycleColumn ? Math.round(0.5 * (cycleColumn + hazEdge)) : -1;
  if (cycleColumn >= 0) {
    t85 = coolingTime(times, baseCycle(cycleColumn));
    const where = baseFused ? 'in the base metal at the fusion boundary' : 'at the hottest base-metal point (no fusion there)';
    if (t85 !== undefined) summary.t8_5 = { value: t85, unit: 's', label: `Cooling time 800-500 °C ${where}, mid-length` };
    else ctx.warn('t8_5 omitted: the cycle does not cool through 800 and 500 °C within the simulated time (raise cooling_time)');
  }
  if (c.materialId === 'S355' && t85 !== undefined) {
    const hv = durenMaxHazHardness(c.chemistry, t85);
    summary.max_haz_hardness = {
      value: hv.hardness,
      unit: 'HV',
      label: `Maximum HAZ hardness (Düren 1986 with the simulated t8/5, CE_B ${hv.carbonEquivalent.toFixed(3)}${hv.martensiteLimited ? ', martensite limit' : ''})`,
    };
  } else if (c.materialId !== 'S355') ctx.info('max_haz_hardness omitted: the Düren formula applies to C-Mn and low-alloy (ferritic) steels only');
  summary.energy_balance_error = { value: solver.balanceError(), unit: '', label: 'Relative energy balance error (source + bead − losses − stored)/scale' };

  // Fields: the mid-length peak temperature on the full section (mirrored for a half section).
  const width = fullWidth(mesh.yc, plan.symmetric);
  const yValues = width.y;
  const peakValues: number[] = [];
  const materialValues: number[] = [];
  for (const iy of width.source) {
    for (let iz = 0; iz < nz; iz++) {
      const i = cellAt(iy, iz);
      const solidCell = mesh.mask[i] === CELL_SOLID;
      peakValues.push(solidCell ? solver.peak[i]! : c.preheat);
      materialValues.push(solidCell ? 1 : mesh.mask[i] === CELL_FILLER ? 2 : 0);
    }
  }
  const sectionAxes = [
    { name: 'y', unit: 'm', values: yValues },
    { name: 'z', unit: 'm', values: Array.from(mesh.zc) },
  ];
  const fields: Record<string, Field> = {
    peak_temperature_cross_section: {
      label: `Peak temperature on the cross-section at mid-length (x = ${(mesh.xc[mid]! * 1000).toFixed(1)} mm); solidus ${solidus.toFixed(1)} K${haz ? `, HAZ boundary ${haz.temperature.toFixed(2)} K` : ''}; cells outside the metal hold the preheat temperature (see cross_section_material)`,
      unit: 'K',
      grid: { axes: sectionAxes },
      shape: [yValues.length, nz],
      values: peakValues,
    },
    cross_section_material: {
      label: 'Cross-section cells: 0 outside the part, 1 metal (base and deposited bead), 2 bead not deposited (later passes)',
      unit: '',
      grid: { axes: sectionAxes },
      shape: [yValues.length, nz],
      values: materialValues,
    },
    top_surface_temperature: {
      label: `Temperature of the topmost metal cell of each column at the end of the pass (t = ${state.passTime!.toFixed(2)} s); preheat where a column has no metal`,
      unit: 'K',
      grid: {
        axes: [
          { name: 'x', unit: 'm', values: Array.from(mesh.xc) },
          { name: 'y', unit: 'm', values: Array.from(mesh.yc) },
        ],
      },
      shape: [mesh.nx, ny],
      values: state.topAtPassEnd!.map((v) => (Number.isFinite(v) ? v : c.preheat)),
    },
    top_surface_temperature_frames: topSurfaceFrames(state, width),
    temperature_3d: partTemperatureFrames(state),
  };

  const series: Record<string, Series> = {};
  const probes: { name: string; label: string; column: number }[] = [];
  const fusionProbe =
    cycleColumn >= 0
      ? {
          name: 'fusion_line',
          label: `${baseFused ? 'Fusion line, base metal' : 'Hottest base-metal point'} (y ${(mesh.yc[cycleColumn]! * 1000).toFixed(2)} mm, z ${(mesh.zc[baseTop[cycleColumn]!]! * 1000).toFixed(2)} mm)`,
          unit: 'K',
          values: baseCycle(cycleColumn),
        }
      : undefined;
  if (hazColumn >= 0) probes.push({ name: 'haz', label: `HAZ (y ${(mesh.yc[hazColumn]! * 1000).toFixed(2)} mm)`, column: hazColumn });
  if (top[farColumn]! >= 0) probes.push({ name: 'weld_line_10mm', label: `10 mm from the weld line (y ${(mesh.yc[farColumn]! * 1000).toFixed(2)} mm)`, column: farColumn });
  series.thermal_cycles = {
    label: 'Thermal cycles on the top surface at mid-length',
    x: { name: 'time', unit: 's', label: 'Time', values: times },
    y: [...(fusionProbe ? [fusionProbe] : []), ...probes.map((p) => ({ name: p.name, unit: 'K', label: p.label, values: cycle(p.column) }))],
  };
  const ledger = state.ledgerHistory;
  series.energy_ledger = {
    label: 'Energy ledger (cumulative)',
    x: { name: 'time', unit: 's', label: 'Time', values: times },
    y: [
      { name: 'source_in', unit: 'J', label: 'Heat from the source into the part', values: ledger.map((s) => s.sourceIn) },
      { name: 'bead_deposited', unit: 'J', label: 'Enthalpy of the deposited bead', values: ledger.map((s) => s.deposited) },
      { name: 'surface_loss', unit: 'J', label: 'Lost by convection and radiation', values: ledger.map((s) => s.surfaceLoss) },
      { name: 'stored_change', unit: 'J', label: 'Stored enthalpy change', values: ledger.map((s) => s.storedChange) },
    ],
  };
  const mm = (v: number) => (v * 1000).toFixed(2);
  ctx.info(
    `results: peak ${(peakMax - KELVIN).toFixed(0)} °C, fusion width ${mm(fusionWidth)} mm, penetration ${mm(penetration)} mm, t8/5 ${t85 === undefined ? 'n/a' : `${t85.toFixed(2)} s`} (t8/5 read at y ${cycleColumn >= 0 ? mm(mesh.yc[cycleColumn]!) : 'n/a'} mm)`,
  );
  state.output = { summary, series, fields };
}

/**
 * The residual distortion of the base plate from the peak temperatures (distortion.ts): the summary's
 * angular_distortion and longitudinal_shrinkage and the distortion_deflection field. Skipped, with an
 * info line, for a material without mechanical properties.
 */
function distortionPhase(state: State, ctx: RunContext): void {
  const { c } = state;
  const plan = state.plan!;
  const mesh = state.mesh!;
  const output = state.output!;
  const mechanical = c.material.mechanical;
  if (!mechanical) {
    ctx.info(`distortion (angular_distortion, longitudinal_shrinkage) skipped: ${c.material.label} has no mechanical properties (youngs_modulus, poisson_ratio, thermal_expansion, yield_strength)`);
    return;
  }
  const plate = basePlate(c.section);
  const wholeSection = plate.parts.length === c.section.plates.length;
  // The torch side: where the torch axis comes from (+z for a torch pointing down or sideways).
  const torchSide = plan.axis[1] > 0 ? -1 : 1;
  let d: WeldingDistortion;
  try {
    d = weldingDistortion({
      mesh,
      peak: state.solver!.peak,
      plate,
      symmetric: plan.symmetric,
      weldLineY: plan.weldLine.point[0],
      torchSide,
      material: mechanical,
      referenceTemperature: c.preheat,
    });
  } catch (error) {
    if (!(error instanceof DivergedError)) throw error;
    ctx.warn(`distortion not computed: the plate solve did not converge (${error.message})`);
    return;
  }
  const mm = (v: number) => (v * 1000).toFixed(2);
  const thickness = d.zMax - d.zMin;
  const which = wholeSection
    ? `the whole section as one plate (${mm(thickness)} mm thick${plan.symmetric ? ', the half section with its symmetry plane' : ''})`
    : `${PLATE_NAMES[c.customSection ? 'custom' : c.joint] ?? 'the plate carrying the weld'} (z ${mm(d.zMin)}…${mm(d.zMax)} mm, y ${mm(d.yFaces[0]!)}…${mm(d.yFaces[d.yFaces.length - 1]!)} mm) alone: the parts and fillet beads standing on it are left out, their stiffness ignored`;
  const model = 'inherent strain from the peak temperature (restrained bar, Ueda & Yuan 1993) on a free Kirchhoff plate';
  // Not reported yet: the restrained-bar inherent strain is isotropic and capped at the yield
  // strain, so the plate bends only at the edge of the plastic zone; the weld metal's transverse
  // shrinkage, which drives most single-pass angular distortion, is missing, and welds fused through
  // the thickness would show almost none (measured: 0 to 0.09 mrad for the default joints, where
  // single-pass welds distort by the order of 1°). A wrong number is worse than none.
  ctx.warn(
    'angular_distortion not reported: the inherent-strain model has no transverse shrinkage of the weld metal yet, which drives most angular distortion' +
      (d.angularDistortion !== undefined ? ` (the isotropic part alone gives ${(d.angularDistortion * 1000).toFixed(3)} mrad)` : ''),
  );
  output.summary.longitudinal_shrinkage = {
    value: d.longitudinalShrinkage,
    unit: 'm',
    label: `Longitudinal shrinkage: shortening along the weld, averaged over the plate width (the tendon force of the plastic zone over the plate's section); ${which}; ${model}`,
  };
  const full = deflectionOnFullWidth(d, plan.symmetric);
  output.fields.distortion_deflection = {
    label:
      `Residual deflection w (along +z) of ${which}: free plate (unclamped), deflection from its best-fit plane; ${model}` +
      `${plan.symmetric ? '; full width (the half plate mirrored about y = 0)' : ''}; at the plate's nodes (cell faces). ` +
      "Partial: the weld metal's transverse shrinkage, which drives most angular distortion, is not modelled yet, so the angular part of this shape is underestimated",
    unit: 'm',
    grid: {
      axes: [
        { name: 'x', unit: 'm', values: full.x },
        { name: 'y', unit: 'm', values: full.y },
      ],
    },
    shape: [full.x.length, full.y.length],
    values: full.values,
  };
  const angular = d.angularDistortion === undefined ? 'n/a' : `${(d.angularDistortion * 1000).toFixed(2)} mrad (${((d.angularDistortion * 180) / Math.PI).toFixed(3)}°)`;
  ctx.info(
    `distortion (${model}; ${which}; α ${mechanical.expansionCoefficient.toExponential(3)} /K, σ_Y ${(mechanical.yieldStress / 1e6).toFixed(0)} MPa, E ${(mechanical.youngsModulus / 1e9).toFixed(1)} GPa, ` +
      `no stress above ${(mechanical.mechanicalMeltingTemperature - KELVIN).toFixed(0)} °C; reference ${(c.preheat - KELVIN).toFixed(1)} °C): ` +
      `angular ${angular}, longitudinal shrinkage ${(d.longitudinalShrinkage * 1000).toFixed(4)} mm, transverse ${(d.transverseShrinkage * 1000).toFixed(4)} mm, ` +
      `max deflection ${(d.maxDeflection * 1000).toFixed(4)} mm; ${d.xFaces.length - 1} × ${d.yFaces.length - 1} plate columns, ${d.linearIterations} CG iterations`,
  );
}
