// Golden-section search for the maximum of a unimodal function on [a, b] (Kiefer 1953): each step
// keeps the sub-interval that holds the maximum and reuses one interior value, so every iteration
// costs one evaluation and shrinks the bracket by 0.618.

const RATIO = (Math.sqrt(5) - 1) / 2;

/** The maximiser of `f` on [a, b] to an absolute bracket width `tolerance` (at most `maxIterations` steps). */
export function goldenSectionMaximum(f: (x: number) => number, a: number, b: number, tolerance: number, maxIterations = 200): { x: number; value: number } {
  let lo = Math.min(a, b);
  let hi = Math.max(a, b);
  let x1 = hi - RATIO * (hi - lo);
  let x2 = lo + RATIO * (hi - lo);
  let f1 = f(x1);
  let f2 = f(x2);
  for (let i = 0; i < maxIterations && hi - lo > tolerance; i++) {
    if (f1 < f2) {
      lo = x1;
      x1 = x2;
      f1 = f2;
      x2 = lo + RATIO * (hi - lo);
      f2 = f(x2);
    } else {
      hi = x2;
      x2 = x1;
      f2 = f1;
      x1 = hi - RATIO * (hi - lo);
      f1 = f(x1);
    }
  }
  const x = 0.5 * (lo + hi);
  return { x, value: f(x) };
}
