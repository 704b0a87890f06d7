// A small chart description shared by the family views (residuals, wall profiles, particle tracks,
// the G–R map) and its echarts option. Values arrive in display units; the option builder only
// drops points a log axis cannot show (≤ 0 or not finite), it never changes a value.
import { formatNumber } from '../../../../lib/displayUnits';
import { bottomLegend, legendLayout, longestTickLabel, textWidth, tickIntervals, tickLabels } from '../../../simulations/plots/chartLayout';

export interface XYAxis {
  label: string;
  /** Display unit ('' for dimensionless). */
  unit: string;
  log?: boolean;
  min?: number;
  max?: number;
}

export interface XYCurve {
  name: string;
  points: [number, number][];
  kind?: 'line' | 'scatter';
  dashed?: boolean;
  /** Dash and gap lengths in px (overrides `dashed`). */
  dash?: number[];
  colour?: string;
  /** Thin, no tooltip: reference lines (region boundaries, iso-lines of G·R). */
  reference?: boolean;
  /** Text drawn at the curve's last point. */
  endLabel?: string;
}

export interface XYSpec {
  x: XYAxis;
  y: XYAxis;
  curves: XYCurve[];
  /** Show the legend (default: when more than one curve is not a reference line). */
  legend?: boolean;
}

export const axisTitle = (axis: XYAxis) => `${axis.label} [${axis.unit || '–'}]`;

/** The points a curve can show on these axes (a log axis has no place for 0 or negatives). */
export function drawablePoints(points: readonly [number, number][], x: XYAxis, y: XYAxis): [number, number][] {
  return points.filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b) && (!x.log || a > 0) && (!y.log || b > 0));
}

function axisOption(axis: XYAxis, nameGap: number, horizontal: boolean, intervals?: number): Record<string, unknown> {
  return {
    type: axis.log ? 'log' : 'value',
    name: axisTitle(axis),
    nameLocation: 'middle',
    nameGap,
    scale: !axis.log,
    ...(axis.min !== undefined ? { min: axis.min } : {}),
    ...(axis.max !== undefined ? { max: axis.max } : {}),
    ...(intervals !== undefined && !axis.log ? { splitNumber: intervals } : {}),
    axisLabel: tickLabels(horizontal, axis.log),
    splitLine: { lineStyle: { type: 'dashed', opacity: 0.5 } },
  };
}

/** Range an axis shows: its fixed ends, else the data's. */
function axisExtent(axis: XYAxis, values: number[]): { min: number; max: number } {
  const finite = values.filter(Number.isFinite);
  return { min: axis.min ?? (finite.length ? Math.min(...finite) : 0), max: axis.max ?? (finite.length ? Math.max(...finite) : 1) };
}

/** Where the chart's parts go in a chart `width` px wide: label room, end labels, the legend's rows. */
export function xyLayout(spec: XYSpec, width: number) {
  const data = spec.curves.map((c) => drawablePoints(c.points, spec.x, spec.y));
  const named = spec.curves.filter((c) => !c.reference).map((c) => c.name);
  const legend = (spec.legend ?? named.length > 1) ? legendLayout(named, width) : { rows: 0, height: 0 };
  const y = axisExtent(spec.y, data.flatMap((d) => d.map((p) => p[1])));
  const x = axisExtent(spec.x, data.flatMap((d) => d.map((p) => p[0])));
  const yNameGap = textWidth(longestTickLabel(y.min, y.max)) + 14;
  // Text at a curve's end sits right of the plot: the grid leaves it room.
  const endLabelPx = Math.max(0, ...spec.curves.map((c) => (c.endLabel ? textWidth(c.endLabel, 11) + 10 : 0)));
  const left = yNameGap + 22;
  const right = Math.max(28, endLabelPx);
  const xIntervals = tickIntervals(Math.max(60, width - left - right), textWidth(longestTickLabel(x.min, x.max)));
  return { data, named, legend, yNameGap, xIntervals, grid: { left, right, top: 20, bottom: 56 + legend.height } };
}

/** The chart's option for a chart `width` px wide. */
export function xyOption(spec: XYSpec, colours: readonly string[], width = 640): Record<string, unknown> {
  const layout = xyLayout(spec, width);
  return {
    color: colours,
    animation: false,
    grid: layout.grid,
    legend: layout.legend.rows > 0 ? bottomLegend(layout.named, width) : undefined,
    tooltip: {
      trigger: 'item',
      formatter: (item: { seriesName: string; value: [number, number]; marker: string }) =>
        `${item.marker}${item.seriesName}<br/>${spec.x.label}: <b>${formatNumber(item.value[0])}${spec.x.unit ? ` ${spec.x.unit}` : ''}</b><br/>${spec.y.label}: <b>${formatNumber(item.value[1])}${spec.y.unit ? ` ${spec.y.unit}` : ''}</b>`,
    },
    xAxis: axisOption(spec.x, 32, true, layout.xIntervals),
    yAxis: axisOption(spec.y, layout.yNameGap, false),
    series: spec.curves.map((curve, i) => ({
      type: curve.kind ?? 'line',
      name: curve.name,
      data: layout.data[i],
      silent: curve.reference ?? false,
      showSymbol: curve.kind === 'scatter',
      symbolSize: curve.kind === 'scatter' ? 5 : undefined,
      ...(curve.colour ? { itemStyle: { color: curve.colour } } : {}),
      lineStyle: { width: curve.reference ? 1 : 2, type: curve.dash ?? (curve.dashed ? 'dashed' : 'solid'), ...(curve.colour ? { color: curve.colour } : {}) },
      ...(curve.endLabel ? { endLabel: { show: true, formatter: curve.endLabel, color: '#37424d', fontSize: 11 } } : {}),
    })),
  };
}
