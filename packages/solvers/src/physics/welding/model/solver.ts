// The cwm welding model (simulations.md, "cwm"; issue 4, "Welding model"): 3-D transient conduction
// through the thermal core (src/thermal) on the joint's cross-section extruded along the weld.
//
// Geometry: jointCrossSection(type, geometry) gives plates, bead (filler) polygons and the weld
// lines. x is the travel direction over [0, length]; the section (y, z) is meshed with a structured
// grid through every polygon vertex, finest (h) around every pass's source and growing by about
// `ratio` per cell away from it (up to hMax); x is uniform (the source travels over all of it). Cells
// are SOLID (base metal) or FILLER (the bead, inactive until the torch passes) by the larger covered
// share (rasteriseSection). Butt joints (SQUARE_BUTT_WELD, BUTT_WELD, DOUBLE_V_BUTT_WELD) are
// symmetric about y = 0 with the torch on that plane: only y ≥ 0 is meshed, with a symmetry plane.
//
// Passes: one per weld line, in the section's order (plan.ts shares the bead out between them). The
// joints with two weld lines (DOUBLE_V_BUTT_WELD back side, TEE_JOINT_WELD and DOUBLE_FILLET_LAP_JOINT
// second fillet, PIPE_TO_PLATE_FILLET_WELD far side) are welded in two passes; a later pass's bead is
// filler (inactive, no conduction, its neighbours' faces exposed) until its torch passes. Between two
// passes the part cools until its hottest metal is at the interpass temperature (never below the
// preheat) or for the longest interpass wait, whichever comes first; the last pass is followed by
// cooling_time. Each pass has its own peak-temperature field (the maximum of T from its start to the
// next pass's start) from which its fusion zone and t8/5 are read (measure.ts); the whole weld's
// summary takes the widest fusion zone, the deepest penetration, the widest HAZ and the shortest t8/5
// (the hardest HAZ) over the passes, and the cross-section map and the distortion the peak over the
// whole run (results.ts). Not modelled: the tempering of an earlier pass's HAZ by the next one (the
// hardness is the as-welded one of the pass with the shortest t8/5).
//
// Source: Goldak double ellipsoid (Goldak, Chakravarti & Bibby, Metall. Trans. B 15 (1984) 299–305),
// net power η·U·I, moving at the travel speed along +x from x = 0, aimed along the weld line's torch
// axis (work angle φ with (sin φ, −cos φ) = the torch direction); placement and size per pass in plan.ts.
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
// cooling Δt grows by 10 % a step up to max(Δt_pass, min(5 s, cooling/20)). Both are cut while the
// t8/5 read point (the bead centroid at mid-length) cools from 900 to 450 °C, to 15 K a step (≈ 20
// steps over 800-500 °C; see the loop). Not measured: the
// explicit scheme (limit ρc h²/(6k) ≈ 20 ms on 1 mm steel cells, ≈ 4500 cheap sweeps for the default
// 90 s) may be competitive on the default preset and is worth a benchmark.
// Evaporation: the pool's free surface (exposed faces of cells above the liquidus) loses the
// Langmuir flux of the melt-pool model (evaporation.ts, thermal/evaporation.ts), booked in the ledger;
// it holds the surface below the boiling point, not the metal under it (the volumetric source heats
// the pool's interior, which only conduction cools).
// Marangoni: the liquid's conductivity × c.liquidConductivityFactor (2.5 for the library materials,
// isotropic; materials.ts says why), the melt pool's stand-in for the pool's convection. It carries
// the source's heat out of the pool's interior, whose pure-conduction peak grew with refinement past
// boiling (fillet on a corner 2541 / 3172 / 3414 K on coarse / default / fine).
// Distortion: after the results, the peak temperatures load the plate mechanics (distortion-phase.ts, distortion.ts:
// inherent strain, the plate that carries the weld, a free plate).

