// A turbulent jet from a round (axisymmetric) or slot (planar) nozzle impinging on a flat plate, as
// a flow case: x runs along the jet axis from the nozzle exit (x = 0) to the plate (x = H), y is the
// radius (or the distance from the slot's mid-plane) out to the domain edge.
//
//   xmin  nozzle exit: inlet (fully developed turbulent profile, 1/7 power law, I and ℓ = 0.07 D)
//         for y ≤ D/2, an entrainment opening at ambient pressure and the jet temperature beyond
//   xmax  the plate: wall at the surface temperature
//   ymin  the jet axis (or mid-plane): symmetry
//   ymax  the domain edge: opening where the wall jet leaves
//
// The grid is graded to a wall cell of `wallCell` (y⁺ ≈ 1) at the plate, refined across the nozzle's
// shear layer at y = D/2, and coarsens geometrically elsewhere (growth ratio ≤ `ratio`).
//
// A ridge (planar only) is a polygon [s, z] on the plate (s across from the axis, z up), mirrored
// about the axis and represented by blocked cells (solid.ts). Between its top and the plate the axial
// cells are `steps` equal steps (graded down to the wall cell at the plate beside the ridge), and
// across its half-width the radial cells are split to the same number of steps (widths then grow by at
// most `ratio` per cell beyond it), so a sloped face is a staircase of `steps` steps whose first
// cells are a step high: the ridge's faces are not wall-resolved (first-cell y⁺ 9 / 6 / 3 at Re
// 23 000 and 32 / 64 / 128 steps; ≤ 2 would need about 256, beyond the run-time budgets; why they are
// not clustered, and what the faces' heat does with refinement: ridge-heat.test.ts), the plate beside it is. A ridge wider than the domain (a 180° apex) is a
// layer: its top is a flat wall graded like the plate.
//
// With `grid: 'terrain'` (the product's choice, model/flow-case.ts; docs/adr/0021) the ridge is instead
// part of the plate's wall on a terrain-following (σ) grid (terrain-grid.ts): the flat slot case's
// axial faces (the plate's wall grading, carried over the ridge) × the radial faces above with `steps`
// columns over the half-width, the polygon's vertices snapped onto column faces, and no blocked cells.
// The faces' first cells are then the plate's wall cell compressed by (H − z_s)/H (y⁺ ≈ 0.2–0.3 on the
// default ridge, against 3–13 on the staircase). Only a polygon whose mirrored surface is a graph with
// slopes ≤ 65° (apex ≥ 50°) has such a grid; any other keeps blocked cells, and the case says why (`ridgeGrid`).
// The wall carries the ridge's temperature over the ridge's arc length (the side's s is arc length on
// a curvilinear grid) and the plate's beyond it.
//
// Laminar jets (`laminar`) enter with the fully developed parabolic profile and no turbulence model.

import { joinAxes, reversedAxis, uniformAxis, type AxisFaces } from '../../thermal/mesh.js';
import type { BoundarySegment, FlowCase, FlowFluid, FlowNumerics, SideBoundary } from './case.js';
import type { WallTreatment } from './physics/solid.js';
import type { SstProduction } from './physics/sst.js';
import { planTerrainGrid, terrainCorners, type RidgeGraph, type TerrainPlan } from './grid/terrain-grid.js';

/** How a ridge is meshed: blocked cells on the tensor grid (a staircase), or a terrain-following (σ) grid. */
export type RidgeGrid = 'blocked' | 'terrain';

/** Which grid a ridge case was given: the σ grid, or blocked cells and why the σ grid was refused. */
export type RidgeGridChoice = { kind: 'terrain' } | { kind: 'blocked'; reason: string };

/** A flow case of impingingJetCase; `ridgeGrid` is set when a terrain grid was asked for. */
export type ImpingingJetFlowCase = FlowCase & { ridgeGrid?: RidgeGridChoice };

