// Eagar & Tsai (1983), "Temperature fields produced by traveling distributed heat sources",
// Welding Journal 62(12), 346-s: a Gaussian surface flux q(r) = Q/(2πσ²)·exp(−r²/(2σ²)) moving at
// speed v over a semi-infinite body with constant properties, no latent heat and no surface losses.
// In the frame moving with the source (ξ = x − v·t, z down from the surface), superposing the
// instantaneous Gaussian sources released τ seconds ago (they sit at ξ = −v·τ and have spread by
// 2aτ in x and y, and as a half-space point source in z):
//
//   T − T0 = (2Q/(ρc)) ∫₀^∞ exp(−((ξ + vτ)² + y²) / (2(σ² + 2aτ))) / (2π(σ² + 2aτ))
//                             · exp(−z² / (4aτ)) / √(4π a τ)  dτ
//
// With σ → 0 this is Rosenthal's point source, Q/(2πkR)·exp(−v(ξ + R)/(2a)) (checked in the tests).
// The 1/e² spot radius of a laser is 2σ. The integral is taken in s = ln τ, where the integrand is
// smooth and decays at both ends, by the trapezoidal rule (spectrally accurate for such integrands).
// Melt-pool width, depth and length are read from the melting isotherm of this field.

import { goldenSectionMaximum } from '../../../numerics/golden-section.js';

export interface GaussianSourceCase {
  /** Absorbed power, W. */
  power: number;
  /** Travel (scan) speed, m/s. */
  speed: number;
  /** Standard deviation of the Gaussian flux, m (the 1/e² radius is 2σ); 0 for a point source. */
  sigma: number;
  /** W/(m·K). */
  conductivity: number;
  /** kg/m³. */
  density: number;
  /** J/(kg·K). */
  specificHeat: number;
  /** Initial temperature, K. */
  initialTemperature: number;
}

export interface EagarTsaiNumerics {
  /** Trapezoid nodes in ln τ. */
  nodes: number;
  /** Relative accuracy of the searches for the isotherm (bisection and golden section). */
  searchTolerance: number;
  /** Samples of the coarse scan along the track before the golden section (default 160). */
  trackSamples?: number;
}

export const defaultEagarTsaiNumerics: EagarTsaiNumerics = { nodes: 800, searchTolerance: 1e-7 };

export interface MeltPoolDimensions {
  /** Full width of the melting isotherm on the surface, m. */
  width: number;
  /** Depth of the melting isotherm below the surface, m. */
  depth: number;
  /** Length of the melting isotherm on the surface along the track, m. */
  length: number;
  /** Peak (source-centre region) surface temperature, K; infinite for a point source. */
  peakTemperature: number;
}

const diffusivity = (c: GaussianSourceCase) => c.conductivity / (c.density * c.specificHeat);

/** Time scales that bracket the integrand: diffusion over the source or the distance, and advection. */
function timeWindow(c: GaussianSourceCase, distanceSquared: number): { lo: number; hi: number } {
  const a = diffusivity(c);
  const diffusion = Math.max(distanceSquared, c.sigma * c.sigma, 1e-30) / a;
  const advection = (4 * a) / (c.speed * c.speed);
  // The lower tail falls like √τ on the surface next to a finite source, so the window starts far below.
  return { lo: 1e-16 * Math.min(diffusion, advection), hi: 200 * Math.max(advection, Math.min(diffusion, 100 * advection)) };
}

/** Temperature at (ξ, y, z) in the moving frame, K. */
export function eagarTsaiTemperature(c: GaussianSourceCase, point: { xi: number; y: number; z?: number }, numerics: EagarTsaiNumerics = defaultEagarTsaiNumerics): number {
  const a = diffusivity(c);
  const z = point.z ?? 0;
  const { lo, hi } = timeWindow(c, point.xi * point.xi + point.y * point.y + z * z);
  const s0 = Math.log(lo);
  const ds = (Math.log(hi) - s0) / (numerics.nodes - 1);
  const sigma2 = c.sigma * c.sigma;
  let sum = 0;
  for (let i = 0; i < numerics.nodes; i++) {
    const tau = Math.exp(s0 + i * ds);
    const spread = sigma2 + 2 * a * tau;
    const lateral = Math.exp(-((point.xi + c.speed * tau) ** 2 + point.y * point.y) / (2 * spread)) / (2 * Math.PI * spread);
    const vertical = Math.exp((-z * z) / (4 * a * tau)) / Math.sqrt(4 * Math.PI * a * tau);
    const weight = i === 0 || i === numerics.nodes - 1 ? 0.5 : 1;
    sum += weight * tau * lateral * vertical; // dτ = τ ds
  }
  return c.initialTemperature + ((2 * c.power) / (c.density * c.specificHeat)) * sum * ds;
}

