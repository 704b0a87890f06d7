// One marching step of axial momentum coupled with continuity.
//
// The radial convection ρ v ∂u/∂r = (G/r) ∂u/∂r (per radian: G = ρ v r) carries the new station's
// axial derivative through continuity, G_{f+1} - G_f = -ρ V_f ∂u_f/∂x. Lagging G (taking it from the
// previous stations) treats part of the axial-derivative operator explicitly, with a weight of order
// one, not of order the step: near the wall, where u is small and ∂u/∂r large, that explicit part is
// as large as the implicit ρ u ∂u/∂x, and extrapolated (second-order) lagging makes the march
// unstable, whatever the step. So G is solved for together with u. The product G·∂u/∂r is linearised
// about the predictor (G*, u*) by Newton's rule
//     G ∂u/∂r ≈ G* ∂u/∂r + G ∂u*/∂r - G* ∂u*/∂r     (second order in the predictor error),
// and the unknowns are ordered (u_0, G_1, u_1, G_2, ..., G_N, u_N): momentum rows couple u_{j±1}, G_j,
// G_{j+1}; continuity rows G_{f+1} - G_f + ρ V_f α0 u_f = history: a band of two sub- and two
// super-diagonals (banded.ts). The uniform dp/dx enters every momentum row as -V_j dp/dx; the system
// is solved for dp/dx = 0 and dp/dx = 1, and the mass flow Σ V_j u_j picks dp/dx (it closes the
// continuity of the last cell, G_{N+1} = 0 at the outer wall).

import { BandedSystem } from '../../numerics/banded.js';
import { wallNodes } from './fully-developed.js';
import type { RadialGrid } from './grid.js';
import { innerRadius, outerRadius } from './grid.js';
import { TridiagonalSystem } from '../../numerics/tridiagonal.js';
import { assembleTransport, type ConvectionScheme } from './transport.js';

export interface MomentumStepInput {
  density: number;
  /** α0, α1, α2 of the axial difference. */
  alpha: readonly [number, number, number];
  /** u at stations n and n - 1. */
  u: Float64Array;
  uOld: Float64Array;
  /** Predictor u* and G* at the new station. */
  convecting: Float64Array;
  radialFlux: Float64Array;
  /** r_f Γ_f / Δr_f at the faces, Γ = μ + 2 μ_t* (the Newton-linearised eddy stress, turbulence.ts). */
  conductance: Float64Array;
  /** The explicit part e_f of each face's linearised stress flux (zeros in laminar flow). */
  fluxCorrection: Float64Array;
  scheme: ConvectionScheme;
  /** Σ V_j u_j every station holds, m³/s per radian. */
  flowPerRadian: number;
}

export interface MomentumStepResult {
  pressureGradient: number;
  /** τ_w, Pa (0 for a pipe's inner entry). */
  wallShear: { inner: number; outer: number };
}

export class MomentumStep {
  private readonly tri: TridiagonalSystem;
  private readonly band: BandedSystem;
  private readonly capacity: Float64Array;
  private readonly history: Float64Array;
  private readonly rhs: Float64Array;
  private readonly rhsPressure: Float64Array;
  private readonly solution: Float64Array;
  private readonly solutionPressure: Float64Array;
  /** Coefficients of G_{j+1} and G_j in momentum row j. */
  private readonly coefficientUpper: Float64Array;
  private readonly coefficientLower: Float64Array;

  constructor(readonly grid: RadialGrid) {
    const n = grid.cells;
    this.tri = new TridiagonalSystem(n + 1);
    this.band = new BandedSystem(2 * n + 1, 2, 2);
    this.capacity = new Float64Array(n + 1);
    this.history = new Float64Array(n + 1);
    this.rhs = new Float64Array(2 * n + 1);
    this.rhsPressure = new Float64Array(2 * n + 1);
    this.solution = new Float64Array(2 * n + 1);
    this.solutionPressure = new Float64Array(2 * n + 1);
    this.coefficientUpper = new Float64Array(n + 1);
    this.coefficientLower = new Float64Array(n + 1);
  }

