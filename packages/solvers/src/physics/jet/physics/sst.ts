// The k-ω SST turbulence model (Menter 1994; the 2003 update of Menter, Kuntz & Langtry: the
// production limiter 10 β* k ω, strain-rate S in the viscosity limiter, CD_kω floor 10⁻¹⁰), wall-resolved:
//
//   Σ F (k − k_P) − div((μ + σ_k μ_t) ∇k) = P̃_k − β* ρ ω k
//   Σ F (ω − ω_P) − div((μ + σ_ω μ_t) ∇ω) = γ ρ P̃_k / μ_t − β ρ ω² + 2 (1 − F₁) ρ σ_ω2 ∇k·∇ω / ω
//   μ_t = ρ a₁ k / max(a₁ ω, S F₂),   P̃_k = min(μ_t S², 10 β* ρ k ω),   S² = 2 S_ij S_ij
//   (optionally μ_t S Ω in P_k: Kato–Launder, for impingement)
//   S² = 2 [(∂u/∂x)² + (∂v/∂y)² + (v/r)² (axi)] + (∂u/∂y + ∂v/∂x)²
//   F₁ = tanh(arg₁⁴), arg₁ = min(max(√k/(β* ω d), 500 ν/(d² ω)), 4 ρ σ_ω2 k/(CD_kω d²)),
//   CD_kω = max(2 ρ σ_ω2 ∇k·∇ω / ω, 10⁻¹⁰);   F₂ = tanh(arg₂²), arg₂ = max(2√k/(β* ω d), 500 ν/(d² ω))
// Coefficients φ = F₁ φ₁ + (1 − F₁) φ₂ (set 1: k-ω near the wall, set 2: k-ε in the free stream).
// Sources are linearised with negative parts implicit: −β* ρ ω k and −β ρ ω_old ω, and the cross
// diffusion when negative. Walls: k = 0, ω = 60 ν/(β₁ y₁²) (boundaries.ts); d is the exact distance
// to the nearest wall face (on a curvilinear grid: from the cell's centroid to the faces' segments,
// sloped or not; the gradients come from cellGradient, which is Gauss's on such grids).
//
// Optional (`vortexStretching`): Wilcox's round-jet correction of the k-ω 2006 model (Wilcox,
// Turbulence Modeling for CFD, 3rd ed., 2006, the f_β of Pope 1978) applied to the blended β:
//   β ← β f_β,  f_β = (1 + 85 χ_ω)/(1 + 100 χ_ω),  χ_ω = |Ω_ij Ω_jk S_ki / (β* ω)³|
// (checked: STAR-CCM+'s documentation, "Vortex Stretching Modification" of its standard k-ω model,
// gives these constants with the cross-diffusion limiter, i.e. the 2006 model, and 70/80 without it,
// the 1998 model; it notes the modification is not offered for SST, so here it is our addition.)
// In an axisymmetric flow without swirl Ω_ij Ω_jk S_ki = Ω_xr² v/r (it vanishes in planar flows):
// vortex stretching in the round jet's shear layer lowers the destruction of ω, which curbs the
// two-equation models' overestimate of the round jet's spreading (and of the turbulence reaching the
// plate at large H/D).

import type { AbortCheck } from '../../../run/types.js';
import { PRIVATE_ARENA, type FieldArena } from '../../../numerics/field-arena.js';
import type { BoundaryFaces } from './boundaries.js';
import { INLET, WALL } from './boundaries.js';
import type { FlowFluid } from '../case.js';
import type { FlowGrid } from '../grid/grid.js';
import type { SolidCells } from './solid.js';
import { SST_CONSTANTS, type SstProduction } from './sst-constants.js';
import { edgeGaussGradient } from './gradient.js';
import { cellGradient, type TransportEquation } from './transport.js';

export { SST_CONSTANTS, type SstProduction } from './sst-constants.js';

/** arg₁ above which tanh(arg₁⁴) = 1 exactly (2.2⁴ = 23.4 > 19.1), and arg₂ for tanh(arg₂²) (4.7² = 22.1). */
const TANH_ONE_ARG1 = 2.2;
const TANH_ONE_ARG2 = 4.7;