import type { RunContext } from '../../../run/context.js';
import { runThermalPhases } from '../../../thermal/phases.js';
import type { SolverOutput } from '../../../run/types.js';
import { CELL_FILLER, CELL_SOLID, CELL_VOID, EnthalpyTable, GoldakSource, StructuredMesh, ThermalSolver, type BoxCondition, type BoxFace } from '../../../thermal/index.js';
import { CellMaterial, rasteriseSection } from '../geometry/raster.js';
import { distortionPhase } from './distortion-phase.js';
import { weldPoolEvaporation } from './evaporation.js';
import { FrameClock, frameSchedule } from './frames.js';
import { beadCentroid, pointWeights } from './measure.js';
import type { WeldingCase } from './parameters.js';
import { PassSources } from './pass-sources.js';
import { nearestWeldLine, planPasses } from './plan.js';
import { COOL_DT_K, COOL_FROM_K, COOL_TO_K, COOLING_STEP_GROWTH, LONGEST_STEP, passTimeStep, planWeldingMesh } from './mesh-plan.js';
import { resultsPhase } from './results.js';
import type { PassRecord, State } from './state.js';
import { metalTemperatures, topSurface } from './views.js';

export { planSource, planPasses, type GoldakSize, type Plan } from './plan.js';
export { HAZ_TEMPERATURE } from './results.js';
export { sectionAxis, sectionAxisBands } from './section-axis.js';
export { MESH_PRESET_SIZES } from './mesh-plan.js';

const KELVIN = 273.15;
export async function solveWelding(c: WeldingCase, ctx: RunContext): Promise<SolverOutput> {
  const state: State = { c, sliceHistory: [], ledgerHistory: [], passes: [], topFrames: [], volumeFrames: [] };
  await runThermalPhases(ctx, state, [
    { name: 'geometry', weight: 1, run: geometryPhase },
    { name: 'mesh', weight: 2, run: meshPhase },
    { name: 'solve', weight: 90, run: solvePhase },
    { name: 'results', weight: 2, run: resultsPhase },
    { name: 'distortion', weight: 1, run: distortionPhase },
  ]);
  return state.output!;
}

const mm = (v: number) => (v * 1000).toFixed(2);

function geometryPhase(state: State, ctx: RunContext): void {
  const { c } = state;
  const plans = (state.plans = planPasses(c));
  ctx.info(`joint ${c.joint}: ${c.section.plates.length} plate polygon(s), ${c.section.fillers.length} bead polygon(s), ${c.section.weldLines.length} weld line(s); length ${mm(c.length)} mm`);
  for (const plan of plans) {
    const s = plan.size;
    const which = plans.length > 1 ? `pass ${plan.index + 1} of ${plans.length} (weld line at y ${mm(plan.weldLine.point[0])} mm, z ${mm(plan.weldLine.point[1])} mm, ${plan.passFillers.length} bead piece(s)): ` : '';
    ctx.info(`${which}Goldak source (${s.rule}): a_f ${mm(s.a_f)} mm, a_r ${mm(s.a_r)} mm, b ${mm(s.b)} mm, c ${mm(s.c)} mm; centre y ${mm(plan.centre[0])} mm, z ${mm(plan.centre[1])} mm; work angle ${((plan.workAngle * 180) / Math.PI).toFixed(1)}°`);
  }
  if (plans.length > 1) {
    const target = Math.max(c.interpassTemperature, c.preheat);
    ctx.info(`${plans.length} passes in weld-line order; between passes the part cools until its hottest metal is at ${(target - KELVIN).toFixed(1)} °C (interpass temperature${c.interpassTemperature < c.preheat ? ', raised to the preheat' : ''}) or for at most ${c.interpassTime} s`);
  }
  ctx.info(`net power η·U·I = ${(c.efficiency * c.voltage * c.current).toFixed(1)} W, travel ${(c.travelSpeed * 1000).toFixed(2)} mm/s, heat input ${((c.efficiency * c.voltage * c.current) / c.travelSpeed / 1e6).toFixed(3)} kJ/mm${plans.length > 1 ? ' per pass' : ''}`);
}

