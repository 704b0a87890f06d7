// Sums taken in a fixed order that does not depend on how many threads take them, so a run gives
// the same bits on one thread as on two.

/**
 * Σ b² over the first n values in four quarters (the first three of n / 4 values, rounded down, the
 * last the rest), each summed in order, then (q0 + q1) + (q2 + q3): the reference of the module's
 * squaresAll, whose four chains run side by side.
 */
export function squaresInQuarters(b: Float64Array, n: number): number {
  const m = n >> 2;
  const sums = [0, 0, 0, 0];
  for (let k = 0; k < 4; k++) {
    let sum = 0;
    for (let i = k * m, end = k < 3 ? (k + 1) * m : n; i < end; i++) sum += b[i]! * b[i]!;
    sums[k] = sum;
  }
  return sums[0]! + sums[1]! + (sums[2]! + sums[3]!);
}
