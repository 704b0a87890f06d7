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
import { LineSolver } from './numerics/line-solver.js';
import { createFlowFields, FlowLoops, type FlowFields } from './flow-loops.js';
import { flowSolution, type FlowSolution } from './post/post.js';
import { SolidCells } from './physics/solid.js';
import { SstModel } from './physics/sst.js';
import type { ResidualReport } from './residuals.js';
import type { AssemblyReport } from './physics/transport.js';
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
/**
 * A helper that kept the run's thread waiting at more than this share of an iteration's split loops is
 * late (its core is busy: two threads that wait for each other at every loop then run far slower than
 * one); the iterations go on one thread for PAUSE_ITERATIONS, then two again, the pause doubling up to
 * MAX_PAUSE_ITERATIONS while the helper stays late. One thread gives the same bits as two.
 */
const LATE_SHARE = 0.25;
const PAUSE_ITERATIONS = 20;
const MAX_PAUSE_ITERATIONS = 640;
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
  /** v's and T's line solver (u's, k's and ω's is `lines`): the two of a pair solve side by side. */
  private readonly linesV: LineSolver;
  /** Every field and work array (flow-loops.ts); u, v, T, μ_t, Fx and Fy are also named above. */
  private readonly fields: FlowFields;
  private smallestResidual = Number.POSITIVE_INFINITY;
  /** The abort check of the iteration under way, polled between its assemblies and solves. */
  private poll: AbortCheck = () => undefined;
  /** ṁ_in of the residual normalisation (kg/s per metre, or per radian). */
  private readonly massScale: number;
  /** The loops split by rows (threads/parts.ts), and their numbers (flow-loops.ts). */
  readonly parts: RowParts;
  private readonly loops: FlowLoops;
  /** Whether T's assembly and line solve wait to run beside k's (turbulent flows), and T's range then. */
  private temperaturePending = false;
  private temperatureRange = 0;
  /** The helper thread, iterations left on one thread while it is late, and the next pause. */
  private team: JetTeam | undefined;
  private alone = 0;
  private pause = PAUSE_ITERATIONS;
  /** Whether the host grants the helper its core (useTeam), and whether it is held for want of it. */
  private granted: () => boolean = () => true;
  private held = false;

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
    this.linesV = new LineSolver(grid, arena);
    const fields = (this.fields = createFlowFields(grid.size, arena));
    [this.u, this.v, this.T, this.muT, this.Fx, this.Fy] = [fields.u, fields.v, fields.T, fields.muT, fields.Fx, fields.Fy];
    const turbulence = flowCase.turbulence ?? { model: 'laminar' };
    this.turbulentPrandtl = turbulence.model === 'sst' ? (turbulence.turbulentPrandtl ?? DEFAULT_TURBULENT_PRANDTL) : DEFAULT_TURBULENT_PRANDTL;
    this.sst = turbulence.model === 'sst' ? new SstModel(grid, this.boundaries, flowCase.fluid, flowCase.reference, turbulence.production, this.solid, turbulence.vortexStretching ?? false, checkAbort, arena, options.twin) : undefined;
    checkAbort();
    this.loops = new FlowLoops({ grid, parts: this.parts, fields, flowCase, numerics: this.numerics, boundaries: this.boundaries, coupling: this.coupling, sst: this.sst, solid: this.solid, turbulentPrandtl: this.turbulentPrandtl, lines: this.lines, linesV: this.linesV });
    this.boundaries.splitRingGradients(this.parts, [this.u, this.v, this.T, this.coupling.p, ...(this.sst ? [this.sst.k, this.sst.omega] : [])]);
    this.coupling.useFields(fields);
    if (!options.twin) this.initialise(checkAbort);
    this.massScale = this.inletMassFlow();
  }

  /**
   * Splits the loops that split over `team`'s helper from now on (undefined: one thread). `granted` is
   * asked after each iteration: false holds the helper, its core handed back to the host, until true.
   */
  useTeam(team: JetTeam | undefined, granted: () => boolean = () => true): void {
    this.team = team;
    this.granted = granted;
    this.held = false;
    this.parts.use(team);
    [this.alone, this.pause] = [0, PAUSE_ITERATIONS];
  }

  /**
   * After an iteration: a helper whose core the host wants back is held until it is granted again; a
   * late helper (LATE_SHARE) is left aside for a pause, then tried again. Returns a line for the log
   * when the run goes on one thread because its helper was late.
   */
  private shareWork(): string | undefined {
    const team = this.team;
    if (!team) return undefined;
    if (!this.granted()) {
      this.held = true;
      this.parts.use(undefined);
      return undefined;
    }
    if (this.held) {
      this.held = false;
      if (this.alone === 0) {
        this.parts.use(team);
        team.lateShare();
      }
      return undefined;
    }
    if (this.alone > 0) {
      if (--this.alone === 0) {
        this.parts.use(team);
        team.lateShare();
      }
      return undefined;
    }
    if (team.lateShare() <= LATE_SHARE) return undefined;
    this.parts.use(undefined);
    this.alone = this.pause;
    this.pause = Math.min(2 * this.pause, MAX_PAUSE_ITERATIONS);
    return `flow: the helper thread was late at iteration ${this.iterations} (its core busy): ${this.alone} iterations on one thread, then two again (the results are the same)`;
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
   * One outer iteration; returns its residual report. `checkAbort` is polled between its phases and
   * in the pressure solve (an iteration takes tens of milliseconds on the finer meshes).
   */
  iterate(checkAbort?: AbortCheck): ResidualReport {
    this.poll = checkAbort ?? (() => undefined);
    this.boundaries.recycle(this.u, this.v, this.sst?.k, this.sst?.omega);
    this.boundaries.applyVelocity(this.u, this.v, this.Fx, this.Fy, this.flowCase.fluid.density);
    this.updateWallLaws();
    this.fields.uOld.set(this.u);
    this.fields.vOld.set(this.v);
    this.fields.FxOld.set(this.Fx);
    this.fields.FyOld.set(this.Fy);
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
    const { grid } = this;
    // The velocity gradients serve the stress terms (SST) and the curvilinear assembly.
    const gradients = this.sst !== undefined || grid.curvilinear;
    this.parts.run(this.loops.momentumSources, [gradients ? 1 : 0]);
    if (this.sst) this.parts.run(this.loops.stressSources);
    this.poll();
    const momentum = this.loops.solveMomentum();
    const scale = this.massScale * this.flowCase.reference.velocity;
    residuals['x-momentum'] = momentum.x / scale;
    residuals['y-momentum'] = momentum.y / scale;
    this.poll();
    this.boundaries.applyVelocity(this.u, this.v, this.Fx, this.Fy, this.flowCase.fluid.density);
    this.velocityGhosts();
  }

  private pressure(residuals: ResidualReport['residuals']): number {
    const { coupling, flowCase } = this;
    coupling.predictFluxes(this.u, this.v, this.fields.uOld, this.fields.vOld, this.fields.FxOld, this.fields.FyOld, this.Fx, this.Fy);
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
    this.parts.run(this.loops.energyStart);
    for (let f = 0; f < boundaries.count; f++) if (boundaries.isHeatFluxWall(f)) this.fields.suT[boundaries.cell[f]!] += (boundaries.heatFlux[f]! * boundaries.area[f]!) / specificHeat;
    this.temperatureRange = this.range(this.T);
    // With turbulence T's assembly and line solve run beside k's and ω's (turbulence()): nothing in
    // between reads T or writes what its assembly reads. Its residual comes then, in this key's place.
    this.temperaturePending = this.sst !== undefined;
    if (this.temperaturePending) {
      residuals.energy = Number.NaN;
      return;
    }
    const report = this.loops.assemble(this.loops.assembly.T);
    this.poll();
    residuals.energy = this.energyResidual(report);
    this.lines.solve(this.fields.ct, this.T, numerics.sweeps.energy);
    this.temperatureSolved();
  }

  /** The energy equation's scaled residual from its assembly's report. */
  private energyResidual(report: AssemblyReport): number {
    return report.residual / (this.massScale * Math.max(this.temperatureRange, MIN_TEMPERATURE_SCALE));
  }

  /** The ring and ghost values of T after its line solve. */
  private temperatureSolved(): void {
    this.boundaries.applyTemperature(this.T, this.flowCase.fluid.conductivity);
    this.temperatureGhosts();
    this.poll();
  }

  private turbulence(residuals: ResidualReport['residuals']): void {
    const sst = this.sst!;
    const { grid, boundaries, muT, numerics } = this;
    this.parts.run(this.loops.velocityGradients);
    // (The strain reads no k or ω: the ring values come first, for the blending's gradients.)
    boundaries.applyTurbulence(sst.k, sst.omega);
    this.turbulenceGhosts();
    this.parts.run(this.loops.turbulenceCells);
    sst.updateRingDiffusivities(muT);
    this.poll();

    this.solid?.wallCellProduction(sst.k, this.flowCase.fluid.density, grid.V, this.fields.su);
    const largestK = this.loops.largestK();
    this.poll();
    // T's assembly and line solve, when pending, run beside k's and ω's (nothing in between reads T).
    const pending = this.temperaturePending ? 1 : 0;
    const solved = this.loops.solveTurbulence(this.temperaturePending);
    residuals.k = solved.k.residual / (solved.k.diagonal * Math.max(largestK, 1e-300));
    if (this.temperaturePending) residuals.energy = this.energyResidual(solved.T);
    const omegaRaised = this.parts.run(this.loops.clipCells)[0]! > 0;
    boundaries.applyTurbulence(sst.k, sst.omega);
    this.turbulenceGhosts();
    this.poll();

    this.parts.run(this.loops.omegaCells);
    // ω's cells are as updateBlending found them unless the clip raised one (blocked cells' ghosts move
    // with k): then its gradient differs only where it reads the ring.
    const reuse = grid.curvilinear && !this.solid && !omegaRaised;
    if (reuse) sst.omegaGradientAtRing();
    else if (grid.curvilinear) this.parts.run(this.loops.scalarGradient, [1]);
    const rw = this.loops.assemble(this.loops.assembly.omega, [reuse ? 1 : 0]);
    this.poll();
    residuals.omega = rw.residual / Math.max(rw.weightedDiagonal, 1e-300);
    if (numerics.sweeps.turbulence > 0) this.parts.run(this.loops.turbulenceFactor);
    this.parts.run(this.loops.omegaSolve, [pending]);
    if (this.temperaturePending) {
      this.temperaturePending = false;
      this.temperatureSolved();
    }
    this.parts.run(this.loops.clipCells);
    boundaries.applyTurbulence(sst.k, sst.omega);
    this.turbulenceGhosts();

    this.parts.run(this.loops.viscosityCells);
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
      const alone = this.shareWork();
      if (alone) ctx?.info(alone);
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
