// The steady incompressible (Reynolds-averaged) Navier–Stokes solver with energy:
//
//   div(ρ u) = 0
//   div(ρ u u) = −∇p + div((μ + μ_t) ∇u) [+ hoop, turbulent (∇u)ᵀ terms: momentum.ts]
//   div(ρ u T) = div((k/c_p + μ_t/Pr_t) ∇T)
//   k-ω SST for μ_t (sst.ts), or laminar (μ_t = 0)
//
// finite volumes on a collocated structured grid (grid.ts), one outer (SIMPLE/SIMPLEC) iteration
// running named phases in order:
//   momentum   assemble u and v (transport.ts + momentum.ts), relax, line-TDMA sweeps
//   pressure   Rhie–Chow fluxes, pressure correction (multigrid-preconditioned CG), correct fluxes,
//              velocities, pressure
//   energy     assemble T with the corrected fluxes, relax, sweeps
//   turbulence k then ω, then μ_t
// and reporting the normalised residuals of every equation:
//   continuity   Σ_P |Σ_f F*_f| / ṁ_in           (fluxes before the correction)
//   momentum     Σ_P |r_P| / (ṁ_in U_ref)
//   energy       Σ_P |r_P| / (ṁ_in ΔT)           (ΔT the range of T over cells and boundaries, ≥ 1 K)
//   k            Σ_P |r_P| / (Σ_P aP · k_max)
//   ω            Σ_P |r_P| / Σ_P |aP ω_P|         (ω spans decades between wall and free stream)
// with r_P = b + Σ a_nb φ_nb − aP φ_P from the unrelaxed coefficients and the iterate the equation
// starts from, ṁ_in the mass flow through the inlets (ρ U_ref L_ref, × L_ref when axisymmetric, if
// there is none): continuity, momentum and energy residuals are fractions of what the inflow
// carries, so the mass and energy balances close to about the tolerance. Converged when every
// residual is at most the tolerance; diverged (DivergedError) when a residual is not finite or the
// largest one grows beyond divergenceFactor × its smallest value.

import { AbortedError, DivergedError } from '../../errors.js';
import type { RunContext } from '../../run/context.js';
import type { AbortCheck, AbortSignalLike } from '../../run/types.js';
import { BoundaryFaces, INLET } from './physics/boundaries.js';
import { resolveNumerics, validateFlowCase, type FlowCase, type FlowNumerics } from './case.js';
import { PressureVelocityCoupling } from './physics/coupling.js';
import { FlowGrid } from './grid/grid.js';
import { createCoefficients, LineSolver, type Coefficients } from './numerics/line-solver.js';
import { pressureAndHoopSources, turbulentStressSources } from './physics/momentum.js';
import { flowSolution, type FlowSolution } from './post/post.js';
import { SolidCells } from './physics/solid.js';
import { SstModel } from './physics/sst.js';
import type { ResidualReport } from './residuals.js';
import { assembleTransport, cellGradient, type AssemblyReport, type ImmersedWalls, type TransportEquation } from './physics/transport.js';
import { PRIVATE_ARENA, type FieldArena } from '../../numerics/field-arena.js';
import { RowParts } from './threads/parts.js';
import type { JetTeam } from './threads/team.js';

export type { ResidualName, ResidualReport } from './residuals.js';

export interface FlowRunOptions {
  /** Called after every outer iteration. */
  onResidual?(report: ResidualReport): void;
  signal?: AbortSignalLike;
  /** The shared driver's run context: progress, residual events, abort checks and yields. */
  ctx?: RunContext;
}

export interface FlowSolverOptions {
  /** Where the fields and work arrays come from (a shared arena when a helper thread takes half the rows: threads/). */
  arena?: FieldArena;
  /** The helper's copy of a run's solver (threads/helper-task.ts): its arrays are the run's, already initialised. */
  twin?: boolean;
}

export const DEFAULT_TURBULENT_PRANDTL = 0.85;
/** K: the temperature scale of the energy residual when the flow is (nearly) isothermal. */
const MIN_TEMPERATURE_SCALE = 1;

