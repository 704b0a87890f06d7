// The fully developed flow and heat transfer on the march's own radial grid and operators: the
// state the march tends to far downstream, computed directly, and the reference of the entrance
// lengths.
//
// Momentum: ∂u/∂x = 0, v = 0:  (1/r) d/dr [r (μ + μ_t) du/dr] = dp/dx, u = 0 at the walls, with
// Σ V_j u_j fixed by the mass flow. The operator is linear in dp/dx: one solve for dp/dx = 1 and a
// scaling (plus the explicit part of a linearised eddy stress). With an eddy viscosity μ_t(u) the
// solve is repeated to convergence, Newton-linearised in ∂u/∂r (turbulence.ts), the wall shear of
// the damping and the split radius of an annulus lagged.
//
// Heat (W. M. Kays, M. E. Crawford, "Convective Heat and Mass Transfer", 3rd ed., 1993): with
// k_eff = k + c_p μ_t / Pr_t and the operator K T = -(1/r) d/dr (r k_eff dT/dr)·r (per radian,
// finite volumes), the far-downstream state is
//   - only heat-flux or adiabatic walls, net heat Q' ≠ 0 per radian: T = T_p(r) + C x with
//     C = Q' / Σ ρ c_p u_j V_j, K T_p = S - ρ c_p u V C (the constant-heat-rate state, "H");
//   - all temperature walls at one temperature T_w, the others adiabatic: T - T_w = θ(r) e^(-λ x),
//     the first eigenpair of K θ = λ ρ c_p u V θ, θ = 0 at those walls (the Graetz limit, "T"), found
//     by inverse iteration;
//   - otherwise (walls at different temperatures, or temperature and heat flux mixed): the steady
//     conduction state K T = S, ∂T/∂x = 0.
// The Nusselt number of a wall is Nu = q_w D_h / (k (T_w - T_b)), T_b = Σ u T V / Σ u V (the
// mixed-mean temperature of the discrete profile), q_w the wall's consistent flux (transport.ts).

import { DivergedError } from '../../errors.js';
import type { RadialGrid } from './grid.js';
import { hydraulicDiameter, innerRadius, outerRadius } from './grid.js';
import type { DevelopingFlowNumerics, DevelopingFlowProblem, WallThermal } from './problem.js';
import { derivedFlow } from './problem.js';
import { TridiagonalSystem } from '../../numerics/tridiagonal.js';
import { applyWall, assembleTransport, faceConductances, recoverWallSource, type SavedRow, type WallRow } from './transport.js';
import { eddyViscosityAtFaces, linearisedMomentumDiffusion } from './turbulence.js';

export interface FullyDevelopedFlow {
  u: Float64Array;
  /** dp/dx, Pa/m (negative). */
  pressureGradient: number;
  /** τ_w of the inner (annulus; 0 for a pipe) and outer walls, Pa. */
  wallShear: { inner: number; outer: number };
  /** μ_t at the faces (zeros in laminar flow). */
  eddyViscosity: Float64Array;
  /** Radius of the maximum velocity (pipe: 0). */
  splitRadius: number;
  /** Largest nodal velocity (the centreline velocity of a pipe). */
  maxVelocity: number;
  /** Darcy friction factor -dp/dx D_h / (ρ u_m²/2). */
  frictionFactor: number;
  /** Linearised solves (1 in laminar flow) and the last relative change. */
  iterations: number;
  change: number;
}

/** Conditions of the wall rows of any quantity: nodes 0 (annulus inner wall) and N. */
export function wallNodes(grid: RadialGrid): { inner?: number; outer: number } {
  return grid.innerIsWall ? { inner: 0, outer: grid.cells } : { outer: grid.cells };
}

/** Σ V_j w_j. */
export function volumeSum(grid: RadialGrid, w: Float64Array): number {
  let sum = 0;
  for (let j = 0; j <= grid.cells; j++) sum += grid.volume[j] * w[j];
  return sum;
}

/** Radius of the largest value, by the parabola through the largest node and its neighbours. */
export function radiusOfMaximum(grid: RadialGrid, u: Float64Array): number {
  let best = 0;
  for (let j = 1; j <= grid.cells; j++) if (u[j] > u[best]) best = j;
  if (best === 0 || best === grid.cells) return grid.r[best];
  const [r0, r1, r2] = [grid.r[best - 1], grid.r[best], grid.r[best + 1]];
  const [u0, u1, u2] = [u[best - 1], u[best], u[best + 1]];
  const d1 = (u1 - u0) / (r1 - r0);
  const d2 = (u2 - u1) / (r2 - r1);
  const curvature = (d2 - d1) / (r2 - r0);
  if (!(curvature < 0)) return r1;
  const vertex = 0.5 * (r0 + r1) - d1 / (2 * curvature);
  return Math.min(r2, Math.max(r0, vertex));
}

