// How the charts keep their text apart: compact tick labels (engineering notation where grouped
// digits would run into each other, "35·10⁶" not "35,000,000"), fewer ticks when the labels are
// long, and the legend in rows of its own below the plot, with the room it needs reserved, so it
// never lies over the plot or the toolbox. Widths are estimated from the text (no DOM), generously,
// so a reserved space is never too small; echarts' hideOverlap drops a label that would still touch.
import { formatNumber } from '../../../lib/displayUnits';

const SUPERSCRIPT: Record<string, string> = { '-': '⁻', '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹' };
const superscript = (n: number) => String(n).replace(/[-0-9]/g, (c) => SUPERSCRIPT[c]!);

/** Values from this magnitude up, or below the small one, are written in engineering notation. */
const LARGE = 1e4;
const SMALL = 1e-3;

/**
 * A tick value in at most ~7 characters: plain up to 9,999 (`2,500`, `0.25`), else engineering
 * notation with an exponent that is a multiple of 3 (`35·10⁶`, `12.5·10³`, `50·10⁻⁶`), so it reads
 * the same beside any unit.
 */
export function compactTick(value: number): string {
  if (!Number.isFinite(value)) return formatNumber(value);
  const magnitude = Math.abs(value);
  if (magnitude === 0) return '0';
  if (magnitude < LARGE && magnitude >= SMALL) return formatNumber(value, 4);
  let exponent = Math.floor(Math.log10(magnitude) / 3) * 3;
  let mantissa = Number((value / 10 ** exponent).toPrecision(3));
  // Rounding can carry to 1000 (999.99·10³ → 1000·10³): that is 1·10⁶.
  if (Math.abs(mantissa) >= 1000) {
    exponent += 3;
    mantissa = Number((mantissa / 1000).toPrecision(3));
  }
  return `${formatNumber(mantissa, 3)}·10${superscript(exponent)}`;
}

/** Width of a text in px at the charts' 12 px font (a little over the average glyph of the UI font). */
export function textWidth(text: string, fontPx = 12): number {
  return Math.ceil(text.length * fontPx * 0.6);
}

/**
 * The longest tick label an axis over [min, max] will show, estimated from its ends at two
 * significant digits (echarts puts ticks on round values).
 */
export function longestTickLabel(min: number, max: number): string {
  const round = (v: number) => (v === 0 ? 0 : Number(v.toPrecision(2)));
  return [min, max].filter(Number.isFinite).map((v) => compactTick(round(v))).reduce((a, b) => (b.length > a.length ? b : a), '');
}

/**
 * How many intervals echarts should aim for along a horizontal axis `axisPx` long whose labels are
 * `labelPx` wide: each label with a gap of 2 characters beside it; at least 2, at most 6.
 */
export function tickIntervals(axisPx: number, labelPx: number): number {
  return Math.max(2, Math.min(6, Math.floor(axisPx / (labelPx + 24))));
}

export interface LegendLayout {
  rows: number;
  /** Height the legend takes, px. */
  height: number;
}

const LEGEND_ROW = 22;
/** Icon, its gap to the text, and the gap to the next item (echarts' defaults: 25, 5, 10). */
const LEGEND_ITEM_EXTRA = 25 + 5 + 10;
/** The legend's margin on each side of the chart. */
const LEGEND_SIDE = 8;

/** Longest legend name in a chart `chartPx` wide: a longer one is cut short (its full name shows on hover). */
function legendChars(chartPx: number): number {
  return Math.max(8, Math.floor((chartPx - 2 * LEGEND_SIDE - LEGEND_ITEM_EXTRA) / textWidth('m')));
}

/** A legend name as shown: cut with an ellipsis to the chart's width. */
export function legendName(name: string, chartPx: number): string {
  const chars = legendChars(chartPx);
  return name.length > chars ? `${name.slice(0, chars - 1)}…` : name;
}

/** Rows a legend of these names takes in a chart `chartPx` wide (items left to right, wrapped as echarts does). */
export function legendLayout(names: readonly string[], chartPx: number): LegendLayout {
  if (names.length === 0) return { rows: 0, height: 0 };
  const width = chartPx - 2 * LEGEND_SIDE;
  let rows = 1;
  let used = 0;
  for (const name of names) {
    const item = textWidth(legendName(name, chartPx)) + LEGEND_ITEM_EXTRA;
    if (used > 0 && used + item > width) {
      rows += 1;
      used = 0;
    }
    used += item;
  }
  return { rows, height: rows * LEGEND_ROW + 6 };
}

/** The legend option in its band at the bottom of a chart `chartPx` wide (the grid leaves legendLayout's height free). */
export function bottomLegend(names: readonly string[], chartPx: number): Record<string, unknown> {
  return {
    type: 'plain',
    orient: 'horizontal',
    bottom: 4,
    left: LEGEND_SIDE,
    width: chartPx - 2 * LEGEND_SIDE,
    itemGap: 10,
    textStyle: { fontSize: 12 },
    formatter: (name: string) => legendName(name, chartPx),
    tooltip: { show: true },
    data: [...names],
  };
}

/** A tick of a log axis: a power of ten from 10³ or 10⁻³ on as `10ⁿ` (its decades), else compactTick. */
export function logTick(value: number): string {
  if (!(value > 0)) return compactTick(value);
  const exponent = Math.round(Math.log10(value));
  if (Math.abs(exponent) >= 3 && Math.abs(value / 10 ** exponent - 1) < 1e-9) return `10${superscript(exponent)}`;
  return compactTick(value);
}

/**
 * Tick labels: compact, hidden where one would touch another, and the first and last drawn inside
 * the axis' ends on a horizontal axis (centred on the corner, the first ran into the y axis' lowest).
 */
export function tickLabels(horizontal: boolean, log = false): Record<string, unknown> {
  return { formatter: log ? logTick : (v: number) => compactTick(v), hideOverlap: true, ...(horizontal ? { alignMinLabel: 'left', alignMaxLabel: 'right' } : {}) };
}
