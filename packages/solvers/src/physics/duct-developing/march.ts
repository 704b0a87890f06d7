// The march along the duct: the parabolised (boundary-layer) equations of steady axisymmetric flow
// with constant properties, advanced station by station from the uniform inlet (S. V. Patankar,
// D. B. Spalding, "A calculation procedure for heat, mass and momentum transfer in three-dimensional
// parabolic flows", Int. J. Heat Mass Transfer 15 (1972) 1787-1806, in its axisymmetric form; J. R.
// Bodoia, J. F. Osterle, "Finite difference analysis of plane Poiseuille and Couette flow
// developments", Appl. Sci. Res. A10 (1961) 265-276, for the uniform pressure and the mass constraint):
//
//   continuity  ∂(ρ u r)/∂x + ∂(ρ v r)/∂r = 0
//   momentum    ρ u ∂u/∂x + ρ v ∂u/∂r = -dp/dx + (1/r) ∂/∂r [r (μ + μ_t) ∂u/∂r]
//   energy      ∂(ρ c_p u T r)/∂x + ∂(ρ c_p v r T)/∂r = ∂/∂r [r (k + k_t) ∂T/∂r]
//   mass flow   2π ∫ ρ u r dr = ṁ at every station, which fixes the uniform dp/dx
//
// Axial diffusion and the radial pressure gradient are neglected (valid for Re ≳ 100; Shah & London,
// "Laminar Flow Forced Convection in Ducts", 1978, Ch. V). Radially: the finite volumes of grid.ts /
// transport.ts (second order). Axially: implicit, by backward differences on a variable step,
//   ∂φ/∂x ≈ α0 φ_{n+1} + α1 φ_n + α2 φ_{n-1},
//   BDF1: α0 = 1/h, α1 = -1/h, α2 = 0;   BDF2 (ω = h_{n+1}/h_n): α0 = (1+2ω)/(h(1+ω)),
//   α1 = -(1+ω)/h, α2 = ω²/(h(1+ω)); zero-stable for ω < 1 + √2 (the step plan keeps ω ≤ 2.1).
// The first step is BDF1. Each step is linear: the convecting velocity u*, the eddy viscosity and the
// wall shear (van Driest damping) are extrapolated linearly from the two previous stations (lagged
// for BDF1), the radial convection is linearised about them by Newton's rule and solved together
// with continuity (momentum.ts: lagging the radial flux instead makes the march unstable), and
// optional further passes re-linearise about the new solution (Picard).
//
// Per step: (1) momentum and continuity with u = 0 at the walls are solved for two right-hand
// sides, u = φ1 + (dp/dx) φ2, and Σ V_j u_j = ṁ/(2πρ) gives dp/dx exactly (the mass flow holds to
// round-off at every station); (2) continuity gives the radial flux at each face from the axial
// change of the enclosed flow, G_f = -Σ_{k<f} ρ V_k ∂u_k/∂x, which vanishes at the far wall because
// the flow is fixed; (3) energy, conservative, with these exact fluxes: the wall heat equals the
// change of Σ ρ c_p u T V to round-off, station by station. Temperatures are carried relative to a
// reference (a temperature wall's, else the inlet's) so that decaying differences keep their digits.

import { DivergedError } from '../../errors.js';
import { fullyDevelopedFlow, fullyDevelopedHeat, maxValue, thermalConductances, thermalWallRow, thermalWalls, volumeSum, wallNodes, type FullyDevelopedFlow, type FullyDevelopedHeat } from './fully-developed.js';
import { innerRadius, outerRadius, radialGrid, type RadialGrid } from './grid.js';
import { derivedFlow, resolveStretching, type DerivedFlow, type DevelopingFlowNumerics, type DevelopingFlowProblem } from './problem.js';
import { MomentumStep } from './momentum.js';
import { TridiagonalSystem } from '../../numerics/tridiagonal.js';
import { applyWall, assembleTransport, faceConductances, recoverWallSource, type SavedRow, type WallRow } from './transport.js';
import { eddyViscosityAtFaces, linearisedMomentumDiffusion } from './turbulence.js';

/** Largest number of marching steps (a guard against an unreasonable step plan). */
export const MAX_MARCH_STEPS = 2_000_000;

/**
 * The stations of the march: steps growing geometrically from firstStep·D_h by stepGrowth up to
 * maxStepFraction·L, landing exactly on every profile station and on L (a step that would overshoot
 * by less than a full step is halved, so consecutive steps differ by at most a factor ~2).
 */