export function maxValue(u: Float64Array): number {
  let m = -Infinity;
  for (let j = 0; j < u.length; j++) if (u[j] > m) m = u[j];
  return m;
}

interface MomentumSolve {
  u: Float64Array;
  pressureGradient: number;
  wallShear: { inner: number; outer: number };
}

/**
 * One linear solve of (1/r) d/dr [r Γ du/dr] = dp/dx + (1/r) d/dr [e r] (Γ and the explicit face flux
 * e of the linearised eddy stress, turbulence.ts), u = 0 at the walls, with the mass flow fixed:
 * u = φ_e + (dp/dx) φ_p.
 */
function solveFullyDevelopedMomentum(
  grid: RadialGrid,
  diffusivity: Float64Array,
  fluxCorrection: Float64Array,
  flowPerRadian: number,
  system: TridiagonalSystem,
): MomentumSolve {
  const n = grid.cells;
  const conductance = faceConductances(grid, diffusivity, new Float64Array(n + 2));
  const zeros = new Float64Array(n + 2);
  const correction = new Float64Array(n + 1);
  for (let j = 0; j <= n; j++) correction[j] = fluxCorrection[j] - fluxCorrection[j + 1];
  assembleTransport(system, grid, { capacity: new Float64Array(n + 1), history: correction, faceFlux: zeros, faceConductance: conductance, nonConservative: false, scheme: 'central' });
  const walls = wallNodes(grid);
  const savedInner = walls.inner === undefined ? undefined : applyWall(system, walls.inner, { kind: 'value', value: 0 });
  const savedOuter = applyWall(system, walls.outer, { kind: 'value', value: 0 })!;
  system.factor();
  const phiE = system.solve(new Float64Array(n + 1));
  const unit = new Float64Array(n + 1);
  for (let j = 0; j <= n; j++) unit[j] = -grid.volume[j]; // the -V dp/dx source for dp/dx = 1
  if (walls.inner !== undefined) unit[walls.inner] = 0;
  unit[walls.outer] = 0;
  const phiP = system.solve(new Float64Array(n + 1), unit);
  const pressureGradient = (flowPerRadian - volumeSum(grid, phiE)) / volumeSum(grid, phiP);
  const u = new Float64Array(n + 1);
  for (let j = 0; j <= n; j++) u[j] = phiE[j] + pressureGradient * phiP[j];
  const shear = (saved: SavedRow | undefined, radius: number): number =>
    saved ? -recoverWallSource(saved, u, -grid.volume[saved.node] * pressureGradient) / radius : 0;
  return {
    u,
    pressureGradient,
    wallShear: { inner: shear(savedInner, innerRadius(grid.shape)), outer: shear(savedOuter, outerRadius(grid.shape)) },
  };
}

