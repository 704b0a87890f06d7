// A result series (SI) as an echarts line-chart option: values converted to display units chosen
// per axis, axis names with their unit in brackets, tooltips with units. Pure, so it is tested
// without a browser; the chart module itself is loaded lazily.
import { quantityOfSIUnit, toSI, type Series } from '@simforge/contracts';
import { chooseDisplayUnit, convertFromSI, formatNumber } from '../../../lib/displayUnits';
import { bottomLegend, legendLayout, longestTickLabel, textWidth, tickIntervals, tickLabels } from './chartLayout';
import { DAY_SECONDS, dailyEnvelope, smoothedMeans, smoothingDays, wantsDailyEnvelope } from './dailyEnvelope';

/** The t8/5 marks drawn on a welding cooling curve (coolingMarks.ts finds them). */
export interface CoolingMarks {
  /** Index of the marked curve in the plot. */
  curveIndex: number;
  /** 800 and 500 °C in the curve's display unit. */
  levels: { value: number; label: string }[];
  /** The t8/5 interval in the x axis' display unit (absent when the curve does not cross both levels). */
  band?: { from: number; to: number; label: string };
}

export interface AxisPlan {
  label: string;
  /** SI unit of the values. */
  si: string;
  /** Unit shown. */
  unit: string;
}

export interface PlottedCurve {
  name: string;
  label: string;
  axisIndex: number;
  unit: string;
  /** The values, or each day's mean when the plot draws daily envelopes. */
  points: [number, number][];
  /** Each day's [x, min, max] when the plot draws daily envelopes. */
  band?: [number, number, number][];
}

export interface SeriesPlot {
  x: AxisPlan;
  yAxes: AxisPlan[];
  curves: PlottedCurve[];
  /**
   * Set when the curves are daily envelopes of more values than the plot can show (dailyEnvelope.ts);
   * `smoothingDays`: σ of the Gaussian the daily means are smoothed with over a long span (else null).
   */
  envelope: { values: number; smoothingDays: number | null } | null;
}

/** Plot width assumed before the chart has measured its own. */
export const DEFAULT_PLOT_PX = 900;

/** `Distance from the inlet [m]`; dimensionless: `[–]`. */
export function axisName(label: string, unit: string): string {
  return `${label} [${unit || '–'}]`;
}

function largestMagnitude(values: readonly number[]): number {
  let max = 0;
  for (const v of values) if (Number.isFinite(v)) max = Math.max(max, Math.abs(v));
  return max;
}

/** Longest axis name made of the curves' labels; longer ones would not fit beside the plot. */
const AXIS_LABEL_CHARS = 40;

/** Units whose quantity name may be wrong for a curve (a shear stress is in Pa, not a pressure). */
const AMBIGUOUS_QUANTITIES = new Set(['pressure', 'dimensionless', 'length']);

/**
 * The name of an axis shared by curves: it must name the quantity. The curves' labels (up to a
 * bracket) when they name it (they contain the quantity's or the plot title's last word) and fit;
 * else the unit's quantity when it is unambiguous (`Temperature`); else the plot's title when it fits
 * (`Wall shear stress`, whose curves may be `Wall`, `Inner wall`); else the quantity or the first
 * label. The legend names the curves.
 */
function axisLabel(si: string, labels: string[], title: string | null): string {
  const heads = labels.map((l) => l.split(' (')[0]!.trim());
  const joined = [...new Set(heads)].join(' / ');
  const quantity = quantityOfSIUnit(si)?.replace(/_/g, ' ') ?? null;
  const titleWord = title?.trim().split(/\s+/).at(-1)?.toLowerCase() ?? null;
  const named = (text: string) => {
    const lower = text.toLowerCase();
    return (quantity !== null && lower.includes(quantity.split(' ')[0]!)) || (titleWord !== null && titleWord.length > 3 && lower.includes(titleWord));
  };
  const full = [...new Set(labels)].join(' / ');
  if (full.length <= AXIS_LABEL_CHARS && named(full)) return full;
  if (joined.length <= AXIS_LABEL_CHARS && named(joined)) return joined;
  if (quantity && !AMBIGUOUS_QUANTITIES.has(quantity.replace(/ /g, '_'))) return quantity.charAt(0).toUpperCase() + quantity.slice(1);
  if (title && title.length <= AXIS_LABEL_CHARS) return title;
  if (joined.length <= AXIS_LABEL_CHARS) return joined;
  return quantity ? quantity.charAt(0).toUpperCase() + quantity.slice(1) : `${heads[0]} …`;
}

