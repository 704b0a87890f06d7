// The laser melt-pool model (simulations.md, "melt-pool"; issue 5): the shared 3-D conduction core
// (thermal/) on the half plate with a graded mesh refined around the track's last stretch, explicit
// time steps while the laser crosses the plate.
//   Sources: the laser as a Gaussian surface flux A·P (1/e² radius r₀); in the keyhole regime of the
//   normalised enthalpy the same power as a cylindrical Gaussian volume source over the keyhole depth
//   (../analytic/normalized-enthalpy.ts). LASER_PLASMA_*: the arc as a second Gaussian surface flux
//   η U I, offset along the track (none when η U I = 0: the laser-only case exactly).
//   Material: the library's temperature-dependent properties, latent heat (enthalpy method), the
//   liquid's conductivity multiplied along the surface and in depth (Marangoni), and the evaporation
//   loss of the hot surface (thermal/evaporation.ts), which bounds the peak temperature. No other
//   surface losses: at laser scale convection and radiation carry well under 1 % of the absorbed power.
//   Flexible plates: the plate mechanics (mechanics/plate) under the thermal moments at mid-track and
//   at the end of the track (transient), and under the inherent strain of the peak temperatures
//   (residual), with the chosen edge supports and the symmetry plane y = 0.

import { AbortedError, DivergedError } from '../../../errors.js';
import { residualPlateDistortion, thermalPlateResponse, type EdgeSupport } from '../../../mechanics/plate/index.js';
import type { RunContext } from '../../../run/context.js';
import { runThermalPhases } from '../../../thermal/phases.js';
import type { AbortCheck, ScalarResult, SolverOutput } from '../../../run/types.js';
import { CELL_SOLID, StructuredMesh } from '../../../thermal/mesh.js';
import { GaussianSurfaceSource, type HeatSource } from '../../../thermal/sources.js';
import { evaporationLimitedTemperature } from '../../../thermal/evaporation.js';
import { ThermalSolver } from '../../../thermal/solver.js';
import { CylindricalGaussianSource } from '../../../thermal/volume-sources.js';
import { buildFields, buildSeries } from './output.js';
import type { MeltPoolCase } from './parameters.js';
import type { MeltPoolState } from './state.js';
import { EXPLICIT_SAFETY, planMeltPool, type MeltPoolPlan } from './plan.js';
import { poolDimensions, solidificationPoints } from './pool.js';

/**
 * Alloys with their own constants of Hunt's columnar/equiaxed criterion, by material id, as the web
 * names them (Gäumann et al. 2001 for CMSX-4). None of the library's alloys has a published set here,
 * so their G–R maps carry no classification.
 */
export const HUNT_CONSTANT_ALLOYS: readonly string[] = ['CMSX-4'];

export type { MeltPoolState } from './state.js';

export async function solveMeltPool(c: MeltPoolCase, ctx: RunContext): Promise<SolverOutput> {
  const state: MeltPoolState = { c };
  await runThermalPhases(ctx, state, [
    { name: 'plan', weight: 1, run: planPhase },
    { name: 'mesh', weight: 1, run: meshPhase },
    { name: 'solve', weight: 90, run: solvePhase },
    { name: 'pool', weight: 1, run: poolPhase },
    { name: 'mechanics', weight: c.plate.support ? 6 : 0.01, run: mechanicsPhase },
    { name: 'results', weight: 1, run: resultsPhase },
  ]);
  return state.output!;
}

const um = (v: number) => (v * 1e6).toFixed(1);

