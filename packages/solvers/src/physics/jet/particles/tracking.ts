// One-way coupled Lagrangian tracking of small spheres through the converged jet flow (the particles
// do not change the flow):
//
//   dv/dt = (u + u' − v) / τ_p + g,   τ_p = ρ_p d² C_c / (18 μ f(Re_p))     (drag.ts)
//
// integrated exactly over each step with the fluid velocity and τ_p frozen at the step's start
// (an exponential integrator, stable for any τ_p/Δt): with a = u + u' + g τ_p,
//   v₁ = a + (v₀ − a) e^(−Δt/τ_p),   x₁ = x₀ + a Δt + (v₀ − a) τ_p (1 − e^(−Δt/τ_p)),
// the step a tenth of the local cell crossing time (and of the time to close the gap to a wall). On a
// σ grid (terrain-grid.ts) the crossing time is across the cell's faces along their normals, so a cell
// lying along the ridge's sloped face is crossed in its wall-normal thickness, and the gap closes along
// the direction to the nearest wall point. Motion stays in the meridional (or cross) plane:
// a particle without swirl in an axisymmetric flow keeps its azimuth; the axis (mid-plane) reflects.
//
// Turbulent dispersion (optional): a discrete random walk (Gosman & Ioannides 1983): the particle
// sees u' = ζ √(2k/3) per in-plane component (ζ standard normal) for an eddy interaction time
// min(2 T_L, t_cross), T_L = 0.15 k/ε = 0.15 / (β* ω), t_cross = −τ_p ln(1 − L_e/(τ_p |u − v|)),
// L_e = C_μ^¾ k^{3/2}/ε. Checked: the eddy-interaction structure, u' from √(2k/3) and L_e with C_μ^¾
// are Gosman & Ioannides' as ANSYS CFX's theory guide (§6.2.6) and STAR-CCM+'s documentation
// ("Turbulent Dispersion") describe them; C_μ^¾ = 0.16432 is OpenFOAM's `cps` (OpenFOAM/OpenFOAM-dev,
// src/lagrangian/turbulence/submodels/Kinematic/DispersionModel/StochasticDispersionRAS/
// StochasticDispersionRAS.C: crossing time cps k^{3/2}/ε/|u_rel|). The lifetime is derived, not taken
// from a code: a velocity held for fixed intervals τ_e with variance σ² = 2k/3 per component spreads
// tracers with the diffusivity σ² τ_e / 2 (N independent steps u_i τ_e in t = N τ_e); τ_e = 2 T_L with
// T_L = 0.15 k/ε gives 0.1 k²/ε = ν_t / 0.9 (ν_t = C_μ k²/ε, C_μ = β* = 0.09): the walk spreads tracers
// as the flow model's eddy diffusivity at a turbulent Schmidt number 0.9 (0.15 = (3/2) C_μ / 0.9; the
// energy equation's Pr_t 0.85 would give 0.159). OpenFOAM takes min(k/ε, crossing) instead, a Schmidt
// number 0.27 (3.3 times our spread); not adopted, it disagrees with the flow's own mixing. Fluent
// exposes the constant as a setting. Seeded per particle (random.ts). A new eddy is
// drawn at the first step after the last one ended (the step is not cut to the eddy's life: next to
// a wall ω is so large that it would stall the particle).
//
// Walls: the plate and the ridge's faces (the polygon itself, not its staircase). At an impact the
// normal velocity reverses times the restitution coefficient e; the particle is captured when e = 0,
// when its rebound speed falls below 0.1 % of the jet velocity, or at its 20th impact. Every impact
// erodes the wall (Finnie, erosion.ts); captures make the deposition map. Particles leaving through
// the domain edge or back through the nozzle plane escape.
//
// Injection: `count` particles at the nozzle exit on equal-area strata of the nozzle (radius or
// half-width), at the fluid velocity, each carrying a share of the particle mass flow in proportion
// to the local velocity (the flux of a uniformly laden jet), so that the efficiencies are mass
// fractions: impaction efficiency = mass share that hits the target, capture = the share deposited.
//
// Each particle flies on its own (its start, its random stream), so a run given two threads flies
// every other particle on the flow's helper thread; each flight leaves a record, and the records are
// tallied in particle order, so one thread and two give the same bits (tally.ts, docs/adr/0051).