export interface ImpingingJetOptions {
  nozzle: 'round' | 'slot';
  /** Nozzle diameter, or slot width (m). */
  diameter: number;
  /** Nozzle-to-plate distance H (m). */
  distance: number;
  /** Domain edge, from the axis (m). */
  domainRadius: number;
  reynoldsNumber: number;
  fluid: FlowFluid;
  /** K */
  jetTemperature: number;
  surfaceTemperature: number;
  /** Turbulence intensity of the jet (default 0.16 Re^(−1/8), fully developed pipe flow). */
  intensity?: number;
  /** Mesh: wall cell height, the largest cell and the growth ratio, all relative to D (defaults 5e-4, 0.15, 1.12). */
  mesh?: { wallCell?: number; shearLayerCell?: number; largestCell?: number; ratio?: number };
  numerics?: FlowCase['numerics'];
  /** SST production term (default 'strain'). */
  production?: SstProduction;
  /** Laminar flow: parabolic inlet profile, no turbulence model. */
  laminar?: boolean;
  /** Wilcox's vortex-stretching factor on β (sst.ts; acts in round jets only). Default false. */
  vortexStretching?: boolean;
  /**
   * A ridge on the plate (planar cases): its polygon, staircase steps (default 32; on a terrain grid the
   * columns over the half-width), surface temperature (default the plate's), its faces' wall treatment
   * (solid.ts, blocked cells only; default 'resolved') and its grid (default 'blocked').
   */
  ridge?: { polygon: readonly (readonly [number, number])[]; steps?: number; temperature?: number; wallTreatment?: WallTreatment; grid?: RidgeGrid };
}

/** Whether (s, z) lies inside the polygon (even-odd rule). */
export function insidePolygon(polygon: readonly (readonly [number, number])[], s: number, z: number): boolean {
  let inside = false;
  for (let k = 0, m = polygon.length - 1; k < polygon.length; m = k++) {
    const [sk, zk] = polygon[k]!;
    const [sm, zm] = polygon[m]!;
    if (zk > z !== zm > z && s < ((sm - sk) * (z - zk)) / (zm - zk) + sk) inside = !inside;
  }
  return inside;
}

/** Splits the cells of an axis so that no cell is wider than maxWidth(its centre). */
function refineAxis(faces: ArrayLike<number>, maxWidth: (at: number) => number): Float64Array {
  const out = [faces[0]!];
  for (let f = 1; f < faces.length; f++) {
    const [a, b] = [faces[f - 1]!, faces[f]!];
    const n = Math.max(1, Math.ceil((b - a) / maxWidth(0.5 * (a + b)) - 1e-9));
    for (let k = 1; k <= n; k++) out.push(a + ((b - a) * k) / n);
  }
  return Float64Array.from(out);
}

/**
 * Faces from `from` to `to` starting with cells of `first` at `from` that grow by `ratio` up to
 * `largest` and then stay that wide; the last cell absorbs the remainder (between ½ and 1½ widths).
 */
export function growingAxis(options: { from: number; to: number; first: number; ratio: number; largest: number }): AxisFaces {
  const { from, to, first, ratio, largest } = options;
  const faces = [from];
  let width = first;
  while (faces[faces.length - 1]! + width < to - 0.5 * width) {
    faces.push(faces[faces.length - 1]! + width);
    width = Math.min(width * ratio, largest);
  }
  faces.push(to);
  return Float64Array.from(faces);
}

