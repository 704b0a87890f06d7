// Blocked (solid) cells of an obstacle inside the grid: a ridge on the plate. A cell is solid when its
// centre lies inside the obstacle, so a sloped face becomes a staircase of cell faces. Each face
// between a fluid cell P and a solid cell S is an immersed wall treated exactly like a boundary wall
// of boundaries.ts, at the face (half a cell from P), not at S's centre:
//
//   momentum, k    wall value 0, diffusion μ A / δ           (μ_t = 0 at the wall)
//   T              the obstacle's temperature, (k/c_p) A / δ
//   ω              Menter's 60 ν / (β₁ (2δ)²) on the face
//   mass flux      0; no pressure-correction coupling across the face
//
// with δ the distance from P's centre to the face: the wall-resolved treatment ('resolved'). With
// `wallTreatment` 'automatic' (turbulent flows) the faces take the all-y⁺ laws of wall-laws.ts from
// the velocity tangential to each face at P, updated every outer iteration:
//
//   momentum       μ_w A / δ with μ_w = μ y⁺/u⁺ (Spalding's law: the linear law carries τ_w)
//   T              (k/c_p)_w A / δ with (k/c_p)_w = (k/c_p) Pr y⁺/T⁺ (Kader's law)
//   k              zero flux (OpenFOAM's kqRWallFunction is a zero gradient); P's production the
//                  log layer's ρ u_τ² C_μ^¼ √k_P/(κ δ), averaged over P's faces (OpenFOAM's
//                  omegaWallFunction: the cell gradient across a first cell in the log layer
//                  overstates ∂U/∂n there several times, and with it k and μ_t)
//   ω              P's value fixed to √(ω_vis² + ω_log²) at y = δ, averaged over P's faces
//
// Momentum and T reduce to the resolved laws as y⁺ → 0; k and ω do not (zero flux instead of k = 0,
// P's sublayer ω 6ν/(β₁δ²) instead of Menter's face value). The transport equations take the face as a
// Dirichlet term on P (transport.ts: `immersed`); S's own equation holds its value. S's value is a
// ghost for the cell gradients of its fluid neighbours: chosen so that the linear interpolation to
// the face gives the wall value (u, v, T, k, ω, μ_t), or, for the pressure, the value linearly
// extrapolated from P and the next fluid cell beyond it (as at a boundary wall). A solid cell that
// touches several fluid cells takes the mean of their ghosts. So a layer of solid cells over a plate
// reproduces the plate moved up to the layer's top (solid.test.ts).

import type { FlowGrid } from '../grid/grid.js';
import { BETA_1, SST_CONSTANTS } from './sst-constants.js';
import { blendedOmega, WALL_LAW, wallLawFace } from './wall-laws.js';
import { PRIVATE_ARENA, type FieldArena } from '../../../numerics/field-arena.js';

/** The faces' treatment: wall-resolved (linear laws over δ, Menter's ω), or the all-y⁺ laws of wall-laws.ts. */
export type WallTreatment = 'resolved' | 'automatic';

/** The obstacle of a flow case: which points are solid, and its surface temperature (K; adiabatic when absent). */
export interface Obstacle {
  contains(x: number, y: number): boolean;
  temperature?: number;
  /** Its faces' treatment (default 'resolved'; 'automatic' acts in turbulent flows only). */
  wallTreatment?: WallTreatment;
}

export class SolidCells {
  /** 1 on solid cells (halo-indexed). */
  readonly mask: Uint8Array;
  readonly solidCount: number;
  /** Immersed wall faces k = 0 … count−1. */
  readonly count: number;
  /** The fluid cell P, the solid cell S, and the fluid cell Q beyond P (P itself when S's opposite is not fluid). */
  readonly fluid: Int32Array;
  readonly solid: Int32Array;
  readonly inner: Int32Array;
  /** 0: an x-face; 1: a y-face. */
  readonly axis: Uint8Array;
  /** +1 when S lies on the +x / +y side of P. */
  readonly direction: Int8Array;
  /** Face area (m² per metre or per radian), distance δ from P's centre to the face, face centre. */
  readonly area: Float64Array;
  readonly distance: Float64Array;
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** Interpolation weight of S at the face: φ_f = (1 − w) φ_P + w φ_S. */
  readonly weight: Float64Array;
  /** Menter's wall value of ω on the face (1/s). */
  readonly omegaWall: Float64Array;
  readonly temperature: number | undefined;
  /** Fx and Fy indices of the interior faces that touch a solid cell (their mass flux is zero). */
  readonly blockedX: Int32Array;
  readonly blockedY: Int32Array;
  /** Whether the faces take the automatic (all-y⁺) treatment. */
  readonly automatic: boolean;
  /**
   * Per face, the effective over the molecular diffusivity of its linear law, μ_w/μ and
   * (k/c_p)_w/(k/c_p) (1 when resolved), and u_τ (automatic only; m/s).
   */
  readonly momentumFactor: Float64Array;
  readonly heatFactor: Float64Array;
  readonly frictionVelocity: Float64Array;
  /** Automatic: 1 on the fluid cells that own a face, and their fixed ω (halo-indexed). */
  readonly wallCellMask: Uint8Array;
  readonly wallCellOmega: Float64Array;
  private readonly wallCells: Int32Array;
  /** Automatic: the number of faces of each wall cell (halo-indexed). */
  private readonly wallCellFaces: Float64Array;
  private readonly ghostSum: Float64Array;
  private readonly ghostCount: Float64Array;

