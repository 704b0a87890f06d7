// The pressure–velocity coupling's loops over rows (coupling.ts), defined once for threads/parts.ts:
// each takes the arrays of the call under way (`io`): those of the solver, which the helper thread's
// copy holds too, or another caller's, which then run on the calling thread alone.

import type { RowParts } from '../threads/parts.js';

/** The arrays a coupling call works on. */
export interface CouplingArrays {
  u: Float64Array;
  v: Float64Array;
  uOld: Float64Array;
  vOld: Float64Array;
  FxOld: Float64Array;
  FyOld: Float64Array;
  Fx: Float64Array;
  Fy: Float64Array;
}

/** The coupling's row loops (coupling.ts). */
export interface CouplingRows {
  interiorFluxes(io: CouplingArrays, keep: number, j0: number, j1: number): void;
  imbalanceRows(Fx: Float64Array, Fy: Float64Array, j0: number, j1: number): number;
  matrixRows(j0: number, j1: number): void;
  continuityRows(Fx: Float64Array, Fy: Float64Array, start: boolean, j0: number, j1: number): void;
  spreadRows(j0: number, j1: number): void;
  correctionGradientRows(clear: boolean, j0: number, j1: number): void;
  nonOrthogonalRows(j0: number, j1: number): void;
  addFluxRows(Fx: Float64Array, Fy: Float64Array, j0: number, j1: number): void;
  finishRows(u: Float64Array, v: Float64Array, Fx: Float64Array, Fy: Float64Array, j0: number, j1: number): void;
  /** The fluxes with the non-orthogonal part of the correction (curvilinear grids). */
  readonly corrected: { x: Float64Array; y: Float64Array };
}

export type CouplingLoops = Record<'fluxes' | 'imbalance' | 'matrix' | 'continuity' | 'spread' | 'correctionGradient' | 'nonOrthogonal' | 'addFluxes' | 'finish', number>;

export function defineCouplingLoops(parts: RowParts, c: CouplingRows, io: () => CouplingArrays): CouplingLoops {
  const rows = (body: (j0: number, j1: number, args: ArrayLike<number>) => void) => parts.define((part, args) => parts.each(part, (j0, j1) => body(j0, j1, args)));
  return {
    // args: the share kept of the old fluxes (Majumdar's term).
    fluxes: rows((j0, j1, args) => c.interiorFluxes(io(), args[0]!, j0, j1)),
    imbalance: parts.define((part, _args, sums) => parts.each(part, (j0, j1) => (sums[0] += c.imbalanceRows(io().Fx, io().Fy, j0, j1)))),
    matrix: rows((j0, j1) => c.matrixRows(j0, j1)),
    // args: 0 for the fluxes F (1: the fluxes with the non-orthogonal part), 1 to zero the initial guess.
    continuity: rows((j0, j1, args) => c.continuityRows(args[0] === 1 ? c.corrected.x : io().Fx, args[0] === 1 ? c.corrected.y : io().Fy, args[1] === 1, j0, j1)),
    spread: rows((j0, j1) => c.spreadRows(j0, j1)),
    correctionGradient: rows((j0, j1, args) => c.correctionGradientRows(args[0] === 1, j0, j1)),
    nonOrthogonal: rows((j0, j1) => c.nonOrthogonalRows(j0, j1)),
    addFluxes: rows((j0, j1) => c.addFluxRows(io().Fx, io().Fy, j0, j1)),
    finish: rows((j0, j1) => c.finishRows(io().u, io().v, io().Fx, io().Fy, j0, j1)),
  };
}
