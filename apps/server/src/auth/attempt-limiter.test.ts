import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from './attempt-limiter.js';

describe('createAttemptLimiter', () => {
  it('allows max attempts per window and key, then refuses until the window ends', () => {
    let now = 0;
    const limiter = createAttemptLimiter({ max: 3, windowMs: 1000, now: () => now });
    expect([1, 2, 3, 4].map(() => limiter.hit('a'))).toEqual([true, true, true, false]);
    expect(limiter.hit('b')).toBe(true);
    now = 999;
    expect(limiter.hit('a')).toBe(false);
    now = 1000;
    expect(limiter.hit('a')).toBe(true);
  });

  it('forgets a key on reset', () => {
    const limiter = createAttemptLimiter({ max: 1, windowMs: 1000, now: () => 0 });
    expect(limiter.hit('a')).toBe(true);
    expect(limiter.hit('a')).toBe(false);
    limiter.reset('a');
    expect(limiter.hit('a')).toBe(true);
  });

  it('takes back one attempt on forgive', () => {
    const limiter = createAttemptLimiter({ max: 2, windowMs: 1000, now: () => 0 });
    expect([1, 2].map(() => limiter.hit('a'))).toEqual([true, true]);
    limiter.forgive('a');
    expect(limiter.hit('a')).toBe(true);
    expect(limiter.hit('a')).toBe(false);
  });
});
