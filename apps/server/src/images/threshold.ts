// Otsu's threshold (Otsu 1979, "A threshold selection method from gray-level histograms", IEEE
// SMC-9): the grey level that maximises the between-class variance of the histogram.

export function histogram(grey: Uint8Array): Float64Array {
  const counts = new Float64Array(256);
  for (let i = 0; i < grey.length; i++) counts[grey[i]!]! += 1;
  return counts;
}

/**
 * The threshold t of Otsu's method: pixels with grey ≤ t form one class, the rest the other.
 * Maximises ω0·ω1·(μ0 − μ1)², the between-class variance (the within-class variance is then least).
 */
export function otsuThreshold(counts: Float64Array): number {
  let total = 0;
  let sumAll = 0;
  for (let g = 0; g < 256; g++) {
    total += counts[g]!;
    sumAll += g * counts[g]!;
  }
  let weight0 = 0;
  let sum0 = 0;
  let best = -1;
  let bestT = 127;
  for (let t = 0; t < 255; t++) {
    weight0 += counts[t]!;
    sum0 += t * counts[t]!;
    const weight1 = total - weight0;
    if (weight0 === 0 || weight1 === 0) continue;
    const mean0 = sum0 / weight0;
    const mean1 = (sumAll - sum0) / weight1;
    const between = weight0 * weight1 * (mean0 - mean1) ** 2;
    if (between > best) {
      best = between;
      bestT = t;
    }
  }
  return bestT;
}
