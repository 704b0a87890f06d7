// The rough-wall shift of the mixing length, calibrated so that the model's wall layer reproduces
// the roughness function of the Colebrook-White equation, the law the product's friction factors and
// estimates are checked against.
//
// A rough wall moves the log law down by ΔU⁺(k⁺), k⁺ = k_s u_τ/ν. Colebrook-White (C. F. Colebrook,
// J. Inst. Civil Eng. 11 (1939) 133-156), 1/√f = -2 log10(k_s/(3.7 D) + 2.51/(Re √f)), written at a
// fixed Re √f (a fixed Re_τ) with U_m⁺ = √(8/f) and k_s Re √f / D = √8 k⁺, is the smooth law minus
//     ΔU⁺ = (2 √8 / ln 10) ln(1 + √8 k⁺ / (3.7 · 2.51)) ≈ 2.457 ln(1 + 0.3046 k⁺),
// a monotone roughness function without the dip of Nikuradse's uniform sand (the comparison of the two
// is discussed by J. Jiménez, "Turbulent flows over rough walls", Annu. Rev. Fluid Mech. 36 (2004)
// 173-196).
//
// The mixing length moves off the wall by Δy: l = κ (y + Δy) [1 - exp(-(y + Δy)⁺/A⁺)] near the wall
// (the idea of T. Cebeci and K. C. Chang, AIAA J. 16 (1978) 730-735). Their fit
// Δy⁺ = 0.9 [√k⁺ - k⁺ e^{-k⁺/6}] makes the wall smooth below k⁺ = 4.535 (Nikuradse's sand) and, with
// this model's Nikuradse profile across the pipe, gave friction factors 13-23 % below Colebrook for
// commercial roughness (k_s/D = 1.8e-3 at Re 2.5e4-1e5: k⁺ 2.5-9; the default CIRCULAR_PIPE case).
// Here instead Δy⁺ is the one for which the model's own constant-stress wall layer,
//     (1 + l⁺² |du⁺/dy⁺|) du⁺/dy⁺ = 1,   so   du⁺/dy⁺ = 2 / (1 + √(1 + 4 l⁺²)),
// lies ΔU⁺(k⁺) below the smooth layer far from the wall:
//     ΔU⁺_model(Δy⁺) = ∫₀^∞ [g(y⁺; 0) - g(y⁺; Δy⁺)] dy⁺,   g = du⁺/dy⁺.
// ΔU⁺_model grows monotonically with Δy⁺; it is tabulated once per A⁺ (the integral on a logarithmic
// y⁺ grid, Simpson's rule, the tail beyond Y⁺ = 10⁴ max(Δy⁺, A⁺) in its logarithmic limit
// (1/κ) ln((Y⁺ + Δy⁺)/Y⁺), off by O(Δy⁺/(κ² Y⁺²))) and inverted by
// interpolation in ln Δy⁺. A smooth wall (k_s = 0) keeps Δy = 0.

/**
 * κ of the mixing length near the wall (l → κ y; turbulence.ts scales Nikuradse's l/δ, whose slope at
 * the wall is 0.40, to it). 0.41 is the log-law constant of Coles and of Kays & Crawford; it also
 * makes the model's 1/√f grow with log10(Re √f) at Prandtl's slope 2.0 (the smooth-pipe law inside
 * Colebrook-White): ln 10/(κ √8) = 2.0 gives κ = 0.407. With Nikuradse's 0.40 the slope was 2.035 and
 * the friction factor drifted from +3.8 % (Re 1e4) to −2.3 % (Re 1e7) of Colebrook.
 */
export const MIXING_LENGTH_KAPPA = 0.41;

/** Where the model's fully developed friction factor is within 1 % of Colebrook-White (turbulent.test.ts). */
export const COLEBROOK_AGREEMENT = { minReynolds: 5e4, maxRelativeRoughness: 3e-3 } as const;

/** Colebrook-White's roughness function ΔU⁺(k⁺) (0 for a smooth wall). */
export function colebrookRoughnessFunction(roughnessPlus: number): number {
  if (!(roughnessPlus > 0)) return 0;
  const sqrt8 = Math.sqrt(8);
  return ((2 * sqrt8) / Math.LN10) * Math.log1p((sqrt8 * roughnessPlus) / (3.7 * 2.51));
}

/** How the wall-layer table is built: the Δy⁺ range, its resolution, and the y⁺ quadrature. */
export interface RoughnessTableNumerics {
  minShiftPlus: number;
  maxShiftPlus: number;
  shiftsPerDecade: number;
  /** Quadrature from y⁺ = minYPlus to Y⁺ = tailFactor · max(Δy⁺, A⁺), pointsPerDecade per decade (Simpson). */
  minYPlus: number;
  tailFactor: number;
  pointsPerDecade: number;
}

