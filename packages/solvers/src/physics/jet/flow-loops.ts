// The RANS solver's (solver.ts) fields, its transport equations and its loops over rows. Every loop is
// defined once, by number, on the solver's RowParts (threads/parts.ts): a part takes its own bands of
// rows, so the run's thread and a helper thread can take the two parts at once, or one thread both in
// turn, with the same bits. The assemblies' sums are added band by band.

import type { FieldArena } from '../../numerics/field-arena.js';
import type { BoundaryFaces } from './physics/boundaries.js';
import type { FlowCase, FlowNumerics } from './case.js';
import type { PressureVelocityCoupling } from './physics/coupling.js';
import type { FlowGrid } from './grid/grid.js';
import { createCoefficients, type Coefficients, type LineSolver } from './numerics/line-solver.js';
import { pressureAndHoopSources, turbulentStressSources } from './physics/momentum.js';
import type { SolidCells } from './physics/solid.js';
import type { SstModel } from './physics/sst.js';
import type { RowParts } from './threads/parts.js';
import { assembleTransport, cellGradient, type AssemblyReport, type ImmersedWalls, type TransportEquation } from './physics/transport.js';

/** Halo fields and work arrays of one solver, and its equations' coefficients. */
export interface FlowFields {
  /** Velocity (m/s), temperature (K), turbulent viscosity μ_t (Pa·s). */
  u: Float64Array;
  v: Float64Array;
  T: Float64Array;
  muT: Float64Array;
  /** Mass fluxes through the x- and y-faces (kg/s per m, or per radian). */
  Fx: Float64Array;
  Fy: Float64Array;
  uOld: Float64Array;
  vOld: Float64Array;
  FxOld: Float64Array;
  FyOld: Float64Array;
  /** An equation's diffusivity, and the sources of u, v, T and of the turbulence quantity under way. */
  gamma: Float64Array;
  suX: Float64Array;
  suY: Float64Array;
  spX: Float64Array;
  spY: Float64Array;
  suT: Float64Array;
  spT: Float64Array;
  su: Float64Array;
  sp: Float64Array;
  /** The velocity gradients, and a scalar's (T; ω when its own are stale) for a curvilinear assembly. */
  ux: Float64Array;
  uy: Float64Array;
  vx: Float64Array;
  vy: Float64Array;
  sx: Float64Array;
  sy: Float64Array;
  /** Coefficients of u, v, k and ω (one set, in turn), and T (its line solve runs beside k's). */
  cu: Coefficients;
  cv: Coefficients;
  cs: Coefficients;
  ct: Coefficients;
}

export function createFlowFields(size: number, arena: FieldArena): FlowFields {
  const f = (): Float64Array => arena.f64(size);
  const c = (): Coefficients => createCoefficients(size, arena);
  return {
    u: f(),
    v: f(),
    T: f(),
    muT: f(),
    Fx: f(),
    Fy: f(),
    uOld: f(),
    vOld: f(),
    FxOld: f(),
    FyOld: f(),
    gamma: f(),
    suX: f(),
    suY: f(),
    spX: f(),
    spY: f(),
    suT: f(),
    spT: f(),
    su: f(),
    sp: f(),
    ux: f(),
    uy: f(),
    vx: f(),
    vy: f(),
    sx: f(),
    sy: f(),
    cu: c(),
    cv: c(),
    cs: c(),
    ct: c(),
  };
}

/** What the loops work on: the solver's parts. */
export interface FlowLoopContext {
  grid: FlowGrid;
  parts: RowParts;
  fields: FlowFields;
  flowCase: FlowCase;
  numerics: FlowNumerics;
  boundaries: BoundaryFaces;
  coupling: PressureVelocityCoupling;
  sst: SstModel | undefined;
  solid: SolidCells | undefined;
  turbulentPrandtl: number;
  /** Line solvers of u, k and ω, and of v and T: the two of a pair solve side by side. */
  lines: LineSolver;
  linesV: LineSolver;
}

/** Loop numbers; the turbulence's are 0 in a laminar flow. */
export class FlowLoops {
  readonly velocityGradients: number;
  readonly scalarGradient: number;
  readonly assembly: Record<'T' | 'omega', number>;
  readonly momentumSolves: number;
  readonly momentumSources: number;
  readonly stressSources: number;
  readonly energyStart: number;
  turbulenceCells = 0;
  turbulenceSolves = 0;
  turbulenceFactor = 0;
  omegaSolve = 0;
  omegaCells = 0;
  clipCells = 0;
  viscosityCells = 0;
  extremes = 0;