import type { RunContext } from '../../../run/context.js';
import { SST_CONSTANTS } from '../physics/sst.js';
import type { FlowSolver } from '../solver.js';
import type { FlowGrid } from '../grid/grid.js';
import { insidePolygon } from '../impinging-jet.js';
import { cunningham, responseTime, schillerNaumann, stokesNumber } from './drag.js';
import { finnieVolumePerMass } from './erosion.js';
import { FlightRecord, MAX_IMPACTS, RECORD, tallyFlights, type Tally } from './tally.js';
import { cellIndex } from '../../../numerics/cell-index.js';
import { SeededRandom } from '../../../numerics/random.js';
import { FieldSampler, type SamplePoint } from './sampler.js';
import type { ParticleResult, ParticleSplit, ParticleTrack, TrackingGeometry, TrackingSettings } from './types.js';

export type { ParticleResult, ParticleSplit, ParticleTrack, TrackingGeometry, TrackingSettings } from './types.js';

export const STANDARD_GRAVITY = 9.80665;
const STEP_FRACTION = 0.1;
export const MAX_STEPS = 200_000;
const STICK_SPEED_FRACTION = 1e-3;
/** Tracks kept for the result, and points per track. */
const SAMPLED_TRACKS = 20;
const POINTS_PER_TRACK = 200;

/** What every flight of one tracking shares (ParticleTracker.flight). */
interface Flight {
  settings: TrackingSettings;
  slip: number;
  /** Stokes-regime response time (s). */
  tau0: number;
  dispersion: boolean;
  stickSpeed: number;
  /** The release: x, each particle's y and its share of the particle mass flow. */
  x0: number;
  starts: Float64Array;
  shares: Float64Array;
  binEdges: number[];
}

/** Whether particle p of n is one of the sampled tracks (every n/20-th, the first 20). */
function sampledTrack(p: number, n: number): boolean {
  const every = Math.max(1, Math.floor(n / SAMPLED_TRACKS));
  return p % every === 0 && p / every < SAMPLED_TRACKS;
}

/** The part that flies particle p on two threads: the sampled tracks on the run's thread (0), the rest alternately. */
export function flightPart(p: number, n: number): number {
  return sampledTrack(p, n) ? 0 : p % 2;
}

interface Edge {
  ax: number;
  ay: number;
  bx: number;
  by: number;
}

export class ParticleTracker {
  private readonly sampler: FieldSampler;
  private readonly edges: Edge[] = [];
  private readonly ridgeBox: { xMin: number; yMax: number } | undefined;
  private readonly at: SamplePoint = { I: 0, wx: 0, wy: 0 };

  constructor(
    private readonly solver: FlowSolver,
    private readonly geometry: TrackingGeometry,
  ) {
    this.sampler = new FieldSampler(solver.grid);
    const ridge = geometry.ridge;
    if (ridge) {
      const H = geometry.plateX;
      for (const mirror of [1, -1]) {
        for (let k = 0; k < ridge.length; k++) {
          const [s0, z0] = ridge[k]!;
          const [s1, z1] = ridge[(k + 1) % ridge.length]!;
          if (z0 <= 0 && z1 <= 0) continue;
          this.edges.push({ ax: H - z0, ay: mirror * s0, bx: H - z1, by: mirror * s1 });
        }
      }
      this.ridgeBox = { xMin: H - Math.max(...ridge.map((q) => q[1])), yMax: Math.max(...ridge.map((q) => Math.abs(q[0]))) };
    }
  }

  private insideRidge(x: number, y: number): boolean {
    const ridge = this.geometry.ridge;
    if (!ridge) return false;
    const z = this.geometry.plateX - x;
    return insidePolygon(ridge, y, z) || insidePolygon(ridge, -y, z);
  }

  /**
   * Tracks `settings.count` particles; with `split`, the helper thread flies part 1's particles (every
   * other one but the sampled tracks) beside this thread's, into the shared records.
   */
  async track(settings: TrackingSettings, ctx?: RunContext, split?: ParticleSplit): Promise<ParticleResult> {
    const flight = this.flight(settings);
    const n = settings.count;
    const records = split?.records ?? new Float64Array(n * RECORD);
    const tracks: ParticleTrack[] = [];
    split?.post();
    try {
      for (let p = 0; p < n; p++) {
        if (split && flightPart(p, n) !== 0) continue;
        const path = sampledTrack(p, n) ? { x: [], y: [] } : undefined;
        const record = new FlightRecord(records, p);
        this.fly(p, flight, record, path);
        if (path) tracks.push({ ...thin(path), fate: record.fate });
        if (ctx) await ctx.checkpoint((p + 1) / n);
      }
    } finally {
      split?.join();
    }
    return this.result(settings, flight, tallyFlights(records, flight.shares, settings.massFlow, flight.binEdges.length - 1), tracks);
  }