export const defaultRoughnessTableNumerics: RoughnessTableNumerics = {
  minShiftPlus: 1e-3,
  maxShiftPlus: 1e5,
  shiftsPerDecade: 30,
  minYPlus: 1e-4,
  tailFactor: 1e4,
  pointsPerDecade: 200,
};

function wallLayerGradient(yPlus: number, shiftPlus: number, vanDriestA: number): number {
  const y = yPlus + shiftPlus;
  const l = MIXING_LENGTH_KAPPA * y * (1 - Math.exp(-y / vanDriestA));
  return 2 / (1 + Math.sqrt(1 + 4 * l * l));
}

/** ΔU⁺ of the model's wall layer shifted by Δy⁺ (the integral above). */
export function wallLayerRoughnessFunction(shiftPlus: number, vanDriestA: number, numerics: RoughnessTableNumerics = defaultRoughnessTableNumerics): number {
  if (!(shiftPlus > 0)) return 0;
  const top = numerics.tailFactor * Math.max(shiftPlus, vanDriestA);
  const t0 = Math.log(numerics.minYPlus);
  const t1 = Math.log(top);
  const intervals = 2 * Math.ceil(((t1 - t0) / Math.LN10) * numerics.pointsPerDecade * 0.5);
  const h = (t1 - t0) / intervals;
  let sum = 0;
  for (let i = 0; i <= intervals; i++) {
    const y = Math.exp(t0 + i * h);
    // dy⁺ = y⁺ dt on the logarithmic grid.
    const integrand = (wallLayerGradient(y, 0, vanDriestA) - wallLayerGradient(y, shiftPlus, vanDriestA)) * y;
    sum += (i === 0 || i === intervals ? 1 : i % 2 === 1 ? 4 : 2) * integrand;
  }
  // Below minYPlus both layers are linear in y⁺ to within Δy⁺'s effect on a sliver: left out (< 1e-4).
  const tail = Math.log((top + shiftPlus) / top) / MIXING_LENGTH_KAPPA;
  return (sum * h) / 3 + tail;
}

interface ShiftTable {
  logShift: Float64Array;
  deltaU: Float64Array;
}

const tables = new Map<number, ShiftTable>();

function shiftTable(vanDriestA: number): ShiftTable {
  const cached = tables.get(vanDriestA);
  if (cached) return cached;
  const n = defaultRoughnessTableNumerics;
  const decades = Math.log10(n.maxShiftPlus / n.minShiftPlus);
  const count = Math.round(decades * n.shiftsPerDecade) + 1;
  const logShift = new Float64Array(count);
  const deltaU = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    logShift[i] = Math.log(n.minShiftPlus) + (i / (count - 1)) * decades * Math.LN10;
    deltaU[i] = wallLayerRoughnessFunction(Math.exp(logShift[i]!), vanDriestA);
  }
  const table = { logShift, deltaU };
  tables.set(vanDriestA, table);
  return table;
}

/** The Δy⁺ whose wall layer lies `deltaU` below the smooth one (inverse of wallLayerRoughnessFunction). */
export function shiftForRoughnessFunction(deltaU: number, vanDriestA: number): number {
  if (!(deltaU > 0)) return 0;
  const { logShift, deltaU: du } = shiftTable(vanDriestA);
  const last = du.length - 1;
  // Below the table ΔU⁺ grows like Δy⁺ (first order in the shift): linear through the origin.
  if (deltaU <= du[0]!) return (Math.exp(logShift[0]!) * deltaU) / du[0]!;
  // Beyond it the layer is fully logarithmic: ΔU⁺ = (1/κ) ln Δy⁺ + const.
  if (deltaU >= du[last]!) return Math.exp(logShift[last]! + MIXING_LENGTH_KAPPA * (deltaU - du[last]!));
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (du[mid]! <= deltaU) lo = mid;
    else hi = mid;
  }
  const w = (deltaU - du[lo]!) / (du[hi]! - du[lo]!);
  return Math.exp(logShift[lo]! + w * (logShift[hi]! - logShift[lo]!));
}

/** Δy⁺ of a wall of roughness k⁺ (equivalent sand roughness), so that the model follows Colebrook-White. */
export function roughnessShiftPlus(roughnessPlus: number, vanDriestA: number): number {
  return shiftForRoughnessFunction(colebrookRoughnessFunction(roughnessPlus), vanDriestA);
}
