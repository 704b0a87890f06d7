// One-dimensional cubic Hermite functions on an interval of length a, ξ = (x − x0)/a ∈ [0, 1]:
//   H0 = 1 − 3ξ² + 2ξ³ (value at the start), H1 = a (ξ − 2ξ² + ξ³) (slope at the start),
//   H2 = 3ξ² − 2ξ³ (value at the end),       H3 = a (ξ³ − ξ²) (slope at the end),
// and the integrals of their products that build the plate elements by tensor products.
// Gauss–Legendre with 4 points integrates polynomials up to degree 7 exactly (H·H is degree 6).

const GAUSS_POINTS = [0.5 - 0.5 * 0.8611363115940526, 0.5 - 0.5 * 0.3399810435848563, 0.5 + 0.5 * 0.3399810435848563, 0.5 + 0.5 * 0.8611363115940526];
const GAUSS_WEIGHTS = [0.5 * 0.3478548451374538, 0.5 * 0.6521451548625461, 0.5 * 0.6521451548625461, 0.5 * 0.3478548451374538];

/** Values of the four functions and their first and second x-derivatives at ξ. */
export function hermite(xi: number, a: number): { value: number[]; first: number[]; second: number[] } {
  const x2 = xi * xi;
  const x3 = x2 * xi;
  return {
    value: [1 - 3 * x2 + 2 * x3, a * (xi - 2 * x2 + x3), 3 * x2 - 2 * x3, a * (x3 - x2)],
    first: [(-6 * xi + 6 * x2) / a, 1 - 4 * xi + 3 * x2, (6 * xi - 6 * x2) / a, 3 * x2 - 2 * xi],
    second: [(-6 + 12 * xi) / (a * a), (-4 + 6 * xi) / a, (6 - 12 * xi) / (a * a), (6 * xi - 2) / a],
  };
}

/** 4×4 matrices (row-major) of ∫ over the interval, for an interval of length a. */
export interface HermiteIntegrals {
  /** ∫ H_i H_k */
  mass: Float64Array;
  /** ∫ H_i' H_k' */
  slope: Float64Array;
  /** ∫ H_i'' H_k'' */
  curvature: Float64Array;
  /** ∫ H_i'' H_k */
  mixed: Float64Array;
  /** ∫ H_i */
  integral: Float64Array;
  /** ∫ H_i'' = H_i'(end) − H_i'(start) */
  curvatureIntegral: Float64Array;
}

export function hermiteIntegrals(a: number): HermiteIntegrals {
  const mass = new Float64Array(16);
  const slope = new Float64Array(16);
  const curvature = new Float64Array(16);
  const mixed = new Float64Array(16);
  const integral = new Float64Array(4);
  const curvatureIntegral = new Float64Array(4);
  for (let g = 0; g < GAUSS_POINTS.length; g++) {
    const h = hermite(GAUSS_POINTS[g]!, a);
    const w = GAUSS_WEIGHTS[g]! * a;
    for (let i = 0; i < 4; i++) {
      integral[i] += w * h.value[i]!;
      curvatureIntegral[i] += w * h.second[i]!;
      for (let k = 0; k < 4; k++) {
        mass[4 * i + k] += w * h.value[i]! * h.value[k]!;
        slope[4 * i + k] += w * h.first[i]! * h.first[k]!;
        curvature[4 * i + k] += w * h.second[i]! * h.second[k]!;
        mixed[4 * i + k] += w * h.second[i]! * h.value[k]!;
      }
    }
  }
  return { mass, slope, curvature, mixed, integral, curvatureIntegral };
}