function planPhase(state: MeltPoolState, ctx: RunContext): void {
  const { c } = state;
  const plan = (state.plan = planMeltPool(c));
  const e = plan.enthalpy;
  ctx.info(`laser ${c.laser.power} W × absorptivity ${c.laser.absorptivity} = ${plan.absorbedPower.toFixed(1)} W absorbed, spot radius ${um(c.laser.spotRadius)} µm (1/e²), ${(c.laser.scanSpeed * 1000).toFixed(0)} mm/s over ${(c.laser.trackLength * 1000).toFixed(2)} mm`);
  ctx.info(`normalised enthalpy ΔH/h_s = ${e.value.toFixed(2)} (King et al. 2014: transition from ${e.transitionAt.toFixed(1)}, keyhole from ${e.keyholeAt.toFixed(0)}): ${plan.regime}`);
  if (plan.regime === 'keyhole' && plan.keyholeDepth === undefined) ctx.warn(`keyhole regime by ΔH/h_s, but ${c.material.label} has no boiling point: the laser stays a surface source (conduction model), so the pool depth is likely underestimated`);
  if (plan.keyholeDepth !== undefined)
    ctx.info(
      `laser source: ${plan.laser.surfacePower.toFixed(1)} W as a surface Gaussian, ${plan.laser.volumePower.toFixed(1)} W (${((100 * plan.laser.volumePower) / plan.absorbedPower).toFixed(0)} %) as a cylindrical Gaussian over the keyhole depth ${um(plan.keyholeDepth)} µm (Gan et al. 2021)`,
    );
  if (c.plasma) ctx.info(plan.plasmaPower > 0 ? `plasma arc η·U·I = ${plan.plasmaPower.toFixed(1)} W, radius ${(c.plasma.radius * 1000).toFixed(2)} mm (1/e²), ${(c.plasma.offset * 1000).toFixed(2)} mm ${c.plasma.offset >= 0 ? 'ahead of' : 'behind'} the laser` : 'plasma arc off (η·U·I = 0): laser only');
  ctx.info(`Eagar–Tsai conduction pool with mean properties: width ${um(plan.analytic.width)} µm, depth ${um(plan.analytic.depth)} µm, length ${um(plan.analytic.length)} µm`);
  if (plan.evaporation) ctx.info(`evaporation loss (Hertz–Knudsen–Langmuir, recondensation 0.18) above the liquidus: boiling point ${plan.evaporation.boilingTemperature.toFixed(0)} K, L_v ${(plan.evaporation.latentHeat / 1e6).toFixed(2)} MJ/kg`);
  else ctx.warn(`${c.material.label}: no evaporation data (boiling point, latent heat of evaporation), so no evaporation loss bounds the peak temperature`);
  if (c.marangoni.inPlane !== 1 || c.marangoni.depth !== 1) ctx.info(`Marangoni: liquid conductivity × ${c.marangoni.inPlane} along the surface, × ${c.marangoni.depth} in depth`);
}

function meshPhase(state: MeltPoolState, ctx: RunContext): void {
  const plan = state.plan!;
  const mesh = (state.mesh = new StructuredMesh(plan.axes.x, plan.axes.y, plan.axes.z));
  const w = plan.refinedBox;
  ctx.info(
    `mesh ${mesh.nx} × ${mesh.ny} × ${mesh.nz} = ${mesh.cellCount} cells on the half plate y ≥ 0 (symmetry plane on the track); ${um(plan.h)} µm cells (${um(plan.hx)} µm along the track) over x ${(w.x0 * 1000).toFixed(3)}-${(w.x1 * 1000).toFixed(3)} mm, y 0-${um(w.y1)} µm, depth ${um(state.c.plate.thickness - w.z0)} µm; graded (preset ${state.c.meshSize})`,
  );
}

/** The heat sources of a case on the plan's track; `include` leaves one out (the superposition check). */
export function sourcesOf(c: MeltPoolCase, plan: MeltPoolPlan, zTop: number, include: { laser: boolean; plasma: boolean } = { laser: true, plasma: true }): HeatSource[] {
  const onTime = 0;
  const offTime = plan.endTime;
  const path = (offset: number) => ({ start: { x: plan.track.start + offset, y: 0, z: zTop }, speed: c.laser.scanSpeed, onTime, offTime });
  const sources: HeatSource[] = [];
  // The half model carries half of every source: the Gaussians are centred on the symmetry plane,
  // and the cell integrals over y ≥ 0 take exactly half.
  // The laser: a Gaussian on the surface always, and above the onset of boiling a share of it spread
  // over the keyhole depth (plan.laser, ../analytic/normalized-enthalpy.ts keyholeShare).
  if (include.laser) {
    const { surfacePower, volumePower } = plan.laser;
    if (surfacePower > 0) sources.push(new GaussianSurfaceSource({ power: surfacePower, radius: c.laser.spotRadius, path: path(0) }));
    if (volumePower > 0 && plan.keyholeDepth !== undefined) sources.push(new CylindricalGaussianSource({ power: volumePower, radius: c.laser.spotRadius, depth: plan.keyholeDepth, path: path(0) }));
  }
  if (include.plasma && c.plasma && plan.plasmaPower > 0) sources.push(new GaussianSurfaceSource({ power: plan.plasmaPower, radius: c.plasma.radius, path: path(c.plasma.offset) }));
  return sources;
}