/** Distance from every cell centre to the nearest wall face (a segment, boundary or immersed), halo-indexed (m). */
export function wallDistance(grid: FlowGrid, boundaries: BoundaryFaces, out: Float64Array, solid?: SolidCells, checkAbort?: AbortCheck): void {
  out.fill(Number.POSITIVE_INFINITY);
  if (grid.curvilinear) {
    // Blocked cells are the tensor grid's staircase; a curvilinear grid carries its obstacle in the mesh.
    if (solid && solid.count > 0) throw new RangeError('wallDistance: blocked cells on a curvilinear grid are not supported');
    for (let k = 0; k < boundaries.count; k++) {
      if (boundaries.kind[k] !== WALL) continue;
      // One sweep of the grid per wall face: hundreds of sweeps on a fine grid.
      checkAbort?.();
      distanceToSlopedSegment(grid, out, boundaries.x0[k]!, boundaries.y0[k]!, boundaries.x1[k]!, boundaries.y1[k]!);
    }
    return;
  }
  for (let k = 0; k < boundaries.count; k++) {
    if (boundaries.kind[k] !== WALL || solid?.mask[boundaries.cell[k]!]) continue;
    checkAbort?.();
    const alongX = boundaries.axis[k] === 1;
    const fixed = alongX ? boundaries.y[k]! : boundaries.x[k]!;
    distanceToSegment(grid, out, { alongX, from: boundaries.sFrom[k]!, to: boundaries.sTo[k]!, fixed });
  }
  if (!solid) return;
  for (let k = 0; k < solid.count; k++) {
    checkAbort?.();
    const alongX = solid.axis[k] === 1;
    const P = solid.fluid[k]!;
    const W = grid.stride;
    const [from, to] = alongX ? [grid.x.faces[(P % W) - 1]!, grid.x.faces[P % W]!] : [grid.y.faces[Math.floor(P / W) - 1]!, grid.y.faces[Math.floor(P / W)]!];
    distanceToSegment(grid, out, { alongX, from, to, fixed: alongX ? solid.y[k]! : solid.x[k]! });
  }
}

/** Lowers `out` to the distance from each cell centre to an axis-parallel segment. */
function distanceToSegment(grid: FlowGrid, out: Float64Array, segment: { alongX: boolean; from: number; to: number; fixed: number }): void {
  const { nx, ny, stride: W } = grid;
  const { alongX, from, to, fixed } = segment;
  for (let j = 1; j <= ny; j++) {
    const y = grid.y.node[j]!;
    for (let i = 1; i <= nx; i++) {
      const x = grid.x.node[i]!;
      const along = alongX ? x : y;
      const across = alongX ? y - fixed : x - fixed;
      const beyond = along < from ? from - along : along > to ? along - to : 0;
      const d = Math.sqrt(across * across + beyond * beyond);
      const I = i + W * j;
      if (d < out[I]!) out[I] = d;
    }
  }
}

/** Lowers `out` to the distance from each cell centroid to the segment a → b (any direction). */
function distanceToSlopedSegment(grid: FlowGrid, out: Float64Array, ax: number, ay: number, bx: number, by: number): void {
  const { nx, ny, stride: W } = grid;
  const { nodeX, nodeY } = grid.faces;
  const [ex, ey] = [bx - ax, by - ay];
  const length2 = ex * ex + ey * ey;
  for (let j = 1; j <= ny; j++) {
    for (let I = 1 + W * j, end = nx + W * j; I <= end; I++) {
      const [px, py] = [nodeX[I]! - ax, nodeY[I]! - ay];
      // The nearest point a + τ (b − a), τ clamped to the segment.
      const tau = Math.min(1, Math.max(0, (px * ex + py * ey) / length2));
      const d = Math.hypot(px - tau * ex, py - tau * ey);
      if (d < out[I]!) out[I] = d;
    }
  }
}

export class SstModel {
  readonly k: Float64Array;
  readonly omega: Float64Array;
  readonly distance: Float64Array;
  /** S² = 2 S_ij S_ij at the cells (1/s²), the production's velocity-gradient square (S² or S Ω), and the blending functions. */
  readonly strain2: Float64Array;
  readonly production2: Float64Array;
  readonly F1: Float64Array;
  readonly F2: Float64Array;
  readonly gammaK: Float64Array;
  readonly gammaOmega: Float64Array;
  /** |Ω_ij Ω_jk S_ki| = Ω_xr² |v/r| (axisymmetric, no swirl; 0 when planar), for f_β. */
  private readonly stretching: Float64Array;
  private readonly kx: Float64Array;
  private readonly ky: Float64Array;
  private readonly wx: Float64Array;
  private readonly wy: Float64Array;
  private readonly nu: number;
  private readonly kFloor: number;
  private readonly omegaFloor: number;