export class FlowSolver {
  readonly grid: FlowGrid;
  readonly boundaries: BoundaryFaces;
  readonly numerics: FlowNumerics;
  readonly coupling: PressureVelocityCoupling;
  readonly sst: SstModel | undefined;
  /** Blocked cells of the case's obstacle (solid.ts), if it has one. */
  readonly solid: SolidCells | undefined;
  readonly turbulentPrandtl: number;
  /** Halo fields: velocity (m/s), temperature (K), turbulent viscosity μ_t (Pa·s). */
  readonly u: Float64Array;
  readonly v: Float64Array;
  readonly T: Float64Array;
  readonly muT: Float64Array;
  /** Mass fluxes through the x- and y-faces (kg/s per m, or per radian), positive along +x, +y. */
  readonly Fx: Float64Array;
  readonly Fy: Float64Array;
  readonly history: ResidualReport[] = [];
  iterations = 0;
  converged = false;

  private readonly lines: LineSolver;
  private readonly uOld: Float64Array;
  private readonly vOld: Float64Array;
  private readonly FxOld: Float64Array;
  private readonly FyOld: Float64Array;
  private readonly cu: Coefficients;
  private readonly cv: Coefficients;
  private readonly cs: Coefficients;
  private readonly gamma: Float64Array;
  private readonly suX: Float64Array;
  private readonly suY: Float64Array;
  private readonly spX: Float64Array;
  private readonly spY: Float64Array;
  private readonly su: Float64Array;
  private readonly sp: Float64Array;
  private readonly ux: Float64Array;
  private readonly uy: Float64Array;
  private readonly vx: Float64Array;
  private readonly vy: Float64Array;
  private smallestResidual = Number.POSITIVE_INFINITY;
  /** The abort check of the iteration under way, polled between its assemblies and solves. */
  private poll: AbortCheck = () => undefined;
  /** ṁ_in of the residual normalisation (kg/s per metre, or per radian). */
  private readonly massScale: number;
  /** The loops split by rows (threads/parts.ts), and their numbers. */
  readonly parts: RowParts;
  private readonly velocityGradients: number;
  private readonly scalarGradient: number;
  private readonly assembly: Record<'u' | 'v' | 'T' | 'k' | 'omega', number>;
  private readonly velocitySolves: number;
  private momentumSources = 0;
  private stressSources = 0;
  private energyStart = 0;
  private turbulenceCells = 0;
  private turbulenceSolves = 0;
  private omegaSolve = 0;
  private omegaCells = 0;
  private clipCells = 0;
  private viscosityCells = 0;
  private extremes = 0;
  /** v's line solver (u's is `lines`): the two solve side by side on two threads; so do k and T. */
  private readonly linesV: LineSolver;
  /** T's coefficients: its line solve waits for k's, beside which it runs. */
  private readonly ct: Coefficients;
  /** Whether T's line solve waits to run beside k's (turbulent flows). */
  private temperaturePending = false;
  /** A scalar's cell gradients for a curvilinear assembly (T; ω when its own are stale). */
  private readonly sx: Float64Array;
  private readonly sy: Float64Array;