export function fullyDevelopedFlow(grid: RadialGrid, problem: DevelopingFlowProblem, numerics: DevelopingFlowNumerics): FullyDevelopedFlow {
  const { density, viscosity } = problem.properties;
  const flow = derivedFlow(problem);
  const n = grid.cells;
  const system = new TridiagonalSystem(n + 1);
  const eddy = new Float64Array(n + 2);
  const diffusivity = new Float64Array(n + 2).fill(viscosity);
  const correction = new Float64Array(n + 2);
  let solution = solveFullyDevelopedMomentum(grid, diffusivity, correction, flow.flowPerRadian, system);
  let splitRadius = grid.shape.kind === 'annulus' ? radiusOfMaximum(grid, solution.u) : 0;
  let iterations = 1;
  let change = 0;
  const eddyOf = (state: MomentumSolve): Float64Array =>
    eddyViscosityAtFaces(
      {
        grid,
        density,
        kinematicViscosity: viscosity / density,
        u: state.u,
        wallShear: state.wallShear,
        splitRadius,
        roughness: problem.roughness,
        model: numerics.turbulence,
      },
      eddy,
    );
  if (problem.flowModel === 'turbulent') {
    const { tolerance, maxIterations, relaxation } = numerics.fullyDeveloped;
    let converged = false;
    for (; iterations <= maxIterations; iterations++) {
      eddyOf(solution);
      linearisedMomentumDiffusion(grid, viscosity, eddy, solution.u, diffusivity, correction);
      const next = solveFullyDevelopedMomentum(grid, diffusivity, correction, flow.flowPerRadian, system);
      let du = 0;
      for (let j = 0; j <= n; j++) du = Math.max(du, Math.abs(next.u[j] - solution.u[j]));
      change = Math.max(du / flow.meanVelocity, Math.abs(next.pressureGradient / solution.pressureGradient - 1));
      if (relaxation !== 1) {
        for (let j = 0; j <= n; j++) next.u[j] = solution.u[j] + relaxation * (next.u[j] - solution.u[j]);
        next.pressureGradient = solution.pressureGradient + relaxation * (next.pressureGradient - solution.pressureGradient);
        next.wallShear.inner = solution.wallShear.inner + relaxation * (next.wallShear.inner - solution.wallShear.inner);
        next.wallShear.outer = solution.wallShear.outer + relaxation * (next.wallShear.outer - solution.wallShear.outer);
      }
      solution = next;
      if (grid.shape.kind === 'annulus') splitRadius = radiusOfMaximum(grid, solution.u);
      if (change < tolerance) {
        converged = true;
        break;
      }
    }
    if (!converged) {
      throw new DivergedError(`the fully developed eddy-viscosity iteration did not converge in ${maxIterations} iterations (last change ${change.toExponential(2)})`, maxIterations, change);
    }
    eddyOf(solution);
  }
  const dh = hydraulicDiameter(grid.shape);
  return {
    u: solution.u,
    pressureGradient: solution.pressureGradient,
    wallShear: solution.wallShear,
    eddyViscosity: eddy,
    splitRadius,
    maxVelocity: maxValue(solution.u),
    frictionFactor: (-solution.pressureGradient * dh) / (0.5 * density * flow.meanVelocity * flow.meanVelocity),
    iterations,
    change,
  };
}

/** The energy-equation row of a wall (θ measured from `reference`), per radian. */
export function thermalWallRow(wall: WallThermal, radius: number, reference: number): WallRow {
  switch (wall.condition) {
    case 'adiabatic':
      return { kind: 'source', source: 0 };
    case 'temperature':
      return { kind: 'value', value: wall.temperature - reference };
    case 'heat_flux':
      return { kind: 'source', source: radius * wall.heatFlux };
  }
}

/** The walls that exist for the shape (a pipe has only the outer one). */
export function thermalWalls(problem: DevelopingFlowProblem): { inner?: WallThermal; outer: WallThermal } {
  return problem.shape.kind === 'annulus' ? { inner: problem.walls.inner, outer: problem.walls.outer } : { outer: problem.walls.outer };
}

export type FullyDevelopedHeatKind = 'none' | 'constant-heat-rate' | 'uniform-wall-temperature' | 'steady-conduction';

export interface WallNusselt {
  inner?: number;
  outer?: number;
  /** With the heat flux and wall temperature averaged over the non-adiabatic walls' perimeter. */
  overall?: number;
}

export interface FullyDevelopedHeat {
  kind: FullyDevelopedHeatKind;
  nusselt: WallNusselt;
  /** The profile shape: T_p (constant heat rate, from an arbitrary origin), θ (eigenmode, max 1), or T (steady). */
  profile: Float64Array;
  /** dT_b/dx of the constant-heat-rate state, K/m. */
  axialGradient?: number;
  /** Decay rate λ of T - T_w ∝ e^(-λx), 1/m. */
  decayRate?: number;
}

/** Effective conductance at the faces: r_f (k + c_p μ_t / Pr_t) / Δr_f. */
export function thermalConductances(grid: RadialGrid, problem: DevelopingFlowProblem, eddy: Float64Array, turbulentPrandtl: number, out: Float64Array): Float64Array {
  const { conductivity, specificHeat } = problem.properties;
  out[0] = 0;
  out[grid.cells + 1] = 0;
  for (let f = 1; f <= grid.cells; f++) out[f] = (grid.faceR[f] * (conductivity + (specificHeat * eddy[f]) / turbulentPrandtl)) / grid.faceSpacing[f];
  return out;
}

export interface WallHeat {
  /** Source S = r_w q_w entering the fluid through each existing wall, per radian (W/m per rad). */
  source: { inner?: number; outer: number };
  /** Wall temperatures (in the profile's own units). */
  temperature: { inner?: number; outer: number };
}

