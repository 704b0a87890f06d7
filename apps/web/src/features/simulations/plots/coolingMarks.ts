// The t8/5 marking of a thermal-cycle plot: the 800 °C and 500 °C levels and the band between the
// cycle's cooling crossings of them, labelled with the run's t8_5. Drawn on any series of temperature
// curves over time when the summary has a `t8_5` (the welding and melt-pool families), on the
// fusion-line curve when there is one (the curve the solvers read t8/5 on), else the first.
import type { ScalarResult, Series } from '@simforge/contracts';
import { convertFromSI, formatNumber } from '../../../lib/displayUnits';
import type { CoolingMarks, SeriesPlot } from './seriesOption';

const T800 = 800 + 273.15;
const T500 = 500 + 273.15;

/**
 * The first downward crossings of `from` and then `to` (K) after the peak, interpolated linearly
 * between samples (the solvers' definition, src/thermal/cycles.ts); undefined if either is missing.
 */
export function coolingCrossings(times: readonly number[], temperatures: readonly number[], from = T800, to = T500): { from: number; to: number } | undefined {
  let peak = 0;
  for (let j = 1; j < temperatures.length; j++) if (temperatures[j]! > temperatures[peak]!) peak = j;
  const crossing = (level: number): number | undefined => {
    for (let j = Math.max(1, peak + 1); j < temperatures.length; j++) {
      const a = temperatures[j - 1]!;
      const b = temperatures[j]!;
      if (a >= level && b < level) return times[j - 1]! + ((a - level) / (a - b)) * (times[j]! - times[j - 1]!);
    }
    return undefined;
  };
  const t1 = crossing(from);
  const t2 = crossing(to);
  return t1 === undefined || t2 === undefined ? undefined : { from: t1, to: t2 };
}

export type { CoolingMarks } from './seriesOption';

export function coolingMarks(series: Series, plot: SeriesPlot, summary: Record<string, ScalarResult> | undefined): CoolingMarks | null {
  const t85 = summary?.t8_5;
  if (!t85 || series.x.unit !== 's') return null;
  const inK = series.y.map((c, i) => ({ c, i })).filter(({ c }) => c.unit === 'K');
  const chosen = inK.find(({ c }) => c.name === 'fusion_line') ?? inK[0];
  if (!chosen) return null;
  // The plot groups curves by unit: find the chosen one by name.
  const curveIndex = plot.curves.findIndex((c) => c.name === chosen.c.name);
  const curve = plot.curves[curveIndex];
  if (!curve) return null;
  const levels = [T800, T500].map((k) => {
    const value = convertFromSI(k, 'K', curve.unit);
    return { value, label: `${formatNumber(value)}${curve.unit ? ` ${curve.unit}` : ''}` };
  });
  const crossings = coolingCrossings(series.x.values, chosen.c.values);
  const value = typeof t85.value === 'number' ? t85.value : crossings ? crossings.to - crossings.from : undefined;
  const label = `t8/5 = ${value === undefined ? String(t85.value) : formatNumber(value, 3)} ${t85.unit}`.trim();
  if (!crossings) return { curveIndex, levels };
  return { curveIndex, levels, band: { from: convertFromSI(crossings.from, 's', plot.x.unit), to: convertFromSI(crossings.to, 's', plot.x.unit), label } };
}
