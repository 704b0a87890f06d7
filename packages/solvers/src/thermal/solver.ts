// Long file: the step phases of the conduction core share the solver's arrays; each phase is a method (see below).
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
import type { SolidMaterial } from '../materials/solids/solid.js';
import { EnthalpyTable, DEFAULT_TEMPERATURE_GRID, type TemperatureGrid } from './enthalpy-table.js';
import { evaporationFlux, type EvaporationModel } from './evaporation.js';
import { balanceError, emptyLedger, type EnergyLedger } from './ledger.js';
import { TypeScriptNewtonLoops, type NewtonArrays, type NewtonLoops } from './newton-loops.js';
import { thermalStateBlock, type WasmStepLoops } from './step-wasm.js';
import { ConjugateGradient, type LinearSolverSettings } from './linear-solver.js';
import { CELL_SOLID, StructuredMesh } from './mesh.js';
import type { HeatSource } from './sources.js';
import { assembleConductances, updateCellConductances, BOX_FACES, BoundaryFaces, conductionFluxes, explicitConductionUpdate, FACE_SURFACE, type BoxCondition, type BoxFace, type SurfaceLoss } from './terms.js';

export type TimeScheme = 'explicit' | 'backward-euler' | 'crank-nicolson';

export interface ThermalNumerics {
  scheme: TimeScheme;
  /** Fraction of the explicit stability limit used (≤ 1). */
  explicitSafety: number;
  linearSolver: LinearSolverSettings;
  /** Newton iteration on the enthalpy (implicit schemes): max |E(T) − E_linearised| / max |ΔE| ≤ tolerance. */
  nonlinear: { tolerance: number; maxIterations: number };
  temperatureGrid: TemperatureGrid;
  /**
   * Threads for the step's loops (1 or 2; default 1): a helper thread on the same memory where the
   * WebAssembly loops run (thread-team.ts): the explicit kernel, T(E) and the peaks; the implicit
   * step's linear solve and Newton loops. The results are the same on either.
   */
  threads?: number;
}

export const DEFAULT_NUMERICS: ThermalNumerics = {
  scheme: 'backward-euler',
  explicitSafety: 0.9,
  linearSolver: { preconditioner: 'ic0', tolerance: 1e-10, maxIterations: 5000 },
  nonlinear: { tolerance: 1e-6, maxIterations: 30 },
  temperatureGrid: DEFAULT_TEMPERATURE_GRID,
};

export interface ThermalProblem {
  mesh: StructuredMesh;
  /** Indexed by mesh.material. */
  materials: readonly SolidMaterial[];
  /** K */
  initialTemperature: number;
  /** Conditions on the six faces of the mesh box; missing faces are `surface`. */
  boundaries?: Partial<Record<BoxFace, BoxCondition>>;
  /** Convection and radiation on exposed faces (default: none). */
  surface?: SurfaceLoss;
  sources?: readonly HeatSource[];
  /**
   * Multipliers of the conductivity of liquid metal along x, y and z, blended in with the liquid
   * fraction (1 + (f − 1) f_l(T)): the enhanced, anisotropic conductivity that stands in for the melt
   * pool's Marangoni flow (Lampa et al. 1997; Safdar et al. 2013). None when left out.
   */
  liquidEnhancement?: { x: number; y: number; z: number };
  /**
   * Evaporation from the exposed faces of cells above the liquidus (evaporation.ts), implicit in the
   * cell's temperature, booked in the ledger as `evaporated`. None when left out.
   */
  evaporation?: EvaporationModel;
}

export interface StepReport {
  time: number;
  dt: number;
  linearIterations: number;
  nonlinearIterations: number;
  linearResidual: number;
  /** W the sources put into the solid during the step / W they carried. */
  appliedPower: number;
  nominalPower: number;
}