  /** Solves for u (into uNew) and G (into gNew, from continuity) at the new station. */
  solve(input: MomentumStepInput, uNew: Float64Array, gNew: Float64Array): MomentumStepResult {
    const { grid, tri, band, capacity, history, rhs, rhsPressure, coefficientUpper, coefficientLower } = this;
    const { density, alpha, u, uOld, convecting, radialFlux, conductance, scheme } = input;
    const [a0, a1, a2] = alpha;
    const n = grid.cells;
    for (let j = 0; j <= n; j++) {
      const mass = density * grid.volume[j] * convecting[j];
      capacity[j] = mass * a0;
      history[j] = -mass * (a1 * u[j] + a2 * uOld[j]) + input.fluxCorrection[j] - input.fluxCorrection[j + 1];
    }
    // G* ∂u/∂r, diffusion and the axial derivative: the tridiagonal part of the momentum rows.
    assembleTransport(tri, grid, { capacity, history, faceFlux: radialFlux, faceConductance: conductance, nonConservative: true, scheme });
    // G ∂u*/∂r: row j has G_{j+1} w_R (u*_{j+1} - u*_j) + G_j w_L (u*_j - u*_{j-1}), face weights as in transport.ts.
    coefficientUpper.fill(0);
    coefficientLower.fill(0);
    for (let f = 1; f <= n; f++) {
      const g = radialFlux[f];
      let wLeft = 0.5;
      if (scheme === 'hybrid' && Math.abs(g) > 2 * conductance[f]) wLeft = g > 0 ? 1 : 0;
      const difference = convecting[f] - convecting[f - 1];
      coefficientUpper[f - 1] = (1 - wLeft) * difference; // row f - 1, its upper face f
      coefficientLower[f] = wLeft * difference; // row f, its lower face f
    }

    band.clear();
    rhs.fill(0);
    rhsPressure.fill(0);
    const walls = wallNodes(grid);
    const innerWall = walls.inner ?? -1;
    for (let j = 0; j <= n; j++) {
      const row = 2 * j;
      if (j === walls.outer || j === innerWall) {
        band.identityRow(row);
        continue;
      }
      if (j > 0) band.add(row, row - 2, tri.lower[j]);
      band.add(row, row, tri.diag[j]);
      if (j < n) band.add(row, row + 2, tri.upper[j]);
      let explicit = 0;
      if (j < n) {
        band.add(row, row + 1, coefficientUpper[j]);
        explicit += coefficientUpper[j] * radialFlux[j + 1];
      }
      if (j > 0) {
        band.add(row, row - 1, coefficientLower[j]);
        explicit += coefficientLower[j] * radialFlux[j];
      }
      rhs[row] = tri.rhs[j] + explicit;
      rhsPressure[row] = -grid.volume[j];
    }
    // Continuity of cells 0..N-1 gives G_1..G_N (G_0 = 0 at the axis or inner wall).
    for (let f = 0; f < n; f++) {
      const row = 2 * f + 1;
      band.add(row, row, 1);
      if (f > 0) band.add(row, row - 2, -1);
      band.add(row, row - 1, density * grid.volume[f] * a0);
      rhs[row] = -density * grid.volume[f] * (a1 * u[f] + a2 * uOld[f]);
    }
    band.factor();
    band.solve(rhs, this.solution);
    band.solve(rhsPressure, this.solutionPressure);
    let base = 0;
    let perUnit = 0;
    for (let j = 0; j <= n; j++) {
      base += grid.volume[j] * this.solution[2 * j];
      perUnit += grid.volume[j] * this.solutionPressure[2 * j];
    }
    const pressureGradient = (input.flowPerRadian - base) / perUnit;
    for (let j = 0; j <= n; j++) uNew[j] = this.solution[2 * j] + pressureGradient * this.solutionPressure[2 * j];
    // G from the cumulative continuity of the final u (equal to the solved G to round-off), so that
    // the energy equation sees fluxes that conserve mass exactly cell by cell.
    gNew[0] = 0;
    for (let f = 1; f <= n; f++) gNew[f] = gNew[f - 1] - density * grid.volume[f - 1] * (a0 * uNew[f - 1] + a1 * u[f - 1] + a2 * uOld[f - 1]);
    gNew[n + 1] = 0;

    // Wall shear: the residual of the wall node's own (linearised) balance, τ_w r_w = -S.
    const wallSource = (j: number): number => {
      let s = tri.diag[j] * uNew[j];
      if (j > 0) s += tri.lower[j] * uNew[j - 1] + coefficientLower[j] * (gNew[j] - radialFlux[j]);
      if (j < n) s += tri.upper[j] * uNew[j + 1] + coefficientUpper[j] * (gNew[j + 1] - radialFlux[j + 1]);
      return s - (tri.rhs[j] - grid.volume[j] * pressureGradient);
    };
    return {
      pressureGradient,
      wallShear: {
        inner: walls.inner === undefined ? 0 : -wallSource(walls.inner) / innerRadius(grid.shape),
        outer: -wallSource(walls.outer) / outerRadius(grid.shape),
      },
    };
  }
}
