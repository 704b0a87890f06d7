// Long file: the step phases share the solver's arrays and caches, so each is a method here; the loops that need none of that are in problem.ts, conductivity.ts, stability.ts, evaporation.ts, newton-loops.ts and terms.ts.
// The 3-D transient conduction core:  dE(T)/dt = div(k(T) grad T) + q,  E the volumetric enthalpy
// (sensible + latent, enthalpy-table.ts), finite volumes on a structured graded mesh with a cell mask.
// One step runs named phases: properties (k from T, face conductances, boundary coefficients, all
// lagged to the start of the step) -> sources (cell integrals at mid-step) -> advance (explicit, or a
// θ-scheme solved with preconditioned CG inside a Newton iteration on E) -> conservative enthalpy
// update -> evaporation (optional, implicit per surface cell) -> ledger. The scheme, its tolerances
// and the property grid are input data (ThermalNumerics). Optional for the melt pool: an anisotropic
// liquid-conductivity enhancement (Marangoni) and the evaporation loss.
//
//   explicit:        E¹ = E⁰ + Δt/V [L(T⁰) + B(T⁰) + Q],  Δt ≤ safety · min_i C_min V_i / Σ_f c_f
//   θ-scheme:        V (E(T¹) − E⁰)/Δt = θ [L(T¹) + B(T¹)] + (1−θ) [L(T⁰) + B(T⁰)] + Q
//                    (θ = 1 backward Euler, θ = ½ Crank–Nicolson); Newton on E with the apparent
//                    capacity dE/dT (tangent, then secant), then E¹ is recomputed from the balance with the converged T, so the
//                    ledger closes to round-off whatever the iteration did.

import type { RunContext } from '../run/context.js';
import type { AbortCheck } from '../run/types.js';
import { DivergedError } from '../errors.js';
import { EnthalpyTable } from './enthalpy-table.js';
import { evaporateSurface, type EvaporationModel } from './evaporation.js';
import { balanceError, emptyLedger, type EnergyLedger } from './ledger.js';
import { thetaStart, TypeScriptNewtonLoops, type NewtonArrays, type NewtonLoops } from './newton-loops.js';
import { DEFAULT_NUMERICS, type Probe, type StepReport, type ThermalNumerics, type ThermalProblem } from './problem.js';
import { retakeConductivities } from './conductivity.js';
import { conservativeConductances, explicitLimit, faceConductanceSums } from './stability.js';
import { thermalStateBlock, type WasmStepLoops } from './step-wasm.js';
import { ConjugateGradient } from './linear-solver.js';
import { metalCellsByParts } from './row-set.js';
import { CELL_SOLID, type StructuredMesh } from './mesh.js';
import type { HeatSource } from './sources.js';
import { assembleConductances, updateCellConductances, BOX_FACES, BoundaryFaces, conductionFluxes, explicitConductionUpdate, type BoxCondition, type BoxFace, type SurfaceLoss } from './terms.js';

export interface RunOptions {
  /** s */
  endTime: number;
  /** s: the step for implicit schemes, the upper bound for the explicit one. */
  timeStep: number;
  ctx?: RunContext;
  onStep?(report: StepReport, solver: ThermalSolver): void;
}

/**
 * The first Newton iterate of a step is extrapolated from the previous step only when Δt/Δt_prev is at most this:
 * the change over a much longer step (after a clipped one, e.g. at the end of a pass) is no guide.
 */
const MAX_EXTRAPOLATION_RATIO = 2;

/**
 * Iterations of a step taken with Voller & Swaminathan's update before the plain iteration takes
 * over (the welding defaults converge in 1-5; a step that has not by then goes on the safe path).
 */
const VOLLER_SWAMINATHAN_ITERATIONS = 8;

const NO_LOSS: SurfaceLoss = { convectionCoefficient: 0, emissivity: 0, ambientTemperature: 293.15 };

export class ThermalSolver {
  readonly mesh: StructuredMesh;
  readonly numerics: ThermalNumerics;
  readonly tables: EnthalpyTable[];
  /** K, per cell (void cells keep their last value). */
  readonly T: Float64Array;
  /** J/m³, per cell. */
  readonly E: Float64Array;
  /** K, the highest temperature each cell has reached. */
  readonly peak: Float64Array;
  /** W per cell from the sources in the last step (after an explicit step, with the boundary faces' heat flow added). */
  readonly Q: Float64Array;
  readonly volume: Float64Array;
  /** The energy books; `storedChange` is summed over the mesh when read (see the constructor). */
  readonly ledger: EnergyLedger = emptyLedger();
  readonly probes: Probe[] = [];
  readonly times: number[] = [];
  time = 0;
  steps = 0;

