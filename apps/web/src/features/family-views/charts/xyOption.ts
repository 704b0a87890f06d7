// A small chart description shared by the family views (residuals, wall profiles, particle tracks,
// the G–R map) and its echarts option. Values arrive in display units; the option builder only
// drops points a log axis cannot show (≤ 0 or not finite), it never changes a value.
import { formatNumber } from '../../../lib/displayUnits';

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

function axisOption(axis: XYAxis, nameGap: number): Record<string, unknown> {
  return {
    type: axis.log ? 'log' : 'value',
    name: axisTitle(axis),
    nameLocation: 'middle',
    nameGap,
    scale: !axis.log,
    ...(axis.min !== undefined ? { min: axis.min } : {}),
    ...(axis.max !== undefined ? { max: axis.max } : {}),
    axisLabel: { formatter: (v: number) => formatNumber(v, 3) },
    splitLine: { lineStyle: { type: 'dashed', opacity: 0.5 } },
  };
}

export function xyOption(spec: XYSpec, colours: readonly string[]): Record<string, unknown> {
  const data = spec.curves.map((c) => drawablePoints(c.points, spec.x, spec.y));
  const named = spec.curves.filter((c) => !c.reference);
  const legend = spec.legend ?? named.length > 1;
  return {
    color: colours,
    animation: false,
    grid: { left: 78, right: 28, top: legend ? 44 : 20, bottom: 58 },
    legend: legend ? { top: 0, type: 'scroll', data: named.map((c) => c.name) } : undefined,
    tooltip: {
      trigger: 'item',
      formatter: (item: { seriesName: string; value: [number, number]; marker: string }) =>
        `${item.marker}${item.seriesName}<br/>${spec.x.label}: <b>${formatNumber(item.value[0])}${spec.x.unit ? ` ${spec.x.unit}` : ''}</b><br/>${spec.y.label}: <b>${formatNumber(item.value[1])}${spec.y.unit ? ` ${spec.y.unit}` : ''}</b>`,
    },
    xAxis: axisOption(spec.x, 32),
    yAxis: axisOption(spec.y, 60),
    series: spec.curves.map((curve, i) => ({
      type: curve.kind ?? 'line',
      name: curve.name,
      data: data[i],
      silent: curve.reference ?? false,
      showSymbol: curve.kind === 'scatter',
      symbolSize: curve.kind === 'scatter' ? 5 : undefined,
      ...(curve.colour ? { itemStyle: { color: curve.colour } } : {}),
      lineStyle: { width: curve.reference ? 1 : 2, type: curve.dashed ? 'dashed' : 'solid', ...(curve.colour ? { color: curve.colour } : {}) },
      ...(curve.endLabel ? { endLabel: { show: true, formatter: curve.endLabel, color: '#37424d', fontSize: 11 } } : {}),
    })),
  };
}