/** The conduction problem of a case on the plan's mesh (half plate, symmetry plane y = 0). */
export function thermalSolverOf(c: MeltPoolCase, plan: MeltPoolPlan, mesh: StructuredMesh, include?: { laser: boolean; plasma: boolean }, threads = 1, helperGranted?: () => boolean): ThermalSolver {
  return new ThermalSolver(
    {
      mesh,
      materials: [c.material],
      initialTemperature: c.preheat,
      boundaries: { ymin: { kind: 'symmetry' } },
      sources: sourcesOf(c, plan, mesh.zFaces[mesh.nz]!, include),
      liquidEnhancement: { x: c.marangoni.inPlane, y: c.marangoni.inPlane, z: c.marangoni.depth },
      ...(plan.evaporation ? { evaporation: plan.evaporation } : {}),
    },
    { scheme: 'explicit', explicitSafety: EXPLICIT_SAFETY, threads, ...(helperGranted ? { helperGranted } : {}) },
  );
}

/** The fixed explicit step of a run: the stability bound with every cell at its largest (enhanced) conductivity. */
export function explicitStep(solver: ThermalSolver, endTime: number, checkAbort?: AbortCheck): number {
  return endTime / Math.ceil(endTime / (EXPLICIT_SAFETY * solver.conservativeStabilityLimit(checkAbort)));
}

async function solvePhase(state: MeltPoolState, ctx: RunContext): Promise<void> {
  const { c } = state;
  const plan = state.plan!;
  const mesh = state.mesh!;
  const zTop = mesh.zFaces[mesh.nz]!;
  const solver = (state.solver = thermalSolverOf(c, plan, mesh, undefined, ctx.threads, () => ctx.helperGranted()));
  if (ctx.threads > 1) ctx.info(solver.threads > 1 ? 'explicit steps on 2 threads (a helper thread for the conduction kernel, T(E) and the peaks; the results are those of one thread)' : 'explicit steps on 1 thread (no helper thread can be had here)');
  ctx.checkAbort();
  // The probes sit in the middle of the refined stretch, on the centreline: at the surface and at half the expected depth.
  const sectionX = (state.sectionX = 0.5 * (plan.refinedBox.x0 + Math.min(plan.refinedBox.x1, plan.track.end)));
  const depthGuess = Math.max(plan.analytic.depth, plan.keyholeDepth ?? 0);
  solver.addProbe('surface', { x: sectionX, y: 0, z: mesh.zc[mesh.nz - 1]! });
  solver.addProbe('half_depth', { x: sectionX, y: 0, z: zTop - 0.5 * depthGuess });
  const dt = explicitStep(solver, plan.endTime, ctx.checkAbort);
  ctx.checkAbort();
  const started = ctx.elapsedSeconds;
  const flexible = c.plate.support !== undefined;
  let steps = 0;
  while (solver.time < plan.endTime * (1 - 1e-9)) {
    solver.step(Math.min(dt, plan.endTime - solver.time), ctx.checkAbort);
    steps++;
    if (flexible && !state.midTrack && solver.time >= 0.5 * plan.endTime) state.midTrack = Float64Array.from(solver.T);
    await ctx.checkpoint(solver.time / plan.endTime);
  }
  const seconds = ctx.elapsedSeconds - started;
  const l = solver.ledger;
  const sourceEnergy = (plan.absorbedPower + plan.plasmaPower) * plan.endTime;
  ctx.info(
    `explicit: ${steps} steps of ${(dt * 1e9).toFixed(0)} ns in ${seconds.toFixed(2)} s, ${((steps * mesh.cellCount) / Math.max(seconds, 1e-9)).toExponential(2)} cell updates/s; ledger: sources ${(l.sourceIn * 1000).toFixed(3)} mJ into the half plate (${((200 * l.sourceIn) / Math.max(sourceEnergy, 1e-300)).toFixed(2)} % of the full-plate energy, ×2 for the mirror half), evaporated ${(l.evaporated * 1000).toFixed(3)} mJ, stored ${(l.storedChange * 1000).toFixed(3)} mJ; balance error ${solver.balanceError().toExponential(2)}`,
  );
}