/**
 * Curves sharing an SI unit share an axis (at most two axes: further units go on the second). A time
 * series with more values than a plot `plotPx` wide can show is planned as daily envelopes.
 */
export function planSeries(series: Series, plotPx = DEFAULT_PLOT_PX): SeriesPlot {
  const xUnit = chooseDisplayUnit(series.x.unit, largestMagnitude(series.x.values));
  const x: AxisPlan = { label: series.x.label, si: series.x.unit, unit: xUnit };
  const xs = series.x.values.map((v) => convertFromSI(v, series.x.unit, xUnit));
  const daily = wantsDailyEnvelope(series.x.values, series.x.unit, plotPx);
  const spanDays = daily ? toSI(series.x.values.at(-1)! - series.x.values[0]!, series.x.unit) / DAY_SECONDS : 0;
  const sigmaDays = daily ? smoothingDays(spanDays) : null;

  const bySi = new Map<string, typeof series.y>();
  for (const curve of series.y) bySi.set(curve.unit, [...(bySi.get(curve.unit) ?? []), curve]);
  const groups = [...bySi.entries()];
  // With one unit on the plot its title may name the quantity ("Wall shear stress") where the curves
  // name only where it is read ("Wall", "Inner wall").
  const title = groups.length === 1 ? series.label : null;
  const yAxes: AxisPlan[] = groups.slice(0, 2).map(([si, curves]) => ({
    si,
    unit: chooseDisplayUnit(si, largestMagnitude(curves.flatMap((c) => c.values))),
    label: axisLabel(si, curves.map((c) => c.label), title),
  }));

  const curves: PlottedCurve[] = groups.flatMap(([si, group], g) =>
    group.map((curve) => {
      const axisIndex = Math.min(g, 1);
      // A third unit on the second axis keeps its own unit (named in the legend).
      const unit = g <= 1 ? yAxes[axisIndex]!.unit : chooseDisplayUnit(si, largestMagnitude(curve.values));
      const y = (v: number) => convertFromSI(v, si, unit);
      if (daily) {
        const days = dailyEnvelope(series.x.values, curve.values, series.x.unit);
        const at = days.x.map((t) => convertFromSI(t, series.x.unit, xUnit));
        const line = sigmaDays ? smoothedMeans(days, sigmaDays, series.x.unit) : days.mean;
        const points = at.map((t, k): [number, number] => [t, y(line[k]!)]);
        const band = at.map((t, k): [number, number, number] => [t, y(days.min[k]!), y(days.max[k]!)]);
        return { name: curve.name, label: curve.label, axisIndex, unit, points, band };
      }
      const points = curve.values.map((v, i): [number, number] => [xs[i]!, y(v)]);
      return { name: curve.name, label: curve.label, axisIndex, unit, points };
    }),
  );
  return { x, yAxes, curves, envelope: daily ? { values: series.x.values.length, smoothingDays: sigmaDays } : null };
}

/** The caption of a plot of daily envelopes. */
export function envelopeCaption(plot: SeriesPlot): string | null {
  if (!plot.envelope) return null;
  const sigma = plot.envelope.smoothingDays;
  if (sigma)
    return `Line: daily means smoothed over a few days (Gaussian, σ = ${formatNumber(sigma, 2)} d) so the seasons read through on/off cycles; band: daily min–max (${plot.envelope.values.toLocaleString('en-GB')} values a curve, more than the plot can show; the CSV has every value).`;
  return `Daily mean, band: daily min–max (${plot.envelope.values.toLocaleString('en-GB')} values a curve, more than the plot can show; the CSV has every value).`;
}