  /** `checkAbort`: polled between the set-up's stages (the wall distance alone sweeps the grid once per wall face). */
  constructor(
    readonly flowCase: FlowCase,
    checkAbort: AbortCheck = () => undefined,
    options: FlowSolverOptions = {},
  ) {
    const arena = options.arena ?? PRIVATE_ARENA;
    this.numerics = resolveNumerics(flowCase.numerics);
    validateFlowCase(flowCase, this.numerics);
    const grid = (this.grid = new FlowGrid(flowCase.grid));
    this.parts = new RowParts(grid.ny);
    checkAbort();
    this.boundaries = new BoundaryFaces(grid, flowCase, arena);
    checkAbort();
    const turbulent = (flowCase.turbulence ?? { model: 'laminar' }).model === 'sst';
    this.solid = flowCase.obstacle ? new SolidCells(grid, flowCase.obstacle, flowCase.fluid.viscosity / flowCase.fluid.density, turbulent, arena) : undefined;
    checkAbort();
    this.coupling = new PressureVelocityCoupling(grid, this.boundaries, this.numerics, flowCase.fluid.density, this.solid, { arena, parts: this.parts });
    checkAbort();
    this.lines = new LineSolver(grid, arena);
    const f = (): Float64Array => arena.f64(grid.size);
    [this.u, this.v, this.T, this.muT, this.Fx, this.Fy] = [f(), f(), f(), f(), f(), f()];
    [this.uOld, this.vOld, this.FxOld, this.FyOld, this.gamma] = [f(), f(), f(), f(), f()];
    [this.suX, this.suY, this.spX, this.spY, this.su, this.sp] = [f(), f(), f(), f(), f(), f()];
    [this.ux, this.uy, this.vx, this.vy, this.sx, this.sy] = [f(), f(), f(), f(), f(), f()];
    this.linesV = new LineSolver(grid, arena);
    [this.cu, this.cv, this.cs, this.ct] = [createCoefficients(grid.size, arena), createCoefficients(grid.size, arena), createCoefficients(grid.size, arena), createCoefficients(grid.size, arena)];
    const turbulence = flowCase.turbulence ?? { model: 'laminar' };
    this.turbulentPrandtl = turbulence.model === 'sst' ? (turbulence.turbulentPrandtl ?? DEFAULT_TURBULENT_PRANDTL) : DEFAULT_TURBULENT_PRANDTL;
    this.sst = turbulence.model === 'sst' ? new SstModel(grid, this.boundaries, flowCase.fluid, flowCase.reference, turbulence.production, this.solid, turbulence.vortexStretching ?? false, checkAbort, arena) : undefined;
    checkAbort();
    this.velocityGradients = this.parts.define((part) => {
      const [j0, j1] = this.parts.rows(part);
      cellGradient(grid, this.u, this.ux, this.uy, j0, j1);
      cellGradient(grid, this.v, this.vx, this.vy, j0, j1);
    });
    // args[0]: 0 for T, 1 for ω.
    this.scalarGradient = this.parts.define((part, args) => {
      const [j0, j1] = this.parts.rows(part);
      cellGradient(grid, args[0] === 0 ? this.T : this.sst!.omega, this.sx, this.sy, j0, j1);
    });
    const assemble = (equation: (args: ArrayLike<number>) => TransportEquation, out: Coefficients): number =>
      this.parts.define((part, args, sums) => {
        const [j0, j1] = this.parts.rows(part);
        const report = assembleTransport(grid, this.Fx, this.Fy, equation(args), out, j0, j1);
        [sums[0], sums[1], sums[2]] = [report.residual, report.diagonal, report.weightedDiagonal];
      });
    this.assembly = {
      u: assemble(() => this.momentumEquation(0), this.cu),
      v: assemble(() => this.momentumEquation(1), this.cv),
      T: assemble(() => this.energyEquation(), this.ct),
      k: assemble(() => this.kEquation(), this.cs),
      omega: assemble((args) => this.omegaEquation(args[0] === 1), this.cs),
    };
    this.velocitySolves = this.parts.define((part) => {
      if (part === 0) this.lines.solve(this.cu, this.u, this.numerics.sweeps.momentum);
      else this.linesV.solve(this.cv, this.v, this.numerics.sweeps.momentum);
    });
    this.defineCellLoops();
    this.coupling.useFields({ u: this.u, v: this.v, uOld: this.uOld, vOld: this.vOld, FxOld: this.FxOld, FyOld: this.FyOld, Fx: this.Fx, Fy: this.Fy, cu: this.cu, cv: this.cv });
    if (!options.twin) this.initialise(checkAbort);
    this.massScale = this.inletMassFlow();
  }

  /** Splits the loops that split over `team`'s helper from now on (undefined: one thread). */
  useTeam(team: JetTeam | undefined): void {
    this.parts.use(team);
  }

