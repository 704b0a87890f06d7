// The radial finite-volume operator shared by the momentum and energy equations: for the transported
// quantity φ (axial velocity u, or temperature T) at station x_{n+1}, node j (volume V_j, faces
// j and j + 1, grid.ts) balances
//
//     capacity_j·φ_j  +  F_{j+1} - F_j  [ - φ_j (G_{j+1} - G_j) ]  =  history_j + S_j
//
// where F_f = G_f φ_f - D_f (φ_j - φ_{j-1}) is the radial flux through face f (positive towards
// larger r), G_f the radial convective flux (per radian, ρ v r for momentum, ρ c_p v r for energy),
// D_f = r_f Γ_f / (r_j - r_{j-1}) the face conductance of the diffusivity Γ (μ + μ_t or k + k_t), and
// S_j the heat or momentum entering through a wall. The capacity and history terms carry the axial
// derivative (march.ts). The bracket turns the conservative form into the non-conservative
// (advective) one used for momentum: ρ v ∂u/∂r instead of ∂(ρ v r u)/∂r / r.
//
// The face value φ_f is the central (linear, second-order) interpolation (φ_{j-1} + φ_j)/2 (faces are
// midway between nodes), switching to upwind with no diffusion where the cell Peclet number |G|/D
// exceeds 2: Spalding's hybrid scheme (Patankar 1980, Ch. 5). Near the inlet the radial
// velocity of the growing boundary layers can be large compared with the diffusion across the
// small near-wall cells; elsewhere the scheme is central.

import type { RadialGrid } from './grid.js';
import type { TridiagonalSystem } from '../../numerics/tridiagonal.js';

export type ConvectionScheme = 'central' | 'hybrid';

export interface TransportTerms {
  /** Diagonal coefficient of φ_j from the axial derivative (N + 1). */
  capacity: Float64Array;
  /** Right-hand side from earlier stations (N + 1). */
  history: Float64Array;
  /** Radial convective flux G_f at each face (N + 2; faces 0 and N + 1 are walls or the axis: G = 0). */
  faceFlux: Float64Array;
  /** Face conductance D_f = r_f Γ_f / Δr_f (N + 2; faces 1..N used). */
  faceConductance: Float64Array;
  nonConservative: boolean;
  scheme: ConvectionScheme;
}

/** Fills `system` with the interior balance of every node (walls and axis carry no flux yet). */
export function assembleTransport(system: TridiagonalSystem, grid: RadialGrid, terms: TransportTerms): void {
  const { capacity, history, faceFlux: G, faceConductance: D, nonConservative, scheme } = terms;
  const n = grid.cells;
  system.clear();
  const { lower, diag, upper, rhs } = system;
  for (let j = 0; j <= n; j++) {
    diag[j] = capacity[j];
    rhs[j] = history[j];
  }
  for (let f = 1; f <= n; f++) {
    const g = G[f];
    let d = D[f];
    let wLeft = 0.5;
    let wRight = 0.5;
    if (scheme === 'hybrid' && Math.abs(g) > 2 * d) {
      d = 0;
      wLeft = g > 0 ? 1 : 0;
      wRight = 1 - wLeft;
    }
    const left = f - 1;
    const right = f;
    diag[left] += g * wLeft + d;
    upper[left] += g * wRight - d;
    lower[right] -= g * wLeft + d;
    diag[right] += d - g * wRight;
  }
  if (nonConservative) {
    for (let j = 0; j <= n; j++) diag[j] -= G[j + 1] - G[j];
  }
}

/** The condition of a wall node: a given value, or a given source S = r_w q_w entering the fluid. */
export type WallRow = { kind: 'value'; value: number } | { kind: 'source'; source: number };

/** A wall row as assembled before a value condition replaced it, to recover the wall flux. */
export interface SavedRow {
  node: number;
  lower: number;
  diag: number;
  upper: number;
  rhs: number;
}

/**
 * Applies a wall condition at `node` (0 or N). A source adds to the balance; a value replaces the
 * row by φ = value and returns the original row, from which recoverWallSource gets the flux.
 */
export function applyWall(system: TridiagonalSystem, node: number, wall: WallRow): SavedRow | undefined {
  if (wall.kind === 'source') {
    system.rhs[node] += wall.source;
    return undefined;
  }
  const saved: SavedRow = { node, lower: system.lower[node], diag: system.diag[node], upper: system.upper[node], rhs: system.rhs[node] };
  system.lower[node] = 0;
  system.upper[node] = 0;
  system.diag[node] = 1;
  system.rhs[node] = wall.value;
  return saved;
}

/**
 * The source S = r_w q_w (per radian) that closes the wall node's own balance with the solution φ:
 * the wall flux consistent with the discrete conservation ("consistent" or "reaction" flux), so the
 * fluxes of all nodes add up to the change of the convected quantity exactly. For momentum, S is
 * the shear force on the fluid: τ_w r_w = -S.
 */
export function recoverWallSource(saved: SavedRow, phi: Float64Array, rhsExtra = 0): number {
  const j = saved.node;
  let value = saved.diag * phi[j];
  if (j > 0) value += saved.lower * phi[j - 1];
  if (j < phi.length - 1) value += saved.upper * phi[j + 1];
  return value - (saved.rhs + rhsExtra);
}

/** Face conductances r_f Γ_f / Δr_f from a diffusivity given at the faces. */
export function faceConductances(grid: RadialGrid, faceDiffusivity: Float64Array, out: Float64Array): Float64Array {
  out[0] = 0;
  out[grid.cells + 1] = 0;
  for (let f = 1; f <= grid.cells; f++) out[f] = (grid.faceR[f] * faceDiffusivity[f]) / grid.faceSpacing[f];
  return out;
}