/** echarts mark lines and a mark area for the t8/5 marking of one curve (coolingMarks.ts). */
function coolingMarkOptions(marks: CoolingMarks): Record<string, unknown> {
  return {
    markLine: {
      silent: true,
      symbol: 'none',
      lineStyle: { type: 'dashed', color: '#5f6b77', width: 1 },
      label: { position: 'insideEndTop', color: '#37424d', formatter: (item: { name: string }) => item.name },
      data: marks.levels.map((l) => ({ name: l.label, yAxis: l.value })),
    },
    markArea: marks.band
      ? {
          silent: true,
          itemStyle: { color: 'rgba(255, 145, 0, 0.16)' },
          label: { position: 'insideTop', color: '#37424d', fontWeight: 600 },
          data: [[{ name: marks.band.label, xAxis: marks.band.from }, { xAxis: marks.band.to }]],
        }
      : undefined,
  };
}

/** Range of the values drawn on an axis (band ends included). */
function extent(values: Iterable<number>): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values)
    if (Number.isFinite(v)) {
      if (v < min) min = v;
      if (v > max) max = v;
    }
  return Number.isFinite(min) ? { min, max } : { min: 0, max: 1 };
}

function* yValues(curves: readonly PlottedCurve[]): Generator<number> {
  for (const c of curves) {
    for (const p of c.points) yield p[1];
    for (const b of c.band ?? []) {
      yield b[1];
      yield b[2];
    }
  }
}

/** Where the plot's parts go in a chart `width` px wide: axis label room, tick counts, the legend's band. */
export function seriesLayout(plot: SeriesPlot, width: number) {
  const names = plot.curves.map((c) => c.label);
  const legend = names.length > 1 ? legendLayout(names, width) : { rows: 0, height: 0 };
  const yLabelPx = plot.yAxes.map((_, i) => {
    const { min, max } = extent(yValues(plot.curves.filter((c) => c.axisIndex === i)));
    return textWidth(longestTickLabel(min, max));
  });
  // The axis name sits beyond its tick labels; the grid leaves room for both.
  const nameGaps = yLabelPx.map((px) => px + 14);
  const left = nameGaps[0]! + 22;
  const right = nameGaps[1] !== undefined ? nameGaps[1] + 22 : 24;
  const x = extent(plot.curves.flatMap((c) => c.points.map((p) => p[0])));
  const xIntervals = tickIntervals(Math.max(60, width - left - right), textWidth(longestTickLabel(x.min, x.max)));
  // Toolbox strip on top; below the plot the x labels and name, then the legend's rows.
  return { grid: { left, right, top: 36, bottom: 56 + legend.height }, legend, nameGaps, xIntervals };
}

type TooltipItem = { seriesIndex: number; dataIndex: number; value: [number, number]; marker: string };

function tooltipFormatter(plot: SeriesPlot) {
  const withUnit = (v: number, unit: string) => `${formatNumber(v)}${unit ? ` ${unit}` : ''}`;
  return (items: TooltipItem[]) => {
    const lines = Array.isArray(items) ? items.filter((item) => item.seriesIndex < plot.curves.length) : [];
    if (lines.length === 0) return '';
    const head = `${plot.x.label}: <b>${withUnit(lines[0]!.value[0], plot.x.unit)}</b>`;
    const rows = lines.map((item) => {
      const curve = plot.curves[item.seriesIndex]!;
      const band = curve.band?.[item.dataIndex];
      const range = band ? ` (daily mean; min ${formatNumber(band[1])}, max ${formatNumber(band[2])})` : '';
      return `${item.marker}${curve.label}: <b>${withUnit(item.value[1], curve.unit)}</b>${range}`;
    });
    return [head, ...rows].join('<br/>');
  };
}