  private readonly box: Record<BoxFace, BoxCondition>;
  private readonly surface: SurfaceLoss;
  private readonly sources: readonly HeatSource[];
  private readonly boundary = new BoundaryFaces();
  private readonly k: Float64Array;
  private readonly Gx: Float64Array;
  private readonly Gy: Float64Array;
  private readonly Gz: Float64Array;
  private readonly flux: Float64Array;
  private readonly fluxOld: Float64Array;
  private readonly Eold: Float64Array;
  private readonly Tnext: Float64Array;
  private readonly rhs: Float64Array;
  /** The previous Newton iterate (secant slopes). */
  /** Σ of the face conductances and boundary coefficients per cell, fixed within an implicit step. */
  private readonly sums: Float64Array;
  /** T at the start of the previous implicit step and that step's Δt: the CG start's extrapolation. */
  private readonly Tlast: Float64Array;
  private dtLast = 0;
  private solidList: { version: number; cells: Int32Array; split: number } | undefined;
  /**
   * Per Newton iteration: E at the current iterate, the slope dE/dT used, and the previous iterate's
   * T and E (the secant slopes of the fallback iteration).
   */
  private readonly newton: { enthalpy: Float64Array; slope: Float64Array; previousT: Float64Array; previousE: Float64Array };
  /** Δt / V per cell for the explicit kernel, and the Δt it was computed for. */
  private readonly rdt: Float64Array;
  private rdtStep = Number.NaN;
  /** The mask copy and table nodes beside T and E, and the module's loops on them (step-wasm.ts). */
  /** The Newton iteration's loops in TypeScript (where the module does not run, or several materials). */
  private readonly typescriptLoops = new TypeScriptNewtonLoops((i) => this.table(i));
  private readonly state: { nodes: Float64Array; mask: Uint8Array; maskVersion: number; solid: Int32Array; widths: Float64Array; loops: WasmStepLoops | undefined };
  private stabilityCache = 0;
  private stabilityVersion = -1;
  private readonly matrix: { nx: number; ny: number; nz: number; D: Float64Array; Ox: Float64Array; Oy: Float64Array; Oz: Float64Array };
  private readonly cg: ConjugateGradient;
  private readonly constantConductivity: boolean;
  private readonly enhancement: { x: number; y: number; z: number } | undefined;
  private readonly evaporation: EvaporationModel | undefined;
  /** Cells whose conductivity changed in this step's property update (incremental assembly). */
  private readonly changedCells: Int32Array;
  /** The peak since trackPeak was called (metal cells; the others keep the temperature they had then). */
  private readonly trackedPeak: Float64Array;
  private tracking = false;
  /** A helper thread's list of changed cells before it joins changedCells. */
  private readonly changedSpare: Int32Array;
  /** The temperature each cell's conductivity was last evaluated at (NaN: never). */
  private readonly propertyTemperature: Float64Array;
  private readonly ky: Float64Array;
  private readonly kz: Float64Array;
  private assembledVersion = -1;
  private boundaryVersion = -1;
  /** The mask version of the matrix whose coupled rows the linear solver last searched. */
  private patternVersion = -1;
  private exposed: { exposedCells: Int32Array; exposedArea: Float64Array } | undefined;
  private exposedVersion = -1;
  private storedInitial = 0;

