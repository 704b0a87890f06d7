// What the network view plots of a clicked element's series (`node:<id>`, `link:<id>`). A pump's link
// series holds flow, velocity, head loss, status, water quality, power and efficiency: six units that
// one chart would squeeze onto two axes, so the view plots the quantities chosen (the coloured one
// first) and lists every quantity's value at the slider's time.
import type { Series } from '@simforge/contracts';

/** Axes the solver reports as fractions and the view reads in % (a pump's efficiency). */
const percentAxes = new Set(['efficiency']);

/** The series as the view shows it: fractions in %, their "(fraction)" dropped from the label. */
export function viewedSeries(series: Series): Series {
  return {
    ...series,
    y: series.y.map((axis) =>
      percentAxes.has(axis.name) && axis.unit === '' ? { ...axis, unit: '%', label: axis.label.replace(/\s*\(fraction\)$/, ''), values: axis.values.map((v) => v * 100) } : axis,
    ),
  };
}

/** The axes plotted: those chosen that the series has; else the coloured quantity's, else the first. */
export function plottedAxes(series: Series, chosen: readonly string[] | null, coloured: string): string[] {
  const names = series.y.map((axis) => axis.name);
  const kept = (chosen ?? []).filter((name) => names.includes(name));
  if (kept.length > 0) return kept;
  return names.includes(coloured) ? [coloured] : names.slice(0, 1);
}

/** The chart has two value axes: more units than that would draw a curve against another's scale. */
const MAX_UNITS = 2;

/**
 * The plotted axes after a click on `name`: off if it was plotted, else added, dropping the earliest
 * chosen of other units while more than two units would be plotted.
 */
export function toggledAxes(series: Series, plotted: readonly string[], name: string): string[] {
  if (plotted.includes(name)) return plotted.filter((n) => n !== name);
  const unitOf = (n: string) => series.y.find((axis) => axis.name === n)?.unit;
  const next = [...plotted, name];
  while (new Set(next.map(unitOf)).size > MAX_UNITS) {
    const drop = next.findIndex((n) => unitOf(n) !== unitOf(name));
    next.splice(drop, 1);
  }
  return next;
}

/** The series with only the named axes, in the series' order. */
export function withAxes(series: Series, names: readonly string[]): Series {
  return { ...series, y: series.y.filter((axis) => names.includes(axis.name)) };
}

/** Index of the reporting time `time` (s) on the series' time axis: the exact one, else the nearest. */
export function timeIndex(series: Series, time: number): number {
  const xs = series.x.values;
  let best = 0;
  for (let i = 1; i < xs.length; i++) if (Math.abs(xs[i]! - time) < Math.abs(xs[best]! - time)) best = i;
  return best;
}
