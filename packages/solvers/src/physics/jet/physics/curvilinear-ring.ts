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

/** Splits a loop over two threads (threads/parts.ts RowParts): part 0 here, part 1 on a helper, or both in turn. */
export interface RingSplitter {
  define(loop: (part: number, args: ArrayLike<number>) => void): number;
  run(op: number, args?: readonly number[]): unknown;
}

export class CurvilinearRing {
  /** Gradients of the cells beside the boundary: (gx, gy) of one variable, (hx, hy) of a second. */
  readonly gx: Float64Array;
  readonly gy: Float64Array;
  readonly hx: Float64Array;
  readonly hy: Float64Array;
  private besideBoundary: Int32Array | undefined;
  /** The gradients' loop split in two halves of the cells, and the arrays its arguments number. */
  private split: { parts: RingSplitter; op: number; arrays: readonly Float64Array[] } | undefined;

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
    this.gradients([u, ux, uy], [v, vx, vy]);
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
    this.gradients([k, this.gx, this.gy], [omega, this.hx, this.hy]);
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
    this.gradients([phi, gx, gy]);
  }

  /**
   * Takes the gradients beside the boundary by `parts` from now on, each part at one half of the cells
   * (a cell's gradient reads φ only, so the halves are independent and the bits do not depend on the
   * number of threads). `fields`: the variables whose gradients may be taken so, the same arrays in
   * the same order on both threads; the ring's own gradient arrays are added.
   */
  splitGradients(parts: RingSplitter, fields: readonly Float64Array[]): void {
    const arrays = [...fields, this.gx, this.gy, this.hx, this.hy];
    const cells = this.cellsBesideBoundary();
    const halves = [cells.subarray(0, cells.length >> 1), cells.subarray(cells.length >> 1)];
    // args: the count of (φ, gx, gy), then their numbers (a helper's arguments run on past them).
    const op = parts.define((part, args) => {
      for (let t = 1; t < 1 + 3 * args[0]!; t += 3) listedGaussGradient(this.faces.grid.faces, halves[part]!, arrays[args[t]!]!, arrays[args[t + 1]!]!, arrays[args[t + 2]!]!);
    });
    this.split = { parts, op, arrays };
  }

  /** The gradients (gx, gy) of each (φ, gx, gy) at the cells beside the boundary. */
  private gradients(...each: [Float64Array, Float64Array, Float64Array][]): void {
    const split = this.split;
    const args = split ? [each.length, ...each.flatMap((arrays) => arrays.map((array) => split.arrays.indexOf(array)))] : [];
    if (split && !args.includes(-1)) {
      split.parts.run(split.op, args);
      return;
    }
    const cells = this.cellsBesideBoundary();
    for (const [phi, gx, gy] of each) listedGaussGradient(this.faces.grid.faces, cells, phi, gx, gy);
  }

  /** The cells beside the boundary faces, each once, in halo order. */
  private cellsBesideBoundary(): Int32Array {
    return (this.besideBoundary ??= Int32Array.from(new Set(this.faces.cell)).sort());
  }
}