  constructor(problem: ThermalProblem, numerics: Partial<ThermalNumerics> = {}) {
    this.numerics = { ...DEFAULT_NUMERICS, ...numerics };
    const mesh = (this.mesh = problem.mesh);
    const n = mesh.cellCount;
    this.tables = problem.materials.map((m) => new EnthalpyTable(m, this.numerics.temperatureGrid));
    const e = problem.liquidEnhancement;
    this.enhancement = e && (e.x !== 1 || e.y !== 1 || e.z !== 1) ? { ...e } : undefined;
    this.constantConductivity = this.tables.every((t) => t.constantConductivity) && !this.enhancement;
    this.evaporation = problem.evaporation;
    this.box = Object.fromEntries(BOX_FACES.map((f) => [f, problem.boundaries?.[f] ?? { kind: 'surface' }])) as Record<BoxFace, BoxCondition>;
    this.surface = problem.surface ?? NO_LOSS;
    this.sources = problem.sources ?? [];
    // The solver's state is one block (step-wasm.ts): the explicit kernel's seven arrays first (it
    // then reads them through one Float64Array, which V8 runs about 1.4× faster than seven: terms.ts
    // explicitConductionUpdate), the other cell arrays, one material's enthalpy nodes, the linear
    // solver's vectors (its matrix, right-hand side and solution among them), the list of metal cells
    // and a copy of the mask. Where the block is a WebAssembly memory the module's loops run on all of
    // it in place: the kernel, T from E, the Newton loops and the conjugate gradients.
    const block = thermalStateBlock(23, n, this.tables.length === 1 ? this.tables[0] : undefined, ConjugateGradient.bytes(n, mesh.nz), mesh.nx + mesh.ny + mesh.nz);
    block.widths.set(mesh.dx);
    block.widths.set(mesh.dy, mesh.nx);
    block.widths.set(mesh.dz, mesh.nx + mesh.ny);
    const arrays = block.arrays as [Float64Array, ...Float64Array[]];
    [this.T, this.Gx, this.Gy, this.Gz, this.rdt, this.flux, this.E] = arrays.slice(0, 7) as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
    [this.peak, this.Q, this.volume, this.fluxOld, this.Eold, this.sums, this.Tlast] = arrays.slice(7, 14) as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
    const [enthalpy, slope, previousT, previousE] = arrays.slice(14, 18) as [Float64Array, Float64Array, Float64Array, Float64Array];
    this.newton = { enthalpy, slope, previousT, previousE };
    this.state = { nodes: block.nodes, mask: block.mask, maskVersion: -1, solid: block.solid, widths: block.widths, loops: block.loops };
    const [k, ky, kz, taken] = arrays.slice(18, 22) as [Float64Array, Float64Array, Float64Array, Float64Array];
    this.trackedPeak = arrays[22]!;
    this.k = k;
    this.cg = new ConjugateGradient(n, block.region, mesh.nz);
    // The helper thread's control block is in the linear solver's region whatever the scheme.
    this.threads = this.cg.useThreads(this.numerics.threads ?? 1);
    if (this.threads > 1) block.loops?.useTeam(this.cg.threadTeam);
    const system = this.cg.systemArrays();
    [this.Tnext, this.rhs] = [system.x, system.b];
    [this.ky, this.kz] = this.enhancement ? [ky, kz] : [this.k, this.k];
    // Up to a third of the cells are updated face by face (six faces each, against three per cell
    // in a full assembly, which also reads every cell).
    this.changedCells = block.changed;
    this.changedSpare = block.changedSpare;
    this.propertyTemperature = taken.fill(Number.NaN);
    this.matrix = { nx: mesh.nx, ny: mesh.ny, nz: mesh.nz, D: system.D, Ox: system.Ox, Oy: system.Oy, Oz: system.Oz };
    for (let i = 0; i < n; i++) this.volume[i] = mesh.volume(i);
    this.T.fill(problem.initialTemperature);
    this.peak.fill(problem.initialTemperature);
    for (let i = 0; i < n; i++) this.E[i] = this.table(i).enthalpyAt(this.T[i]!);
    this.storedInitial = this.storedEnergy();
    // Σ V E is a sweep of the mesh: summed when read (a melt-pool run reads it once, at its end; a
    // welding run once a step), not in every step.
    Object.defineProperty(this.ledger, 'storedChange', { enumerable: true, get: () => this.storedEnergy() - this.storedInitial });
  }

  /**
   * The indices of the cells that hold metal, in the two threads' parts (row-set.ts metalCellsByParts;
   * rebuilt when the mask changes): `split` is where the part a second thread takes begins.
   */
  private solidCells(): { cells: Int32Array; split: number } {
    const { mask, maskVersion } = this.mesh;
    if (this.solidList?.version === maskVersion) return this.solidList;
    // In the state block, where the module's Newton loops read it.
    const { cells, split } = metalCellsByParts(mask, CELL_SOLID, this.mesh.nx, this.mesh.ny, this.state.solid);
    this.solidList = { version: maskVersion, cells, split };
    return this.solidList;
  }