  /** The loops over cells that split by rows (each part its own rows, or its span of a halo array). */
  private defineCellLoops(): void {
    const { grid, parts, muT } = this;
    const { viscosity, conductivity, specificHeat } = this.flowCase.fluid;
    const coupling = this.coupling;
    // Momentum: Γ = μ + μ_t, ∇p and its sources, the velocity gradients (args[0]: 1 to take them).
    this.momentumSources = parts.define((part, args) => {
      const [from, to] = parts.span(part, grid.stride, grid.size);
      for (let I = from; I < to; I++) this.gamma[I] = viscosity + muT[I]!;
      const [j0, j1] = parts.rows(part);
      cellGradient(grid, coupling.p, coupling.gradX, coupling.gradY, j0, j1);
      pressureAndHoopSources({ grid, gradX: coupling.gradX, gradY: coupling.gradY, viscosity, muT, suX: this.suX, suY: this.suY, spX: this.spX, spY: this.spY }, j0, j1);
      if (args[0] === 1) {
        cellGradient(grid, this.u, this.ux, this.uy, j0, j1);
        cellGradient(grid, this.v, this.vx, this.vy, j0, j1);
      }
    });
    this.stressSources = parts.define((part) => {
      const [j0, j1] = parts.rows(part);
      turbulentStressSources({ grid, muT, ux: this.ux, uy: this.uy, vx: this.vx, vy: this.vy, suX: this.suX, suY: this.suY }, j0, j1);
    });
    // Energy: Γ = k/c_p + μ_t/Pr_t, sources cleared, ∇T on a curvilinear grid.
    this.energyStart = parts.define((part) => {
      const molecular = conductivity / specificHeat;
      const [from, to] = parts.span(part, grid.stride, grid.size);
      for (let I = from; I < to; I++) this.gamma[I] = molecular + muT[I]! / this.turbulentPrandtl;
      this.su.fill(0, from, to);
      this.sp.fill(0, from, to);
      const [j0, j1] = parts.rows(part);
      if (grid.curvilinear) cellGradient(grid, this.T, this.sx, this.sy, j0, j1);
    });
    const sst = this.sst;
    if (!sst) return;
    // k: strain, blending, the cells' diffusivities and k's sources.
    this.turbulenceCells = parts.define((part) => {
      const [j0, j1] = parts.rows(part);
      sst.updateStrain(this.v, this.ux, this.uy, this.vx, this.vy, j0, j1);
      sst.updateBlending(j0, j1);
      sst.updateCellDiffusivities(muT, j0, j1);
      sst.kSources(muT, { su: this.su, sp: this.sp }, j0, j1);
    });
    // k's line solve, and T's beside it when it waits (args[0] = 1).
    this.turbulenceSolves = parts.define((part, args) => {
      if (part === 0) this.lines.solve(this.cs, sst.k, this.numerics.sweeps.turbulence);
      else if (args[0] === 1) this.linesV.solve(this.ct, this.T, this.numerics.sweeps.energy);
    });
    this.omegaSolve = parts.define((part) => {
      if (part === 0) this.lines.solve(this.cs, sst.omega, this.numerics.sweeps.turbulence);
    });
    this.omegaCells = parts.define((part) => {
      const [j0, j1] = parts.rows(part);
      sst.omegaSources(muT, { su: this.su, sp: this.sp }, j0, j1);
    });
    this.clipCells = parts.define((part, _args, sums) => {
      const [j0, j1] = parts.rows(part);
      sums[0] = sst.clip(j0, j1) ? 1 : 0;
    });
    this.viscosityCells = parts.define((part) => {
      const [j0, j1] = parts.rows(part);
      sst.updateCellViscosity(muT, this.numerics.relaxation.viscosity, j0, j1);
    });
    // The largest k of the unblocked halo nodes (part sums: the parts' largest).
    this.extremes = parts.define((part, _args, sums) => {
      const [from, to] = parts.span(part, grid.stride, grid.size);
      const mask = this.solid?.mask;
      let largest = 0;
      for (let I = from; I < to; I++) if (!mask?.[I]) largest = Math.max(largest, sst.k[I]!);
      sums[0] = largest;
    });
  }

  /** Loop `op` over all rows with `args`; its sums as an assembly's report. */
  private assemble(op: number, args: readonly number[] = []): AssemblyReport {
    const sums = this.parts.run(op, args);
    return { residual: sums[0]!, diagonal: sums[1]!, weightedDiagonal: sums[2]! };
  }

  /**
   * The equation of u (axis 0) or v (axis 1). The velocity gradients are those of u and v as they are
   * assembled (taken in momentum(): with SST for the stress terms, on a curvilinear grid for the
   * deferred non-orthogonal diffusion; a Cartesian assembly reads none).
   */
  private momentumEquation(axis: 0 | 1): TransportEquation {
    const { numerics, boundaries } = this;
    const { viscosity } = this.flowCase.fluid;
    const gradient = this.sst || this.grid.curvilinear ? { gradient: axis === 0 ? { gx: this.ux, gy: this.uy } : { gx: this.vx, gy: this.vy } } : {};
    return {
      gamma: this.gamma,
      scheme: numerics.convection.momentum,
      relaxation: numerics.relaxation.velocity,
      ...this.immersed(0, viscosity, this.solid?.momentumFactor),
      ...(axis === 0 ? { phi: this.u, fixed: boundaries.fixedU, su: this.suX, sp: this.spX } : { phi: this.v, fixed: boundaries.fixedV, su: this.suY, sp: this.spY }),
      ...gradient,
    };
  }