/**
 * Under-relaxation of the product's jets. A turbulent jet on the flat plate or on a terrain (σ) grid
 * takes 0.9 on velocity and 0.8 on k and ω: the slowest part of the iteration is the entrainment of
 * the slow outer flow (the default ridge's last momentum residual sits at r > 1.5 D, by the nozzle
 * plane), which a larger pseudo-time step reaches sooner. With the sweeps below, against 0.7 / 0.7
 * and the solver's sweeps, same tolerance: the default ridge takes 954 iterations instead of 1 267
 * (971 with the p′ tolerance below),
 * the flat default 772 instead of 1 079, the fine round jet 710 instead of 1 670, and ten turbulent
 * cases (round and slot, H/D 2–6, Re 5 000–70 000, ridges of 50° and 120° apex, coarse to fine)
 * 12–58 % fewer, every one converged, the summaries the same to the tolerance (Nu₀ within 2·10⁻⁶
 * relative). A terrain grid's x-faces are non-orthogonal up to the faces' slope (45° on the default
 * ridge); without the pressure correction's non-orthogonal corrector (coupling.ts) the ridges
 * diverged at 0.7 and needed 0.4.
 * Laminar jets and ridges on blocked cells keep 0.7: a laminar Re 800 ridge stalls 20× higher at 0.8
 * than at 0.7 (docs/physics/jet.md, Numerics).
 */
const TURBULENT_RELAXATION = { velocity: 0.9, turbulence: 0.8 };
const CAUTIOUS_RELAXATION = { velocity: 0.7, turbulence: 0.7 };

/**
 * Alternating line-TDMA sweeps a phase: one for energy and one for k and ω (the solver's default is 3
 * and 2), two for momentum. The outer iterations hardly depend on the energy and turbulence sweeps and
 * each sweep is a pass over the lines: at 0.9 / 0.8 the default ridge took 949 iterations with 3 / 2,
 * 954 with 1 / 1; a laminar Re 800 ridge at 0.7, 645 with either. One momentum sweep (964 iterations on
 * the default ridge, CPU × 0.91) left the x-momentum residual of the coarse round jet at H/D 2
 * (verification/round-jet-verification.ts) stalled at 1.1·10⁻⁵, above the tolerance, and took a laminar
 * ridge from 645 to 877 iterations.
 */
const JET_SWEEPS = { momentum: 2, energy: 1, turbulence: 1 };

/**
 * The pressure correction's relative tolerance (the solver's default is 0.05): p′ only has to be good
 * enough for the next outer iteration. At 0.1 the default ridge took 971 iterations against 954, in
 * 0.87–0.88 of the CPU time (two A/B pairs); the coarse round jet (verification) 523 against 522, a
 * laminar Re 800 ridge 658 against 645, a laminar Re 1 000 round jet 776 against 773.
 */
const JET_PRESSURE_TOLERANCE = 0.1;

/**
 * The plate's wall on a terrain grid's xmax side, whose s is the arc length from the axis: the ridge's
 * temperature where the surface is raised, the plate's elsewhere (one condition when they are equal).
 */
function terrainWall(graph: RidgeGraph, plate: number, ridge: number): SideBoundary {
  const wall = (value: number) => ({ kind: 'wall', thermal: { kind: 'temperature', value } }) as const;
  if (ridge === plate) return wall(plate);
  const segments: BoundarySegment[] = [];
  let [from, to, raisedBefore] = [0, 0, graph.z[0]! > 0 || graph.z[1]! > 0];
  for (let m = 0; m + 1 < graph.s.length; m++) {
    const raised = graph.z[m]! > 0 || graph.z[m + 1]! > 0;
    if (raised !== raisedBefore) {
      segments.push({ from, to, condition: wall(raisedBefore ? ridge : plate) });
      [from, raisedBefore] = [to, raised];
    }
    to += Math.hypot(graph.s[m + 1]! - graph.s[m]!, graph.z[m + 1]! - graph.z[m]!);
  }
  segments.push({ from, to, condition: wall(raisedBefore ? ridge : plate) });
  return segments;
}

/**
 * The grid of a case, decided without its O(cells) geometry (the σ grid's corners and faces): the
 * axial and radial faces, and on a ridge which grid it gets. The case and the estimate's work plan share it.
 */