export function marchPositions(length: number, hydraulicDiameterValue: number, numerics: DevelopingFlowNumerics, stations: readonly number[]): Float64Array {
  const targets = [...new Set(stations.filter((s) => s > 0 && s < length)), length].sort((a, b) => a - b);
  const maxStep = numerics.maxStepFraction * length;
  let step = Math.min(numerics.firstStep * hydraulicDiameterValue, maxStep);
  const xs = [0];
  let x = 0;
  for (const target of targets) {
    while (x < target) {
      const remaining = target - x;
      if (remaining <= step * (1 + 1e-9)) x = target;
      else if (remaining < 2 * step) x += remaining / 2;
      else x += step;
      xs.push(x);
      if (xs.length > MAX_MARCH_STEPS) throw new RangeError(`the step plan needs more than ${MAX_MARCH_STEPS} steps; raise firstStep or maxStepFraction`);
      step = Math.min(step * numerics.stepGrowth, maxStep);
    }
  }
  return Float64Array.from(xs);
}

export interface WallSeries {
  /** K */
  temperature: Float64Array;
  /** τ_w, Pa. */
  shear: Float64Array;
  /** Into the fluid, W/m². */
  heatFlux: Float64Array;
}

export interface StationSeries {
  /** m */
  x: Float64Array;
  /** p(x) - p(0), Pa (no hydrostatic part). */
  pressure: Float64Array;
  /** Pa/m */
  pressureGradient: Float64Array;
  /** Largest nodal velocity: the centreline velocity of a pipe, m/s. */
  maxVelocity: Float64Array;
  /** Mixed-mean temperature Σ u T V / Σ u V, K. */
  bulkTemperature: Float64Array;
  inner?: WallSeries;
  outer: WallSeries;
  /** (Σ V u - ṁ/(2πρ)) / (ṁ/(2πρ)). */
  massFlowError: Float64Array;
  /** Σ ρ c_p u (T - T_ref) V per radian, W/rad. */
  energyFlow: Float64Array;
}

export interface Profile {
  x: number;
  /** m/s at the nodes */
  velocity: Float64Array;
  /** K at the nodes */
  temperature: Float64Array;
}

export interface DevelopingFlowSolution {
  problem: DevelopingFlowProblem;
  numerics: DevelopingFlowNumerics;
  grid: RadialGrid;
  flow: DerivedFlow;
  /** The temperature the march carries differences from, K. */
  referenceTemperature: number;
  stations: StationSeries;
  /** Profiles at the requested stations (and the outlet). */
  profiles: Profile[];
  /** Profiles at every k-th station (plus the inlet and outlet), for heat maps. */
  fieldProfiles: Profile[];
  fullyDeveloped: { flow: FullyDevelopedFlow; heat: FullyDevelopedHeat };
}

/** Most stations kept in fieldProfiles. */
export const MAX_FIELD_STATIONS = 201;

function wallSeries(count: number): WallSeries {
  return { temperature: new Float64Array(count), shear: new Float64Array(count), heatFlux: new Float64Array(count) };
}

function referenceTemperatureOf(problem: DevelopingFlowProblem): number {
  const walls = thermalWalls(problem);
  if (walls.outer.condition === 'temperature') return walls.outer.temperature;
  if (walls.inner && walls.inner.condition === 'temperature') return walls.inner.temperature;
  return problem.inletTemperature;
}

interface WallState {
  inner: number;
  outer: number;
}

/** The march, one step per advance(), so a driver can report progress and abort between steps. */
export class DevelopingFlowMarch {
  readonly grid: RadialGrid;
  readonly flow: DerivedFlow;
  readonly positions: Float64Array;
  readonly fullyDeveloped: { flow: FullyDevelopedFlow; heat: FullyDevelopedHeat };
  readonly referenceTemperature: number;
  private readonly series: StationSeries;
  private readonly profiles: Profile[] = [];
  private readonly fieldProfiles: Profile[] = [];
  private readonly profileStations: Set<number>;
  private readonly fieldStride: number;
  private index = 0;
  // Solution at stations n - 1, n and the new one.
  private uOld!: Float64Array;
  private u!: Float64Array;
  private uNew!: Float64Array;
  private tOld!: Float64Array;
  private t!: Float64Array;
  private tNew!: Float64Array;
  private gOld!: Float64Array;
  private g!: Float64Array;
  private gNew!: Float64Array;
  private shearOld!: WallState;
  private shear!: WallState;
  private pressureOld = 0;
  private pressure = 0;
  // Work arrays.
  private readonly system: TridiagonalSystem;
  private readonly convecting: Float64Array;
  private readonly radialFlux: Float64Array;
  private readonly eddy: Float64Array;
  private readonly diffusivity: Float64Array;
  private readonly fluxCorrection: Float64Array;
  private readonly conductance: Float64Array;
  private readonly capacity: Float64Array;
  private readonly history: Float64Array;
  private readonly momentum: MomentumStep;
  private readonly energyFlux: Float64Array;
  /** The energy rows of the walls (θ from the reference temperature). */
  private readonly thermalRows: { inner?: WallRow; outer: WallRow };