  constructor(
    readonly grid: FlowGrid,
    obstacle: Obstacle,
    private readonly kinematicViscosity: number,
    /** Turbulent flow: the automatic treatment applies (laminar faces stay resolved). */
    turbulent = false,
    arena: FieldArena = PRIVATE_ARENA,
  ) {
    const { nx, ny, stride: W } = grid;
    this.mask = arena.u8(grid.size);
    let solidCount = 0;
    for (let j = 1; j <= ny; j++) {
      for (let i = 1; i <= nx; i++) {
        if (obstacle.contains(grid.x.node[i]!, grid.y.node[j]!)) {
          this.mask[i + W * j] = 1;
          solidCount++;
        }
      }
    }
    this.solidCount = solidCount;
    this.temperature = obstacle.temperature;
    const faces: { P: number; S: number; Q: number; axis: number; direction: number; area: number; distance: number; x: number; y: number; weight: number }[] = [];
    const isFluid = (i: number, j: number): boolean => i >= 1 && i <= nx && j >= 1 && j <= ny && this.mask[i + W * j] === 0;
    for (let j = 1; j <= ny; j++) {
      for (let i = 1; i <= nx; i++) {
        const P = i + W * j;
        if (this.mask[P]) continue;
        for (const [di, dj] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ] as const) {
          const [si, sj] = [i + di, j + dj];
          if (si < 1 || si > nx || sj < 1 || sj > ny || !this.mask[si + W * sj]) continue;
          const S = si + W * sj;
          const Q = isFluid(i - di, j - dj) ? i - di + W * (j - dj) : P;
          const xFace = di !== 0;
          const axis = xFace ? grid.x : grid.y;
          const low = xFace ? Math.min(i, si) : Math.min(j, sj);
          const faceCoordinate = axis.faces[low]!;
          const nodeP = xFace ? grid.x.node[i]! : grid.y.node[j]!;
          const nodeS = xFace ? grid.x.node[si]! : grid.y.node[sj]!;
          const distance = Math.abs(faceCoordinate - nodeP);
          faces.push({
            P,
            S,
            Q,
            axis: xFace ? 0 : 1,
            direction: xFace ? di : dj,
            area: xFace ? grid.Ax[Math.min(P, S)]! : grid.Ay[Math.min(P, S)]!,
            distance,
            x: xFace ? faceCoordinate : grid.x.node[i]!,
            y: xFace ? grid.y.node[j]! : faceCoordinate,
            weight: distance / Math.abs(nodeS - nodeP),
          });
        }
      }
    }
    this.count = faces.length;
    const blockedX: number[] = [];
    const blockedY: number[] = [];
    for (let j = 1; j <= ny; j++) {
      for (let i = 1; i <= nx; i++) {
        const I = i + W * j;
        if (i < nx && (this.mask[I] || this.mask[I + 1])) blockedX.push(I);
        if (j < ny && (this.mask[I] || this.mask[I + W])) blockedY.push(I);
      }
    }
    this.blockedX = Int32Array.from(blockedX);
    this.blockedY = Int32Array.from(blockedY);
    this.fluid = Int32Array.from(faces, (f) => f.P);
    this.solid = Int32Array.from(faces, (f) => f.S);
    this.inner = Int32Array.from(faces, (f) => f.Q);
    this.axis = Uint8Array.from(faces, (f) => f.axis);
    this.direction = Int8Array.from(faces, (f) => f.direction);
    this.area = Float64Array.from(faces, (f) => f.area);
    this.distance = Float64Array.from(faces, (f) => f.distance);
    this.x = Float64Array.from(faces, (f) => f.x);
    this.y = Float64Array.from(faces, (f) => f.y);
    this.weight = Float64Array.from(faces, (f) => f.weight);
    this.omegaWall = Float64Array.from(faces, (f) => (60 * kinematicViscosity) / (BETA_1 * (2 * f.distance) ** 2));
    this.ghostSum = arena.f64(grid.size);
    this.ghostCount = arena.f64(grid.size);
    this.automatic = turbulent && obstacle.wallTreatment === 'automatic';
    this.momentumFactor = arena.f64(this.count).fill(1);
    this.heatFactor = arena.f64(this.count).fill(1);
    this.frictionVelocity = arena.f64(this.count);
    this.wallCellMask = arena.u8(this.automatic ? grid.size : 0);
    this.wallCellOmega = arena.f64(this.automatic ? grid.size : 0);
    this.wallCellFaces = arena.f64(this.automatic ? grid.size : 0);
    for (const P of this.automatic ? this.fluid : []) {
      this.wallCellMask[P] = 1;
      this.wallCellFaces[P] += 1;
    }
    this.wallCells = Int32Array.from(new Set(this.automatic ? this.fluid : []));
  }

  /**
   * The automatic treatment's per-face laws from the velocity tangential to each face at P (v on an
   * x-face, u on a y-face), and P's ω: the mean of its faces' blended values (OpenFOAM's corner weights).
   */
  updateWallLaws(u: Float64Array, v: Float64Array, prandtl: number, turbulentPrandtl: number): void {
    if (!this.automatic) return;
    const nu = this.kinematicViscosity;
    const omega = this.wallCellOmega;
    for (const P of this.wallCells) omega[P] = 0;
    for (let k = 0; k < this.count; k++) {
      const P = this.fluid[k]!;
      const y = this.distance[k]!;
      const face = wallLawFace(this.axis[k] === 0 ? v[P]! : u[P]!, y, nu, prandtl, turbulentPrandtl);
      this.momentumFactor[k] = face.momentumFactor;
      this.heatFactor[k] = face.heatFactor;
      this.frictionVelocity[k] = face.frictionVelocity;
      omega[P] += blendedOmega(nu, y, face.frictionVelocity, BETA_1, SST_CONSTANTS.betaStar) / this.wallCellFaces[P]!;
    }
  }

  /**
   * Automatic treatment: the k production of the wall cells (× volume, into su), replacing the model's
   * μ_t S²: per face ρ u_τ² · C_μ^¼ √k_P / (κ δ) (τ_w times the log layer's ∂U/∂y with u_τ = C_μ^¼ √k,
   * OpenFOAM's omegaWallFunction), averaged over the cell's faces.
   */
  wallCellProduction(k: Float64Array, density: number, volume: Float64Array, su: Float64Array): void {
    if (!this.automatic) return;
    const cmu25 = SST_CONSTANTS.betaStar ** 0.25;
    for (const P of this.wallCells) su[P] = 0;
    for (let f = 0; f < this.count; f++) {
      const P = this.fluid[f]!;
      const uTau = this.frictionVelocity[f]!;
      const production = (density * uTau * uTau * cmu25 * Math.sqrt(k[P]!)) / (WALL_LAW.kappa * this.distance[f]!);
      su[P] += (production * volume[P]!) / this.wallCellFaces[P]!;
    }
  }

  isSolid(I: number): boolean {
    return this.mask[I] === 1;
  }

  /**
   * Ghost values in the solid cells next to the fluid: the face value is `wall` (a number, or one
   * value per face), or, with `wall` 'extrapolate', the value extrapolated linearly from P and Q
   * (pressure), or with 'mirror' the value of P (zero normal gradient: the pressure correction).
   */
  applyGhosts(phi: Float64Array, wall: number | Float64Array | 'extrapolate' | 'mirror'): void {
    const { ghostSum, ghostCount } = this;
    for (let k = 0; k < this.count; k++) {
      const S = this.solid[k]!;
      ghostSum[S] = 0;
      ghostCount[S] = 0;
    }
    for (let k = 0; k < this.count; k++) {
      const P = this.fluid[k]!;
      const S = this.solid[k]!;
      const w = this.weight[k]!;
      let face: number;
      if (wall === 'mirror') face = phi[P]!;
      else if (wall === 'extrapolate') face = this.extrapolate(k, phi);
      else face = typeof wall === 'number' ? wall : wall[k]!;
      ghostSum[S] += (face - (1 - w) * phi[P]!) / w;
      ghostCount[S] += 1;
    }
    for (let k = 0; k < this.count; k++) {
      const S = this.solid[k]!;
      if (ghostCount[S]! > 0) {
        phi[S] = ghostSum[S]! / ghostCount[S]!;
        ghostCount[S] = 0;
      }
    }
  }

  /** The value at face k extrapolated linearly from P and Q (P's value when there is no Q). */
  extrapolate(k: number, phi: Float64Array): number {
    const P = this.fluid[k]!;
    const Q = this.inner[k]!;
    if (Q === P) return phi[P]!;
    const { stride: W } = this.grid;
    const spacing = this.axis[k] === 0 ? Math.abs(this.grid.x.node[P % W]! - this.grid.x.node[Q % W]!) : Math.abs(this.grid.y.node[Math.floor(P / W)]! - this.grid.y.node[Math.floor(Q / W)]!);
    return phi[P]! + ((phi[P]! - phi[Q]!) * this.distance[k]!) / spacing;
  }

  /** Zeroes the mass fluxes (or any face array) of the interior faces that touch a solid cell. */
  blockFaces(Fx: Float64Array, Fy: Float64Array): void {
    for (const I of this.blockedX) Fx[I] = 0;
    for (const I of this.blockedY) Fy[I] = 0;
  }
}