  constructor(private readonly c: FlowLoopContext) {
    const { grid, parts, fields: F } = c;
    const bands = (body: (j0: number, j1: number, args: ArrayLike<number>, sums: Float64Array) => void): number => parts.define((part, args, sums) => parts.each(part, (j0, j1) => body(j0, j1, args, sums)));
    this.velocityGradients = bands((j0, j1) => {
      cellGradient(grid, F.u, F.ux, F.uy, j0, j1);
      cellGradient(grid, F.v, F.vx, F.vy, j0, j1);
    });
    // args[0]: 0 for T, 1 for ω.
    this.scalarGradient = bands((j0, j1, args) => cellGradient(grid, args[0] === 0 ? F.T : c.sst!.omega, F.sx, F.sy, j0, j1));
    const assemble = (equation: (args: ArrayLike<number>) => TransportEquation, out: Coefficients): number =>
      bands((j0, j1, args, sums) => {
        const report = assembleTransport(grid, F.Fx, F.Fy, equation(args), out, j0, j1);
        sums[0] += report.residual;
        sums[1] += report.diagonal;
        sums[2] += report.weightedDiagonal;
      });
    this.assembly = {
      T: assemble(() => this.energyEquation(), F.ct),
      omega: assemble((args) => this.omegaEquation(args[0] === 1), F.cs),
    };
    // u's whole equation on part 0, v's on part 1: the assembly (assembleWhole), d and d^c, and the
    // line solve. So each thread's line solve reads coefficients it wrote itself.
    this.momentumSolves = parts.define((part, _args, sums) => {
      const axis = part === 0 ? 0 : 1;
      const [out, phi, lines] = axis === 0 ? [F.cu, F.u, c.lines] : [F.cv, F.v, c.linesV];
      this.assembleWhole(this.momentumEquation(axis), out, sums);
      c.coupling.momentumCoefficientRows(axis, out, 1, grid.ny);
      lines.solve(out, phi, c.numerics.sweeps.momentum);
    });
    const { viscosity, conductivity, specificHeat } = c.flowCase.fluid;
    const { coupling } = c;
    const span = (j0: number, j1: number): [number, number] => parts.span(j0, j1, grid.stride, grid.size);
    // Momentum: Γ = μ + μ_t, ∇p and its sources, the velocity gradients (args[0]: 1 to take them).
    this.momentumSources = bands((j0, j1, args) => {
      const [from, to] = span(j0, j1);
      for (let I = from; I < to; I++) F.gamma[I] = viscosity + F.muT[I]!;
      cellGradient(grid, coupling.p, coupling.gradX, coupling.gradY, j0, j1);
      pressureAndHoopSources({ grid, gradX: coupling.gradX, gradY: coupling.gradY, viscosity, muT: F.muT, suX: F.suX, suY: F.suY, spX: F.spX, spY: F.spY }, j0, j1);
      if (args[0] === 1) {
        cellGradient(grid, F.u, F.ux, F.uy, j0, j1);
        cellGradient(grid, F.v, F.vx, F.vy, j0, j1);
      }
    });
    this.stressSources = bands((j0, j1) => turbulentStressSources({ grid, muT: F.muT, ux: F.ux, uy: F.uy, vx: F.vx, vy: F.vy, suX: F.suX, suY: F.suY }, j0, j1));
    // Energy: Γ = k/c_p + μ_t/Pr_t, sources cleared, ∇T on a curvilinear grid.
    this.energyStart = bands((j0, j1) => {
      const molecular = conductivity / specificHeat;
      const [from, to] = span(j0, j1);
      for (let I = from; I < to; I++) F.gamma[I] = molecular + F.muT[I]! / c.turbulentPrandtl;
      F.suT.fill(0, from, to);
      F.spT.fill(0, from, to);
      if (grid.curvilinear) cellGradient(grid, F.T, F.sx, F.sy, j0, j1);
    });
    if (c.sst) this.defineTurbulence(c.sst, bands);
  }