  constructor(
    readonly problem: DevelopingFlowProblem,
    readonly numerics: DevelopingFlowNumerics,
  ) {
    this.grid = radialGrid(problem.shape, numerics.radialCells, resolveStretching(problem, numerics));
    this.flow = derivedFlow(problem);
    const flowState = fullyDevelopedFlow(this.grid, problem, numerics);
    this.fullyDeveloped = { flow: flowState, heat: fullyDevelopedHeat(this.grid, problem, flowState, numerics) };
    this.referenceTemperature = referenceTemperatureOf(problem);
    const conditions = thermalWalls(problem);
    this.thermalRows = {
      ...(conditions.inner ? { inner: thermalWallRow(conditions.inner, innerRadius(problem.shape), this.referenceTemperature) } : {}),
      outer: thermalWallRow(conditions.outer, outerRadius(problem.shape), this.referenceTemperature),
    };
    this.positions = marchPositions(problem.length, this.flow.hydraulicDiameter, numerics, problem.stations);
    this.profileStations = new Set(problem.stations.filter((s) => s > 0 && s <= problem.length));
    this.profileStations.add(problem.length);
    const count = this.positions.length;
    this.fieldStride = Math.max(1, Math.ceil((count - 1) / (MAX_FIELD_STATIONS - 1)));
    this.series = {
      x: this.positions,
      pressure: new Float64Array(count),
      pressureGradient: new Float64Array(count),
      maxVelocity: new Float64Array(count),
      bulkTemperature: new Float64Array(count),
      ...(this.grid.innerIsWall ? { inner: wallSeries(count) } : {}),
      outer: wallSeries(count),
      massFlowError: new Float64Array(count),
      energyFlow: new Float64Array(count),
    };
    const nodes = this.grid.cells + 1;
    const faces = this.grid.cells + 2;
    this.system = new TridiagonalSystem(nodes);
    [this.uOld, this.u, this.uNew, this.tOld, this.t, this.tNew] = Array.from({ length: 6 }, () => new Float64Array(nodes));
    [this.gOld, this.g, this.gNew] = Array.from({ length: 3 }, () => new Float64Array(faces));
    this.convecting = new Float64Array(nodes);
    this.radialFlux = new Float64Array(faces);
    this.eddy = new Float64Array(faces);
    this.diffusivity = new Float64Array(faces);
    this.fluxCorrection = new Float64Array(faces);
    this.conductance = new Float64Array(faces);
    this.capacity = new Float64Array(nodes);
    this.history = new Float64Array(nodes);
    this.momentum = new MomentumStep(this.grid);
    this.energyFlux = new Float64Array(faces);
    this.initialise();
  }

  get stepCount(): number {
    return this.positions.length - 1;
  }

  get stepsDone(): number {
    return this.index;
  }

  get done(): boolean {
    return this.index >= this.stepCount;
  }

  /** Uniform inlet: u = U at every node off the walls (U such that Σ V u is the flow), T = T_in. */
  private initialise(): void {
    const { grid } = this;
    const walls = wallNodes(grid);
    let open = grid.totalVolume;
    if (walls.inner !== undefined) open -= grid.volume[walls.inner];
    open -= grid.volume[walls.outer];
    const inletVelocity = this.flow.flowPerRadian / open;
    this.u.fill(inletVelocity);
    if (walls.inner !== undefined) this.u[walls.inner] = 0;
    this.u[walls.outer] = 0;
    this.t.fill(this.problem.inletTemperature - this.referenceTemperature);
    // The wall rows of a temperature wall hold the wall temperature (no capacity there: u = 0).
    const conditions = thermalWalls(this.problem);
    if (walls.inner !== undefined && conditions.inner?.condition === 'temperature') this.t[walls.inner] = conditions.inner.temperature - this.referenceTemperature;
    if (conditions.outer.condition === 'temperature') this.t[walls.outer] = conditions.outer.temperature - this.referenceTemperature;
    this.uOld.set(this.u);
    this.tOld.set(this.t);
    // The first step linearises the damping with the fully developed wall shear (the inlet's is singular).
    this.shear = { ...this.fullyDeveloped.flow.wallShear };
    this.shearOld = { ...this.shear };
    this.record(0, 0, this.fullyDeveloped.flow.wallShear, { inner: 0, outer: 0 });
  }

