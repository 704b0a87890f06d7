// Small helpers shared by the verification tests of this model: observed orders of convergence and
// relative errors.

export const relativeError = (value: number, reference: number): number => Math.abs(value / reference - 1);

/** Observed orders log2(e_k / e_{k+1}) of errors on grids refined by 2. */
export function observedOrders(errors: readonly number[]): number[] {
  return errors.slice(1).map((e, k) => Math.log2(Math.abs(errors[k]!) / Math.abs(e)));
}

/** Observed orders from values alone (no exact solution): log2 |v_k - v_{k+1}| / |v_{k+1} - v_{k+2}|. */
export function observedOrdersFromValues(values: readonly number[]): number[] {
  const differences = values.slice(1).map((v, k) => v - values[k]!);
  return observedOrders(differences);
}