  private energyEquation(): TransportEquation {
    const { boundaries, numerics } = this;
    const { conductivity, specificHeat } = this.flowCase.fluid;
    const molecular = conductivity / specificHeat;
    return {
      phi: this.T,
      gamma: this.gamma,
      fixed: boundaries.fixedT,
      inflow: boundaries.temperatureInflow,
      su: this.su,
      sp: this.sp,
      scheme: numerics.convection.energy,
      relaxation: numerics.relaxation.temperature,
      // An adiabatic obstacle: no conduction through its faces.
      ...this.immersed(this.solid?.temperature ?? 0, this.solid?.temperature === undefined ? 0 : molecular, this.solid?.heatFactor),
      ...(this.grid.curvilinear ? { gradient: { gx: this.sx, gy: this.sy } } : {}),
    };
  }

  private turbulenceBase(): Pick<TransportEquation, 'su' | 'sp' | 'fixed' | 'scheme' | 'relaxation'> {
    const { relaxation, convection } = this.numerics;
    return { su: this.su, sp: this.sp, fixed: this.boundaries.fixedTurbulence, scheme: convection.turbulence, relaxation: relaxation.turbulence };
  }

  private kEquation(): TransportEquation {
    const sst = this.sst!;
    const automatic = this.solid?.automatic === true;
    // updateBlending took ∇k of this k (ω's ring changes before its own equation: no reuse there).
    return { ...this.turbulenceBase(), phi: sst.k, gamma: sst.gammaK, inflow: this.boundaries.kInflow, gradient: sst.kGradient, ...this.immersed(0, automatic ? 0 : this.flowCase.fluid.viscosity) };
  }

  /**
   * The ω equation; `reuse`: its gradient is the one updateBlending took, brought up to date at the
   * ring (sst.omegaGradientAtRing(), taken before); else (curvilinear) the one scalarGradient took.
   */
  private omegaEquation(reuse: boolean): TransportEquation {
    const sst = this.sst!;
    const automatic = this.solid?.automatic === true;
    return {
      ...this.turbulenceBase(),
      phi: sst.omega,
      gamma: sst.gammaOmega,
      inflow: this.boundaries.omegaInflow,
      ...this.immersed(this.solid?.omegaWall ?? 0, this.flowCase.fluid.viscosity),
      // Automatic: the wall cells' ω is imposed (OpenFOAM's omegaWallFunction sets those cells' values).
      ...(automatic ? { held: { mask: this.solid!.wallCellMask, value: this.solid!.wallCellOmega } } : {}),
      ...(reuse ? { gradient: sst.omegaGradient } : this.grid.curvilinear ? { gradient: { gx: this.sx, gy: this.sy } } : {}),
    };
  }

  /** The helper's side of a team: part 1 of loop `op`. */
  runPart(op: number, args: ArrayLike<number>, results: Float64Array): void {
    this.parts.serve(op, args, results);
  }

  private inletMassFlow(): number {
    const b = this.boundaries;
    const { density } = this.flowCase.fluid;
    let inflow = 0;
    for (let f = 0; f < b.count; f++) {
      if (b.kind[f] !== INLET) continue;
      // A curvilinear inlet face's normal need not be an axis: −u_in·n̂ with the outward normal.
      const normal = this.grid.curvilinear ? -(b.uIn[f]! * b.nx[f]! + b.vIn[f]! * b.ny[f]!) : -b.outward[f]! * (b.axis[f] === 0 ? b.uIn[f]! : b.vIn[f]!);
      inflow += density * b.area[f]! * Math.max(normal, 0);
    }
    if (inflow > 0) return inflow;
    const { velocity, length } = this.flowCase.reference;
    return density * velocity * length * (this.grid.geometry === 'axisymmetric' ? length : 1);
  }

