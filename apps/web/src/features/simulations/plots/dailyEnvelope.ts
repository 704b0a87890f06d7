// A long time series (a year of 3-hourly or hourly plant values) has more points than a plot is
// pixels wide: drawn point by point it is a solid band of spikes and the seasons cannot be read.
// Drawn instead: each day's mean as the line and the day's min–max as a band. Over a season a plant
// that cycles over days (the well on one day, off the next) still draws its daily means as a zigzag:
// over a long span the line is the daily means smoothed with a Gaussian a few days wide, which takes
// out cycles of a few days (a 2-day cycle by a factor e^-40 at σ = 3 d) and keeps the seasons; the
// band keeps showing each day's range. The CSV keeps every value; this only changes what is drawn.
import { toSI, units } from '@simforge/contracts';

export const DAY_SECONDS = 86_400;

export interface DailyEnvelope {
  /** Mean time of each day's values (the middle of a day sampled evenly; never beyond the data), in the time axis' own unit. */
  x: number[];
  mean: number[];
  min: number[];
  max: number[];
  /** Number of values of each day. */
  count: number[];
}

/**
 * Buckets values by day of the time axis (day k is [k, k + 1) days from t = 0, in the axis' unit
 * `unit`): mean, min and max of the finite values of each day; days without one are left out.
 */
export function dailyEnvelope(times: readonly number[], values: readonly (number | null | undefined)[], unit = 's'): DailyEnvelope {
  const day = DAY_SECONDS / toSI(1, unit);
  const buckets = new Map<number, { time: number; sum: number; count: number; min: number; max: number }>();
  for (let i = 0; i < times.length; i++) {
    const t = times[i]!;
    const v = values[i];
    if (!Number.isFinite(t) || typeof v !== 'number' || !Number.isFinite(v)) continue;
    const k = Math.floor(t / day);
    const b = buckets.get(k);
    if (b) {
      b.time += t;
      b.sum += v;
      b.count += 1;
      if (v < b.min) b.min = v;
      if (v > b.max) b.max = v;
    } else buckets.set(k, { time: t, sum: v, count: 1, min: v, max: v });
  }
  const out: DailyEnvelope = { x: [], mean: [], min: [], max: [], count: [] };
  for (const k of [...buckets.keys()].sort((a, b) => a - b)) {
    const b = buckets.get(k)!;
    out.x.push(b.time / b.count);
    out.mean.push(b.sum / b.count);
    out.min.push(b.min);
    out.max.push(b.max);
    out.count.push(b.count);
  }
  return out;
}

/** Points per px of plot width beyond which single points can no longer be told apart. */
const POINTS_PER_PX = 2;
/** Below this many values a day, a daily summary would hide more than it shows. */
const MIN_VALUES_PER_DAY = 4;

/**
 * Whether a time axis (values in `unit`) is drawn as daily envelopes in a plot `plotPx` wide: more
 * values than the plot can show, over more than two days, several values a day.
 */
export function wantsDailyEnvelope(times: readonly number[], unit: string, plotPx: number): boolean {
  if (units.get(unit)?.quantity !== 'time' || times.length <= POINTS_PER_PX * plotPx) return false;
  const seconds = toSI(1, unit);
  const days = ((times[times.length - 1]! - times[0]!) * seconds) / DAY_SECONDS;
  return days > 2 && times.length / days >= MIN_VALUES_PER_DAY;
}

/** Smoothed lines carry about this many independent values across the plot. */
const SMOOTHED_VALUES_PER_SPAN = 120;
/** The kernel is cut where its weight falls below e^-4.5. */
const KERNEL_SIGMAS = 3;

/**
 * σ (days) of the Gaussian the daily means of a span of `spanDays` are smoothed with: a 120th of the
 * span (3 days for a year); null below one day, where the daily means are drawn as they are.
 */
export function smoothingDays(spanDays: number): number | null {
  const sigma = spanDays / SMOOTHED_VALUES_PER_SPAN;
  return sigma >= 1 ? sigma : null;
}

/**
 * The daily means smoothed by a Gaussian of σ `sigmaDays` over the days' times (`x` in the axis'
 * unit `unit`), each day weighted by its number of values; near the ends the weights are those
 * inside the data, so the line stays within the values' range.
 */
export function smoothedMeans(days: DailyEnvelope, sigmaDays: number, unit = 's'): number[] {
  const dayLength = DAY_SECONDS / toSI(1, unit);
  const t = days.x.map((x) => x / dayLength);
  return t.map((centre, i) => {
    let sum = 0;
    let weight = 0;
    for (let j = i; j >= 0 && centre - t[j]! <= KERNEL_SIGMAS * sigmaDays; j--) {
      const w = days.count[j]! * Math.exp(-0.5 * ((centre - t[j]!) / sigmaDays) ** 2);
      sum += w * days.mean[j]!;
      weight += w;
    }
    for (let j = i + 1; j < t.length && t[j]! - centre <= KERNEL_SIGMAS * sigmaDays; j++) {
      const w = days.count[j]! * Math.exp(-0.5 * ((t[j]! - centre) / sigmaDays) ** 2);
      sum += w * days.mean[j]!;
      weight += w;
    }
    return sum / weight;
  });
}