  private table(i: number): EnthalpyTable {
    return this.tables[this.mesh.material[i]!]!;
  }

  /** Σ V E over the solid cells (J, relative to the tables' reference temperature). */
  /** Threads of the step's loops: 2 with a helper thread (numerics.threads 2 where one can be had), else 1. */
  readonly threads: number;

  /** Whether the linear solver's helper thread is serving (numerics.threads 2; it starts in some milliseconds). */
  get helperReady(): boolean {
    return this.cg.helperReady;
  }

  /** Ends the linear solver's helper thread, if it has one (a solver that is done with). */
  release(): void {
    this.state.loops?.useTeam(undefined);
    this.cg.release();
  }

  storedEnergy(): number {
    const { mask, cellCount } = this.mesh;
    const { volume, E } = this;
    const loops = this.stepLoops();
    if (loops) return loops.storedEnergy(volume, E, this.state.mask);
    let sum = 0;
    for (let i = 0; i < cellCount; i++) if (mask[i] === CELL_SOLID) sum += volume[i]! * E[i]!;
    return sum;
  }

  /** The relative energy balance error of the run so far (ledger.ts). */
  balanceError(): number {
    return balanceError(this.ledger);
  }

  /**
   * Starts a second running peak, from the temperatures now: from then on each step raises it where
   * it raises `peak` (a welding pass's peak). Returns it; calling again restarts it.
   */
  trackPeak(): Float64Array {
    this.trackedPeak.set(this.T);
    this.tracking = true;
    return this.trackedPeak;
  }

  /** Turns filler (or void) cells into solid at `temperature` (K); their enthalpy enters the ledger. */
  activate(cells: Iterable<number>, temperature: number): number {
    let count = 0;
    for (const i of cells) {
      if (this.mesh.mask[i] === CELL_SOLID) continue;
      this.mesh.mask[i] = CELL_SOLID;
      this.T[i] = temperature;
      this.peak[i] = Math.max(this.peak[i]!, temperature);
      this.E[i] = this.table(i).enthalpyAt(temperature);
      this.Tlast[i] = temperature;
      this.ledger.deposited += this.volume[i]! * this.E[i]!;
      count++;
    }
    if (count > 0) this.mesh.maskVersion++;
    return count;
  }

  addProbe(name: string, point: { x: number; y: number; z: number }): Probe {
    const probe: Probe = { name, point, values: [] };
    this.probes.push(probe);
    return probe;
  }

  /** Temperature at a point: trilinear between the surrounding solid cell centres (mesh.ts interpolate). */
  temperatureAt(x: number, y: number, z: number, field: Float64Array = this.T): number {
    return this.mesh.interpolate(field, x, y, z);
  }

  /** The largest stable explicit step (s) for the current temperatures, before the safety factor. */
  stabilityLimit(): number {
    this.updateProperties(this.time, 0);
    // With constant k and no radiation the limit only changes with the mask.
    const cacheable = this.constantConductivity && this.surface.emissivity === 0;
    if (cacheable && this.stabilityVersion === this.mesh.maskVersion) return this.stabilityCache;
    const diag = this.matrix.D;
    this.faceSums(diag);
    const limit = explicitLimit(this.mesh.mask, diag, this.volume, (i) => this.table(i));
    if (cacheable) {
      this.stabilityCache = limit;
      this.stabilityVersion = this.mesh.maskVersion;
    }
    return limit;
  }

  /**
   * A lower bound (s) of the explicit stability limit over any temperatures the tables cover: every
   * cell at its table's largest conductivity (and the full liquid enhancement) and smallest capacity.
   * A fixed step for the whole run, with no per-step limit to evaluate. Surface losses are not in it
   * (none or negligible where it is used: laser scale).
   */
  conservativeStabilityLimit(checkAbort?: AbortCheck): number {
    const { Gx, Gy, Gz } = conservativeConductances(this.mesh, (i) => this.table(i), this.enhancement, checkAbort);
    checkAbort?.();
    const sums = new Float64Array(this.mesh.cellCount);
    faceConductanceSums(Gx, Gy, Gz, this.mesh, sums);
    checkAbort?.();
    return explicitLimit(this.mesh.mask, sums, this.volume, (i) => this.table(i));
  }

