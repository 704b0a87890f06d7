// The automatic (all-y⁺) treatment of immersed faces (solid.ts, wall-laws.ts) in fully developed
// channel flow at Re_m 20 000 (k-ω SST): the wall is the top of a layer of blocked cells, the first
// fluid cell's height is varied (its centre at y⁺ 0.5 … 41), and the friction is
// compared with Dean's correlation C_f = 0.073 Re_m^(−1/4) within 5 % (as sst-duct.test.ts: the
// correlation scatters by a few per cent). Measured C_f/Dean (first-cell y⁺ 0.5 / 1.5 / 3 / 5.6 / 16 / 41):
//   automatic   0.928 / 0.884 / 0.885 / 1.023 / 0.984 / 0.972
//   resolved    0.972 / 0.998 / 1.137 / 1.534 / 1.031 / 0.431
// so it does what it is for where the first cell is in the buffer or log layer (y⁺ ≳ 5), and it has
// the blended treatments' dip of about −12 % where the first cell is at y⁺ 1.5-3: there the linear
// laws hold but ω fixed at P to 6ν/(β₁δ²) (OpenFOAM's omegaWallFunction) leaves more ω in the next,
// coarse cells than Menter's face value does (scaling that ω_vis by 0.5 or 2 moves the dip, it does
// not remove it: 0.97 / 1.12 / 1.22 at y⁺ 1.5 / 3 / 6, and 0.83 / 0.78 / 0.81). At y⁺ 0.5 it is 4.5 %
// below the resolved treatment (the same ω at the cell centre: boundaries.ts's −7 % at y⁺ 0.6).
//
// Heat: the same channel 120 half-heights long (40 cells), the wall at 310 K, the
// inlet at 300 K (velocity recycled, so fully developed throughout), Pr 0.71; Nu_Dh at the last cell
// (30 D_h; it changes by < 0.1 % from 88 half-heights on) against Gnielinski's correlation with the
// channel's friction factor, 99.2 (Gnielinski 1976, "New equations for heat and mass transfer in pipe
// and channel flow"; stated accuracy ±10 %, Dittus–Boelter's ±25 %: novasolver.jp, "Gnielinski
// correlation"). Measured Nu/Gnielinski (first-cell y⁺ 0.5 / 1.5 / 3 / 5.6 / 16 / 41):
//   automatic   0.978 / 0.930 / 0.930 / 1.104 / 1.054 / 1.025
//   resolved    1.018 / 1.041 / 1.170 / —     / 1.261 / 0.532   (— : not converged at 6 000
//                                                                 iterations, Nu 137-146 along x)
// (resolved at the coarsest, y⁺ 27: the first cell's linear law, q ≈ k (T_w − T_b)/δ, Nu ≈ 4/δ.)
// So Kader's law carries the heat where the first cell is in the log layer (y⁺ 16, 41: asserted);
// in the buffer layer (y⁺ 5.6) it is +10.4 %, just outside ±10 % (not asserted), and it shares the
// friction's dip at y⁺ 1.5-3 (−7 %).

import { describe, expect, it } from 'vitest';
import { solveFlow, uniformAxis, type FlowSolution, type WallTreatment } from '../index.js';

const RE = 20_000;
const U = 1;
const MU = (2 * U) / RE;
const CP = 1000;
const T_IN = 300;
const T_WALL = 310;
const PRANDTL = 0.71;
/** Dean's C_f = 0.073 Re_m^(−1/4). */
const DEAN_CF = 0.073 * RE ** -0.25;
/**
 * Gnielinski: Nu = (f/8)(Re − 1000) Pr / (1 + 12.7 √(f/8) (Pr^⅔ − 1)) at Re_Dh = 2 Re_m = 40 000 with
 * the channel's Darcy friction factor f = 4 C_f (Dean's): 99.2. (With the pipe's Petukhov
 * f = (0.790 ln Re − 1.64)⁻², 10 % below the channel's, it is 88.4; Dittus–Boelter 0.023 Re^0.8 Pr^0.4: 96.4.)
 */
const REYNOLDS_DH = 2 * RE;
const GNIELINSKI_NU = ((4 * DEAN_CF) / 8) * (REYNOLDS_DH - 1000) * PRANDTL / (1 + 12.7 * Math.sqrt((4 * DEAN_CF) / 8) * (PRANDTL ** (2 / 3) - 1));
/** Gnielinski's stated accuracy against measurements: ±10 %. */
const GNIELINSKI_ACCURACY = 0.1;

interface ChannelOptions {
  /** Channel length (half-heights) and its uniform cells along x. */
  length: number;
  cells: number;
  conductivity: number;
  /** The wall's temperature (K); adiabatic when absent. */
  wallTemperature?: number;
}

/** y-faces of the channel: two blocked cells, the first cell `first` high, then ×1.1 up to 0.05, to the symmetry plane at 1. */
function channelFaces(first: number): number[] {
  const faces = [-2 * first, -first, 0];
  for (let width = first; faces[faces.length - 1]! + width < 1 - 0.5 * width; width = Math.min(width * 1.1, 0.05)) faces.push(faces[faces.length - 1]! + width);
  faces.push(1);
  return faces;
}