  private defineTurbulence(sst: SstModel, bands: (body: (j0: number, j1: number, args: ArrayLike<number>, sums: Float64Array) => void) => number): void {
    const { parts, fields: F, numerics, grid } = this.c;
    const sources = { su: F.su, sp: F.sp };
    // k: strain, blending, the cells' diffusivities and k's sources.
    this.turbulenceCells = bands((j0, j1) => {
      sst.updateStrain(F.v, F.ux, F.uy, F.vx, F.vy, j0, j1);
      sst.updateBlending(j0, j1);
      sst.updateCellDiffusivities(F.muT, j0, j1);
      sst.kSources(F.muT, sources, j0, j1);
    });
    // ω's line factorisation in two halves.
    this.turbulenceFactor = parts.define((part) => this.c.lines.factor(F.cs, part));
    // k's whole equation on part 0: its assembly (assembleWhole), factorisation and sweeps. Beside it,
    // when T's solve waits (args[0] = 1), T's assembly, factorisation and all its sweeps but the last
    // (which runs beside ω's sweeps): the two sides weigh about the same, and each thread's line solve
    // reads coefficients it wrote itself. (T's sources are its own arrays: k's are written before.)
    const energySweeps = numerics.sweeps.energy;
    const turbulenceSweeps = numerics.sweeps.turbulence;
    this.turbulenceSolves = parts.define((part, args, sums) => {
      if (part === 0) {
        this.assembleWhole(this.kEquation(), F.cs, sums);
        if (turbulenceSweeps > 0) this.c.lines.solve(F.cs, sst.k, turbulenceSweeps);
      } else if (args[0] === 1) {
        this.assembleWhole(this.energyEquation(), F.ct, sums);
        if (energySweeps > 0) {
          this.c.linesV.factor(F.ct, 0);
          this.c.linesV.factor(F.ct, 1);
          this.c.linesV.sweep(F.ct, F.T, energySweeps - 1);
        }
      }
    });
    this.omegaSolve = parts.define((part, args) => {
      if (part === 0) this.c.lines.sweep(F.cs, sst.omega, numerics.sweeps.turbulence);
      else if (args[0] === 1 && energySweeps > 0) this.c.linesV.sweep(F.ct, F.T, 1);
    });
    this.omegaCells = bands((j0, j1) => sst.omegaSources(F.muT, sources, j0, j1));
    // Sums: 1 where a cell's ω was raised.
    this.clipCells = bands((j0, j1, _args, sums) => {
      if (sst.clip(j0, j1)) sums[0] = 1;
    });
    this.viscosityCells = bands((j0, j1) => sst.updateCellViscosity(F.muT, numerics.relaxation.viscosity, j0, j1));
    // The largest k of the unblocked halo nodes (sums: the part's largest).
    this.extremes = bands((j0, j1, _args, sums) => {
      const [from, to] = parts.span(j0, j1, grid.stride, grid.size);
      const mask = this.c.solid?.mask;
      let largest = sums[0]!;
      for (let I = from; I < to; I++) if (!mask?.[I]) largest = Math.max(largest, sst.k[I]!);
      sums[0] = largest;
    });
  }

  /**
   * An equation's assembly over both parts' bands on one thread, each band's sums added as the split
   * assembly adds them (sums 0–2: part 0's bands, 3–5: part 1's; wholeReport() adds the two).
   */
  private assembleWhole(equation: TransportEquation, out: Coefficients, sums: Float64Array): void {
    const { parts, grid, fields: F } = this.c;
    for (const bands of [0, 1]) {
      parts.each(bands, (j0, j1) => {
        const report = assembleTransport(grid, F.Fx, F.Fy, equation, out, j0, j1);
        sums[3 * bands] += report.residual;
        sums[3 * bands + 1] += report.diagonal;
        sums[3 * bands + 2] += report.weightedDiagonal;
      });
    }
  }

  /** The momentum equations assembled and solved (momentumSolves): the residuals of u's and v's assemblies. */
  solveMomentum(): { x: number; y: number } {
    const [u, v] = this.c.parts.runParts(this.momentumSolves);
    return { x: wholeReport(u).residual, y: wholeReport(v).residual };
  }

  /**
   * k's equation assembled and solved, and T's assembled and solved but for its last sweep when
   * `energy` (turbulenceSolves): their assemblies' reports (T's all zero without `energy`).
   */
  solveTurbulence(energy: boolean): { k: AssemblyReport; T: AssemblyReport } {
    const [k, T] = this.c.parts.runParts(this.turbulenceSolves, [energy ? 1 : 0]);
    return { k: wholeReport(k), T: wholeReport(T) };
  }

  /** Loop `op` (an assembly) over all rows with `args`; its sums as an assembly's report. */
  assemble(op: number, args: readonly number[] = []): AssemblyReport {
    const sums = this.c.parts.run(op, args);
    return { residual: sums[0]!, diagonal: sums[1]!, weightedDiagonal: sums[2]! };
  }

  /** The largest k (extremes), from the two parts' largest. */
  largestK(): number {
    const [own, other] = this.c.parts.runParts(this.extremes);
    return Math.max(own[0]!, other[0]!);
  }