  constructor(
    private readonly grid: FlowGrid,
    private readonly boundaries: BoundaryFaces,
    private readonly fluid: FlowFluid,
    scales: { velocity: number; length: number },
    private readonly production: SstProduction = 'strain',
    solid?: SolidCells,
    /** Wilcox's (2006) vortex-stretching factor f_β on β (the round-jet correction; experimental here). */
    private readonly vortexStretching = false,
    checkAbort?: AbortCheck,
    arena: FieldArena = PRIVATE_ARENA,
    /** The wall distances are in the arena already (a helper thread's copy of a run's solver: threads/). */
    shared = false,
  ) {
    const f = (): Float64Array => arena.f64(grid.size);
    [this.k, this.omega, this.distance, this.strain2, this.F1, this.F2, this.gammaK, this.gammaOmega] = [f(), f(), f(), f(), f(), f(), f(), f()];
    [this.kx, this.ky, this.wx, this.wy, this.production2, this.stretching] = [f(), f(), f(), f(), f(), f()];
    this.nu = fluid.viscosity / fluid.density;
    this.kFloor = 1e-14 * scales.velocity ** 2;
    this.omegaFloor = (1e-8 * scales.velocity) / scales.length;
    if (!shared) wallDistance(grid, boundaries, this.distance, solid, checkAbort);
  }

  /** S² from the cells' velocity gradients (and v/r in the axisymmetric case), Ω = |∂u/∂y − ∂v/∂x|. */
  updateStrain(v: Float64Array, ux: Float64Array, uy: Float64Array, vx: Float64Array, vy: Float64Array, j0 = 1, j1 = this.grid.ny): void {
    const { nx, stride: W } = this.grid;
    const axisymmetric = this.grid.geometry === 'axisymmetric';
    for (let j = j0; j <= j1; j++) {
      const r = this.grid.nodeRadius[j]!;
      for (let I = 1 + W * j, end = nx + W * j; I <= end; I++) {
        const hoop = axisymmetric ? v[I]! / r : 0;
        const shear = uy[I]! + vx[I]!;
        const strain2 = 2 * (ux[I]! * ux[I]! + vy[I]! * vy[I]! + hoop * hoop) + shear * shear;
        this.strain2[I] = strain2;
        this.production2[I] = this.production === 'strain' ? strain2 : Math.sqrt(strain2) * Math.abs(uy[I]! - vx[I]!);
        const rotation = 0.5 * (uy[I]! - vx[I]!);
        this.stretching[I] = rotation * rotation * Math.abs(hoop);
      }
    }
  }

  /** ∇k at the cells as updateBlending took it (the k equation's assembly reuses it while k is unchanged). */
  get kGradient(): { gx: Float64Array; gy: Float64Array } {
    return { gx: this.kx, gy: this.ky };
  }

  /**
   * ∇ω at the cells as updateBlending took it, its ring-side cells re-taken (edgeGaussGradient) from the
   * ring values as they are now: the ω equation's assembly reuses it when ω's cells have not changed
   * since (curvilinear grids, no blocked cells). Written into the arrays the ω sources read, so it is
   * to be taken after omegaSources().
   */
  /** ∇ω at the cells as updateBlending (or omegaGradientAtRing) took it. */
  get omegaGradient(): { gx: Float64Array; gy: Float64Array } {
    return { gx: this.wx, gy: this.wy };
  }

  omegaGradientAtRing(): { gx: Float64Array; gy: Float64Array } {
    edgeGaussGradient(this.grid.faces, this.omega, this.wx, this.wy);
    return { gx: this.wx, gy: this.wy };
  }