  /**
   * Advances by dt (s). For the explicit scheme dt must respect the stability limit. An implicit step
   * on a large mesh takes up to hundreds of milliseconds: `checkAbort` is polled inside it (every
   * Newton and CG iteration), and an abort leaves the step unfinished (the run ends there).
   */
  step(dt: number, checkAbort?: AbortCheck): StepReport {
    const granted = this.numerics.helperGranted;
    if (granted && this.threads > 1) this.cg.threadTeam?.hold(!granted());
    this.updateProperties(this.time, dt, checkAbort);
    checkAbort?.();
    const power = this.assembleSources(this.time + 0.5 * dt);
    const report: StepReport = { time: this.time + dt, dt, linearIterations: 0, nonlinearIterations: 0, linearResidual: 0, appliedPower: power.applied, nominalPower: power.nominal };
    checkAbort?.();
    if (this.numerics.scheme === 'explicit') this.advanceExplicit(dt, checkAbort);
    else this.advanceImplicit(dt, this.numerics.scheme === 'crank-nicolson' ? 0.5 : 1, report, checkAbort);
    checkAbort?.();
    if (this.evaporation) this.ledger.evaporated += this.evaporate(this.evaporation, dt);
    this.closeStep(dt, power.applied, power.nominal);
    return report;
  }

  /** Runs to endTime with progress, abort (within one step) and cooperative yields through ctx. */
  async run(options: RunOptions): Promise<void> {
    const { endTime, ctx } = options;
    const start = this.time;
    const explicitSafety = this.numerics.explicitSafety;
    while (this.time < endTime * (1 - 1e-12)) {
      let dt = options.timeStep;
      if (this.numerics.scheme === 'explicit') dt = Math.min(dt, explicitSafety * this.stabilityLimit());
      dt = Math.min(dt, endTime - this.time);
      const report = this.step(dt, ctx?.checkAbort);
      options.onStep?.(report, this);
      if (ctx) {
        if (report.linearIterations > 0) ctx.residuals({ iteration: this.steps, values: { linear: report.linearResidual, newton: report.nonlinearIterations } });
        await ctx.checkpoint((this.time - start) / (endTime - start));
      }
    }
  }

  // --- phases ---------------------------------------------------------------------------------

  private updateProperties(time: number, dt: number, checkAbort?: AbortCheck): void {
    const { mask } = this.mesh;
    const maskVersion = this.mesh.maskVersion;
    if (!this.constantConductivity || this.assembledVersion !== maskVersion) {
      const e = this.enhancement;
      // A cell's conductivity is a function of its temperature. It is re-taken only where the
      // temperature has moved, since it was last taken, by more than the table's conductivityLag
      // (k then within 10⁻³ of its value at the cell's temperature), or across the solidus or the
      // liquidus: most of a melt-pool plate or a welded part changes by far less in a step. Only the
      // faces of the cells re-taken are recomputed (bitwise the values of a full assembly of the
      // same k), unless so many changed that a full assembly is cheaper. A new mask (a bead
      // deposited) assembles everything.
      const incremental = this.assembledVersion === maskVersion;
      const { T, propertyTemperature } = this;
      let changed = 0;
      const loops = this.stepLoops(true);
      if (loops) changed = loops.properties({ T, taken: propertyTemperature, k: this.k, ky: this.ky, kz: this.kz }, this.state.mask, { changed: this.changedCells, spare: this.changedSpare }, incremental, this.tables[0]!, e);
      else changed = retakeConductivities({ mask, T, taken: propertyTemperature }, { k: this.k, ky: this.ky, kz: this.kz }, (i) => this.table(i), e, incremental, this.changedCells);
      // The faces by the module where it runs (step-wasm.ts), with the same values.
      const faces = this.stepLoops();
      const arrays = { k: this.k, ky: this.ky, kz: this.kz, Gx: this.Gx, Gy: this.Gy, Gz: this.Gz, mask: this.state.mask, widths: this.state.widths };
      if (incremental && changed <= this.changedCells.length) {
        if (changed > 0 && faces) faces.updateCellConductances(arrays, this.mesh, this.changedCells, changed);
        else if (changed > 0) updateCellConductances(this.mesh, { k: this.k, ky: this.ky, kz: this.kz }, { Gx: this.Gx, Gy: this.Gy, Gz: this.Gz }, this.changedCells, changed);
      } else {
        checkAbort?.();
        if (faces) faces.assembleConductances(arrays, this.mesh);
        else assembleConductances(this.mesh, this.k, this.Gx, this.Gy, this.Gz, this.ky, this.kz);
      }
      this.assembledVersion = maskVersion;
    }
    if (this.boundaryVersion !== maskVersion) {
      checkAbort?.();
      this.boundary.build(this.mesh, this.box);
      this.boundaryVersion = maskVersion;
      checkAbort?.();
    }
    this.boundary.update(this.T, this.k, this.surface, this.box, time, dt);
  }