export interface ImpingingJetGridPlan {
  /** The flow grid's x- and y-faces (on a σ grid: the flat grid's axial faces and the snapped columns). */
  xFaces: AxisFaces;
  yFaces: AxisFaces;
  terrain?: TerrainPlan;
  ridgeGrid?: RidgeGridChoice;
}

export function planImpingingJetGrid(options: ImpingingJetOptions): ImpingingJetGridPlan {
  const { diameter: D, distance: H, domainRadius: R } = options;
  const wallCell = (options.mesh?.wallCell ?? 5e-4) * D;
  const shearCell = (options.mesh?.shearLayerCell ?? 0.02) * D;
  const largest = (options.mesh?.largestCell ?? 0.15) * D;
  const ratio = options.mesh?.ratio ?? 1.12;
  const ridge = options.ridge;
  if (ridge && options.nozzle !== 'slot') throw new RangeError('impingingJetCase: a ridge needs the planar (slot) geometry');
  const ridgeHeight = ridge ? Math.max(...ridge.polygon.map((q) => q[1])) : 0;
  const ridgeHalfWidth = ridge ? Math.max(...ridge.polygon.map((q) => Math.abs(q[0]))) : 0;
  const steps = ridge?.steps ?? 32;
  const top = H - ridgeHeight;
  const layer = ridge !== undefined && ridgeHalfWidth >= R;
  const stepHeight = ridgeHeight / steps;
  // Axial: fine at the plate (or a layer's top), growing towards the nozzle. Through a ridge: steps
  // of equal height, graded down to the wall cell at the plate beside it, and the gap above starts
  // from a step's height (a jump from the wall cell to a step would stall the iteration).
  const axialTo = (to: number, first: number): AxisFaces => reversedAxis(growingAxis({ from: 0, to, first, ratio, largest: Math.min(largest, 0.08 * D) }), to / 2);
  let axial: AxisFaces;
  if (!ridge) axial = axialTo(H, wallCell);
  else if (layer) axial = joinAxes(axialTo(top, wallCell), uniformAxis({ from: top, to: H, cells: steps }));
  else axial = joinAxes(axialTo(top, stepHeight), reversedAxis(growingAxis({ from: top, to: H, first: wallCell, ratio, largest: stepHeight }), (top + H) / 2));
  // Radial: uniform across the shear layer around D/2, growing towards the axis and the edge.
  const lip = D / 2;
  const band = 0.15 * D;
  const inner = reversedAxis(growingAxis({ from: 0, to: lip - band, first: shearCell, ratio, largest: 0.05 * D }), (lip - band) / 2);
  // An even number of cells puts a face on the nozzle lip.
  const shear = uniformAxis({ from: lip - band, to: lip + band, cells: 2 * Math.max(1, Math.round(band / shearCell)) });
  const outer = growingAxis({ from: lip + band, to: R, first: shearCell, ratio, largest });
  const jetRadial = joinAxes(inner, shear, outer);
  const stepWidth = Math.min(ridgeHalfWidth / steps, shearCell);
  const radial =
    ridge && !layer ? refineAxis(jetRadial, (y) => (y <= ridgeHalfWidth ? stepWidth : stepWidth + (ratio - 1) * (y - ridgeHalfWidth))) : jetRadial;

  // The σ grid, when asked for and the polygon has one: the flat case's axial faces over these columns.
  const flatAxial = ridge?.grid === 'terrain' ? axialTo(H, wallCell) : axial;
  let terrain: TerrainPlan | undefined;
  let ridgeGrid: RidgeGridChoice | undefined;
  if (ridge?.grid === 'terrain') {
    let built: ReturnType<typeof planTerrainGrid>;
    try {
      built = planTerrainGrid({ axialFaces: flatAxial, columnFaces: radial, polygon: ridge.polygon });
    } catch (error) {
      // Columns too coarse for the polygon's vertices: blocked cells, like a polygon that is no graph.
      built = { kind: 'not-graph', reason: (error as Error).message };
    }
    if (built.kind === 'plan') {
      if ((ridge.wallTreatment ?? 'resolved') !== 'resolved') throw new RangeError("impingingJetCase: on a terrain grid the ridge's faces are the plate's wall, which is wall-resolved");
      terrain = built;
      ridgeGrid = { kind: 'terrain' };
    } else ridgeGrid = { kind: 'blocked', reason: built.reason };
  }

  if (terrain) return { xFaces: flatAxial, yFaces: terrain.columns, terrain, ridgeGrid: ridgeGrid! };
  return { xFaces: axial, yFaces: radial, ...(ridgeGrid ? { ridgeGrid } : {}) };
}