  /** Blending functions F₁, F₂ from the current k, ω (ring values up to date); rows j0 … j1 when given. */
  updateBlending(j0 = 1, j1 = this.grid.ny): void {
    const { nx, stride: W } = this.grid;
    const { betaStar, sigmaOmega2 } = SST_CONSTANTS;
    const rho = this.fluid.density;
    cellGradient(this.grid, this.k, this.kx, this.ky, j0, j1);
    cellGradient(this.grid, this.omega, this.wx, this.wy, j0, j1);
    for (let j = j0; j <= j1; j++) {
      for (let I = 1 + W * j, end = nx + W * j; I <= end; I++) {
        const k = this.k[I]!;
        const w = this.omega[I]!;
        const d = this.distance[I]!;
        const cross = (2 * rho * sigmaOmega2 * (this.kx[I]! * this.wx[I]! + this.ky[I]! * this.wy[I]!)) / w;
        const cdkw = Math.max(cross, 1e-10);
        const viscous = (500 * this.nu) / (d * d * w);
        const turbulent = Math.sqrt(k) / (betaStar * w * d);
        const arg1 = Math.min(Math.max(turbulent, viscous), (4 * rho * sigmaOmega2 * k) / (cdkw * d * d));
        // tanh(x) is 1 to the last bit for x ≥ 19.1 (1 − tanh x ≈ 2e^(−2x) < 2⁻⁵⁴ there; V8's fdlibm
        // tanh returns exactly 1): a saturated blending function skips the pow and tanh calls.
        this.F1[I] = arg1 > TANH_ONE_ARG1 ? 1 : Math.tanh(arg1 ** 4);
        const arg2 = Math.max(2 * turbulent, viscous);
        this.F2[I] = arg2 > TANH_ONE_ARG2 ? 1 : Math.tanh(arg2 * arg2);
      }
    }
  }

  /**
   * μ_t = ρ a₁ k / max(a₁ ω, S F₂), relaxed; ring: 0 at walls, the same formula with the ring's k, ω
   * (and the cell's S F₂) at inlets, else the cell's value.
   */
  updateViscosity(muT: Float64Array, relaxation: number): void {
    this.updateCellViscosity(muT, relaxation);
    this.updateRingViscosity(muT);
  }

  /** updateViscosity() at the cells of rows j0 … j1. */
  updateCellViscosity(muT: Float64Array, relaxation: number, j0 = 1, j1 = this.grid.ny): void {
    const { nx, stride: W } = this.grid;
    const { a1 } = SST_CONSTANTS;
    const rho = this.fluid.density;
    for (let j = j0; j <= j1; j++) {
      for (let I = 1 + W * j, end = nx + W * j; I <= end; I++) {
        const value = (rho * a1 * this.k[I]!) / Math.max(a1 * this.omega[I]!, Math.sqrt(this.strain2[I]!) * this.F2[I]!);
        muT[I] = muT[I]! + relaxation * (value - muT[I]!);
      }
    }
  }

  /** updateViscosity() on the ring (from the cells' values). */
  updateRingViscosity(muT: Float64Array): void {
    const { a1 } = SST_CONSTANTS;
    const rho = this.fluid.density;
    const b = this.boundaries;
    for (let f = 0; f < b.count; f++) {
      const B = b.node[f]!;
      if (b.kind[f] === WALL) muT[B] = 0;
      else if (b.kind[f] === INLET) {
        const P = b.cell[f]!;
        muT[B] = (rho * a1 * this.k[B]!) / Math.max(a1 * this.omega[B]!, Math.sqrt(this.strain2[P]!) * this.F2[P]!);
      }
      else muT[B] = muT[b.cell[f]!]!;
    }
  }

  /** Diffusivities μ + σ μ_t with blended σ (ring: from the ring's μ_t, set 1 at walls). */
  updateDiffusivities(muT: Float64Array): void {
    this.updateCellDiffusivities(muT);
    this.updateRingDiffusivities(muT);
  }

  /** updateDiffusivities() at the cells of rows j0 … j1. */
  updateCellDiffusivities(muT: Float64Array, j0 = 1, j1 = this.grid.ny): void {
    const { sigmaK1, sigmaK2, sigmaOmega1, sigmaOmega2 } = SST_CONSTANTS;
    const mu = this.fluid.viscosity;
    const { nx, stride: W } = this.grid;
    for (let j = j0; j <= j1; j++) {
      for (let I = 1 + W * j, end = nx + W * j; I <= end; I++) {
        const F1 = this.F1[I]!;
        this.gammaK[I] = mu + (F1 * sigmaK1 + (1 - F1) * sigmaK2) * muT[I]!;
        this.gammaOmega[I] = mu + (F1 * sigmaOmega1 + (1 - F1) * sigmaOmega2) * muT[I]!;
      }
    }
  }