export interface Probe {
  readonly name: string;
  readonly point: { x: number; y: number; z: number };
  readonly values: number[];
}

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
  private solidList: { version: number; cells: Int32Array } | undefined;
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

  /** The indices of the cells that hold metal, ascending (rebuilt when the mask changes). */
  private solidCells(): Int32Array {
    const { mask, maskVersion } = this.mesh;
    if (this.solidList?.version === maskVersion) return this.solidList.cells;
    let count = 0;
    for (let i = 0; i < mask.length; i++) if (mask[i] === CELL_SOLID) count++;
    // In the state block, where the module's Newton loops read it.
    const cells = this.state.solid.subarray(0, count);
    for (let i = 0, c = 0; i < mask.length; i++) if (mask[i] === CELL_SOLID) cells[c++] = i;
    this.solidList = { version: maskVersion, cells };
    return cells;
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

  /** Temperature at a point: trilinear between the surrounding solid cell centres. */
  temperatureAt(x: number, y: number, z: number, field: Float64Array = this.T): number {
    const m = this.mesh;
    const bracket = (centres: Float64Array, u: number): [number, number, number] => {
      const last = centres.length - 1;
      if (u <= centres[0]!) return [0, 0, 0];
      if (u >= centres[last]!) return [last, last, 0];
      let lo = 0;
      let hi = last;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (centres[mid]! <= u) lo = mid;
        else hi = mid;
      }
      return [lo, hi, (u - centres[lo]!) / (centres[hi]! - centres[lo]!)];
    };
    const [x0, x1, wx] = bracket(m.xc, x);
    const [y0, y1, wy] = bracket(m.yc, y);
    const [z0, z1, wz] = bracket(m.zc, z);
    let sum = 0;
    let weight = 0;
    for (const [iz, fz] of [[z0, 1 - wz], [z1, wz]] as const)
      for (const [iy, fy] of [[y0, 1 - wy], [y1, wy]] as const)
        for (const [ix, fx] of [[x0, 1 - wx], [x1, wx]] as const) {
          const w = fx * fy * fz;
          const i = m.index(ix, iy, iz);
          if (w === 0 || m.mask[i] !== CELL_SOLID) continue;
          sum += w * field[i]!;
          weight += w;
        }
    return weight > 0 ? sum / weight : Number.NaN;
  }

  /** The largest stable explicit step (s) for the current temperatures, before the safety factor. */
  stabilityLimit(): number {
    this.updateProperties(this.time, 0);
    // With constant k and no radiation the limit only changes with the mask.
    const cacheable = this.constantConductivity && this.surface.emissivity === 0;
    if (cacheable && this.stabilityVersion === this.mesh.maskVersion) return this.stabilityCache;
    const diag = this.matrix.D;
    this.faceSums(diag);
    const { mask } = this.mesh;
    let limit = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.mesh.cellCount; i++) {
      if (mask[i] !== CELL_SOLID || diag[i]! <= 0) continue;
      limit = Math.min(limit, (this.table(i).minCapacity * this.volume[i]!) / diag[i]!);
    }
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
    const n = this.mesh.cellCount;
    const e = this.enhancement ?? { x: 1, y: 1, z: 1 };
    const kx = new Float64Array(n);
    const ky = new Float64Array(n);
    const kz = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const kMax = this.table(i).maxConductivity;
      kx[i] = kMax * e.x;
      ky[i] = kMax * e.y;
      kz[i] = kMax * e.z;
    }
    const Gx = new Float64Array(n);
    const Gy = new Float64Array(n);
    const Gz = new Float64Array(n);
    checkAbort?.();
    assembleConductances(this.mesh, kx, Gx, Gy, Gz, ky, kz);
    checkAbort?.();
    const sums = new Float64Array(n);
    this.faceSums(sums, Gx, Gy, Gz, false);
    checkAbort?.();
    let limit = Number.POSITIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      if (this.mesh.mask[i] !== CELL_SOLID || sums[i]! <= 0) continue;
      limit = Math.min(limit, (this.table(i).minCapacity * this.volume[i]!) / sums[i]!);
    }
    return limit;
  }

  /**
   * Advances by dt (s). For the explicit scheme dt must respect the stability limit. An implicit step
   * on a large mesh takes up to hundreds of milliseconds: `checkAbort` is polled inside it (every
   * Newton and CG iteration), and an abort leaves the step unfinished (the run ends there).
   */
  step(dt: number, checkAbort?: AbortCheck): StepReport {
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
      else for (let i = 0; i < this.mesh.cellCount; i++) {
        if (mask[i] !== CELL_SOLID) continue;
        const t = T[i]!;
        const table = this.table(i);
        if (incremental) {
          const before = propertyTemperature[i]!;
          if (t === before || table.keepsConductivity(t, before)) continue;
        }
        propertyTemperature[i] = t;
        const k = table.conductivityAt(t);
        let kx = k;
        let ky = k;
        let kz = k;
        if (e) {
          const fl = table.liquidFractionAt(t);
          kx = k * (1 + (e.x - 1) * fl);
          ky = k * (1 + (e.y - 1) * fl);
          kz = k * (1 + (e.z - 1) * fl);
        }
        if (incremental && kx === this.k[i] && ky === this.ky[i] && kz === this.kz[i]) continue;
        this.k[i] = kx;
        this.ky[i] = ky;
        this.kz[i] = kz;
        if (changed < this.changedCells.length) this.changedCells[changed] = i;
        changed++;
      }
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

  /**
   * The evaporation loss of the step, implicit in the temperature: each cell above the liquidus with
   * exposed faces (area A) ends the step at the T that solves
   *   E(T) = E* − Δt A q(T) / V      (E* the enthalpy after conduction and sources),
   * by Newton's method on T within [liquidus, T*]. Implicit because q grows steeply with T: an intense
   * source can heat a surface cell by thousands of kelvin in one conduction-limited step, and a loss
   * taken at the step's start would lag behind it. Returns the energy taken (J).
   */
  private evaporate(model: EvaporationModel, dt: number): number {
    const { exposedCells, exposedArea } = this.exposure();
    const { T, E, volume } = this;
    let total = 0;
    for (let c = 0; c < exposedCells.length; c++) {
      const i = exposedCells[c]!;
      const table = this.table(i);
      const hot = T[i]!;
      const floor = table.material.liquidus;
      if (hot <= floor) continue;
      const factor = (dt * exposedArea[c]!) / volume[i]!;
      const start = E[i]!;
      let t = hot;
      for (let iteration = 0; iteration < 50; iteration++) {
        const { flux, slope } = evaporationFlux(model, t);
        const residual = table.enthalpyAt(t) - start + factor * flux;
        const next = Math.min(hot, Math.max(floor, t - residual / (table.capacityAt(t) + factor * slope)));
        const done = Math.abs(next - t) < 1e-9 * t;
        t = next;
        if (done) break;
      }
      const taken = Math.min(factor * evaporationFlux(model, t).flux, start - table.enthalpyAt(floor));
      if (!(taken > 0)) continue;
      E[i] = start - taken;
      T[i] = table.temperatureAt(E[i]!, t);
      total += taken * volume[i]!;
    }
    return total;
  }

  /** Cells with faces open to the surroundings (not symmetry, not fixed temperature) and their open area. */
  private exposure(): { exposedCells: Int32Array; exposedArea: Float64Array } {
    if (this.exposedVersion === this.boundaryVersion && this.exposed) return this.exposed;
    const b = this.boundary;
    // Cells in the order their first surface face comes, each one's area summed in face order.
    const slot = new Int32Array(this.mesh.cellCount).fill(-1);
    const cells: number[] = [];
    const areas: number[] = [];
    for (let f = 0; f < b.count; f++) {
      if (b.kind[f] !== FACE_SURFACE) continue;
      const i = b.cell[f]!;
      if (slot[i]! < 0) {
        slot[i] = cells.length;
        cells.push(i);
        areas.push(0);
      }
      areas[slot[i]!] += b.area[f]!;
    }
    this.exposed = { exposedCells: Int32Array.from(cells), exposedArea: Float64Array.from(areas) };
    this.exposedVersion = this.boundaryVersion;
    return this.exposed;
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
    const { nx, ny } = this.mesh;
    const plane = nx * ny;
    const n = this.mesh.cellCount;
    const loops = Gx === this.Gx && Gy === this.Gy && Gz === this.Gz && out.buffer === Gx.buffer ? this.stepLoops() : undefined;
    if (loops) loops.faceSums({ Gx, Gy, Gz }, this.mesh, out);
    else {
      out.fill(0);
      for (let i = 0; i < n; i++) {
        const gx = Gx[i]!;
        const gy = Gy[i]!;
        const gz = Gz[i]!;
        out[i] += gx + gy + gz;
        if (gx !== 0) out[i + 1] += gx;
        if (gy !== 0) out[i + nx] += gy;
        if (gz !== 0) out[i + plane] += gz;
      }
    }
    if (!boundary) return;
    const b = this.boundary;
    for (let f = 0; f < b.count; f++) out[b.cell[f]!] += b.coefficient[f]!;
  }

  /** flux[i] += Σ_f c_f (T_ref − T_i) over the boundary faces (reference at the old or new time). */
  private addBoundaryFluxes(T: Float64Array, out: Float64Array, atNewTime: boolean, weight: number, dt: number): void {
    const b = this.boundary;
    const reference = atNewTime ? b.referenceNew : b.referenceOld;
    let surfaceLoss = 0;
    let fixedIn = 0;
    for (let f = 0; f < b.count; f++) {
      const i = b.cell[f]!;
      const q = b.coefficient[f]! * (reference[f]! - T[i]!);
      out[i] += q;
      if (b.kind[f] === FACE_SURFACE) surfaceLoss -= q;
      else fixedIn += q;
    }
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
    const solid = this.solidCells();
    // The module's loops where it runs (one material; step-wasm.ts), else their TypeScript reference.
    const loops: NewtonLoops = this.stepLoops(true) ?? this.typescriptLoops;
    loops.newtonStart(T, Tlast, enthalpy, solid, extrapolation);
    const { previousT, previousE } = this.newton;
    const arrays: NewtonArrays = { T, previousT, enthalpy, previousE, slope, volume, sums: this.sums, Eold, fluxOld, Q, D, rhs, Tnext };
    let iteration = 0;
    for (; iteration < maxIterations; iteration++) {
      checkAbort?.();
      // After VOLLER_SWAMINATHAN_ITERATIONS the step goes on with the plain iteration (T_{k+1} = T*):
      // the tangent there, then secants through the last two iterates.
      loops.newtonSystem(arrays, solid, iteration > VOLLER_SWAMINATHAN_ITERATIONS, dt, theta);
      for (let f = 0; f < b.count; f++) rhs[b.cell[f]!] += theta * b.coefficient[f]! * b.referenceNew[f]!;
      // The couplings are zero exactly where a face has no metal on one side (assembleConductances):
      // the pattern, and so the coupled rows, change only with the mask.
      const samePattern = iteration > 0 || this.patternVersion === this.mesh.maskVersion;
      const solve = this.cg.solve(matrix, rhs, Tnext, this.numerics.linearSolver, checkAbort, samePattern);
      this.patternVersion = this.mesh.maskVersion;
      report.linearIterations += solve.iterations;
      report.linearResidual = solve.relativeResidual;
      if (!solve.converged) throw new DivergedError(`conjugate gradients did not reach ${this.numerics.linearSolver.tolerance} in ${solve.iterations} iterations (residual ${solve.relativeResidual.toExponential(2)})`, this.steps, solve.relativeResidual);
      const { worst, scale } = loops.newtonUpdate(arrays, solid, iteration >= VOLLER_SWAMINATHAN_ITERATIONS);
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
   * weighted, the matrix's off-diagonals θG, and each cell without metal a row D = 1, rhs = T that
   * keeps its temperature.
   */
  private startImplicit(dt: number, theta: number): void {
    const { T, E, Eold, fluxOld, rhs, Tnext, matrix } = this;
    const { mask } = this.mesh;
    const n = this.mesh.cellCount;
    Eold.set(E);
    if (theta < 1) {
      this.conductionFluxes(fluxOld);
      this.addBoundaryFluxes(T, fluxOld, false, 1 - theta, dt);
      for (let i = 0; i < n; i++) fluxOld[i] *= 1 - theta;
    } else fluxOld.fill(0);
    const { D, Ox, Oy, Oz } = matrix;
    if (theta === 1) {
      // 1 · G is G, bit for bit: a copy.
      Ox.set(this.Gx);
      Oy.set(this.Gy);
      Oz.set(this.Gz);
    } else
      for (let i = 0; i < n; i++) {
        Ox[i] = theta * this.Gx[i]!;
        Oy[i] = theta * this.Gy[i]!;
        Oz[i] = theta * this.Gz[i]!;
      }
    for (let i = 0; i < n; i++) {
      if (mask[i] === CELL_SOLID) continue;
      D[i] = 1;
      rhs[i] = T[i]!;
      Tnext[i] = T[i]!;
    }
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