  private initialise(checkAbort: AbortCheck): void {
    const { initial = {}, reference, fluid } = this.flowCase;
    this.u.fill(initial.u ?? 0);
    this.v.fill(initial.v ?? 0);
    this.T.fill(initial.temperature ?? reference.temperature);
    this.coupling.p.fill(initial.pressure ?? reference.pressure ?? 0);
    this.boundaries.applyPressure(this.coupling.p, this.Fx, this.Fy, fluid.density);
    this.solid?.applyGhosts(this.coupling.p, 'extrapolate');
    checkAbort();
    this.boundaries.applyVelocity(this.u, this.v, this.Fx, this.Fy, fluid.density);
    this.velocityGhosts();
    this.updateWallLaws();
    checkAbort();
    this.coupling.predictFluxes(this.u, this.v, this.u, this.v, this.Fx, this.Fy, this.Fx, this.Fy, false);
    this.boundaries.applyTemperature(this.T, fluid.conductivity);
    this.temperatureGhosts();
    checkAbort();
    if (this.sst) {
      // Start from the mean of the inflow values (k, ω), a laminar-like μ_t = ρ k / ω.
      const b = this.boundaries;
      let k = 0;
      let omega = 0;
      let n = 0;
      for (let f = 0; f < b.count; f++) {
        if (b.kIn[f]! > 0) {
          k += b.kIn[f]!;
          omega += b.omegaIn[f]!;
          n++;
        }
      }
      this.sst.k.fill(n > 0 ? k / n : 1e-6 * reference.velocity ** 2);
      this.sst.omega.fill(n > 0 ? omega / n : reference.velocity / reference.length);
      b.applyTurbulence(this.sst.k, this.sst.omega);
      this.turbulenceGhosts();
      checkAbort();
      this.sst.updateBlending();
      this.sst.updateViscosity(this.muT, 1);
      this.solid?.applyGhosts(this.muT, 0);
    }
  }

  /** Ghost values in the solid cells (solid.ts): no-slip, the obstacle's temperature, k = 0, Menter's ω. */
  private velocityGhosts(): void {
    this.solid?.applyGhosts(this.u, 0);
    this.solid?.applyGhosts(this.v, 0);
  }

  private temperatureGhosts(): void {
    const solid = this.solid;
    if (solid) solid.applyGhosts(this.T, solid.temperature ?? 'mirror');
  }

  private turbulenceGhosts(): void {
    if (!this.solid || !this.sst) return;
    // Automatic treatment: k has zero flux through the faces (its ghost mirrors P).
    this.solid.applyGhosts(this.sst.k, this.solid.automatic ? 'mirror' : 0);
    this.solid.applyGhosts(this.sst.omega, this.solid.omegaWall);
  }

  /** The automatic treatment's face laws from the current velocities (solid.ts; nothing when resolved). */
  private updateWallLaws(): void {
    const { viscosity, specificHeat, conductivity } = this.flowCase.fluid;
    this.solid?.updateWallLaws(this.u, this.v, (viscosity * specificHeat) / conductivity, this.turbulentPrandtl);
  }

  /**
   * The immersed-wall term of an equation: φ = wall on the obstacle's faces with diffusivity gamma
   * (times the automatic treatment's per-face factor, if given).
   */
  private immersed(wall: number | Float64Array, gamma: number, factor?: Float64Array): { immersed?: ImmersedWalls } {
    if (!this.solid) return {};
    return { immersed: { solid: this.solid, wall, gamma, ...(factor && this.solid.automatic ? { factor } : {}) } };
  }

  /**
   * One outer iteration; returns its residual report. `checkAbort` is polled between its phases and
   * in the pressure solve (an iteration takes tens of milliseconds on the finer meshes).
   */
  iterate(checkAbort?: AbortCheck): ResidualReport {
    this.poll = checkAbort ?? (() => undefined);
    this.boundaries.recycle(this.u, this.v, this.sst?.k, this.sst?.omega);
    this.boundaries.applyVelocity(this.u, this.v, this.Fx, this.Fy, this.flowCase.fluid.density);
    this.updateWallLaws();
    this.uOld.set(this.u);
    this.vOld.set(this.v);
    this.FxOld.set(this.Fx);
    this.FyOld.set(this.Fy);
    const residuals: ResidualReport['residuals'] = {};
    this.momentum(residuals);
    const pressureIterations = this.pressure(residuals);
    this.energy(residuals);
    if (this.sst) this.turbulence(residuals);
    this.iterations++;
    const report: ResidualReport = { iteration: this.iterations, residuals, pressureIterations };
    this.history.push(report);
    return report;
  }