  private record(i: number, pressureGradient: number, shear: WallState, source: WallState): void {
    const { grid, series, problem } = this;
    const { density, specificHeat } = problem.properties;
    const flowPerRadian = this.flow.flowPerRadian;
    let energy = 0;
    for (let j = 0; j <= grid.cells; j++) energy += grid.volume[j] * this.u[j] * this.t[j];
    series.pressure[i] = this.pressure;
    series.pressureGradient[i] = pressureGradient;
    series.maxVelocity[i] = maxValue(this.u);
    series.bulkTemperature[i] = this.referenceTemperature + energy / flowPerRadian;
    series.massFlowError[i] = volumeSum(grid, this.u) / flowPerRadian - 1;
    series.energyFlow[i] = density * specificHeat * energy;
    const walls = wallNodes(grid);
    const fill = (target: WallSeries | undefined, node: number | undefined, tau: number, s: number, radius: number): void => {
      if (!target || node === undefined) return;
      target.temperature[i] = this.referenceTemperature + this.t[node];
      target.shear[i] = tau;
      target.heatFlux[i] = s / radius;
    };
    fill(series.inner, walls.inner, shear.inner, source.inner, innerRadius(grid.shape));
    fill(series.outer, walls.outer, shear.outer, source.outer, outerRadius(grid.shape));
    const x = this.positions[i];
    const keepProfile = this.profileStations.has(x);
    const keepField = i % this.fieldStride === 0 || i === this.positions.length - 1;
    if (keepProfile || keepField) {
      const temperature = new Float64Array(this.t.length);
      for (let j = 0; j < temperature.length; j++) temperature[j] = this.referenceTemperature + this.t[j];
      const profile: Profile = { x, velocity: Float64Array.from(this.u), temperature };
      if (keepProfile) this.profiles.push(profile);
      if (keepField) this.fieldProfiles.push(profile);
    }
  }

  private eddyViscosity(u: Float64Array, shear: WallState): void {
    const { grid, problem, numerics } = this;
    const { density, viscosity } = problem.properties;
    eddyViscosityAtFaces(
      {
        grid,
        density,
        kinematicViscosity: viscosity / density,
        u,
        wallShear: shear,
        splitRadius: this.fullyDeveloped.flow.splitRadius,
        roughness: problem.roughness,
        model: numerics.turbulence,
      },
      this.eddy,
    );
  }

