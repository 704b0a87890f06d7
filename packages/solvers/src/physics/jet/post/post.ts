// Results of a flow solution: cell fields, along-wall profiles, and mass and energy balances.
//
// Wall quantities are the discrete fluxes the equations used (so they close the balances):
//   τ_w = μ u_t,P / δ          (tangential velocity of the first cell, positive along +s)
//   q_w = c_p Γ_T (T_w − T_P) / δ = k (T_w − T_P)/δ  into the fluid (μ_t = 0 at the wall)
// (on the obstacle's faces with the automatic treatment μ and k times the faces' factors, solid.ts)
//   Nu  = q_w L_ref / (k (T_w − T_ref)),   Cp = (p_w − p_ref) / (½ ρ U_ref²),   y⁺ = u_τ δ / ν
// with p_w the wall value linearly extrapolated from the first two cells.
// On a curvilinear grid (planar) δ is the normal distance n̂·(c_f − P) from the cell centroid to the
// face, u_t the velocity along the face's tangent t (the direction of increasing s), and the wall
// gradient carries the deferred non-orthogonal part the equations add (transport.ts), so that it is
// again the discrete flux:
//   ∂φ/∂n|_out = (φ_B − φ_P)/δ + ∇φ_P·T_out/|S|,   τ_w = −μ t·∂u/∂n|_out,   q_w = k ∂T/∂n|_out
// (T_out the face's non-orthogonal vector S − E with S outward; on rectangles T = 0 and δ = |d|).
// Balances (totals over 2π for axisymmetric grids, per metre of depth for planar ones):
//   mass    ṁ_in = Σ inflow,  ṁ_out = Σ outflow
//   energy  Ḣ = Σ_boundary c_p F (T_f − T_ref): entering fluid carries the inflow value, leaving fluid
//           the cell's; Q_wall = Σ q_w A; Q_boundary = conduction through the other fixed-T faces
//           (inlets); closes as Ḣ_in − Ḣ_out + Q_wall + Q_boundary = 0.

import { INLET, WALL, type BoundaryFaces } from '../physics/boundaries.js';
import type { FlowCase, Side } from '../case.js';
import type { FlowGrid } from '../grid/grid.js';
import type { ResidualReport } from '../residuals.js';
import type { SolidCells } from '../physics/solid.js';
import type { SstModel } from '../physics/sst.js';
import { cellGradient } from '../physics/transport.js';

/** What the post-processing reads of a finished flow solve (FlowSolver, solver.ts). */
export interface SolvedFlow {
  readonly flowCase: FlowCase;
  readonly grid: FlowGrid;
  readonly boundaries: BoundaryFaces;
  readonly coupling: { readonly p: Float64Array };
  readonly sst: SstModel | undefined;
  readonly solid: SolidCells | undefined;
  readonly turbulentPrandtl: number;
  readonly u: Float64Array;
  readonly v: Float64Array;
  readonly T: Float64Array;
  readonly muT: Float64Array;
  /** Mass fluxes through the x- and y-faces (kg/s per m, or per radian), positive along +x, +y. */
  readonly Fx: Float64Array;
  readonly Fy: Float64Array;
  readonly history: ResidualReport[];
  readonly iterations: number;
  readonly converged: boolean;
}

export interface WallProfile {
  /** The boundary side, or 'obstacle' for the faces of the blocked cells (solid.ts), sorted by y then x. */
  side: Side | 'obstacle';
  /** Face-centre coordinate along the side (m), and the face centres. */
  s: Float64Array;
  x: Float64Array;
  y: Float64Array;
  /** Face areas (m² per metre, or per radian). */
  area: Float64Array;
  /** Pa, along +s */
  shear: Float64Array;
  /** W/m² into the fluid */
  heatFlux: Float64Array;
  /** K */
  temperature: Float64Array;
  /** Pa */
  pressure: Float64Array;
  nusselt: Float64Array;
  pressureCoefficient: Float64Array;
  /** y⁺ of the first cell centre. */
  yPlus: Float64Array;
}

