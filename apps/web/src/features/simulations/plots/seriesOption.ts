// A result series (SI) as an echarts line-chart option: values converted to display units chosen
// per axis, axis names with their unit in brackets, tooltips with units. Pure, so it is tested
// without a browser; the chart module itself is loaded lazily.
import { quantityOfSIUnit, type Series } from '@simforge/contracts';
import { chooseDisplayUnit, convertFromSI, formatNumber } from '../../../lib/displayUnits';

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
  points: [number, number][];
}

export interface SeriesPlot {
  x: AxisPlan;
  yAxes: AxisPlan[];
  curves: PlottedCurve[];
}

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

/** Curves sharing an SI unit share an axis (at most two axes: further units go on the second). */
export function planSeries(series: Series): SeriesPlot {
  const xUnit = chooseDisplayUnit(series.x.unit, largestMagnitude(series.x.values));
  const x: AxisPlan = { label: series.x.label, si: series.x.unit, unit: xUnit };
  const xs = series.x.values.map((v) => convertFromSI(v, series.x.unit, xUnit));

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
      const points = curve.values.map((v, i): [number, number] => [xs[i]!, convertFromSI(v, si, unit)]);
      return { name: curve.name, label: curve.label, axisIndex, unit, points };
    }),
  );
  return { x, yAxes, curves };
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

/** The chart's option (plain object: echarts' own types are not needed to build it). */
export function seriesOption(plot: SeriesPlot, colours: readonly string[], marks?: CoolingMarks | null): Record<string, unknown> {
  const twoAxes = plot.yAxes.length > 1;
  return {
    color: colours,
    animation: false,
    grid: { left: 72, right: twoAxes ? 72 : 24, top: plot.curves.length > 1 ? 40 : 24, bottom: 64 },
    legend: plot.curves.length > 1 ? { top: 0, data: plot.curves.map((c) => c.label) } : undefined,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'cross' },
      formatter: (items: { seriesIndex: number; value: [number, number]; marker: string; seriesName: string }[]) => {
        if (!Array.isArray(items) || items.length === 0) return '';
        const head = `${plot.x.label}: <b>${formatNumber(items[0]!.value[0])}${plot.x.unit ? ` ${plot.x.unit}` : ''}</b>`;
        const rows = items.map((item) => {
          const curve = plot.curves[item.seriesIndex]!;
          return `${item.marker}${curve.label}: <b>${formatNumber(item.value[1])}${curve.unit ? ` ${curve.unit}` : ''}</b>`;
        });
        return [head, ...rows].join('<br/>');
      },
    },
    toolbox: { right: 8, top: 0, feature: { dataZoom: { yAxisIndex: 'none', title: { zoom: 'Zoom', back: 'Undo zoom' } }, restore: { title: 'Reset' }, saveAsImage: { title: 'Save image' } } },
    dataZoom: [{ type: 'inside', xAxisIndex: 0 }],
    xAxis: {
      type: 'value',
      name: axisName(plot.x.label, plot.x.unit),
      nameLocation: 'middle',
      nameGap: 30,
      scale: true,
      splitLine: { lineStyle: { type: 'dashed', opacity: 0.5 } },
    },
    yAxis: plot.yAxes.map((axis, i) => ({
      type: 'value',
      name: axisName(axis.label, axis.unit),
      nameLocation: 'middle',
      nameGap: 56,
      position: i === 0 ? 'left' : 'right',
      scale: true,
      splitLine: { show: i === 0, lineStyle: { type: 'dashed', opacity: 0.5 } },
    })),
    series: plot.curves.map((curve, i) => ({
      type: 'line',
      name: curve.label,
      yAxisIndex: curve.axisIndex,
      showSymbol: false,
      sampling: 'lttb',
      lineStyle: { width: 2 },
      data: curve.points,
      ...(marks && marks.curveIndex === i ? coolingMarkOptions(marks) : {}),
    })),
  };
}

/** The series as CSV in SI (the API's values), one column per axis with its unit. */
export function seriesCsv(series: Series): string {
  const header = [series.x, ...series.y].map((a) => `${a.name}${a.unit ? ` [${a.unit}]` : ''}`);
  const rows = series.x.values.map((x, i) => [x, ...series.y.map((c) => c.values[i])].map((v) => (v === undefined ? '' : String(v))).join(','));
  return [header.map((h) => `"${h.replace(/"/g, '""')}"`).join(','), ...rows].join('\n') + '\n';
}