  private assembleSources(time: number): { applied: number; nominal: number } {
    this.Q.fill(0);
    let applied = 0;
    let nominal = 0;
    for (const source of this.sources) {
      const d = source.deposit(this.mesh, time, this.Q);
      applied += d.applied;
      nominal += d.nominal;
    }
    return { applied, nominal };
  }

  /** The evaporation loss of the step from the exposed faces (evaporation.ts evaporateSurface); the energy taken (J). */
  private evaporate(model: EvaporationModel, dt: number): number {
    if (this.exposedVersion !== this.boundaryVersion || !this.exposed) {
      this.exposed = this.boundary.exposedSurface(this.mesh.cellCount);
      this.exposedVersion = this.boundaryVersion;
    }
    return evaporateSurface(model, dt, this.exposed, { T: this.T, E: this.E, volume: this.volume }, (i) => this.table(i));
  }

  /** out = Σ_faces G (T_nb − T) per cell, by the module where it runs (terms.ts conductionFluxes). */
  private conductionFluxes(out: Float64Array): void {
    const { T, Gx, Gy, Gz, mesh } = this;
    const loops = this.stepLoops();
    if (loops) loops.conductionFluxes(T, { Gx, Gy, Gz }, mesh, out);
    else conductionFluxes(T, Gx, Gy, Gz, mesh.nx, mesh.ny, mesh.nz, out);
  }

  /** out[i] = Σ of the face conductances and boundary coefficients of cell i. */
  private faceSums(out: Float64Array, Gx = this.Gx, Gy = this.Gy, Gz = this.Gz, boundary = true): void {
    const loops = Gx === this.Gx && Gy === this.Gy && Gz === this.Gz && out.buffer === Gx.buffer ? this.stepLoops() : undefined;
    if (loops) loops.faceSums({ Gx, Gy, Gz }, this.mesh, out);
    else faceConductanceSums(Gx, Gy, Gz, this.mesh, out);
    if (!boundary) return;
    const b = this.boundary;
    for (let f = 0; f < b.count; f++) out[b.cell[f]!] += b.coefficient[f]!;
  }

  /** flux[i] += Σ_f c_f (T_ref − T_i) over the boundary faces (terms.ts addFluxes), booked weighted over dt. */
  private addBoundaryFluxes(T: Float64Array, out: Float64Array, atNewTime: boolean, weight: number, dt: number): void {
    const { surfaceLoss, fixedIn } = this.boundary.addFluxes(T, out, atNewTime);
    this.ledger.surfaceLoss += weight * dt * surfaceLoss;
    this.ledger.fixedTemperatureIn += weight * dt * fixedIn;
  }

  private advanceExplicit(dt: number, checkAbort: AbortCheck | undefined): void {
    const { T, E, Q, volume, rdt } = this;
    const { nx, ny, nz } = this.mesh;
    const n = this.mesh.cellCount;
    if (dt !== this.rdtStep) {
      for (let i = 0; i < n; i++) rdt[i] = dt / volume[i]!;
      this.rdtStep = dt;
    }
    // The boundary faces' heat flow joins the sources' in Q (the kernel's extra term; Q is deposited
    // afresh each step), which saves copying Q into another array every step.
    this.addBoundaryFluxes(T, Q, false, 1, dt);
    // With a helper thread the module's kernel runs on the pairs of layers shared out (the same result).
    const split = this.threads > 1 && this.state.loops?.explicitSweep({ T, Gx: this.Gx, Gy: this.Gy, Gz: this.Gz, r: rdt, extra: Q, E }, this.mesh);
    if (!split) explicitConductionUpdate(T, this.Gx, this.Gy, this.Gz, nx, ny, nz, rdt, Q, E);
    checkAbort?.();
    this.temperaturesFromEnthalpy();
  }