  /** updateDiffusivities() on the ring (from the cells' F₁). */
  updateRingDiffusivities(muT: Float64Array): void {
    const { sigmaK1, sigmaK2, sigmaOmega1, sigmaOmega2 } = SST_CONSTANTS;
    const mu = this.fluid.viscosity;
    const b = this.boundaries;
    for (let f = 0; f < b.count; f++) {
      const B = b.node[f]!;
      const F1 = b.kind[f] === WALL ? 1 : this.F1[b.cell[f]!]!;
      this.gammaK[B] = mu + (F1 * sigmaK1 + (1 - F1) * sigmaK2) * muT[B]!;
      this.gammaOmega[B] = mu + (F1 * sigmaOmega1 + (1 - F1) * sigmaOmega2) * muT[B]!;
    }
  }

  /** Sources of the k equation: P̃_k V and −β* ρ ω V (implicit). */
  kSources(muT: Float64Array, eq: Pick<TransportEquation, 'su' | 'sp'>, j0 = 1, j1 = this.grid.ny): void {
    const { nx, stride: W, V } = this.grid;
    const { betaStar } = SST_CONSTANTS;
    const rho = this.fluid.density;
    for (let j = j0; j <= j1; j++) {
      for (let I = 1 + W * j, end = nx + W * j; I <= end; I++) {
        const w = this.omega[I]!;
        const production = Math.min(muT[I]! * this.production2[I]!, 10 * betaStar * rho * this.k[I]! * w);
        eq.su[I] = production * V[I]!;
        eq.sp[I] = -betaStar * rho * w * V[I]!;
      }
    }
  }

  /** Sources of the ω equation: γ ρ P̃_k/μ_t V, −β ρ ω_old V (implicit), cross diffusion. */
  omegaSources(muT: Float64Array, eq: Pick<TransportEquation, 'su' | 'sp'>, j0 = 1, j1 = this.grid.ny): void {
    const { nx, stride: W, V } = this.grid;
    const { betaStar, beta1, beta2, gamma1, gamma2, sigmaOmega2 } = SST_CONSTANTS;
    const rho = this.fluid.density;
    for (let j = j0; j <= j1; j++) {
      for (let I = 1 + W * j, end = nx + W * j; I <= end; I++) {
        const F1 = this.F1[I]!;
        const w = this.omega[I]!;
        let beta = F1 * beta1 + (1 - F1) * beta2;
        // χ_ω = 0 (planar flows, the axis) gives f_β = 1 exactly: the cube is skipped there.
        const stretching = this.stretching[I]!;
        if (this.vortexStretching && stretching !== 0) {
          const chi = stretching / (betaStar * w) ** 3;
          beta *= (1 + 85 * chi) / (1 + 100 * chi);
        }
        const gamma = F1 * gamma1 + (1 - F1) * gamma2;
        const mu = muT[I]!;
        // γ ρ P̃_k / μ_t = γ ρ min(S², 10 β* ρ k ω / μ_t)
        const production = gamma * rho * (mu > 0 ? Math.min(this.production2[I]!, (10 * betaStar * rho * this.k[I]! * w) / mu) : this.production2[I]!);
        const cross = (2 * (1 - F1) * rho * sigmaOmega2 * (this.kx[I]! * this.wx[I]! + this.ky[I]! * this.wy[I]!)) / w;
        eq.su[I] = (production + Math.max(cross, 0)) * V[I]!;
        eq.sp[I] = (-beta * rho * w + Math.min(cross, 0) / w) * V[I]!;
      }
    }
  }

  /** Keeps k and ω positive after a solve; returns whether any cell's ω was raised. */
  clip(j0 = 1, j1 = this.grid.ny): boolean {
    const { nx, stride: W } = this.grid;
    let omegaRaised = false;
    for (let j = j0; j <= j1; j++) {
      for (let I = 1 + W * j, end = nx + W * j; I <= end; I++) {
        // (NaN stays NaN, for the divergence check.)
        if (this.k[I]! < this.kFloor) this.k[I] = this.kFloor;
        if (this.omega[I]! < this.omegaFloor) {
          this.omega[I] = this.omegaFloor;
          omegaRaised = true;
        }
      }
    }
    return omegaRaised;
  }
}