  /** The helper's side of track(): flies part `part`'s particles into `records` (no sampled tracks). */
  trackPart(settings: TrackingSettings, records: Float64Array, part: number): void {
    const flight = this.flight(settings);
    for (let p = 0; p < settings.count; p++) if (flightPart(p, settings.count) === part) this.fly(p, flight, new FlightRecord(records, p));
  }

  /** What every flight of a tracking shares: the particle's constants, the release, the bins. */
  private flight(settings: TrackingSettings): Flight {
    const { solver, geometry, sampler, at } = this;
    const fluid = solver.flowCase.fluid;
    const grid = solver.grid;
    const slip = cunningham(settings.diameter, settings.freePath);
    const tau0 = responseTime({ particleDensity: settings.density, diameter: settings.diameter, slip, viscosity: fluid.viscosity });
    // Injection strata and their mass shares (still fluid at the nozzle: equal shares).
    const n = settings.count;
    const x0 = injectionPlane(grid);
    const starts = new Float64Array(n);
    const weights = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      const t = (k + 0.5) / n;
      starts[k] = geometry.nozzleHalfWidth * (geometry.axisymmetric ? Math.sqrt(t) : t);
      sampler.locate(x0, starts[k]!, at);
      weights[k] = Math.max(sampler.value(solver.u, at), 0);
    }
    if (!weights.some((w) => w > 0)) weights.fill(1);
    const totalWeight = weights.reduce((sum, w) => sum + w, 0);
    return {
      settings,
      slip,
      tau0,
      dispersion: settings.dispersion && solver.sst !== undefined,
      stickSpeed: STICK_SPEED_FRACTION * geometry.velocity,
      x0,
      starts,
      shares: weights.map((w) => w / totalWeight),
      // The bins are the columns: on a σ grid too its y-faces are exact lines y = const.
      binEdges: Array.from(grid.y.faces),
    };
  }

  // Long function: one particle's integration (eddies, drag, step size, wall hits, rebound) shares its state from step to step.
  /** Flies particle p from its release to its fate; `path` gets every fourth point. */
  private fly(p: number, flight: Flight, record: FlightRecord, path?: { x: number[]; y: number[] }): void {
    const { solver, geometry, sampler, at } = this;
    const { settings, tau0, dispersion, stickSpeed } = flight;
    const fluid = solver.flowCase.fluid;
    const grid = solver.grid;
    const sst = solver.sst;
    const towards: [number, number] = [1, 0];
    const massFlow = flight.shares[p]! * settings.massFlow;
    const random = new SeededRandom(settings.seed, p);
    let x = flight.x0;
    let y = flight.starts[p]!;
    path?.x.push(x);
    path?.y.push(y);
    sampler.locate(x, y, at);
    let vx = sampler.value(solver.u, at);
    let vy = sampler.value(solver.v, at);
    let eddyTime = 0;
    let ux = 0;
    let uy = 0;
    for (let step = 0; step < MAX_STEPS; step++) {
      sampler.locate(x, y, at);
      const u = sampler.value(solver.u, at);
      const v = sampler.value(solver.v, at);
      if (dispersion && eddyTime <= 0) {
        const k = Math.max(sampler.value(sst!.k, at), 0);
        const omega = Math.max(sampler.value(sst!.omega, at), 1e-30);
        const sigma = Math.sqrt((2 * k) / 3);
        ux = sigma * random.normal();
        uy = sigma * random.normal();
        const lifetime = (2 * 0.15) / (SST_CONSTANTS.betaStar * omega);
        const eddySize = (0.09 ** 0.75 * Math.sqrt(k)) / (SST_CONSTANTS.betaStar * omega);
        const slipSpeed = Math.hypot(u - vx, v - vy);
        const crossing = eddySize < tau0 * slipSpeed ? -tau0 * Math.log(1 - eddySize / (tau0 * slipSpeed)) : Number.POSITIVE_INFINITY;
        eddyTime = Math.min(lifetime, crossing);
      }
      const seenX = u + ux;
      const seenY = v + uy;
      const reynolds = (fluid.density * Math.hypot(seenX - vx, seenY - vy) * settings.diameter) / fluid.viscosity;
      const tau = settings.stokesDrag ? tau0 : tau0 / schillerNaumann(reynolds);
      const fraction = settings.stepFraction ?? STEP_FRACTION;
      let dt = fraction * sampler.crossingTime(at, vx, vy, seenX, seenY);
      // Within a cell of a wall the fluid velocity varies on the scale of the gap, not the cell:
      // the frozen-velocity step may close at most the step fraction of the gap. The approach is
      // along x on Cartesian grids (their numbers kept); on a σ grid, whose wall cells lie along the
      // ridge's sloped faces, it is towards the nearest wall point.
      const gap = this.wallGap(x, y, towards);
      const approach = grid.curvilinear ? Math.max(vx * towards[0] + vy * towards[1], seenX * towards[0] + seenY * towards[1], 0) : Math.max(vx, seenX, 0);
      if (gap < sampler.wallNormalSize(at) && approach > 0) dt = Math.min(dt, (fraction * Math.max(gap, 1e-9 * geometry.plateX)) / approach);
      const decay = Math.exp(-dt / tau);
      const ax = seenX + settings.gravity * tau;
      const ay = seenY;
      let nx = x + ax * dt + (vx - ax) * tau * (1 - decay);
      let ny = y + ay * dt + (vy - ay) * tau * (1 - decay);
      let nvx = ax + (vx - ax) * decay;
      let nvy = ay + (vy - ay) * decay;
      eddyTime -= dt;

      // Walls: the ridge's faces, then the plate.
      const hit = this.wallHit(x, y, nx, ny);
      if (hit) {
        const normalSpeed = nvx * hit.nx + nvy * hit.ny; // < 0: towards the wall
        const tangentialX = nvx - normalSpeed * hit.nx;
        const tangentialY = nvy - normalSpeed * hit.ny;
        const speed = Math.hypot(nvx, nvy);
        const angle = Math.atan2(Math.abs(normalSpeed), Math.hypot(tangentialX, tangentialY));
        const bin = cellIndex(flight.binEdges, Math.abs(hit.y));
        record.impact(bin, massFlow * finnieVolumePerMass({ speed, angle, flowStress: settings.flowStress }), speed, angle);
        const rebound = settings.restitution * Math.abs(normalSpeed);
        if (settings.restitution === 0 || rebound < stickSpeed || record.impacts >= MAX_IMPACTS) {
          record.capture(bin);
          x = hit.x;
          y = hit.y;
          break;
        }
        // Rebound from the impact point, a hair off the wall.
        nvx = tangentialX + rebound * hit.nx;
        nvy = tangentialY + rebound * hit.ny;
        const gap = 1e-9 * geometry.plateX;
        nx = hit.x + gap * hit.nx;
        ny = hit.y + gap * hit.ny;
        ux = uy = 0;
        eddyTime = 0;
      }
      if (ny < 0) {
        ny = -ny;
        nvy = -nvy;
        uy = -uy;
      }
      x = nx;
      y = ny;
      vx = nvx;
      vy = nvy;
      if (path && step % 4 === 0) {
        path.x.push(x);
        path.y.push(y);
      }
      // (The nozzle plane is flat, x = xFaces[0], on σ grids too.)
      if (x < grid.x.faces[0]! || y > geometry.edge) {
        record.escape();
        break;
      }
    }
    path?.x.push(x);
    path?.y.push(y);
  }

  /** The result of a tracking from its tally and its sampled tracks. */
  private result(settings: TrackingSettings, flight: Flight, tally: Tally, tracks: ParticleTrack[]): ParticleResult {
    const { geometry, solver } = this;
    const { binEdges } = flight;
    const bins = binEdges.length - 1;
    const area = (b: number): number => {
      const [a, c] = [binEdges[b]!, binEdges[b + 1]!];
      return geometry.axisymmetric ? Math.PI * (c * c - a * a) : c - a;
    };
    const deposition = Array.from(tally.depositionMass, (m, b) => m / area(b));
    const erosion = Array.from(tally.erodedVolume, (volume, b) => volume / area(b));
    const { impacted } = tally;
    return {
      stokesNumber: stokesNumber({ particleDensity: settings.density, diameter: settings.diameter, slip: flight.slip, viscosity: solver.flowCase.fluid.viscosity, velocity: geometry.velocity, nozzle: geometry.nozzle }),
      slip: flight.slip,
      responseTime: flight.tau0,
      count: settings.count,
      // (Sums of shares: round-off may pass 1 by an ulp.)
      impactionEfficiency: Math.min(1, impacted),
      captureEfficiency: Math.min(1, tally.captured),
      escapedFraction: Math.min(1, tally.escaped),
      lostFraction: Math.min(1, tally.lost),
      binEdges,
      binCentres: Array.from({ length: bins }, (_, b) => 0.5 * (binEdges[b]! + binEdges[b + 1]!)),
      deposition,
      erosion,
      maxErosionRate: erosion.reduce((m, e) => Math.max(m, e), 0),
      meanImpactSpeed: impacted > 0 ? tally.impactSpeed / impacted : 0,
      meanImpactAngle: impacted > 0 ? tally.impactAngle / impacted : 0,
      tracks,
      axisymmetric: geometry.axisymmetric,
    };
  }

  /** Distance to the plate, or to the ridge's faces when near them (m); `towards` gets the unit vector to the nearest wall point. */
  private wallGap(x: number, y: number, towards: [number, number]): number {
    let gap = this.geometry.plateX - x;
    towards[0] = 1;
    towards[1] = 0;
    const box = this.ridgeBox;
    if (box && x >= box.xMin - gap && Math.abs(y) <= box.yMax + gap) {
      for (const e of this.edges) {
        const sx = e.bx - e.ax;
        const sy = e.by - e.ay;
        const t = Math.min(1, Math.max(0, ((x - e.ax) * sx + (y - e.ay) * sy) / (sx * sx + sy * sy)));
        const [px, py] = [e.ax + t * sx - x, e.ay + t * sy - y];
        const distance = Math.hypot(px, py);
        if (distance < gap) {
          gap = distance;
          if (distance > 0) [towards[0], towards[1]] = [px / distance, py / distance];
        }
      }
    }
    return gap;
  }

  /** The first wall the step from (x0, y0) to (x1, y1) crosses: point and unit normal into the fluid. */
  private wallHit(x0: number, y0: number, x1: number, y1: number): { x: number; y: number; nx: number; ny: number } | undefined {
    let best: { t: number; x: number; y: number; nx: number; ny: number } | undefined;
    const box = this.ridgeBox;
    if (box && Math.max(x0, x1) >= box.xMin && Math.min(Math.abs(y0), Math.abs(y1)) <= box.yMax) {
      for (const e of this.edges) {
        const hit = segmentIntersection(x0, y0, x1, y1, e);
        if (hit && (!best || hit.t < best.t)) {
          // Normal of the edge, turned towards the start point.
          let nx = -(e.by - e.ay);
          let ny = e.bx - e.ax;
          const length = Math.hypot(nx, ny);
          nx /= length;
          ny /= length;
          if ((x0 - hit.x) * nx + (y0 - hit.y) * ny < 0) [nx, ny] = [-nx, -ny];
          best = { ...hit, nx, ny };
        }
      }
      if (!best && this.insideRidge(x1, y1)) best = { t: 1, x: x0, y: y0, nx: -1, ny: 0 };
    }
    const plate = this.geometry.plateX;
    if (x1 >= plate && x0 < plate) {
      const t = (plate - x0) / (x1 - x0);
      if (!best || t < best.t) best = { t, x: plate, y: y0 + t * (y1 - y0), nx: -1, ny: 0 };
    }
    return best;
  }
}