/** The channel (half-height 1, wall on a blocked layer) with the first cell `first` high. */
async function solveChannel(first: number, wallTreatment: WallTreatment, options: ChannelOptions): Promise<FlowSolution> {
  const faces = channelFaces(first);
  const solution = await solveFlow({
    grid: { geometry: 'planar', xFaces: uniformAxis({ from: 0, to: options.length, cells: options.cells }), yFaces: Float64Array.from(faces) },
    fluid: { density: 1, viscosity: MU, conductivity: options.conductivity, specificHeat: CP },
    boundaries: {
      xmin: [
        { from: -1, to: 0, condition: { kind: 'wall' } },
        { from: 0, to: 1, condition: { kind: 'inlet', velocity: { profile: 'recycled', mean: U }, temperature: T_IN } },
      ],
      xmax: [
        { from: -1, to: 0, condition: { kind: 'wall' } },
        { from: 0, to: 1, condition: { kind: 'outlet' } },
      ],
      ymin: { kind: 'wall' },
      ymax: { kind: 'symmetry' },
    },
    obstacle: { contains: (_x, y) => y < 0, wallTreatment, ...(options.wallTemperature !== undefined ? { temperature: options.wallTemperature } : {}) },
    turbulence: { model: 'sst' },
    reference: { length: 2, velocity: U, temperature: T_IN },
    numerics: { tolerance: 1e-6, maxIterations: 4000, relaxation: { velocity: 0.9, turbulence: 0.9 } },
  });
  expect(solution.converged).toBe(true);
  return solution;
}

/** C_f over Dean's of the channel with the first cell `first` high. */
async function channelFriction(first: number, wallTreatment: WallTreatment): Promise<{ ratio: number; yPlus: number }> {
  const solution = await solveChannel(first, wallTreatment, { length: 0.3, cells: 3, conductivity: 0.025 });
  const wall = solution.walls.find((w) => w.side === 'obstacle')!;
  const shear = wall.shear.reduce((sum, tau) => sum + Math.abs(tau), 0) / wall.shear.length;
  return { ratio: shear / (0.5 * U * U) / DEAN_CF, yPlus: Math.max(...wall.yPlus) };
}

/**
 * Nu_Dh (D_h = 4 half-heights) of the heated channel at its last cell, 118.5 half-heights (30 D_h)
 * from a uniform inlet temperature, over Gnielinski's with the channel's friction factor; and its y⁺.
 */
async function channelNusselt(first: number, wallTreatment: WallTreatment): Promise<{ ratio: number; yPlus: number }> {
  const conductivity = (MU * CP) / PRANDTL;
  const solution = await solveChannel(first, wallTreatment, { length: 120, cells: 40, conductivity, wallTemperature: T_WALL });
  const wall = solution.walls.find((w) => w.side === 'obstacle')!;
  const { xCentres, fields } = solution;
  const last = xCentres.length - 1;
  const m = wall.x.reduce((best, x, k) => (Math.abs(x - xCentres[last]!) < Math.abs(wall.x[best]! - xCentres[last]!) ? k : best), 0);
  // Bulk (mixing-cup) temperature over the fluid cells of the last column (cells j ≥ 2 lie above the wall).
  const faces = channelFaces(first);
  let flux = 0;
  let enthalpy = 0;
  for (let j = 2; j + 1 < faces.length; j++) {
    const c = last + xCentres.length * j;
    const height = faces[j + 1]! - faces[j]!;
    flux += fields.u[c]! * height;
    enthalpy += fields.u[c]! * fields.T[c]! * height;
  }
  const nusselt = (wall.heatFlux[m]! * 4) / (conductivity * (T_WALL - enthalpy / flux));
  return { ratio: nusselt / GNIELINSKI_NU, yPlus: Math.max(...wall.yPlus) };
}

describe('automatic wall treatment of immersed faces, channel at Re 20 000', () => {
  it('friction within 5 % of Dean with the first cell in the buffer or log layer (y⁺ 5.6, 16, 41)', async () => {
    for (const [first, yPlus] of [
      [0.02, 5.6],
      [0.06, 16],
      [0.15, 41],
    ] as const) {
      const automatic = await channelFriction(first, 'automatic');
      expect(automatic.yPlus).toBeCloseTo(yPlus, 0);
      expect(Math.abs(automatic.ratio - 1)).toBeLessThan(0.05);
    }
    // The resolved treatment on the coarsest grid: measured 0.43 (what the laws are for).
    expect((await channelFriction(0.15, 'resolved')).ratio).toBeLessThan(0.6);
  }, 60_000);

  it('pins its dip with the first cell at y⁺ 1.5-3 (measured 0.884, 0.885)', async () => {
    for (const first of [0.0055, 0.011]) expect((await channelFriction(first, 'automatic')).ratio).toBeLessThan(0.92);
  }, 60_000);

  it('heat: Nu within ±10 % of Gnielinski with the first cell at y⁺ 16 and 41; the resolved faces out of it at the coarsest', async () => {
    for (const [first, yPlus] of [
      [0.06, 16],
      [0.15, 41],
    ] as const) {
      const automatic = await channelNusselt(first, 'automatic');
      expect(automatic.yPlus).toBeCloseTo(yPlus, 0);
      expect(Math.abs(automatic.ratio - 1)).toBeLessThan(GNIELINSKI_ACCURACY);
    }
    // Measured 0.53: the linear law over a first cell reaching y⁺ 27 (q ≈ k ΔT_b/δ).
    expect(Math.abs((await channelNusselt(0.15, 'resolved')).ratio - 1)).toBeGreaterThan(GNIELINSKI_ACCURACY);
  }, 60_000);
});