export interface FlowBalances {
  mass: { inflow: number; outflow: number; relativeImbalance: number };
  energy: {
    /** W: enthalpy flux (relative to T_ref) entering and leaving with the fluid. */
    inflow: number;
    outflow: number;
    /** W into the fluid through walls, and by conduction through other fixed-temperature faces. */
    wall: number;
    boundaryConduction: number;
    /** (Ḣ_in − Ḣ_out + Q_wall + Q_boundary) / max(|Ḣ_in − Ḣ_out|, |Q_wall|, |Q_boundary|). */
    relativeImbalance: number;
  };
}

export interface FlowFields {
  /** Cell values, x fastest (index i + nx·j); nx × ny. */
  u: Float64Array;
  v: Float64Array;
  p: Float64Array;
  T: Float64Array;
  speed: Float64Array;
  /** Turbulent kinematic viscosity ν_t (m²/s); zero when laminar. */
  nut: Float64Array;
  k?: Float64Array;
  omega?: Float64Array;
}

export interface FlowSolution {
  converged: boolean;
  iterations: number;
  geometry: 'planar' | 'axisymmetric';
  /**
   * Cell centres along x and y: a tensor grid's axes. On a curvilinear grid these are its reference
   * axes only (the σ grid's flat columns and rows), and `centroids` holds the cells' true positions.
   */
  xCentres: Float64Array;
  yCentres: Float64Array;
  /** The cell centroids (nx × ny, x fastest), on a curvilinear grid. */
  centroids?: { x: Float64Array; y: Float64Array };
  fields: FlowFields;
  walls: WallProfile[];
  /** 1 on cells inside the obstacle (nx × ny, x fastest), when the case has one. */
  solidMask?: Uint8Array;
  balances: FlowBalances;
  residualHistory: ResidualReport[];
}

export function flowSolution(solver: SolvedFlow): FlowSolution {
  const { grid } = solver;
  const cells = (field: Float64Array): Float64Array => grid.cells(field);
  const rho = solver.flowCase.fluid.density;
  const u = cells(solver.u);
  const v = cells(solver.v);
  const speed = new Float64Array(u.length);
  for (let c = 0; c < u.length; c++) speed[c] = Math.hypot(u[c]!, v[c]!);
  const nut = cells(solver.muT).map((mu) => mu / rho);
  const fields: FlowFields = { u, v, p: cells(solver.coupling.p), T: cells(solver.T), speed, nut };
  if (solver.sst) {
    fields.k = cells(solver.sst.k);
    fields.omega = cells(solver.sst.omega);
  }
  return {
    converged: solver.converged,
    iterations: solver.iterations,
    geometry: grid.geometry,
    xCentres: grid.x.node.slice(1, grid.nx + 1),
    yCentres: grid.y.node.slice(1, grid.ny + 1),
    ...(grid.curvilinear ? { centroids: { x: cells(grid.faces.nodeX), y: cells(grid.faces.nodeY) } } : {}),
    fields,
    walls: wallProfiles(solver),
    ...(solver.solid ? { solidMask: Uint8Array.from(grid.cells(Float64Array.from(solver.solid.mask))) } : {}),
    balances: balances(solver),
    residualHistory: solver.history,
  };
}