/** Nusselt numbers of the non-adiabatic walls from their sources, temperatures and the bulk value. */
export function wallNusselt(grid: RadialGrid, problem: DevelopingFlowProblem, walls: WallHeat, bulk: number): WallNusselt {
  const dh = hydraulicDiameter(grid.shape);
  const k = problem.properties.conductivity;
  const conditions = thermalWalls(problem);
  const ri = innerRadius(grid.shape);
  const ro = outerRadius(grid.shape);
  const result: WallNusselt = {};
  let sourceSum = 0;
  let perimeter = 0;
  let temperatureSum = 0;
  const add = (side: 'inner' | 'outer', radius: number, source: number, temperature: number): void => {
    result[side] = ((source / radius) * dh) / (k * (temperature - bulk));
    sourceSum += source;
    perimeter += radius;
    temperatureSum += radius * temperature;
  };
  if (conditions.inner && conditions.inner.condition !== 'adiabatic') add('inner', ri, walls.source.inner!, walls.temperature.inner!);
  if (conditions.outer.condition !== 'adiabatic') add('outer', ro, walls.source.outer, walls.temperature.outer);
  // Over both walls only where heat flows one way on balance (a wall heating while the other cools,
  // as in the steady-conduction state, has no meaningful overall value).
  const magnitude = Math.abs(walls.source.outer) + Math.abs(walls.source.inner ?? 0);
  if (perimeter > 0 && Math.abs(sourceSum) > 1e-6 * magnitude) result.overall = ((sourceSum / perimeter) * dh) / (k * (temperatureSum / perimeter - bulk));
  return result;
}

function bulkValue(grid: RadialGrid, weight: Float64Array, profile: Float64Array): number {
  let num = 0;
  let den = 0;
  for (let j = 0; j <= grid.cells; j++) {
    num += weight[j] * profile[j];
    den += weight[j];
  }
  return num / den;
}

/** Which far-downstream state the wall conditions lead to (see the header). */
export function fullyDevelopedHeatKind(problem: DevelopingFlowProblem): FullyDevelopedHeatKind {
  const walls = thermalWalls(problem);
  const list = walls.inner ? [walls.inner, walls.outer] : [walls.outer];
  const temperatures = list.flatMap((w) => (w.condition === 'temperature' ? [w.temperature] : []));
  const fluxes = list.flatMap((w) => (w.condition === 'heat_flux' ? [w.heatFlux] : []));
  if (temperatures.length === 0) return fluxes.some((q) => q !== 0) ? 'constant-heat-rate' : 'none';
  const uniform = temperatures.every((t) => t === temperatures[0]) && fluxes.every((q) => q === 0);
  return uniform ? 'uniform-wall-temperature' : 'steady-conduction';
}