  private momentum(residuals: ResidualReport['residuals']): void {
    const { grid, coupling } = this;
    // The velocity gradients serve the stress terms (SST) and the curvilinear assembly.
    const gradients = this.sst !== undefined || grid.curvilinear;
    this.parts.run(this.momentumSources, [gradients ? 1 : 0]);
    if (this.sst) this.parts.run(this.stressSources);
    this.poll();
    const rx = this.assemble(this.assembly.u);
    this.poll();
    const ry = this.assemble(this.assembly.v);
    const scale = this.massScale * this.flowCase.reference.velocity;
    residuals['x-momentum'] = rx.residual / scale;
    residuals['y-momentum'] = ry.residual / scale;
    coupling.updateCoefficients(this.cu, this.cv);
    this.poll();
    this.parts.run(this.velocitySolves);
    this.poll();
    this.boundaries.applyVelocity(this.u, this.v, this.Fx, this.Fy, this.flowCase.fluid.density);
    this.velocityGhosts();
  }

  private pressure(residuals: ResidualReport['residuals']): number {
    const { coupling, flowCase } = this;
    coupling.predictFluxes(this.u, this.v, this.uOld, this.vOld, this.FxOld, this.FyOld, this.Fx, this.Fy);
    residuals.continuity = coupling.imbalance(this.Fx, this.Fy) / this.massScale;
    this.poll();
    const report = coupling.correct(this.u, this.v, this.Fx, this.Fy, this.poll);
    this.poll();
    this.boundaries.applyVelocity(this.u, this.v, this.Fx, this.Fy, flowCase.fluid.density);
    this.velocityGhosts();
    return report.iterations;
  }

  private energy(residuals: ResidualReport['residuals']): void {
    const { boundaries, numerics } = this;
    const { conductivity, specificHeat } = this.flowCase.fluid;
    boundaries.applyTemperature(this.T, conductivity);
    this.parts.run(this.energyStart);
    for (let f = 0; f < boundaries.count; f++) if (boundaries.isHeatFluxWall(f)) this.su[boundaries.cell[f]!] += (boundaries.heatFlux[f]! * boundaries.area[f]!) / specificHeat;
    const report = this.assemble(this.assembly.T);
    this.poll();
    const range = this.range(this.T);
    residuals.energy = report.residual / (this.massScale * Math.max(range, MIN_TEMPERATURE_SCALE));
    // With turbulence T's line solve runs beside k's (turbulence()): nothing between reads T.
    this.temperaturePending = this.sst !== undefined;
    if (!this.temperaturePending) {
      this.lines.solve(this.ct, this.T, numerics.sweeps.energy);
      this.temperatureSolved();
    }
  }

  /** The ring and ghost values of T after its line solve. */
  private temperatureSolved(): void {
    this.boundaries.applyTemperature(this.T, this.flowCase.fluid.conductivity);
    this.temperatureGhosts();
    this.poll();
  }

