/**
 * A symmetric seven-point matrix on an nx × ny × nz box of cells, i = ix + nx·(iy + ny·iz): the
 * diagonal D and the couplings, stored positive and subtracted (A = D − O), to the east (Ox[i] between
 * i and i + 1), north (Oy[i]: i and i + nx) and above (Oz[i]: i and i + nx·ny), as conduction and the
 * jet's pressure correction assemble them.
 */
export interface SevenPointMatrix {
  nx: number;
  ny: number;
  nz: number;
  D: Float64Array;
  Ox: Float64Array;
  Oy: Float64Array;
  Oz: Float64Array;
}
