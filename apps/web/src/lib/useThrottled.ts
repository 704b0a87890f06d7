import { useEffect, useRef, useState } from 'react';

/**
 * The value passed on at most once every `intervalMs`: a change after a quiet interval at once, the
 * changes within an interval as their latest when it ends (so the last value always shows).
 */
export function useThrottled<T>(value: T, intervalMs: number): T {
  const [shown, setShown] = useState(value);
  const shownAt = useRef(0);
  useEffect(() => {
    if (Object.is(value, shown)) return;
    const show = () => {
      shownAt.current = Date.now();
      setShown(value);
    };
    const wait = shownAt.current + intervalMs - Date.now();
    if (wait <= 0) return show();
    const timer = setTimeout(show, wait);
    return () => clearTimeout(timer);
  }, [value, shown, intervalMs]);
  return shown;
}