  private turbulence(residuals: ResidualReport['residuals']): void {
    const sst = this.sst!;
    const { grid, boundaries, muT } = this;
    this.parts.run(this.velocityGradients);
    // (The strain reads no k or ω: the ring values come first, for the blending's gradients.)
    boundaries.applyTurbulence(sst.k, sst.omega);
    this.turbulenceGhosts();
    this.parts.run(this.turbulenceCells);
    sst.updateRingDiffusivities(muT);
    this.poll();

    this.solid?.wallCellProduction(sst.k, this.flowCase.fluid.density, grid.V, this.su);
    const rk = this.assemble(this.assembly.k);
    this.poll();
    const [own, other] = this.parts.runParts(this.extremes);
    residuals.k = rk.residual / (rk.diagonal * Math.max(Math.max(own[0]!, other[0]!), 1e-300));
    this.parts.run(this.turbulenceSolves, [this.temperaturePending ? 1 : 0]);
    if (this.temperaturePending) {
      this.temperaturePending = false;
      this.temperatureSolved();
    }
    const omegaRaised = this.parts.run(this.clipCells)[0]! > 0;
    boundaries.applyTurbulence(sst.k, sst.omega);
    this.turbulenceGhosts();
    this.poll();

    this.parts.run(this.omegaCells);
    // ω's cells are as updateBlending found them unless the clip raised one (blocked cells' ghosts move
    // with k): then its gradient differs only where it reads the ring.
    const reuse = grid.curvilinear && !this.solid && !omegaRaised;
    if (reuse) sst.omegaGradientAtRing();
    else if (grid.curvilinear) this.parts.run(this.scalarGradient, [1]);
    const rw = this.assemble(this.assembly.omega, [reuse ? 1 : 0]);
    this.poll();
    residuals.omega = rw.residual / Math.max(rw.weightedDiagonal, 1e-300);
    this.parts.run(this.omegaSolve);
    this.parts.run(this.clipCells);
    boundaries.applyTurbulence(sst.k, sst.omega);
    this.turbulenceGhosts();

    this.parts.run(this.viscosityCells);
    sst.updateRingViscosity(muT);
    this.solid?.applyGhosts(muT, 0);
  }

  /** Iterates to convergence or the iteration limit. Throws DivergedError, AbortedError. */
  async run(options: FlowRunOptions = {}): Promise<FlowSolution> {
    const { numerics } = this;
    const { ctx, signal } = options;
    const checkAbort: AbortCheck | undefined =
      ctx?.checkAbort ??
      (signal
        ? () => {
            if (signal.aborted) throw new AbortedError();
          }
        : undefined);
    ctx?.info(`flow: ${this.grid.nx}×${this.grid.ny} ${this.grid.geometry} cells, ${this.sst ? 'k-ω SST' : 'laminar'}, ${numerics.coupling.toUpperCase()}`);
    while (this.iterations < numerics.maxIterations) {
      checkAbort?.();
      const report = this.iterate(checkAbort);
      options.onResidual?.(report);
      const largest = this.check(report);
      if (ctx) {
        ctx.residuals({ iteration: report.iteration, values: report.residuals as Record<string, number> });
        const byResidual = Math.log10(Math.max(largest, numerics.tolerance)) / Math.log10(numerics.tolerance);
        await ctx.checkpoint(Math.max(report.iteration / numerics.maxIterations, Math.min(1, Math.max(0, byResidual))));
      }
      if (largest <= numerics.tolerance) {
        this.converged = true;
        break;
      }
    }
    ctx?.info(`flow: ${this.converged ? 'converged' : 'stopped at the iteration limit'} after ${this.iterations} iterations`);
    return this.solution();
  }

  /** The largest residual of a report; throws DivergedError on non-finite or runaway residuals. */
  private check(report: ResidualReport): number {
    let largest = 0;
    let worst = '';
    for (const [name, value] of Object.entries(report.residuals)) {
      if (!Number.isFinite(value)) throw new DivergedError(`the flow solution diverged: the ${name} residual is ${value} at iteration ${report.iteration}`, report.iteration, value);
      if (value > largest) [largest, worst] = [value, name];
    }
    this.smallestResidual = Math.min(this.smallestResidual, largest);
    if (largest > this.numerics.divergenceFactor * this.smallestResidual) {
      throw new DivergedError(
        `the flow solution diverged: the ${worst} residual grew to ${largest.toExponential(2)} at iteration ${report.iteration}, ${this.numerics.divergenceFactor.toExponential(0)} times its lowest value ${this.smallestResidual.toExponential(2)}`,
        report.iteration,
        largest,
      );
    }
    return largest;
  }

  solution(): FlowSolution {
    return flowSolution(this);
  }

  private range(phi: Float64Array): number {
    const { nx, ny, stride: W } = this.grid;
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let j = 0; j <= ny + 1; j++) {
      for (let i = 0; i <= nx + 1; i++) {
        if ((i === 0 || i === nx + 1) && (j === 0 || j === ny + 1)) continue;
        if (this.solid?.mask[i + W * j]) continue;
        const value = phi[i + W * j]!;
        if (value < lo) lo = value;
        if (value > hi) hi = value;
      }
    }
    return hi - lo;
  }
}