function meshPhase(state: State, ctx: RunContext): void {
  const { c } = state;
  const plans = state.plans!;
  const symmetric = plans[0]!.symmetric;
  const { h, xFaces, yFaces, zFaces } = planWeldingMesh(c, plans);
  const mesh = (state.mesh = new StructuredMesh(xFaces, yFaces, zFaces));
  const raster = rasteriseSection({ plates: c.section.plates, fillers: plans.flatMap((p) => p.passFillers) }, { yEdges: yFaces, zEdges: zFaces });
  const { nx, ny, nz } = mesh;
  const fillerByColumn: number[][][] = plans.map(() => Array.from({ length: nx }, () => []));
  const cellPass = (state.cellPass = new Int8Array(mesh.cellCount).fill(-1));
  let solid = 0;
  const filler = plans.map(() => 0);
  for (let iz = 0; iz < nz; iz++)
    for (let iy = 0; iy < ny; iy++) {
      const kind = raster.material[iy * nz + iz]!;
      // A bead cell belongs to the pass whose weld line is nearest its centre (plan.ts).
      const pass = kind === CellMaterial.filler ? nearestWeldLine([mesh.yc[iy]!, mesh.zc[iz]!], c.section.weldLines) : -1;
      for (let ix = 0; ix < nx; ix++) {
        const i = mesh.index(ix, iy, iz);
        if (kind === CellMaterial.base) {
          mesh.mask[i] = CELL_SOLID;
          solid++;
        } else if (kind === CellMaterial.filler) {
          mesh.mask[i] = CELL_FILLER;
          cellPass[i] = pass;
          fillerByColumn[pass]![ix]!.push(i);
          filler[pass]!++;
        } else mesh.mask[i] = CELL_VOID;
      }
    }
  mesh.maskVersion++;
  state.fillerByColumn = fillerByColumn;
  state.midColumn = StructuredMesh.locate(xFaces, 0.5 * c.length);
  const beads = plans.length > 1 ? filler.map((n, k) => `pass ${k + 1}: ${n}`).join(', ') : `${filler[0]}`;
  ctx.info(
    `mesh ${nx} × ${ny} × ${nz} = ${mesh.cellCount} cells (${solid} base metal, ${beads} bead); finest ${(h * 1000).toFixed(2)} mm across the weld, ${((c.length / nx) * 1000).toFixed(2)} mm along it (preset ${c.meshSize})${symmetric ? '; half section y ≥ 0 with a symmetry plane' : ''}`,
  );
}

/**
 * Internal numerics for convergence studies (peak-step.verify.test.ts; docs/physics/welding.md),
 * not user parameters: the pass time step is divided by `passStepDivisor`, and `sourcePointsPerCell` > 0
 * averages the source over each step (PassSources). Every run the product makes uses 1 and 0.
 */
export const weldingStudyNumerics = { passStepDivisor: 1, sourcePointsPerCell: 0 };

/** The t8/5 step limit (solvePhase): at most COOL_DT_K per step from COOL_FROM_K down to COOL_TO_K. */
const T800_K = 1073.15;

/** The hottest metal temperature (K). */
function hottestMetal(solver: ThermalSolver): number {
  const { mask } = solver.mesh;
  let hottest = -Infinity;
  for (let i = 0; i < mask.length; i++) if (mask[i] === CELL_SOLID && solver.T[i]! > hottest) hottest = solver.T[i]!;
  return hottest;
}

