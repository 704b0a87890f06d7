// EPANET's table look-up, shared by tank volume curves, efficiency curves and the compile step.

/** EPANET's table look-up: linear between points, clamped to the end values. */
export function interpolate(x: ArrayLike<number>, y: ArrayLike<number>, xx: number): number {
  const m = x.length - 1;
  if (xx <= x[0]!) return y[0]!;
  for (let k = 1; k <= m; k++) {
    if (x[k]! >= xx) {
      const dx = x[k]! - x[k - 1]!;
      const dy = y[k]! - y[k - 1]!;
      if (Math.abs(dx) < 1e-12) return y[k]!;
      return y[k]! - ((x[k]! - xx) * dy) / dx;
    }
  }
  return y[m]!;
}
