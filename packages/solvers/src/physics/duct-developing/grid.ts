// The cross-section and its radial finite-volume grid.
//
// Nodes r_0 < r_1 < ... < r_N span the gap: r_0 = 0 (the axis) for a pipe, r_0 = r_i for an annulus,
// r_N = r_o. Node j owns the control volume between the faces r_{j-1/2} = (r_{j-1} + r_j)/2 and
// r_{j+1/2}, half volumes at the walls and at the axis (vertex-centred finite volumes, Patankar,
// "Numerical Heat Transfer and Fluid Flow", 1980, Practice B). All volumes and fluxes are per radian
// and per unit length: the volume of node j is V_j = (r_{j+1/2}² - r_{j-1/2}²)/2, and Σ V_j is
// exactly the cross-section (r_o² - r_i²)/2.
//
// The nodes are a smooth map r = r_0 + (r_N - r_0)·s(ξ) of a uniform ξ grid (ξ_j = j/N), so the
// central differences keep their second order on refinement (the stretching ratio of neighbouring
// cells tends to 1 as N grows). Clustering at the walls by the hyperbolic tangent (Vinokur, "On one-
// dimensional stretching functions for finite-difference calculations", J. Comput. Phys. 50 (1983)
// 215-234):
//   pipe (wall at ξ = 1):  s(ξ) = tanh(β ξ)/tanh(β)
//   annulus (both walls):  s(ξ) = [1 + tanh(β (ξ - 1/2))/tanh(β/2)]/2
// β = 0 is the uniform grid.

export type DuctShape = { kind: 'pipe'; radius: number } | { kind: 'annulus'; innerRadius: number; outerRadius: number };

export function innerRadius(shape: DuctShape): number {
  return shape.kind === 'pipe' ? 0 : shape.innerRadius;
}

export function outerRadius(shape: DuctShape): number {
  return shape.kind === 'pipe' ? shape.radius : shape.outerRadius;
}

/** D_h = 4 A / P: the diameter of a pipe, 2 (r_o - r_i) for an annulus. */
export function hydraulicDiameter(shape: DuctShape): number {
  return 2 * (outerRadius(shape) - innerRadius(shape));
}

/** m² */
export function crossSectionArea(shape: DuctShape): number {
  const ri = innerRadius(shape);
  const ro = outerRadius(shape);
  return Math.PI * (ro * ro - ri * ri);
}

export interface RadialGrid {
  shape: DuctShape;
  /** Number of cells N (nodes N + 1). */
  cells: number;
  /** Node radii, N + 1. */
  r: Float64Array;
  /** Face radii, N + 2: face j lies between nodes j - 1 and j; face 0 = r_0, face N + 1 = r_N. */
  faceR: Float64Array;
  /** r_j - r_{j-1} at face j (index 1..N; 0 and N + 1 unused). */
  faceSpacing: Float64Array;
  /** Per-radian control volume of each node, N + 1. */
  volume: Float64Array;
  /** Σ V_j = (r_o² - r_i²)/2. */
  totalVolume: number;
  /** The tanh stretching parameter β. */
  stretching: number;
  /** Whether node 0 is a wall (annulus) or the axis (pipe). */
  innerIsWall: boolean;
}

/** s(ξ) on [0, 1], s(0) = 0, s(1) = 1. */
export function stretchingFunction(kind: DuctShape['kind'], beta: number, xi: number): number {
  if (beta === 0) return xi;
  if (kind === 'pipe') return Math.tanh(beta * xi) / Math.tanh(beta);
  return 0.5 * (1 + Math.tanh(beta * (xi - 0.5)) / Math.tanh(beta / 2));
}

export function radialGrid(shape: DuctShape, cells: number, stretching: number): RadialGrid {
  if (!(Number.isInteger(cells) && cells >= 2)) throw new RangeError(`radial cells must be an integer >= 2 (got ${cells})`);
  if (!(stretching >= 0)) throw new RangeError(`the stretching parameter must be >= 0 (got ${stretching})`);
  const r0 = innerRadius(shape);
  const gap = outerRadius(shape) - r0;
  const r = new Float64Array(cells + 1);
  for (let j = 0; j <= cells; j++) r[j] = r0 + gap * stretchingFunction(shape.kind, stretching, j / cells);
  r[0] = r0;
  r[cells] = outerRadius(shape);
  const faceR = new Float64Array(cells + 2);
  const faceSpacing = new Float64Array(cells + 2);
  faceR[0] = r[0];
  faceR[cells + 1] = r[cells];
  for (let j = 1; j <= cells; j++) {
    faceR[j] = 0.5 * (r[j - 1] + r[j]);
    faceSpacing[j] = r[j] - r[j - 1];
  }
  const volume = new Float64Array(cells + 1);
  for (let j = 0; j <= cells; j++) volume[j] = 0.5 * (faceR[j + 1] * faceR[j + 1] - faceR[j] * faceR[j]);
  const ro = outerRadius(shape);
  return {
    shape,
    cells,
    r,
    faceR,
    faceSpacing,
    volume,
    totalVolume: 0.5 * (ro * ro - r0 * r0),
    stretching,
    innerIsWall: shape.kind === 'annulus',
  };
}

/** The spacing next to the (outer) wall as a fraction of the gap r_o - r_0. */
export function wallSpacingFraction(kind: DuctShape['kind'], cells: number, beta: number): number {
  return 1 - stretchingFunction(kind, beta, 1 - 1 / cells);
}

/**
 * The β whose first spacing at the wall is `fraction` of the gap (bisection; the spacing falls
 * monotonically with β). 0 when the uniform grid is already fine enough.
 */
export function stretchingForWallSpacing(kind: DuctShape['kind'], cells: number, fraction: number): number {
  if (fraction >= 1 / cells) return 0;
  let lo = 0;
  let hi = 1;
  while (wallSpacingFraction(kind, cells, hi) > fraction) {
    hi *= 2;
    if (hi > 200) throw new RangeError(`no tanh grid of ${cells} cells reaches a wall spacing of ${fraction} of the gap`);
  }
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = 0.5 * (lo + hi);
    if (wallSpacingFraction(kind, cells, mid) > fraction) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}