export function fullyDevelopedHeat(grid: RadialGrid, problem: DevelopingFlowProblem, flow: FullyDevelopedFlow, numerics: DevelopingFlowNumerics): FullyDevelopedHeat {
  const kind = fullyDevelopedHeatKind(problem);
  const n = grid.cells;
  const profile = new Float64Array(n + 1);
  if (kind === 'none') return { kind, nusselt: {}, profile };
  const { density, specificHeat } = problem.properties;
  const conductance = thermalConductances(grid, problem, flow.eddyViscosity, numerics.turbulence.turbulentPrandtl, new Float64Array(n + 2));
  const weight = new Float64Array(n + 1); // ρ c_p u_j V_j
  for (let j = 0; j <= n; j++) weight[j] = density * specificHeat * flow.u[j] * grid.volume[j];
  const system = new TridiagonalSystem(n + 1);
  const zerosFaces = new Float64Array(n + 2);
  const zerosNodes = new Float64Array(n + 1);
  const conditions = thermalWalls(problem);
  const nodes = wallNodes(grid);
  const ri = innerRadius(grid.shape);
  const ro = outerRadius(grid.shape);
  const assemble = (history: Float64Array): void =>
    assembleTransport(system, grid, { capacity: zerosNodes, history, faceFlux: zerosFaces, faceConductance: conductance, nonConservative: false, scheme: 'central' });

  if (kind === 'constant-heat-rate') {
    const rows = {
      inner: conditions.inner ? thermalWallRow(conditions.inner, ri, 0) : undefined,
      outer: thermalWallRow(conditions.outer, ro, 0),
    };
    const sourceOf = (row: WallRow | undefined): number => (row && row.kind === 'source' ? row.source : 0);
    const totalSource = sourceOf(rows.inner) + sourceOf(rows.outer);
    const capacityFlow = weight.reduce((a, b) => a + b, 0);
    const gradient = totalSource / capacityFlow; // dT/dx: Σ W_j C = Σ S
    const history = new Float64Array(n + 1);
    for (let j = 0; j <= n; j++) history[j] = -weight[j] * gradient;
    assemble(history);
    if (rows.inner && nodes.inner !== undefined) applyWall(system, nodes.inner, rows.inner);
    applyWall(system, nodes.outer, rows.outer);
    // The Neumann problem is singular but consistent (Σ rows = 0 = Σ rhs): pin the axis/inner node.
    const pin = 0;
    system.lower[pin] = 0;
    system.upper[pin] = 0;
    system.diag[pin] = 1;
    system.rhs[pin] = 0;
    system.factor();
    system.solve(profile);
    const bulk = bulkValue(grid, weight, profile);
    const walls: WallHeat = {
      source: { ...(rows.inner ? { inner: sourceOf(rows.inner) } : {}), outer: sourceOf(rows.outer) },
      temperature: { ...(nodes.inner !== undefined ? { inner: profile[nodes.inner] } : {}), outer: profile[nodes.outer] },
    };
    return { kind, nusselt: wallNusselt(grid, problem, walls, bulk), profile, axialGradient: gradient };
  }

  if (kind === 'steady-conduction') {
    assemble(zerosNodes);
    const savedInner = conditions.inner && nodes.inner !== undefined ? applyWall(system, nodes.inner, thermalWallRow(conditions.inner, ri, 0)) : undefined;
    const savedOuter = applyWall(system, nodes.outer, thermalWallRow(conditions.outer, ro, 0));
    system.factor();
    system.solve(profile);
    const sourceAt = (saved: SavedRow | undefined, wall: WallThermal | undefined, radius: number): number =>
      saved ? recoverWallSource(saved, profile) : wall && wall.condition === 'heat_flux' ? radius * wall.heatFlux : 0;
    const walls: WallHeat = {
      source: { ...(conditions.inner ? { inner: sourceAt(savedInner, conditions.inner, ri) } : {}), outer: sourceAt(savedOuter, conditions.outer, ro) },
      temperature: { ...(nodes.inner !== undefined ? { inner: profile[nodes.inner] } : {}), outer: profile[nodes.outer] },
    };
    return { kind, nusselt: wallNusselt(grid, problem, walls, bulkValue(grid, weight, profile)), profile };
  }

  // Uniform wall temperature: inverse iteration for the smallest λ of K θ = λ W θ.
  assemble(zerosNodes);
  const homogeneous = (wall: WallThermal): WallRow => (wall.condition === 'temperature' ? { kind: 'value', value: 0 } : { kind: 'source', source: 0 });
  const savedInner = conditions.inner && nodes.inner !== undefined ? applyWall(system, nodes.inner, homogeneous(conditions.inner)) : undefined;
  const savedOuter = applyWall(system, nodes.outer, homogeneous(conditions.outer));
  system.factor();
  const rhs = new Float64Array(n + 1);
  profile.fill(1);
  let eigenvalue = 0;
  const { maxIterations, tolerance } = numerics.fullyDeveloped;
  let converged = false;
  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    for (let j = 0; j <= n; j++) rhs[j] = weight[j] * profile[j];
    if (savedInner) rhs[savedInner.node] = 0;
    if (savedOuter) rhs[savedOuter.node] = 0;
    const next = system.solve(new Float64Array(n + 1), rhs);
    let numerator = 0;
    let denominator = 0;
    for (let j = 0; j <= n; j++) {
      numerator += next[j] * rhs[j];
      denominator += next[j] * weight[j] * next[j];
    }
    const estimate = numerator / denominator; // Rayleigh quotient (θᵀKθ)/(θᵀWθ) of the new iterate
    const scale = 1 / maxValue(next);
    for (let j = 0; j <= n; j++) profile[j] = next[j] * scale;
    const settled = Math.abs(estimate - eigenvalue) <= tolerance * Math.abs(estimate);
    eigenvalue = estimate;
    if (settled && iteration > 2) {
      converged = true;
      break;
    }
  }
  if (!converged) throw new DivergedError(`the fully developed temperature eigenmode did not converge in ${maxIterations} inverse iterations`, maxIterations);
  // Wall sources from the wall rows of K θ = λ W θ (W = 0 at the walls, where u = 0).
  const walls: WallHeat = {
    source: {
      ...(conditions.inner ? { inner: savedInner ? recoverWallSource(savedInner, profile) : 0 } : {}),
      outer: savedOuter ? recoverWallSource(savedOuter, profile) : 0,
    },
    temperature: { ...(nodes.inner !== undefined ? { inner: profile[nodes.inner] } : {}), outer: profile[nodes.outer] },
  };
  // K θ = λ W θ with K the conduction operator per radian: ρ c_p u ∂θ/∂x = -λ ρ c_p u θ balances it.
  return { kind, nusselt: wallNusselt(grid, problem, walls, bulkValue(grid, weight, profile)), profile, decayRate: eigenvalue };
}
