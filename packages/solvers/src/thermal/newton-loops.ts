// The per-cell loops of the implicit step's Newton iteration on the enthalpy (solver.ts
// advanceImplicit), in TypeScript: the reference that the WebAssembly loops (wasm/newton.ts, through
// step-wasm.ts) match bit for bit, and the path taken where the module does not run or the mesh has
// several materials. Both implement NewtonLoops, so the step reads the same either way.
import type { EnthalpyTable } from './enthalpy-table.js';
import { CELL_SOLID } from './mesh.js';

/** The arrays of one Newton iteration. */
export interface NewtonArrays {
  T: Float64Array;
  previousT: Float64Array;
  enthalpy: Float64Array;
  previousE: Float64Array;
  slope: Float64Array;
  volume: Float64Array;
  sums: Float64Array;
  Eold: Float64Array;
  fluxOld: Float64Array;
  Q: Float64Array;
  D: Float64Array;
  rhs: Float64Array;
  Tnext: Float64Array;
}

/** The arrays of the conservative update. */
export interface BalanceArrays {
  E: Float64Array;
  T: Float64Array;
  Eold: Float64Array;
  flux: Float64Array;
  fluxOld: Float64Array;
  Q: Float64Array;
  volume: Float64Array;
}

/**
 * The loops visit `solid` cell by cell, each cell on its own (the maxima of newtonUpdate do not depend
 * on the order). `split`, where given, is where a second thread's share of the list begins: the
 * solver lists the cells south of the linear solver's cut first (row-set.ts metalCellsByParts), so that each
 * thread writes the cells whose rows it then takes in the conjugate gradients.
 */
export interface NewtonLoops {
  /** The first iterate in the `solid` cells: T extrapolated by `extrapolation` (if > 0), Tlast = T, E(T). */
  newtonStart(T: Float64Array, Tlast: Float64Array, enthalpy: Float64Array, solid: Int32Array, extrapolation: number, split?: number): void;
  /** One iteration's slopes, matrix diagonal, right-hand side and CG start (Tnext = T) in the `solid` cells. */
  newtonSystem(a: NewtonArrays, solid: Int32Array, secant: boolean, dt: number, theta: number, split?: number): void;
  /** The iterate after the linear solve; the largest linearisation error and enthalpy change. */
  newtonUpdate(a: NewtonArrays, solid: Int32Array, plain: boolean, split?: number): { worst: number; scale: number };
  /** E = E⁰ + Δt (θ flux + fluxOld + Q) / V and T = T(E) where mask is metal. */
  conservativeUpdate(a: BalanceArrays, mask: Uint8Array, dt: number, theta: number): void;
}

/** The TypeScript loops, each cell's table given by `tableOf`. */
export class TypeScriptNewtonLoops implements NewtonLoops {
  constructor(private readonly tableOf: (cell: number) => EnthalpyTable) {}

  newtonStart(T: Float64Array, Tlast: Float64Array, enthalpy: Float64Array, solid: Int32Array, extrapolation: number): void {
    for (let c = 0; c < solid.length; c++) {
      const i = solid[c]!;
      const t = T[i]!;
      if (extrapolation > 0) T[i] = t + extrapolation * (t - Tlast[i]!);
      Tlast[i] = t;
      enthalpy[i] = this.tableOf(i).enthalpyAt(T[i]!);
    }
  }

  newtonSystem(a: NewtonArrays, solid: Int32Array, secant: boolean, dt: number, theta: number): void {
    const { T, previousT, enthalpy, previousE, slope, volume, sums, Eold, fluxOld, Q, D, rhs, Tnext } = a;
    for (let c = 0; c < solid.length; c++) {
      const i = solid[c]!;
      const t = T[i]!;
      const change = t - previousT[i]!;
      const s = secant && Math.abs(change) >= 1e-9 ? (enthalpy[i]! - previousE[i]!) / change : this.tableOf(i).capacityAt(t);
      const c0 = (volume[i]! * (slope[i] = s)) / dt;
      D[i] = c0 + theta * sums[i]!;
      rhs[i] = c0 * t - (volume[i]! * (enthalpy[i]! - Eold[i]!)) / dt + fluxOld[i]! + Q[i]!;
      Tnext[i] = t;
    }
  }

  newtonUpdate(a: NewtonArrays, solid: Int32Array, plain: boolean): { worst: number; scale: number } {
    const { T, previousT, enthalpy, previousE, slope, Eold, Tnext } = a;
    let worst = 0;
    let scale = 0;
    for (let c = 0; c < solid.length; c++) {
      const i = solid[c]!;
      const table = this.tableOf(i);
      const now = enthalpy[i]!;
      const linear = now + slope[i]! * (Tnext[i]! - T[i]!);
      const exact = table.enthalpyAt(Tnext[i]!);
      worst = Math.max(worst, Math.abs(exact - linear));
      scale = Math.max(scale, Math.abs(exact - Eold[i]!));
      if (plain) {
        previousT[i] = T[i]!;
        previousE[i] = now;
        enthalpy[i] = exact;
        T[i] = Tnext[i]!;
        continue;
      }
      // The linearised enthalpy kept between E at the iterate and E at T*: a tangent taken in the
      // mushy zone and followed far below the solidus (or above the liquidus) would leave E(T), and
      // the update could cycle (seen on the first step of a double-V pass: E ≈ −8e8 J/m³, T −143 K).
      const low = now < exact ? now : exact;
      const high = now < exact ? exact : now;
      const bounded = linear < low ? low : linear > high ? high : linear;
      enthalpy[i] = bounded;
      T[i] = table.temperatureAt(bounded, Tnext[i]!);
    }
    return { worst, scale };
  }

  conservativeUpdate(a: BalanceArrays, mask: Uint8Array, dt: number, theta: number): void {
    const { E, T, Eold, flux, fluxOld, Q, volume } = a;
    for (let i = 0; i < T.length; i++) {
      if (mask[i] !== CELL_SOLID) continue;
      E[i] = Eold[i]! + (dt * (theta * flux[i]! + fluxOld[i]! + Q[i]!)) / volume[i]!;
      T[i] = this.tableOf(i).temperatureAt(E[i]!, T[i]!);
    }
  }
}

/**
 * The matrix of a θ-step (solver.ts startImplicit): the off-diagonals θG, and each cell without metal
 * a row D = 1, rhs = T that keeps its temperature (the module's implicitStart does the same for θ = 1).
 */
export function thetaStart(
  G: { Gx: Float64Array; Gy: Float64Array; Gz: Float64Array },
  matrix: { D: Float64Array; Ox: Float64Array; Oy: Float64Array; Oz: Float64Array },
  cells: { T: Float64Array; rhs: Float64Array; Tnext: Float64Array },
  mask: Uint8Array,
  theta: number,
): void {
  const { Gx, Gy, Gz } = G;
  const { D, Ox, Oy, Oz } = matrix;
  const { T, rhs, Tnext } = cells;
  const n = mask.length;
  if (theta === 1) {
    // 1 · G is G, bit for bit: a copy.
    Ox.set(Gx);
    Oy.set(Gy);
    Oz.set(Gz);
  } else
    for (let i = 0; i < n; i++) {
      Ox[i] = theta * Gx[i]!;
      Oy[i] = theta * Gy[i]!;
      Oz[i] = theta * Gz[i]!;
    }
  for (let i = 0; i < n; i++) {
    if (mask[i] === CELL_SOLID) continue;
    D[i] = 1;
    rhs[i] = T[i]!;
    Tnext[i] = T[i]!;
  }
}