  /**
   * The immersed-wall term of an equation: φ = wall on the obstacle's faces with diffusivity gamma
   * (times the automatic treatment's per-face factor, if given).
   */
  private immersed(wall: number | Float64Array, gamma: number, factor?: Float64Array): { immersed?: ImmersedWalls } {
    const { solid } = this.c;
    if (!solid) return {};
    return { immersed: { solid, wall, gamma, ...(factor && solid.automatic ? { factor } : {}) } };
  }

  /**
   * The equation of u (axis 0) or v (axis 1). The velocity gradients are those of u and v as they are
   * assembled (taken in the momentum sources: with SST for the stress terms, on a curvilinear grid for
   * the deferred non-orthogonal diffusion; a Cartesian assembly reads none).
   */
  private momentumEquation(axis: 0 | 1): TransportEquation {
    const { numerics, boundaries, fields: F, sst, grid, solid } = this.c;
    const { viscosity } = this.c.flowCase.fluid;
    const gradient = sst || grid.curvilinear ? { gradient: axis === 0 ? { gx: F.ux, gy: F.uy } : { gx: F.vx, gy: F.vy } } : {};
    return {
      gamma: F.gamma,
      scheme: numerics.convection.momentum,
      relaxation: numerics.relaxation.velocity,
      ...this.immersed(0, viscosity, solid?.momentumFactor),
      ...(axis === 0 ? { phi: F.u, fixed: boundaries.fixedU, su: F.suX, sp: F.spX } : { phi: F.v, fixed: boundaries.fixedV, su: F.suY, sp: F.spY }),
      ...gradient,
    };
  }

  private energyEquation(): TransportEquation {
    const { boundaries, numerics, fields: F, solid, grid } = this.c;
    const { conductivity, specificHeat } = this.c.flowCase.fluid;
    const molecular = conductivity / specificHeat;
    return {
      phi: F.T,
      gamma: F.gamma,
      fixed: boundaries.fixedT,
      inflow: boundaries.temperatureInflow,
      su: F.suT,
      sp: F.spT,
      scheme: numerics.convection.energy,
      relaxation: numerics.relaxation.temperature,
      // An adiabatic obstacle: no conduction through its faces.
      ...this.immersed(solid?.temperature ?? 0, solid?.temperature === undefined ? 0 : molecular, solid?.heatFactor),
      ...(grid.curvilinear ? { gradient: { gx: F.sx, gy: F.sy } } : {}),
    };
  }

  private turbulenceBase(): Pick<TransportEquation, 'su' | 'sp' | 'fixed' | 'scheme' | 'relaxation'> {
    const { relaxation, convection } = this.c.numerics;
    return { su: this.c.fields.su, sp: this.c.fields.sp, fixed: this.c.boundaries.fixedTurbulence, scheme: convection.turbulence, relaxation: relaxation.turbulence };
  }

  private kEquation(): TransportEquation {
    const sst = this.c.sst!;
    const automatic = this.c.solid?.automatic === true;
    // updateBlending took ∇k of this k (ω's ring changes before its own equation: no reuse there).
    return { ...this.turbulenceBase(), phi: sst.k, gamma: sst.gammaK, inflow: this.c.boundaries.kInflow, gradient: sst.kGradient, ...this.immersed(0, automatic ? 0 : this.c.flowCase.fluid.viscosity) };
  }

  /**
   * The ω equation; `reuse`: its gradient is the one updateBlending took, brought up to date at the
   * ring (sst.omegaGradientAtRing(), taken before); else (curvilinear) the one scalarGradient took.
   */
  private omegaEquation(reuse: boolean): TransportEquation {
    const { sst, solid, grid, fields: F } = this.c;
    const automatic = solid?.automatic === true;
    return {
      ...this.turbulenceBase(),
      phi: sst!.omega,
      gamma: sst!.gammaOmega,
      inflow: this.c.boundaries.omegaInflow,
      ...this.immersed(solid?.omegaWall ?? 0, this.c.flowCase.fluid.viscosity),
      // Automatic: the wall cells' ω is imposed (OpenFOAM's omegaWallFunction sets those cells' values).
      ...(automatic ? { held: { mask: solid.wallCellMask, value: solid.wallCellOmega } } : {}),
      ...(reuse ? { gradient: sst!.omegaGradient } : grid.curvilinear ? { gradient: { gx: F.sx, gy: F.sy } } : {}),
    };
  }
}

/** The report of an equation assembled by assembleWhole(), from its sums: the two parts' bands added. */
function wholeReport(sums: Float64Array): AssemblyReport {
  return { residual: sums[0]! + sums[3]!, diagonal: sums[1]! + sums[4]!, weightedDiagonal: sums[2]! + sums[5]! };
}
