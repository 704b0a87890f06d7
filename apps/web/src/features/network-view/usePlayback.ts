// Play through a run's reporting times on the results map: the time moves on one reporting time a
// frame, waits while the next time's values load (a large table is read one time at a time, so each
// frame shows its own values), and stops at the last time. Play at the last time starts again from
// the first.
import { useCallback, useEffect, useState } from 'react';

/** Milliseconds a reporting time stays on the map while playing. */
export const FRAME_MS = 700;

export function usePlayback(count: number, index: number, setIndex: (index: number) => void, loading: boolean) {
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!playing) return;
    if (index >= count - 1) {
      setPlaying(false);
      return;
    }
    if (loading) return;
    const timer = setTimeout(() => setIndex(index + 1), FRAME_MS);
    return () => clearTimeout(timer);
  }, [playing, index, count, loading, setIndex]);
  const toggle = useCallback(() => {
    if (playing) {
      setPlaying(false);
      return;
    }
    if (index >= count - 1) setIndex(0);
    setPlaying(true);
  }, [playing, index, count, setIndex]);
  const pause = useCallback(() => setPlaying(false), []);
  return { playing, toggle, pause };
}