  /**
   * The module's step loops, with the mask copy beside T brought up to date and, with `table`, the
   * one material's table selected; undefined off WebAssembly (and with `table` on several materials).
   */
  private stepLoops(table = false): WasmStepLoops | undefined {
    const state = this.state;
    if (!state.loops || (table && this.tables.length !== 1)) return undefined;
    this.syncedMask();
    if (table) state.loops.useTable(this.tables[0]!, state.nodes);
    return state.loops;
  }

  /** The copy of the mesh's mask in the state block, brought up to date. */
  private syncedMask(): Uint8Array {
    const state = this.state;
    if (state.maskVersion !== this.mesh.maskVersion) {
      state.mask.set(this.mesh.mask);
      state.maskVersion = this.mesh.maskVersion;
    }
    return state.mask;
  }

  /** T = T(E) in every metal cell; with one material its table is read once (the loop a quarter faster). */
  private temperaturesFromEnthalpy(): void {
    const { T, E } = this;
    const { mask } = this.mesh;
    const n = this.mesh.cellCount;
    if (this.tables.length === 1) {
      const table = this.tables[0]!;
      const loops = this.stepLoops(true);
      if (loops) return loops.temperatures(E, T, this.state.mask);
      for (let i = 0; i < n; i++) if (mask[i] === CELL_SOLID) T[i] = table.temperatureAt(E[i]!, T[i]!);
      return;
    }
    for (let i = 0; i < n; i++) if (mask[i] === CELL_SOLID) T[i] = this.table(i).temperatureAt(E[i]!, T[i]!);
  }