  /** Advances one station. */
  advance(): void {
    if (this.done) return;
    const { grid, problem, numerics } = this;
    const { density, viscosity, specificHeat } = problem.properties;
    const n = grid.cells;
    const i = this.index;
    const xs = this.positions;
    const h = xs[i + 1] - xs[i];
    const second = numerics.axialScheme === 'bdf2' && i >= 1;
    const omega = second ? h / (xs[i] - xs[i - 1]) : 0;
    const a0 = second ? (1 + 2 * omega) / (h * (1 + omega)) : 1 / h;
    const a1 = second ? -(1 + omega) / h : -1 / h;
    const a2 = second ? (omega * omega) / (h * (1 + omega)) : 0;
    const { u, uOld, uNew, t, tOld, tNew, g, gOld, gNew, convecting, radialFlux } = this;

    // Predictor: linear extrapolation to x_{n+1} (ω = 0 lags: BDF1).
    for (let j = 0; j <= n; j++) convecting[j] = Math.max(0, u[j] + omega * (u[j] - uOld[j]));
    for (let f = 0; f <= n + 1; f++) radialFlux[f] = g[f] + omega * (g[f] - gOld[f]);
    const extrapolate = (now: number, before: number): number => {
      const value = now + omega * (now - before);
      return value > 0 ? value : now;
    };
    let shear: WallState = { inner: extrapolate(this.shear.inner, this.shearOld.inner), outer: extrapolate(this.shear.outer, this.shearOld.outer) };
    let pressureGradient = 0;
    const turbulent = problem.flowModel === 'turbulent';

    // (1) Momentum with continuity and the mass constraint, (2) the radial fluxes; further passes
    // re-linearise about the last solution.
    for (let pass = 1; pass <= numerics.picardIterations; pass++) {
      if (pass > 1) {
        convecting.set(uNew);
        radialFlux.set(gNew);
      }
      if (turbulent) this.eddyViscosity(convecting, shear);
      linearisedMomentumDiffusion(grid, viscosity, this.eddy, convecting, this.diffusivity, this.fluxCorrection);
      faceConductances(grid, this.diffusivity, this.conductance);
      const momentum = this.momentum.solve(
        {
          density,
          alpha: [a0, a1, a2],
          u,
          uOld,
          convecting,
          radialFlux,
          conductance: this.conductance,
          fluxCorrection: this.fluxCorrection,
          scheme: numerics.convection,
          flowPerRadian: this.flow.flowPerRadian,
        },
        uNew,
        gNew,
      );
      pressureGradient = momentum.pressureGradient;
      if (!Number.isFinite(pressureGradient)) throw new DivergedError(`the momentum step at x = ${xs[i + 1]!.toPrecision(6)} m gave a non-finite pressure gradient`, i + 1);
      shear = momentum.wallShear;
    }

    // (3) Energy, conservative, with the new velocity, the exact radial fluxes and the eddy
    // diffusivity of the new velocity field.
    if (turbulent) this.eddyViscosity(uNew, shear);
    thermalConductances(grid, problem, this.eddy, numerics.turbulence.turbulentPrandtl, this.conductance);
    for (let f = 0; f <= n + 1; f++) this.energyFlux[f] = specificHeat * gNew[f];
    for (let j = 0; j <= n; j++) {
      const heatCapacity = density * specificHeat * grid.volume[j];
      this.capacity[j] = heatCapacity * a0 * uNew[j];
      this.history[j] = -heatCapacity * (a1 * u[j] * t[j] + a2 * uOld[j] * tOld[j]);
    }
    assembleTransport(this.system, grid, {
      capacity: this.capacity,
      history: this.history,
      faceFlux: this.energyFlux,
      faceConductance: this.conductance,
      nonConservative: false,
      scheme: numerics.convection,
    });
    const walls = wallNodes(grid);
    const rows = this.thermalRows;
    const savedInner = rows.inner && walls.inner !== undefined ? applyWall(this.system, walls.inner, rows.inner) : undefined;
    const savedOuter = applyWall(this.system, walls.outer, rows.outer);
    this.system.factor();
    this.system.solve(tNew);
    const sourceOf = (saved: SavedRow | undefined, row: WallRow | undefined): number => (saved ? recoverWallSource(saved, tNew) : row?.kind === 'source' ? row.source : 0);
    const source: WallState = { inner: sourceOf(savedInner, rows.inner), outer: sourceOf(savedOuter, rows.outer) };

    const pressureNew = (pressureGradient - a1 * this.pressure - a2 * this.pressureOld) / a0;
    // Rotate: n-1 <- n <- n+1.
    [this.uOld, this.u, this.uNew] = [this.u, this.uNew, this.uOld];
    [this.tOld, this.t, this.tNew] = [this.t, this.tNew, this.tOld];
    [this.gOld, this.g, this.gNew] = [this.g, this.gNew, this.gOld];
    this.shearOld = this.shear;
    this.shear = shear;
    this.pressureOld = this.pressure;
    this.pressure = pressureNew;
    this.index = i + 1;
    this.record(i + 1, pressureGradient, shear, source);
  }

  result(): DevelopingFlowSolution {
    if (!this.done) throw new Error('the march has not reached the outlet');
    return {
      problem: this.problem,
      numerics: this.numerics,
      grid: this.grid,
      flow: this.flow,
      referenceTemperature: this.referenceTemperature,
      stations: this.series,
      profiles: this.profiles,
      fieldProfiles: this.fieldProfiles,
      fullyDeveloped: this.fullyDeveloped,
    };
  }
}

/** Runs the whole march (no progress or abort: for tests and scripts; the solver uses the class). */
export function solveDevelopingFlow(problem: DevelopingFlowProblem, numerics: DevelopingFlowNumerics): DevelopingFlowSolution {
  const march = new DevelopingFlowMarch(problem, numerics);
  while (!march.done) march.advance();
  return march.result();
}
