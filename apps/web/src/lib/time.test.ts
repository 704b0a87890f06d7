import { describe, expect, it } from 'vitest';
import { formatRelative, secondsBetween } from './time';

describe('time', () => {
  it('says how long ago', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(formatRelative('2026-01-01T11:59:58Z', now)).toBe('just now');
    expect(formatRelative('2026-01-01T11:59:15Z', now)).toBe('45 s ago');
    expect(formatRelative('2026-01-01T11:57:00Z', now)).toBe('3 min ago');
    expect(formatRelative('2026-01-01T10:00:00Z', now)).toBe('2 h ago');
    expect(formatRelative('2025-12-31T12:00:00Z', now)).toBe('1 day ago');
    expect(formatRelative(null, now)).toBe('—');
  });

  it('measures durations', () => {
    expect(secondsBetween('2026-01-01T12:00:00.000Z', '2026-01-01T12:00:01.394Z')).toBeCloseTo(1.394);
    expect(secondsBetween('2026-01-01T12:00:00Z', null)).toBeNull();
  });
});
