// The laminar planar stagnation-point (Hiemenz) flow case of the verification tests (hiemenz.test.ts on
// rectangles, curvilinear-flow.test.ts on sheared meshes), against the similarity solution computed by
// shooting (similarity.ts): wall shear τ_w = μ a x √(a/ν) f''(0), heat flux q_w = k (T_w − T_∞) √(a/ν) θ'(0),
// i.e. Nu_x/√Re_x = θ'(0).
// The domain is x ∈ [0, L] (symmetry plane at x = 0), y ∈ [0, 5√(ν/a)] above the wall; the top is an
// inlet with the similarity velocities and temperature, the side x = L an opening at the exact static
// pressure p = −½ρa²x² − ρaν(½f² + f'). The outflow there is zero-gradient (exact only as Re_L → ∞),
// so comparisons cover x ≤ 0.75 L.

import { gradedAxis, uniformAxis } from '../grid/axes.js';
import type { FlowCase } from '../case.js';
import { mappedMesh } from '../grid/grid.js';
import type { FlowSolution } from '../post/post.js';
import { hiemenz } from './similarity.js';

export const HIEMENZ = {
  prandtl: 0.7,
  density: 1,
  /** ν (m²/s) */
  nu: 0.01,
  /** a (1/s) */
  strain: 1,
  length: 1,
  wallTemperature: 400,
  freeTemperature: 300,
  specificHeat: 1000,
} as const;

const { prandtl, density, nu, strain, length: L, wallTemperature, freeTemperature, specificHeat } = HIEMENZ;
const MU = density * nu;
export const HIEMENZ_CONDUCTIVITY = (MU * specificHeat) / prandtl;
/** The boundary-layer length √(ν/a). */
export const HIEMENZ_SCALE = Math.sqrt(nu / strain);
export const HIEMENZ_HEIGHT = 5 * HIEMENZ_SCALE;
export const hiemenzSimilarity = hiemenz(prandtl);

export interface HiemenzGrid {
  xCells: number;
  yCells: number;
  /** Growth ratio of the rows away from the wall. */
  ratio: number;
  /** Moves the tensor grid's corners (curvilinear meshes); none: rectangles. */
  map?: (x: number, y: number) => readonly [number, number];
}

export function hiemenzCase(grid: HiemenzGrid = { xCells: 20, yCells: 32, ratio: 1.1 }): FlowCase {
  const similarity = hiemenzSimilarity;
  const f = (y: number): number => similarity.f(y / HIEMENZ_SCALE);
  const fp = (y: number): number => similarity.fPrime(y / HIEMENZ_SCALE);
  const xFaces = uniformAxis({ from: 0, to: L, cells: grid.xCells });
  const yFaces = gradedAxis({ from: 0, to: HIEMENZ_HEIGHT, cells: grid.yCells, ratio: grid.ratio });
  return {
    grid: { geometry: 'planar', xFaces, yFaces, ...(grid.map ? { mesh: mappedMesh(xFaces, yFaces, grid.map) } : {}) },
    fluid: { density, viscosity: MU, conductivity: HIEMENZ_CONDUCTIVITY, specificHeat },
    boundaries: {
      xmin: { kind: 'symmetry' },
      ymin: { kind: 'wall', thermal: { kind: 'temperature', value: wallTemperature } },
      ymax: {
        kind: 'inlet',
        velocity: { profile: 'custom', u: (x, y) => strain * x * fp(y), v: (_x, y) => -Math.sqrt(strain * nu) * f(y) },
        temperature: (_x, y) => wallTemperature + (freeTemperature - wallTemperature) * similarity.theta(y / HIEMENZ_SCALE),
      },
      xmax: { kind: 'opening', pressure: (x, y) => -0.5 * density * strain ** 2 * x * x - density * strain * nu * (0.5 * f(y) ** 2 + fp(y)), temperature: freeTemperature },
    },
    reference: { length: HIEMENZ_SCALE, velocity: strain * L, temperature: freeTemperature },
    numerics: { tolerance: 1e-6, maxIterations: 3000, relaxation: { velocity: 0.9 } },
  };
}

/** The wall faces within x ≤ 0.75 L with τ_w, q_w and Nu (referred to √(ν/a)) over the similarity values. */
export function hiemenzWallRatios(solution: FlowSolution): { x: number; shear: number; heatFlux: number; nusselt: number }[] {
  const similarity = hiemenzSimilarity;
  const wall = solution.walls.find((w) => w.side === 'ymin')!;
  const rows: { x: number; shear: number; heatFlux: number; nusselt: number }[] = [];
  for (let m = 0; m < wall.s.length; m++) {
    const x = wall.s[m]!;
    if (x > 0.75 * L) continue;
    const shear = MU * strain * x * Math.sqrt(strain / nu) * similarity.wallShear;
    const heatFlux = HIEMENZ_CONDUCTIVITY * (wallTemperature - freeTemperature) * Math.sqrt(strain / nu) * similarity.wallHeatFlux;
    rows.push({ x, shear: wall.shear[m]! / shear, heatFlux: wall.heatFlux[m]! / heatFlux, nusselt: wall.nusselt[m]! / similarity.wallHeatFlux });
  }
  return rows;
}