/** The min–max band of curve i: its min, and max − min stacked on it with the area filled between. */
function bandSeries(curve: PlottedCurve, i: number, colour: string): Record<string, unknown>[] {
  const common = { type: 'line', name: curve.label, yAxisIndex: curve.axisIndex, stack: `band-${i}`, stackStrategy: 'all', showSymbol: false, silent: true, tooltip: { show: false }, lineStyle: { opacity: 0 }, itemStyle: { color: colour } };
  return [
    { ...common, data: curve.band!.map(([x, min]) => [x, min]) },
    { ...common, data: curve.band!.map(([x, min, max]) => [x, max - min]), areaStyle: { color: colour, opacity: 0.22 } },
  ];
}

export interface SeriesOptionSettings {
  marks?: CoolingMarks | null;
  /** Width of the chart, px (the legend's rows and the tick counts follow it). */
  width?: number;
}

/** The chart's option (plain object: echarts' own types are not needed to build it). */
export function seriesOption(plot: SeriesPlot, colours: readonly string[], { marks, width = DEFAULT_PLOT_PX + 100 }: SeriesOptionSettings = {}): Record<string, unknown> {
  const layout = seriesLayout(plot, width);
  const lines = plot.curves.map((curve, i) => ({
    type: 'line',
    name: curve.label,
    yAxisIndex: curve.axisIndex,
    showSymbol: false,
    sampling: 'lttb',
    lineStyle: { width: 2 },
    data: curve.points,
    ...(marks && marks.curveIndex === i ? coolingMarkOptions(marks) : {}),
  }));
  // Bands after all lines: a curve's line keeps the series index of the curve (tooltips, marks).
  const bands = plot.curves.flatMap((curve, i) => (curve.band ? bandSeries(curve, i, colours[i % colours.length]!) : []));
  return {
    color: colours,
    animation: false,
    grid: layout.grid,
    legend: layout.legend.rows > 0 ? bottomLegend(plot.curves.map((c) => c.label), width) : undefined,
    tooltip: { trigger: 'axis', axisPointer: { type: 'cross' }, formatter: tooltipFormatter(plot) },
    toolbox: { right: 8, top: 4, itemSize: 14, feature: { dataZoom: { yAxisIndex: 'none', title: { zoom: 'Zoom', back: 'Undo zoom' } }, restore: { title: 'Reset' }, saveAsImage: { title: 'Save image' } } },
    dataZoom: [{ type: 'inside', xAxisIndex: 0 }],
    xAxis: {
      type: 'value',
      name: axisName(plot.x.label, plot.x.unit),
      nameLocation: 'middle',
      nameGap: 30,
      scale: true,
      splitNumber: layout.xIntervals,
      axisLabel: tickLabels(true),
      splitLine: { lineStyle: { type: 'dashed', opacity: 0.5 } },
    },
    yAxis: plot.yAxes.map((axis, i) => ({
      type: 'value',
      name: axisName(axis.label, axis.unit),
      nameLocation: 'middle',
      nameGap: layout.nameGaps[i],
      position: i === 0 ? 'left' : 'right',
      scale: true,
      axisLabel: tickLabels(false),
      splitLine: { show: i === 0, lineStyle: { type: 'dashed', opacity: 0.5 } },
    })),
    series: [...lines, ...bands],
  };
}

/** The series as CSV in SI (the API's values), one column per axis with its unit. */
export function seriesCsv(series: Series): string {
  const header = [series.x, ...series.y].map((a) => `${a.name}${a.unit ? ` [${a.unit}]` : ''}`);
  const rows = series.x.values.map((x, i) => [x, ...series.y.map((c) => c.values[i])].map((v) => (v === undefined ? '' : String(v))).join(','));
  return [header.map((h) => `"${h.replace(/"/g, '""')}"`).join(','), ...rows].join('\n') + '\n';
}
