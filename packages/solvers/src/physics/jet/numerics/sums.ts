// Sums whose rounding error does not grow with the count: conservation checks compare a sum of many
// cell residuals with a boundary flux to a few ε of the terms' magnitude.

/** Σ x with Neumaier's compensation (error ≤ 2 ε Σ|x| to first order, independent of the count). */
export function compensatedSum(values: Iterable<number>): number {
  let [sum, c] = [0, 0];
  for (const v of values) {
    const t = sum + v;
    c += Math.abs(sum) >= Math.abs(v) ? sum - t + v : v - t + sum;
    sum = t;
  }
  return sum + c;
}
