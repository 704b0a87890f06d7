import { describe, expect, it } from 'vitest';
import { histogram, otsuThreshold } from './threshold.js';

describe("Otsu's threshold", () => {
  it('splits two well-separated grey levels between them, whatever their shares', () => {
    for (const share of [0.5, 0.1, 0.9]) {
      const grey = new Uint8Array(1000).map((_, i) => (i < 1000 * share ? 40 : 210));
      const t = otsuThreshold(histogram(grey));
      expect(t).toBeGreaterThanOrEqual(40);
      expect(t).toBeLessThan(210);
    }
  });

  it('the between-class variance is largest at the threshold found (checked by brute force)', () => {
    const grey = new Uint8Array(600).map((_, i) => (i % 3 === 0 ? 30 + (i % 17) : 180 + (i % 29)));
    const counts = histogram(grey);
    const variance = (t: number) => {
      let w0 = 0;
      let s0 = 0;
      let w1 = 0;
      let s1 = 0;
      counts.forEach((c, g) => {
        if (g <= t) {
          w0 += c;
          s0 += g * c;
        } else {
          w1 += c;
          s1 += g * c;
        }
      });
      return w0 && w1 ? w0 * w1 * (s0 / w0 - s1 / w1) ** 2 : -1;
    };
    const t = otsuThreshold(counts);
    for (let u = 0; u < 255; u++) expect(variance(u)).toBeLessThanOrEqual(variance(t) + 1e-6);
  });
});