function wallProfiles(solver: SolvedFlow): WallProfile[] {
  const b = solver.boundaries;
  const { fluid, reference } = solver.flowCase;
  const p = solver.coupling.p;
  const pRef = reference.pressure ?? 0;
  const dynamic = 0.5 * fluid.density * reference.velocity ** 2;
  const nu = fluid.viscosity / fluid.density;
  const profiles: WallProfile[] = [];
  const solid = solver.solid;
  const curved = solver.grid.curvilinear ? new CurvilinearBoundary(solver) : undefined;
  /** Row m of a profile: the face, its wall values and the numbers derived from them. */
  const setRow = (profile: WallProfile, m: number, face: WallFace): void => {
    const difference = face.temperature - reference.temperature;
    profile.s[m] = face.s;
    profile.x[m] = face.x;
    profile.y[m] = face.y;
    profile.area[m] = face.area;
    profile.shear[m] = face.shear;
    profile.heatFlux[m] = face.heatFlux;
    profile.temperature[m] = face.temperature;
    profile.pressure[m] = face.pressure;
    profile.nusselt[m] = difference !== 0 ? (face.heatFlux * reference.length) / (fluid.conductivity * difference) : 0;
    profile.pressureCoefficient[m] = (face.pressure - pRef) / dynamic;
    profile.yPlus[m] = (Math.sqrt(Math.abs(face.shear) / fluid.density) * face.delta) / nu;
  };
  for (const side of ['xmin', 'xmax', 'ymin', 'ymax'] as const) {
    const faces: number[] = [];
    for (let f = 0; f < b.count; f++) if (b.side[f] === side && b.kind[f] === WALL && !solid?.mask[b.cell[f]!]) faces.push(f);
    if (faces.length === 0) continue;
    const profile = emptyProfile(side, faces.length);
    faces.forEach((f, m) => {
      const P = b.cell[f]!;
      const B = b.node[f]!;
      let delta: number, shear: number, heatFlux: number;
      if (curved) {
        delta = b.normalDistance[f]!;
        shear = curved.wallShear(f, fluid.viscosity);
        heatFlux = b.isHeatFluxWall(f) ? b.heatFlux[f]! : b.isTemperatureWall(f) ? fluid.conductivity * curved.outwardDerivative(f, 'T') : 0;
      } else {
        delta = b.distance[f]!;
        const tangential = b.axis[f] === 0 ? solver.v[P]! : solver.u[P]!;
        shear = (fluid.viscosity * tangential) / delta;
        heatFlux = b.isHeatFluxWall(f) ? b.heatFlux[f]! : b.isTemperatureWall(f) ? (fluid.conductivity * (solver.T[B]! - solver.T[P]!)) / delta : 0;
      }
      setRow(profile, m, { s: b.s[f]!, x: b.x[f]!, y: b.y[f]!, area: b.area[f]!, delta, shear, heatFlux, temperature: solver.T[B]!, pressure: b.extrapolate(f, p) });
    });
    profiles.push(profile);
  }
  if (solid && solid.count > 0) {
    const faces = Array.from({ length: solid.count }, (_, k) => k).sort((a, c) => solid.y[a]! - solid.y[c]! || solid.x[a]! - solid.x[c]!);
    const profile = emptyProfile('obstacle', faces.length);
    const wallTemperature = solid.temperature;
    faces.forEach((k, m) => {
      const P = solid.fluid[k]!;
      const delta = solid.distance[k]!;
      const tangential = solid.axis[k] === 0 ? solver.v[P]! : solver.u[P]!;
      const shear = (fluid.viscosity * solid.momentumFactor[k]! * tangential) / delta;
      const temperature = wallTemperature ?? solver.T[P]!;
      const heatFlux = wallTemperature === undefined ? 0 : (fluid.conductivity * solid.heatFactor[k]! * (wallTemperature - solver.T[P]!)) / delta;
      setRow(profile, m, { s: solid.y[k]!, x: solid.x[k]!, y: solid.y[k]!, area: solid.area[k]!, delta, shear, heatFlux, temperature, pressure: solid.extrapolate(k, p) });
    });
    profiles.push(profile);
  }
  return profiles;
}

/** One wall face as a profile row takes it: position, area, wall distance (m) and wall values. */
interface WallFace {
  s: number;
  x: number;
  y: number;
  area: number;
  delta: number;
  shear: number;
  heatFlux: number;
  temperature: number;
  pressure: number;
}

function emptyProfile(side: WallProfile['side'], n: number): WallProfile {
  const f = (): Float64Array => new Float64Array(n);
  return { side, s: f(), x: f(), y: f(), area: f(), shear: f(), heatFlux: f(), temperature: f(), pressure: f(), nusselt: f(), pressureCoefficient: f(), yPlus: f() };
}