// Long function: the time loop over passes and steps, with the peak and t8/5 sampling that must see every step.
async function solvePhase(state: State, ctx: RunContext): Promise<void> {
  const { c } = state;
  const plans = state.plans!;
  const mesh = state.mesh!;
  const power = c.efficiency * c.voltage * c.current;
  const passTime = (state.passTime = c.length / c.travelSpeed);
  const mirror = plans[0]!.symmetric ? 2 : 1;
  const table = new EnthalpyTable(c.material);
  ctx.checkAbort();
  const beadEnthalpy = table.enthalpyAt(c.material.liquidus) - table.enthalpyAt(c.preheat);
  const sources = new PassSources();
  const boundaries: Partial<Record<BoxFace, BoxCondition>> = plans[0]!.symmetric ? { ymin: { kind: 'symmetry' } } : {};
  const evaporation = weldPoolEvaporation(c.materialId, c.material);
  if (evaporation) ctx.info(`evaporation loss (Hertz–Knudsen–Langmuir, recondensation 0.18) from the pool's free surface above the liquidus: boiling point ${evaporation.boilingTemperature.toFixed(0)} K, L_v ${(evaporation.latentHeat / 1e6).toFixed(2)} MJ/kg`);
  else ctx.info(`${c.material.label}: no evaporation data (boiling point, latent heat of evaporation), so no evaporation loss bounds the peak temperature`);
  const factor = c.liquidConductivityFactor;
  if (factor !== 1)
    ctx.info(`Marangoni stand-in: liquid conductivity × ${factor} in every direction, blended in with the liquid fraction (Goldak et al. 1986; the factor is the library's, materials.ts): bounds the pool's interior, which evaporation does not reach`);
  else ctx.info(`${c.material.label}: no weld-pool data, so pure conduction in the pool (no Marangoni enhancement of the liquid conductivity)`);
  const solver = (state.solver = new ThermalSolver(
    {
      mesh,
      materials: [c.material],
      initialTemperature: c.preheat,
      boundaries,
      surface: { convectionCoefficient: c.convection, emissivity: c.emissivity, ambientTemperature: c.ambient },
      sources: [sources],
      ...(evaporation ? { evaporation } : {}),
      ...(factor !== 1 ? { liquidEnhancement: { x: factor, y: factor, z: factor } } : {}),
    },
    { scheme: 'backward-euler', linearSolver: { preconditioner: 'ic0', tolerance: 1e-7, maxIterations: 2000 }, nonlinear: { tolerance: 1e-4, maxIterations: 30 }, threads: ctx.threads, helperGranted: () => ctx.helperGranted() },
  ));
  if (ctx.threads > 1) ctx.info(solver.threads > 1 ? 'implicit step on 2 threads (a helper thread for the linear solve and the Newton loops; the results are those of one thread)' : 'implicit step on 1 thread (no helper thread can be had here)');
  ctx.checkAbort();
  const { ny, nz } = mesh;
  const mid = state.midColumn!;
  const liquidus = c.material.liquidus;
  const interpassTarget = Math.max(c.interpassTemperature, c.preheat);
  const snapshot = () => {
    const slice = new Float64Array(ny * nz);
    for (let iy = 0; iy < ny; iy++) for (let iz = 0; iz < nz; iz++) slice[iy * nz + iz] = solver.T[mesh.index(mid, iy, iz)]!;
    state.sliceHistory.push(slice);
    const l = solver.ledger;
    state.ledgerHistory.push({ time: solver.time, sourceIn: l.sourceIn, deposited: l.deposited, surfaceLoss: l.surfaceLoss, evaporated: l.evaporated, storedChange: l.storedChange });
  };
  snapshot();
  let linear = 0;
  for (const plan of plans) {
    const k = plan.index;
    const last = k === plans.length - 1;
    const size = plan.size;
    const t0 = solver.time;
    const startTemperature = plans.length > 1 ? hottestMetal(solver) : c.preheat;
    // The bead enters at the liquidus with enthalpy the arc supplied (η covers the droplets): the
    // source carries η·U·I minus the bead's enthalpy flux, so source + bead = η·U·I (per unit length).
    let beadArea = 0;
    for (let iz = 0; iz < nz; iz++) for (let iy = 0; iy < ny; iy++) if (state.cellPass![mesh.index(0, iy, iz)] === k) beadArea += mesh.dy[iy]! * mesh.dz[iz]!;
    const beadPower = mirror * beadArea * beadEnthalpy * c.travelSpeed;
    let sourcePower = power - beadPower;
    const which = plans.length > 1 ? `pass ${k + 1}: ` : '';
    if (sourcePower < 0.25 * power) {
      ctx.warn(`${which}the bead's enthalpy flux ${beadPower.toFixed(0)} W exceeds 75 % of η·U·I: the source keeps 25 % (the energy balance then exceeds η·U·I)`);
      sourcePower = 0.25 * power;
    }
    ctx.info(`${which}bead ${(mirror * beadArea * 1e6).toFixed(2)} mm² deposited at the liquidus ${liquidus.toFixed(1)} K carries ${beadPower.toFixed(0)} W; Goldak source ${sourcePower.toFixed(0)} W (total η·U·I)`);
    sources.current = new GoldakSource({
      power: sourcePower,
      frontLength: size.a_f,
      rearLength: size.a_r,
      halfWidth: size.b,
      depth: size.c,
      workAngle: plan.workAngle,
      path: { start: { x: 0, y: plan.centre[0], z: plan.centre[1] }, speed: c.travelSpeed, onTime: t0, offTime: t0 + passTime },
      // The arc's heat enters the metal even where the ellipsoid reaches the unfilled groove ahead of
      // the filler front or the air beyond the bead's face (thermal/sources.ts says why).
      renormalise: true,
    });
    const dx = c.length / mesh.nx;
    Object.assign(sources, { pointsPerCell: weldingStudyNumerics.sourcePointsPerCell, travel: c.travelSpeed, dx });
    const dtPass = passTimeStep(c, plan, mesh.nx, weldingStudyNumerics.passStepDivisor);
    const after = last ? c.coolingTime : c.interpassTime;
    const dtMax = Math.max(dtPass, Math.min(LONGEST_STEP, after / 20));
    const lead = 0.5 * size.a_f;
    const columns = state.fillerByColumn![k]!;
    const passEnd = t0 + passTime;
    const endTime = passEnd + after;
    let nextColumn = 0;
    let dt = dtPass;
    // The t8/5 read point (measure.ts: the bead centroid at mid-length) is cooled in steps of at most
    // COOL_DT_K through 800-500 °C: backward Euler is first order and a fillet's ≈ 3 s t8/5 spans only
    // 3-10 pass steps (Δt 1 / 0.6 / 0.3 s) otherwise (t8/5 3.61 / 3.53 / 3.08 s, 17 %; with the limit
    // 3.25 / 3.30 / 2.99 s, 10 %; 5 K a step gave 3.23 s on default: the 15 K window error is ≈ 0.1 s, the
    // rest is the pass step's; docs/physics/welding.md, "t8/5"). The rate is the last
    // step's, which overestimates the next on a decelerating cooling curve (a conservative cap); a bead
    // on plate (no bead) keeps the pass step.
    const readPoint = beadCentroid(plan.passFillers);
    const readCells = readPoint
      ? pointWeights(mesh, mid, (i) => mesh.mask[i] !== CELL_VOID && state.cellPass![i]! <= k, readPoint).map((t) => ({ cell: mesh.index(mid, Math.floor(t.at / nz), t.at % nz), weight: t.weight }))
      : [];
    const readT = () => readCells.reduce((acc, t) => acc + t.weight * solver.T[t.cell]!, 0);
    let pointPeak = readCells.length ? readT() : 0;
    let coolingRate = 0;
    let limitedSteps = 0;
    if (readPoint)
      ctx.info(
        `${which}t8/5 step limit: once the bead centroid at mid-length has passed 800 °C and cools, Δt ≤ max(${COOL_DT_K} K, T − ${(COOL_FROM_K - 273.15).toFixed(0)} °C)/(its cooling rate over the last step) until it is below ${(COOL_TO_K - 273.15).toFixed(0)} °C (≥ ≈ 20 steps from 800 to 500 °C)`,
      );
    ctx.info(
      `${which}backward Euler, Δt ${dtPass.toFixed(3)} s during the pass (${passTime.toFixed(2)} s), growing 10 % a step to ${dtMax.toFixed(2)} s in the ${after} s of ${last ? 'cooling' : 'longest interpass wait'}; IC(0)-CG 1e-7, Newton 1e-4`,
    );
    // Frames: the first pass's schedule for the top surface, every pass's mid and end for the 3-D view;
    // the early-cooling frames and the end of cooling after the last pass only.
    const schedule = frameSchedule({ passTime, coolingTime: last ? c.coolingTime : 0, dtPass });
    if (k === 0) state.schedule = schedule;
    const frames = new FrameClock(schedule, passTime);
    const from = state.sliceHistory.length - 1;
    // The pass's peak, raised by every step in the solver's own loop (only metal cells change).
    const peak = solver.trackPeak();
    const ledgerBefore = { sourceIn: solver.ledger.sourceIn, deposited: solver.ledger.deposited };
    let waitEnd: PassRecord['waitEnd'] = last ? 'cooling' : 'time';
    while (solver.time < endTime * (1 - 1e-12)) {
      const inPass = solver.time < passEnd * (1 - 1e-12);
      let step = inPass ? Math.min(dtPass, passEnd - solver.time) : dt;
      const pointBefore = readCells.length ? readT() : 0;
      if (coolingRate > 0 && pointPeak >= T800_K && pointBefore > COOL_TO_K) {
        const cap = Math.max(dtPass / 50, Math.max(COOL_DT_K, pointBefore - COOL_FROM_K) / coolingRate);
        if (cap < step) {
          step = cap;
          limitedSteps++;
        }
      }
      step = Math.min(step, endTime - solver.time);
      // Filler ahead of the step's end position (plus the lead) becomes metal before the step.
      const front = c.travelSpeed * Math.min(solver.time + step - t0, passTime) + lead;
      while (nextColumn < mesh.nx && mesh.xc[nextColumn]! <= front) {
        solver.activate(columns[nextColumn]!, liquidus);
        for (const i of columns[nextColumn]!) peak[i] = Math.max(peak[i]!, liquidus);
        nextColumn++;
      }
      sources.stepLength = step;
      const report = solver.step(step, ctx.checkAbort);
      linear += report.linearIterations;
      if (!inPass) dt = Math.min(dtMax, dt * COOLING_STEP_GROWTH);
      if (readCells.length) {
        const pointAfter = readT();
        pointPeak = Math.max(pointPeak, pointAfter);
        coolingRate = (pointBefore - pointAfter) / step;
      }
      snapshot();
      if (last && solver.time >= passEnd * (1 - 1e-12) && !state.topAtPassEnd) state.topAtPassEnd = topSurface(solver);
      const take = frames.afterStep(solver.time - t0, inPass);
      if (take.top && (k === 0 || inPass || last)) state.topFrames.push({ time: solver.time, values: topSurface(solver), inPass });
      if (take.volume) {
        const local = solver.time - t0;
        const name = local < passTime * (1 - 1e-9) ? 'mid-pass' : local <= passTime * (1 + 1e-9) ? 'end of pass' : 'end of cooling';
        state.volumeFrames.push({ time: solver.time, values: metalTemperatures(solver), when: plans.length > 1 ? `pass ${k + 1} ${name}` : name });
      }
      ctx.residuals({ iteration: solver.steps, values: { linear: report.linearResidual, newton: report.nonlinearIterations } });
      const span = passTime + after;
      await ctx.checkpoint(Math.min(1, (k + Math.min(1, (solver.time - t0) / span)) / plans.length));
      if (!last && !inPass && hottestMetal(solver) <= interpassTarget) {
        waitEnd = 'temperature';
        break;
      }
    }
    if (readPoint) ctx.info(`${which}${limitedSteps} steps shortened by the t8/5 step limit`);
    state.passes.push({
      start: t0,
      end: passEnd,
      from,
      to: state.sliceHistory.length,
      startTemperature,
      peak: Float64Array.from(peak),
      sourcePower,
      dtPass,
      sourceIn: solver.ledger.sourceIn - ledgerBefore.sourceIn,
      deposited: solver.ledger.deposited - ledgerBefore.deposited,
      waitEnd,
    });
    if (!last) {
      const hottest = hottestMetal(solver);
      if (waitEnd === 'time')
        ctx.warn(`pass ${k + 1}: after the longest interpass wait (${c.interpassTime} s) the hottest metal is still at ${(hottest - KELVIN).toFixed(0)} °C, above the interpass temperature ${(interpassTarget - KELVIN).toFixed(0)} °C: pass ${k + 2} starts hotter`);
      else ctx.info(`pass ${k + 1}: interpass temperature ${(interpassTarget - KELVIN).toFixed(0)} °C reached after ${(solver.time - passEnd).toFixed(1)} s of waiting (t = ${solver.time.toFixed(1)} s)`);
    }
  }
  sources.current = undefined;
  if (!state.topAtPassEnd) state.topAtPassEnd = topSurface(solver);
  const l = solver.ledger;
  const nominal = state.passes.reduce((sum, p) => sum + p.sourcePower * passTime, 0);
  ctx.info(
    `${solver.steps} steps, ${linear} CG iterations; ledger: source ${(l.sourceIn / 1000).toFixed(2)} kJ into the part (${((100 * l.sourceIn) / Math.max(nominal, 1e-300)).toFixed(1)} % of the source's energy${mirror === 2 ? ', half section' : ''}), bead enthalpy ${(l.deposited / 1000).toFixed(2)} kJ, lost ${(l.surfaceLoss / 1000).toFixed(2)} kJ, evaporated ${(l.evaporated / 1000).toFixed(3)} kJ (${((100 * l.evaporated) / Math.max(l.sourceIn + l.deposited, 1e-300)).toFixed(2)} % of the heat into the part), stored ${(l.storedChange / 1000).toFixed(2)} kJ; balance error ${solver.balanceError().toExponential(2)}`,
  );
}
