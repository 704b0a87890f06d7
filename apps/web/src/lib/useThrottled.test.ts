import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useThrottled } from './useThrottled';

afterEach(() => vi.useRealTimers());

describe('useThrottled', () => {
  it('passes a change after a quiet interval at once and the changes within an interval as their latest when it ends', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useThrottled(value, 1000), { initialProps: { value: 1 } });
    expect(result.current).toBe(1);
    rerender({ value: 2 });
    expect(result.current).toBe(2);
    rerender({ value: 3 });
    rerender({ value: 4 });
    expect(result.current).toBe(2);
    act(() => void vi.advanceTimersByTime(999));
    expect(result.current).toBe(2);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe(4);
    act(() => void vi.advanceTimersByTime(5000));
    rerender({ value: 5 });
    expect(result.current).toBe(5);
  });
});