/** Maximum over ξ of a function that rises to one peak and falls (golden section after a coarse scan). */
function maximiseAlongTrack(f: (xi: number) => number, scale: number, tolerance: number, samples = 160): { xi: number; value: number } {
  // The peak at a lateral or vertical offset lies behind the source, at most a few hundred scales back.
  let best = 0;
  let bestValue = -Infinity;
  const xiAt = (k: number) => scale * (2 - 400 * ((k / (samples - 1)) ** 3));
  for (let k = 0; k < samples; k++) {
    const value = f(xiAt(k));
    if (value > bestValue) {
      bestValue = value;
      best = k;
    }
  }
  const peak = goldenSectionMaximum(f, xiAt(Math.min(samples - 1, best + 1)), xiAt(Math.max(0, best - 1)), tolerance * scale, 10_000);
  return { xi: peak.x, value: peak.value };
}

/** Where a decreasing function of distance crosses `level` (bracket by doubling, then bisection). */
function crossing(f: (d: number) => number, level: number, start: number, tolerance: number): number {
  let hi = start;
  for (let i = 0; i < 80 && f(hi) > level; i++) hi *= 2;
  let lo = hi / 2;
  for (let i = 0; i < 80 && f(lo) <= level; i++) lo /= 2;
  while (hi - lo > tolerance * hi) {
    const mid = 0.5 * (lo + hi);
    if (f(mid) > level) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}

/** A length that sets the size of the pool region: the source or the diffusion length a/v. */
function poolScale(c: GaussianSourceCase): number {
  return Math.max(c.sigma, diffusivity(c) / c.speed, 1e-9);
}

/** Highest temperature reached at lateral offset y and depth z (maximum over ξ), K. */
export function eagarTsaiPeakAt(c: GaussianSourceCase, y: number, z: number, numerics: EagarTsaiNumerics = defaultEagarTsaiNumerics): number {
  const scale = Math.max(poolScale(c), Math.hypot(y, z));
  return maximiseAlongTrack((xi) => eagarTsaiTemperature(c, { xi, y, z }, numerics), scale, numerics.searchTolerance, numerics.trackSamples).value;
}

/** Width, depth and length of the melting isotherm. */
export function eagarTsaiMeltPool(c: GaussianSourceCase, meltingTemperature: number, numerics: EagarTsaiNumerics = defaultEagarTsaiNumerics): MeltPoolDimensions {
  if (!(meltingTemperature > c.initialTemperature)) throw new RangeError('the melting temperature must exceed the initial temperature');
  const scale = poolScale(c);
  const tol = numerics.searchTolerance;
  const halfWidth = crossing((y) => eagarTsaiPeakAt(c, y, 0, numerics), meltingTemperature, scale, tol);
  const depth = crossing((z) => eagarTsaiPeakAt(c, 1e-12 * scale, z, numerics), meltingTemperature, scale, tol);
  // Along the centreline: the surface maximum (at the source for a point source), then the two crossings.
  const onAxis = (xi: number) => eagarTsaiTemperature(c, { xi, y: 0, z: 0 }, numerics);
  const peak = c.sigma > 0 ? maximiseAlongTrack(onAxis, scale, tol, numerics.trackSamples) : { xi: 0, value: Infinity };
  let length = 0;
  if (peak.value > meltingTemperature) {
    const front = crossing((d) => onAxis(peak.xi + d), meltingTemperature, scale, tol);
    const rear = crossing((d) => onAxis(peak.xi - d), meltingTemperature, scale, tol);
    length = front + rear;
  }
  return { width: 2 * halfWidth, depth, length, peakTemperature: peak.value };
}
