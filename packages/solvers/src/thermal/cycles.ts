// Reading thermal cycles: the cooling time between two temperatures (t8/5: 800 -> 500 °C).

/**
 * Time (s) between the first downward crossings of `from` and of `to` after the peak (both K),
 * interpolated linearly between samples; undefined if the cycle does not reach both.
 */
export function coolingTime(times: readonly number[], temperatures: readonly number[], from = 1073.15, to = 773.15): number | undefined {
  const crossing = (level: number, startAt: number): number | undefined => {
    for (let j = startAt; j < temperatures.length; j++) {
      const a = temperatures[j - 1]!;
      const b = temperatures[j]!;
      if (a >= level && b < level) return times[j - 1]! + ((a - level) / (a - b)) * (times[j]! - times[j - 1]!);
    }
    return undefined;
  };
  let peakIndex = 0;
  for (let j = 1; j < temperatures.length; j++) if (temperatures[j]! > temperatures[peakIndex]!) peakIndex = j;
  const t1 = crossing(from, Math.max(1, peakIndex + 1));
  const t2 = crossing(to, Math.max(1, peakIndex + 1));
  return t1 === undefined || t2 === undefined ? undefined : t2 - t1;
}