function balances(solver: SolvedFlow): FlowBalances {
  const b = solver.boundaries;
  const { fluid, reference } = solver.flowCase;
  const circumference = solver.grid.circumference;
  const { Fx, Fy, T } = solver;
  const Tref = reference.temperature;
  let massIn = 0;
  let massOut = 0;
  let heatIn = 0;
  let heatOut = 0;
  let wall = 0;
  let conduction = 0;
  const solid = solver.solid;
  const curved = solver.grid.curvilinear ? new CurvilinearBoundary(solver) : undefined;
  for (let f = 0; f < b.count; f++) {
    const outward = b.outwardFlux(f, Fx, Fy);
    const P = b.cell[f]!;
    if (solid?.mask[P]) continue;
    const B = b.node[f]!;
    const kind = b.kind[f];
    if (outward < 0) {
      massIn -= outward;
      heatIn -= outward * fluid.specificHeat * (b.temperatureInflow[B]! - Tref);
    } else if (outward > 0) {
      massOut += outward;
      heatOut += outward * fluid.specificHeat * (T[P]! - Tref);
    }
    if (kind === WALL) {
      if (b.isHeatFluxWall(f)) wall += b.heatFlux[f]! * b.area[f]!;
      else if (b.isTemperatureWall(f)) wall += curved ? fluid.conductivity * curved.outwardDerivative(f, 'T') * b.area[f]! : (fluid.conductivity * (T[B]! - T[P]!) * b.area[f]!) / b.distance[f]!;
    } else if (kind === INLET && b.fixedT[B]) {
      const gamma = fluid.conductivity + (fluid.specificHeat * solver.muT[B]!) / solver.turbulentPrandtl;
      conduction += curved ? gamma * curved.outwardDerivative(f, 'T') * b.area[f]! : (gamma * (T[B]! - T[P]!) * b.area[f]!) / b.distance[f]!;
    }
  }
  if (solid && solid.temperature !== undefined) {
    for (let k = 0; k < solid.count; k++) wall += (fluid.conductivity * solid.heatFactor[k]! * (solid.temperature - T[solid.fluid[k]!]!) * solid.area[k]!) / solid.distance[k]!;
  }
  const net = heatIn - heatOut + wall + conduction;
  const scale = Math.max(Math.abs(heatIn - heatOut), Math.abs(wall), Math.abs(conduction), 1e-300);
  return {
    mass: { inflow: massIn * circumference, outflow: massOut * circumference, relativeImbalance: massIn > 0 ? (massIn - massOut) / massIn : 0 },
    energy: {
      inflow: heatIn * circumference,
      outflow: heatOut * circumference,
      wall: wall * circumference,
      boundaryConduction: conduction * circumference,
      relativeImbalance: net / scale,
    },
  };
}

/**
 * Wall-normal derivatives at the boundary faces of a curvilinear grid, as the discrete diffusion flux
 * of the equations (see the header): the implicit part over the normal distance plus the deferred
 * non-orthogonal part from the adjacent cell's gradient.
 */
class CurvilinearBoundary {
  private readonly grid: FlowGrid;
  private readonly fields: Record<'u' | 'v' | 'T', { phi: Float64Array; gx: Float64Array; gy: Float64Array }>;

  constructor(private readonly solver: SolvedFlow) {
    const grid = (this.grid = solver.grid);
    const gradient = (phi: Float64Array) => {
      const gx = new Float64Array(grid.size);
      const gy = new Float64Array(grid.size);
      cellGradient(grid, phi, gx, gy);
      return { phi, gx, gy };
    };
    this.fields = { u: gradient(solver.u), v: gradient(solver.v), T: gradient(solver.T) };
  }

  private set(f: number) {
    return this.solver.boundaries.axis[f] === 0 ? this.grid.faces.xFaces : this.grid.faces.yFaces;
  }

  /** ∂φ/∂n along the outward normal at face f. */
  outwardDerivative(f: number, name: 'u' | 'v' | 'T'): number {
    const b = this.solver.boundaries;
    const set = this.set(f);
    const I = b.face[f]!;
    const P = b.cell[f]!;
    const { phi, gx, gy } = this.fields[name];
    // S, hence T, points from the low node to the high one: b.outward turns it outward.
    return (phi[b.node[f]!]! - phi[P]!) / b.normalDistance[f]! + (b.outward[f]! * (gx[P]! * set.Tx[I]! + gy[P]! * set.Ty[I]!)) / set.area[I]!;
  }

  /** τ_w = μ ∂u_t/∂n into the fluid, with t along +s (increasing j on x-faces, increasing i on y-faces). */
  wallShear(f: number, viscosity: number): number {
    const set = this.set(f);
    const I = this.solver.boundaries.face[f]!;
    const [Sx, Sy, area] = [set.Sx[I]!, set.Sy[I]!, set.area[I]!];
    const [tx, ty] = this.solver.boundaries.axis[f] === 0 ? [-Sy / area, Sx / area] : [Sy / area, -Sx / area];
    return -viscosity * (tx * this.outwardDerivative(f, 'u') + ty * this.outwardDerivative(f, 'v'));
  }
}
