// The estimate's time limit grows with the text its parameters carry (docs/adr/0035-large-networks.md).
import { describe, expect, it } from 'vitest';
import { ESTIMATE_MS_PER_MILLION_CHARACTERS, estimateLimits } from './estimates.js';

const base = { timeLimitMs: 5000, queueLimitMs: 5000 };

describe('estimateLimits', () => {
  it('keeps the base limits for parameters without long text (within a millisecond)', () => {
    expect(estimateLimits(base, { diameter: 0.05, fluid: 'water' }).timeLimitMs).toBeLessThanOrEqual(5001);
    expect(estimateLimits(base, { diameter: 0.05 })).toEqual(base);
  });

  it('adds its allowance per million characters of the text values, known before any work', () => {
    const limits = estimateLimits(base, { inp: 'x'.repeat(17_400_000), flow: 2 });
    expect(limits.timeLimitMs).toBe(5000 + Math.ceil(17.4 * ESTIMATE_MS_PER_MILLION_CHARACTERS));
    expect(limits.queueLimitMs).toBe(limits.timeLimitMs);
  });

  it('stays bounded at the largest .inp accepted', () => {
    expect(estimateLimits(base, { inp: 'x'.repeat(32_000_000) }).timeLimitMs).toBe(5000 + 32 * ESTIMATE_MS_PER_MILLION_CHARACTERS);
  });
});
