import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { FRAME_MS, usePlayback } from './usePlayback';

/** The hook over a time index of its own, as the results map holds it; `loading` set from outside. */
function usePlayer(count: number, loading: { current: boolean }) {
  const [index, setIndex] = useState(0);
  const playback = usePlayback(count, index, setIndex, loading.current);
  return { index, setIndex, ...playback };
}

describe('playing through the reporting times', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('moves one time a frame, stops at the last, and starts again from the first', () => {
    const loading = { current: false };
    const { result } = renderHook(() => usePlayer(4, loading));
    act(() => result.current.toggle());
    expect(result.current.playing).toBe(true);
    act(() => vi.advanceTimersByTime(FRAME_MS));
    expect(result.current.index).toBe(1);
    // One frame at a time: each frame's timer is set once the last one has shown.
    act(() => vi.advanceTimersByTime(FRAME_MS));
    act(() => vi.advanceTimersByTime(FRAME_MS));
    expect(result.current.index).toBe(3);
    expect(result.current.playing).toBe(false);
    act(() => vi.advanceTimersByTime(5 * FRAME_MS));
    expect(result.current.index).toBe(3);
    act(() => result.current.toggle());
    expect(result.current.index).toBe(0);
    expect(result.current.playing).toBe(true);
  });

  it('waits while the next time loads, and pauses on request', () => {
    const loading = { current: true };
    const { result, rerender } = renderHook(() => usePlayer(5, loading));
    act(() => result.current.toggle());
    act(() => vi.advanceTimersByTime(3 * FRAME_MS));
    expect(result.current.index).toBe(0);
    loading.current = false;
    rerender();
    act(() => vi.advanceTimersByTime(FRAME_MS));
    expect(result.current.index).toBe(1);
    act(() => result.current.pause());
    act(() => vi.advanceTimersByTime(3 * FRAME_MS));
    expect(result.current.index).toBe(1);
    expect(result.current.playing).toBe(false);
  });
});
