import { describe, expect, it } from 'vitest';
import { DAY_SECONDS, dailyEnvelope, smoothedMeans, smoothingDays, wantsDailyEnvelope } from './dailyEnvelope';

const HOUR = 3600;
/** A year of hourly values: a seasonal swing of ±10 around 50 with a daily swing of ±5 on top. */
const hours = Array.from({ length: 8760 }, (_, k) => k * HOUR);
const hourly = hours.map((t) => 50 + 10 * Math.cos((2 * Math.PI * t) / (365 * DAY_SECONDS)) + 5 * Math.sin((2 * Math.PI * t) / DAY_SECONDS));

describe('daily envelopes of long time series', () => {
  it('bucket values by day: mean, min and max of each day, at the mean time of its values', () => {
    const times = [0, 6, 12, 18, 24, 30].map((h) => h * HOUR);
    const days = dailyEnvelope(times, [1, 3, 2, 6, 10, 20]);
    // The second day has values at 24 h and 30 h only: its point stays within the data.
    expect(days.x).toEqual([9 * HOUR, 27 * HOUR]);
    expect(days.mean).toEqual([3, 15]);
    expect(days.min).toEqual([1, 10]);
    expect(days.max).toEqual([6, 20]);
  });

  it('count days in the time axis’ own unit and skip values that are not numbers', () => {
    const days = dailyEnvelope([0, 12, 24, 36], [1, Number.NaN, 4, 8], 'h');
    expect(days).toEqual({ x: [0, 30], mean: [1, 6], min: [1, 4], max: [1, 8], count: [1, 2] });
  });

  it('keep a year of hourly values readable: 365 daily means follow the seasons, the band holds the daily swing', () => {
    const days = dailyEnvelope(hours, hourly);
    expect(days.x).toHaveLength(365);
    expect(days.x[0]).toBeCloseTo(11.5 * HOUR, 6);
    expect(days.x.at(-1)!).toBeLessThanOrEqual(hours.at(-1)!);
    // Winter (day 0) is warmer than summer (day 182) by about the seasonal swing.
    expect(days.mean[0]! - days.mean[182]!).toBeCloseTo(20, 0);
    // Each band spans the ±5 daily swing.
    expect(days.max[100]! - days.min[100]!).toBeCloseTo(10, 0);
  });

  it('are drawn when a time series has more values than the plot can show, over more than two days', () => {
    expect(wantsDailyEnvelope(hours, 's', 900)).toBe(true);
    // 2,920 three-hourly values (the geothermal plant's year) in a phone's plot.
    expect(wantsDailyEnvelope(Array.from({ length: 2920 }, (_, k) => k * 3 * HOUR), 's', 250)).toBe(true);
    // A day of a network: 25 values.
    expect(wantsDailyEnvelope(Array.from({ length: 25 }, (_, k) => k * HOUR), 's', 250)).toBe(false);
    // Many values over two days (a weld's fine time steps) stay as they are.
    expect(wantsDailyEnvelope(Array.from({ length: 5000 }, (_, k) => k * 30), 's', 250)).toBe(false);
    // Not a time axis.
    expect(wantsDailyEnvelope(hours, 'm', 900)).toBe(false);
    // Fewer values than the plot is wide.
    expect(wantsDailyEnvelope(hours.slice(0, 1000), 's', 900)).toBe(false);
  });

  it('smooth out a plant that cycles over days so the seasons read, and leave short spans as they are', () => {
    // A well that runs one day and stands the next (3-hourly values) while the demand follows the
    // seasons: the daily means jump between 0 and about twice the seasonal mean.
    const threeHourly = Array.from({ length: 2920 }, (_, k) => k * 3 * HOUR);
    const season = (t: number) => 1 + 0.5 * Math.cos((2 * Math.PI * t) / (365 * DAY_SECONDS));
    const well = threeHourly.map((t) => (Math.floor(t / DAY_SECONDS) % 2 === 0 ? 2 * season(t) : 0));
    const days = dailyEnvelope(threeHourly, well);
    expect(Math.abs(days.mean[180]! - days.mean[181]!)).toBeGreaterThan(0.9);
    const sigma = smoothingDays(365)!;
    expect(sigma).toBeCloseTo(365 / 120, 9);
    const line = smoothedMeans(days, sigma);
    // Away from the ends the line is the seasonal mean within 1 % of the cycle's swing (a 2-day
    // cycle is damped by e^(−2π²σ²/4) ≈ e^−46 at σ ≈ 3 d; the season's curvature over σ adds < 0.2 %).
    for (let d = 10; d < 355; d++) expect(Math.abs(line[d]! - season(days.x[d]!)), `day ${d}`).toBeLessThan(0.02);
    // Near the ends the weights are those inside the data: the line stays within the values.
    expect(line[0]!).toBeGreaterThan(0);
    expect(line[0]!).toBeLessThan(3);
    // Spans below 120 days keep their daily means.
    expect(smoothingDays(60)).toBeNull();
  });

  it('smooth in the time axis’ own unit', () => {
    const hoursAxis = Array.from({ length: 24 * 200 }, (_, k) => k);
    const values = hoursAxis.map((h) => (Math.floor(h / 24) % 2 === 0 ? 1 : 0));
    const line = smoothedMeans(dailyEnvelope(hoursAxis, values, 'h'), 2, 'h');
    expect(line[100]!).toBeCloseTo(0.5, 3);
  });
});