/** The outer iterations a case may take before it stops unconverged (its work plan's steps). */
export const MAX_OUTER_ITERATIONS = 6000;

export function impingingJetCase(options: ImpingingJetOptions): ImpingingJetFlowCase {
  const { diameter: D, distance: H, domainRadius: R, fluid } = options;
  const velocity = (options.reynoldsNumber * fluid.viscosity) / (fluid.density * D);
  const intensity = options.intensity ?? 0.16 * options.reynoldsNumber ** -0.125;
  const ridge = options.ridge;
  const lip = D / 2;
  const { xFaces, yFaces, terrain, ridgeGrid } = planImpingingJetGrid(options);

  const cautious = options.laminar === true || (ridge !== undefined && !terrain);
  const numerics: FlowCase['numerics'] = {
    tolerance: 1e-5,
    maxIterations: MAX_OUTER_ITERATIONS,
    relaxation: (cautious ? CAUTIOUS_RELAXATION : TURBULENT_RELAXATION) satisfies Partial<FlowNumerics['relaxation']>,
    sweeps: JET_SWEEPS,
    pressureSolver: { tolerance: JET_PRESSURE_TOLERANCE },
    ...options.numerics,
  };
  const plate = { kind: 'wall', thermal: { kind: 'temperature', value: options.surfaceTemperature } } as const;
  return {
    grid: terrain
      ? { geometry: 'planar', xFaces, yFaces, mesh: terrainCorners(terrain) }
      : { geometry: options.nozzle === 'round' ? 'axisymmetric' : 'planar', xFaces, yFaces },
    fluid,
    boundaries: {
      xmin: [
        {
          from: 0,
          to: lip,
          condition: {
            kind: 'inlet',
            velocity: options.laminar ? { profile: 'parabolic', mean: velocity, peakAt: 'from' } : { profile: 'power-law', mean: velocity, exponent: 7, peakAt: 'from' },
            temperature: options.jetTemperature,
            turbulence: { intensity, lengthScale: 0.07 * D },
          },
        },
        { from: lip, to: R, condition: { kind: 'opening', pressure: 0, temperature: options.jetTemperature } },
      ],
      xmax: terrain ? terrainWall(terrain.graph, options.surfaceTemperature, ridge!.temperature ?? options.surfaceTemperature) : plate,
      ymin: { kind: 'symmetry' },
      ymax: { kind: 'opening', pressure: 0, temperature: options.jetTemperature },
    },
    turbulence: options.laminar ? { model: 'laminar' } : { model: 'sst', production: options.production ?? 'strain', vortexStretching: options.vortexStretching ?? false },
    ...(ridge && !terrain
      ? {
          obstacle: {
            contains: (x: number, y: number) => insidePolygon(ridge.polygon, y, H - x) || insidePolygon(ridge.polygon, -y, H - x),
            temperature: ridge.temperature ?? options.surfaceTemperature,
            wallTreatment: ridge.wallTreatment ?? 'resolved',
          },
        }
      : {}),
    reference: { length: D, velocity, temperature: options.jetTemperature, pressure: 0 },
    numerics,
    ...(ridgeGrid ? { ridgeGrid } : {}),
  };
}