function segmentIntersection(x0: number, y0: number, x1: number, y1: number, e: Edge): { t: number; x: number; y: number } | undefined {
  const rx = x1 - x0;
  const ry = y1 - y0;
  const sx = e.bx - e.ax;
  const sy = e.by - e.ay;
  const denominator = rx * sy - ry * sx;
  if (denominator === 0) return undefined;
  const qx = e.ax - x0;
  const qy = e.ay - y0;
  const t = (qx * sy - qy * sx) / denominator;
  const u = (qx * ry - qy * rx) / denominator;
  if (t < 0 || t > 1 || u < 0 || u > 1) return undefined;
  return { t, x: x0 + t * rx, y: y0 + t * ry };
}

/**
 * The particles' start: half the first cell row from the nozzle plane (a flat xmin side), where that
 * row is thinnest on a σ grid (compressed over the ridge), so the start lies in the first row everywhere.
 */
function injectionPlane(grid: FlowGrid): number {
  if (!grid.mesh) return grid.x.node[1]!;
  const { cornerX } = grid.mesh;
  const C = grid.nx + 1;
  let row = Number.POSITIVE_INFINITY;
  for (let j = 0; j <= grid.ny; j++) row = Math.min(row, cornerX[1 + C * j]! - cornerX[C * j]!);
  return cornerX[0]! + 0.5 * row;
}

function thin(path: { x: number[]; y: number[] }): { x: number[]; y: number[] } {
  if (path.x.length <= POINTS_PER_TRACK) return path;
  const stride = (path.x.length - 1) / (POINTS_PER_TRACK - 1);
  const pick = (values: number[]): number[] => Array.from({ length: POINTS_PER_TRACK }, (_, k) => values[Math.round(k * stride)]!);
  return { x: pick(path.x), y: pick(path.y) };
}
