// The ring values of the boundary faces on a curvilinear grid (BoundaryFaces delegates here when
// grid.curvilinear): the table of boundaries.ts in vector form. Zero normal gradient is
// φ_B = φ_P + ∇φ_P·t (alongFace), with ∇φ by Gauss at the cells beside the boundary only; symmetry
// removes the velocity's normal component, an opening replaces it by the face velocity of the flux.

import type { FieldArena } from '../../../numerics/field-arena.js';
import type { FlowGrid } from '../grid/grid.js';
import { INLET, OPENING, OUTLET, WALL } from './boundary-kinds.js';
import { listedGaussGradient } from './gradient.js';

/** The boundary-face records the ring values read (BoundaryFaces). */
export interface RingFaces {
  readonly grid: FlowGrid;
  readonly count: number;
  readonly node: Int32Array;
  readonly cell: Int32Array;
  readonly axis: Uint8Array;
  readonly kind: Uint8Array;
  readonly area: Float64Array;
  readonly nx: Float64Array;
  readonly ny: Float64Array;
  readonly normalDistance: Float64Array;
  readonly tx: Float64Array;
  readonly ty: Float64Array;
  readonly uIn: Float64Array;
  readonly vIn: Float64Array;
  readonly temperatureIn: Float64Array;
  readonly kIn: Float64Array;
  readonly omegaIn: Float64Array;
  readonly wallTemperature: Float64Array;
  readonly heatFlux: Float64Array;
  readonly omegaWall: Float64Array;
  outwardFlux(f: number, Fx: Float64Array, Fy: Float64Array): number;
  isTemperatureWall(f: number): boolean;
}

export class CurvilinearRing {
  /** Gradients of the cells beside the boundary: (gx, gy) of one variable, (hx, hy) of a second. */
  readonly gx: Float64Array;
  readonly gy: Float64Array;
  readonly hx: Float64Array;
  readonly hy: Float64Array;
  private besideBoundary: Int32Array | undefined;

  /** `size` cells of work arrays from `arena` (none off a curvilinear grid). */
  constructor(
    private readonly faces: RingFaces,
    arena: FieldArena,
    size: number,
  ) {
    [this.gx, this.gy, this.hx, this.hy] = [arena.f64(size), arena.f64(size), arena.f64(size), arena.f64(size)];
  }

  /**
   * φ_P + ∇φ_P·t: the ring value of zero normal gradient (gradients gx, gy of the cells), limited to the
   * range of P and its two neighbours along the side. Why: beside the σ grid's apex the side's cells are
   * thin (graded to the wall) and sheared, so t spans many cell heights and the cell's gradient, which is
   * the wall-normal one, extrapolates far out of range (ring T 188 K beside cells at 293–333 K, and the
   * cells then undershoot the jet's temperature). A linear field along the side stays exact: the face's
   * midpoint lies between the neighbours' centroids.
   */
  alongFace(f: number, phi: Float64Array, gx: Float64Array, gy: Float64Array): number {
    const P = this.faces.cell[f]!;
    const value = phi[P]! + gx[P]! * this.faces.tx[f]! + gy[P]! * this.faces.ty[f]!;
    // Along an x-face side (xmin, xmax) the neighbours are a row apart, along a y-face side a column.
    const step = this.faces.axis[f] === 0 ? this.faces.grid.stride : 1;
    const [a, b, c] = [phi[P - step]!, phi[P]!, phi[P + step]!];
    return Math.min(Math.max(value, Math.min(a, b, c)), Math.max(a, b, c));
  }

  velocity(u: Float64Array, v: Float64Array, Fx: Float64Array, Fy: Float64Array, density: number): void {
    const { gx: ux, gy: uy, hx: vx, hy: vy } = this;
    this.gradientBesideBoundary(u, ux, uy);
    this.gradientBesideBoundary(v, vx, vy);
    for (let f = 0; f < this.faces.count; f++) {
      const B = this.faces.node[f]!;
      const kind = this.faces.kind[f];
      if (kind === WALL) [u[B], v[B]] = [0, 0];
      else if (kind === INLET) [u[B], v[B]] = [this.faces.uIn[f]!, this.faces.vIn[f]!];
      else {
        const [nx, ny] = [this.faces.nx[f]!, this.faces.ny[f]!];
        const U = this.alongFace(f, u, ux, uy);
        const V = this.alongFace(f, v, vx, vy);
        if (kind === OUTLET) [u[B], v[B]] = [U, V];
        else {
          // Symmetry: the normal component removed (u·n̂ = 0, the tangential one of zero gradient);
          // opening: replaced by the face velocity of the flux.
          const normal = kind === OPENING && this.faces.area[f]! > 0 ? this.faces.outwardFlux(f, Fx, Fy) / (density * this.faces.area[f]!) : 0;
          const excess = U * nx + V * ny - normal;
          [u[B], v[B]] = [U - excess * nx, V - excess * ny];
        }
      }
    }
  }

  temperature(T: Float64Array, conductivity: number): void {
    this.gradientBesideBoundary(T, this.gx, this.gy);
    for (let f = 0; f < this.faces.count; f++) {
      const B = this.faces.node[f]!;
      if (this.faces.kind[f] === INLET) T[B] = this.faces.temperatureIn[f]!;
      else if (this.faces.isTemperatureWall(f)) T[B] = this.faces.wallTemperature[f]!;
      // The face's flux Γ (T_B − T_P − ∇T_P·t)/δ_n (over-relaxed, deferred T part) is the wall's q.
      else if (this.faces.kind[f] === WALL) T[B] = this.alongFace(f, T, this.gx, this.gy) + (this.faces.heatFlux[f]! * this.faces.normalDistance[f]!) / conductivity;
      else T[B] = this.alongFace(f, T, this.gx, this.gy);
    }
  }

  turbulence(k: Float64Array, omega: Float64Array): void {
    this.gradientBesideBoundary(k, this.gx, this.gy);
    this.gradientBesideBoundary(omega, this.hx, this.hy);
    for (let f = 0; f < this.faces.count; f++) {
      const B = this.faces.node[f]!;
      const kind = this.faces.kind[f];
      if (kind === WALL) [k[B], omega[B]] = [0, this.faces.omegaWall[f]!];
      else if (kind === INLET) [k[B], omega[B]] = [this.faces.kIn[f]!, this.faces.omegaIn[f]!];
      else {
        // k and ω stay positive: where the extrapolation would cross zero the cell's value is kept.
        const [kB, omegaB] = [this.alongFace(f, k, this.gx, this.gy), this.alongFace(f, omega, this.hx, this.hy)];
        const P = this.faces.cell[f]!;
        [k[B], omega[B]] = [kB > 0 ? kB : k[P]!, omegaB > 0 ? omegaB : omega[P]!];
      }
    }
  }

  /**
   * ∇φ by Gauss at the cells beside the boundary faces only (each once): the ring values read it there
   * (alongFace), nowhere else, so the rest of the field is not computed.
   */
  gradientBesideBoundary(phi: Float64Array, gx: Float64Array, gy: Float64Array): void {
    const cells = (this.besideBoundary ??= Int32Array.from(new Set(this.faces.cell)).sort());
    listedGaussGradient(this.faces.grid.faces, cells, phi, gx, gy);
  }
}