  private advanceImplicit(dt: number, theta: number, report: StepReport, checkAbort: AbortCheck | undefined): void {
    const { T, E, Q, volume, flux, fluxOld, Eold, Tnext, rhs, matrix } = this;
    const b = this.boundary;
    const { D, Ox, Oy, Oz } = matrix;
    // Backward Euler with the module: the step's start in one pass of it (on two threads with a
    // helper), the same values as startImplicit's loops.
    const start = theta === 1 ? this.stepLoops(true) : undefined;
    if (start) start.implicitStart({ E, Eold, fluxOld, Gx: this.Gx, Gy: this.Gy, Gz: this.Gz, Ox, Oy, Oz, T, D, rhs, Tnext }, this.state.mask);
    else this.startImplicit(dt, theta);
    const { tolerance, maxIterations } = this.numerics.nonlinear;
    const sums = this.sums;
    this.faceSums(sums);
    // Newton's method on the enthalpy balance in the form of Voller & Swaminathan (1991, "General
    // source-based method for solidification phase change", Numer. Heat Transfer B 19:175-189): each
    // iteration solves the balance linearised at the iterate, E ≈ E(T_k) + C(T_k)(T − T_k) with the
    // tangent C = dE/dT, takes the enthalpy of that linearisation, E_{k+1} = E(T_k) + C(T_k)(T* − T_k),
    // and the temperature from it, T_{k+1} = T(E_{k+1}). The update walks along E(T) itself, so a cell
    // crossing the solidus or a kink of the table lands on the curve instead of overshooting it: about
    // half the iterations of the plain tangent/secant iteration in the welding defaults, the same
    // solution to the Newton tolerance (stopping when |E(T*) − E_{k+1}| ≤ tolerance · max|E − E⁰|).
    // E_{k+1} is kept between E(T_k) and E(T*), and after VOLLER_SWAMINATHAN_ITERATIONS the plain
    // iteration finishes the step (docs/physics/welding.md, "The implicit step").
    // The first iterate is the temperature extrapolated linearly in time from the last two steps (the
    // far field changes smoothly from step to step), which saves about one more.
    const ratio = dt / this.dtLast;
    const extrapolation = ratio > 0 && ratio <= MAX_EXTRAPOLATION_RATIO ? ratio : 0;
    const Tlast = this.Tlast;
    const { enthalpy, slope } = this.newton;
    // The iterations visit the solid cells only (in welding meshes about 40 % of the box).
    const { cells: solid, split } = this.solidCells();
    // The module's loops where it runs (one material; step-wasm.ts), else their TypeScript reference.
    const loops: NewtonLoops = this.stepLoops(true) ?? this.typescriptLoops;
    loops.newtonStart(T, Tlast, enthalpy, solid, extrapolation, split);
    const { previousT, previousE } = this.newton;
    const arrays: NewtonArrays = { T, previousT, enthalpy, previousE, slope, volume, sums: this.sums, Eold, fluxOld, Q, D, rhs, Tnext };
    let iteration = 0;
    for (; iteration < maxIterations; iteration++) {
      checkAbort?.();
      // After VOLLER_SWAMINATHAN_ITERATIONS the step goes on with the plain iteration (T_{k+1} = T*):
      // the tangent there, then secants through the last two iterates.
      loops.newtonSystem(arrays, solid, iteration > VOLLER_SWAMINATHAN_ITERATIONS, dt, theta, split);
      for (let f = 0; f < b.count; f++) rhs[b.cell[f]!] += theta * b.coefficient[f]! * b.referenceNew[f]!;
      // The couplings are zero exactly where a face has no metal on one side (assembleConductances):
      // the pattern, and so the coupled rows, change only with the mask.
      const samePattern = iteration > 0 || this.patternVersion === this.mesh.maskVersion;
      const solve = this.cg.solve(matrix, rhs, Tnext, this.numerics.linearSolver, checkAbort, samePattern);
      this.patternVersion = this.mesh.maskVersion;
      report.linearIterations += solve.iterations;
      report.linearResidual = solve.relativeResidual;
      if (!solve.converged) throw new DivergedError(`conjugate gradients did not reach ${this.numerics.linearSolver.tolerance} in ${solve.iterations} iterations (residual ${solve.relativeResidual.toExponential(2)})`, this.steps, solve.relativeResidual);
      const { worst, scale } = loops.newtonUpdate(arrays, solid, iteration >= VOLLER_SWAMINATHAN_ITERATIONS, split);
      if (worst <= tolerance * Math.max(scale, 1e-300)) {
        iteration++;
        break;
      }
    }
    report.nonlinearIterations = iteration;
    this.dtLast = dt;
    checkAbort?.();
    // Conservative update: E¹ from the balance with the converged temperatures.
    this.conductionFluxes(flux);
    this.addBoundaryFluxes(T, flux, true, theta, dt);
    loops.conservativeUpdate({ E, T, Eold, flux, fluxOld, Q, volume }, this.syncedMask(), dt, theta);
  }

  /**
   * The start of a θ-step in TypeScript: E⁰ kept, the old-time part (1 − θ)[L(T⁰) + B(T⁰)] kept
   * weighted, then the matrix's off-diagonals and the rows without metal (newton-loops.ts thetaStart).
   */
  private startImplicit(dt: number, theta: number): void {
    const { T, E, Eold, fluxOld, rhs, Tnext, matrix } = this;
    Eold.set(E);
    if (theta < 1) {
      this.conductionFluxes(fluxOld);
      this.addBoundaryFluxes(T, fluxOld, false, 1 - theta, dt);
      for (let i = 0; i < fluxOld.length; i++) fluxOld[i] *= 1 - theta;
    } else fluxOld.fill(0);
    thetaStart({ Gx: this.Gx, Gy: this.Gy, Gz: this.Gz }, matrix, { T, rhs, Tnext }, this.mesh.mask, theta);
  }

  private closeStep(dt: number, applied: number, nominal: number): void {
    this.time += dt;
    this.steps++;
    this.ledger.sourceIn += applied * dt;
    this.ledger.sourceClipped += (nominal - applied) * dt;
    // The peaks (only solid cells change); the stored energy is summed when the ledger is read.
    const { T, peak } = this;
    const { mask } = this.mesh;
    const loops = this.stepLoops();
    for (const running of this.tracking ? [peak, this.trackedPeak] : [peak]) {
      if (loops) loops.peaks(T, running, this.state.mask);
      else for (let i = 0; i < T.length; i++) if (mask[i] === CELL_SOLID && T[i]! > running[i]!) running[i] = T[i]!;
    }
    this.times.push(this.time);
    for (const probe of this.probes) probe.values.push(this.temperatureAt(probe.point.x, probe.point.y, probe.point.z));
  }
}