function poolPhase(state: MeltPoolState, ctx: RunContext): void {
  const { c } = state;
  const plan = state.plan!;
  const mesh = state.mesh!;
  const solver = state.solver!;
  const pool = (state.pool = poolDimensions(mesh, solver.T, c.material.solidus, { from: 0, to: mesh.xFaces[mesh.nx]! }));
  let peak = c.preheat;
  for (let i = 0; i < mesh.cellCount; i++) if (mesh.mask[i] === CELL_SOLID && solver.T[i]! > peak) peak = solver.T[i]!;
  state.peakTemperature = peak;
  state.points = solidificationPoints(mesh, solver.T, { liquidus: c.material.liquidus, solidus: c.material.solidus }, c.laser.scanSpeed, plan.track.end);
  if (pool.width === 0) ctx.warn('no melting: the peak temperature stays below the solidus');
  else {
    ctx.info(`melt pool (solidus ${c.material.solidus.toFixed(0)} K) at the end of the track: width ${um(pool.width)} µm, depth ${um(pool.depth)} µm, length ${um(pool.length)} µm; peak ${peak.toFixed(0)} K`);
    const inside = (x: number) => x >= plan.refinedBox.x0 && x <= plan.refinedBox.x1;
    if (!inside(pool.rearX) || pool.width / 2 > plan.refinedBox.y1 || pool.depth > c.plate.thickness - plan.refinedBox.z0)
      ctx.warn('the pool reaches beyond the refined box (Marangoni factor or plasma larger than the plan assumed): its outline there is read on coarser cells');
  }
  const absorbed = solver.ledger.sourceIn;
  const evaporatedShare = absorbed > 0 ? solver.ledger.evaporated / absorbed : 0;
  if (plan.evaporation) ctx.info(`evaporation took ${(100 * evaporatedShare).toFixed(2)} % of the absorbed energy; peak ${peak.toFixed(0)} K against the boiling point ${plan.evaporation.boilingTemperature.toFixed(0)} K`);
  if (evaporatedShare > 0.2) ctx.warn(`evaporation took ${(100 * evaporatedShare).toFixed(1)} % of the absorbed energy: the case is beyond conduction mode (a vapour depression would form), so the pool depth is likely underestimated`);
}

function supportsOf(support: NonNullable<MeltPoolCase['plate']['support']>): { xMin: EdgeSupport; xMax: EdgeSupport; yMin: EdgeSupport; yMax: EdgeSupport } {
  return { xMin: support, xMax: support, yMin: 'symmetry', yMax: support };
}

function mechanicsPhase(state: MeltPoolState, ctx: RunContext): void {
  const { c } = state;
  if (!c.plate.support) return;
  const mechanical = c.material.mechanical;
  if (!mechanical) {
    ctx.info(`plate deflection skipped: ${c.material.label} has no mechanical properties (youngs_modulus, poisson_ratio, thermal_expansion, yield_strength)`);
    return;
  }
  const mesh = state.mesh!;
  const solver = state.solver!;
  const grid = { xFaces: mesh.xFaces, yFaces: mesh.yFaces, zFaces: mesh.zFaces };
  const material = { youngsModulus: mechanical.youngsModulus, poissonRatio: mechanical.poissonRatio, expansionCoefficient: mechanical.expansionCoefficient };
  const supports = supportsOf(c.plate.support);
  const checkAbort = ctx.checkAbort;
  try {
    state.transient = [state.midTrack ?? solver.T, solver.T].map((T) => thermalPlateResponse({ temperature: { ...grid, values: T }, referenceTemperature: c.preheat, material, supports, checkAbort }));
    state.residual = residualPlateDistortion({
      peakTemperature: { ...grid, values: solver.peak },
      referenceTemperature: c.preheat,
      material: { ...material, yieldStress: mechanical.yieldStress, mechanicalMeltingTemperature: mechanical.mechanicalMeltingTemperature },
      supports,
      checkAbort,
    });
  } catch (error) {
    if (error instanceof AbortedError || !(error instanceof DivergedError)) throw error;
    ctx.warn(`plate deflection not computed: the plate solve did not converge (${error.message})`);
    return;
  }
  const max = Math.max(...state.transient.map((r) => r.maxDeflection));
  ctx.info(`plate (${c.plate.support}): transient max |w| ${(max * 1e6).toFixed(3)} µm (mid-track and end of track), residual max |w| ${(state.residual.maxDeflection * 1e6).toFixed(3)} µm`);
}

/**
 * What the peak temperature is: the hottest cell's mean, not the surface itself. With the evaporation
 * loss the surface may pass the boiling point (a vapour depression needs a pressure above ambient) but
 * stays below the temperature at which evaporation alone carries the flux at the spot centre; the
 * label names both numbers rather than claiming a bound at the boiling point.
 */
function peakTemperatureLabel(c: MeltPoolCase, plan: MeltPoolPlan): string {
  if (!plan.evaporation) return 'Peak temperature (hottest cell, no evaporation loss: no vapour data for this material)';
  const centreFlux = (2 * plan.laser.surfacePower) / (Math.PI * c.laser.spotRadius ** 2);
  const ceiling = evaporationLimitedTemperature(plan.evaporation, centreFlux);
  return `Peak temperature (hottest cell; boiling point ${plan.evaporation.boilingTemperature.toFixed(0)} K, evaporation alone would carry the spot-centre flux at ${ceiling.toFixed(0)} K)`;
}

function resultsPhase(state: MeltPoolState, ctx: RunContext): void {
  const { c } = state;
  const plan = state.plan!;
  const pool = state.pool!;
  const points = state.points!;
  const trailing = points[0];
  const summary: Record<string, ScalarResult> = {
    melt_pool_width: { value: pool.width, unit: 'm', label: 'Melt-pool width (solidus isotherm)' },
    melt_pool_depth: { value: pool.depth, unit: 'm', label: 'Melt-pool depth (solidus isotherm)' },
    melt_pool_length: { value: pool.length, unit: 'm', label: 'Melt-pool length on the surface' },
    peak_temperature: { value: state.peakTemperature!, unit: 'K', label: peakTemperatureLabel(c, plan) },
  };
  if (trailing) {
    summary.cooling_rate = { value: trailing.G * trailing.R, unit: 'K/s', label: 'Cooling rate G·R at the trailing edge (surface centreline)' };
    summary.thermal_gradient = { value: trailing.G, unit: 'K/m', label: 'Thermal gradient G at the trailing edge (across the mushy zone, surface centreline)' };
    summary.solidification_rate = { value: trailing.R, unit: 'm/s', label: 'Solidification rate R at the trailing edge (surface centreline)' };
  } else ctx.warn('cooling_rate, thermal_gradient and solidification_rate omitted: no liquid pool on the centreline at the end of the track');
  summary.normalized_enthalpy = { value: plan.enthalpy.value, unit: '', label: 'Normalised enthalpy ΔH/h_s (King et al. 2014)' };
  summary.regime = { value: plan.regime, unit: '', label: 'Melting regime' };
  if (state.transient && state.residual) {
    summary.max_deflection = { value: Math.max(...state.transient.map((r) => r.maxDeflection)), unit: 'm', label: 'Maximum plate deflection while heated' };
    summary.residual_deflection = { value: state.residual.maxDeflection, unit: 'm', label: 'Maximum residual plate deflection' };
  }
  // The isotherm levels of the views: the pool outline (solidus) and the start of solidification (liquidus).
  // The web draws the columnar/equiaxed regions of the G–R map only for an alloy with its own Hunt constants.
  if (HUNT_CONSTANT_ALLOYS.includes(c.material.id)) summary.solidification_regions = { value: c.material.id, unit: '', label: 'Columnar/equiaxed regions of the G–R map' };
  summary.solidus_temperature = { value: c.material.solidus, unit: 'K', label: 'Solidus (melt-pool outline)' };
  summary.liquidus_temperature = { value: c.material.liquidus, unit: 'K', label: 'Liquidus (G and R are read on it)' };
  summary.energy_balance_error = { value: state.solver!.balanceError(), unit: '', label: 'Relative energy balance error (sources − evaporated − stored)/scale' };
  state.output = { summary, series: buildSeries(state), fields: buildFields(state) };
}
