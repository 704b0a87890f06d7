// Loaded lazily (its own chunk with echarts): one result series as a line chart.
import { useEffect, useMemo } from 'react';
import { Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { use } from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, MarkAreaComponent, MarkLineComponent, ToolboxComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ScalarResult, Series } from '@simforge/contracts';
import { useUnitSystem } from '../../../lib/unitSystems';
import { useSizedChart } from '../../../lib/useSizedChart';
import { coolingMarks } from './coolingMarks';
import { envelopeCaption, planSeries, seriesLayout, seriesOption } from './seriesOption';

use([LineChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, ToolboxComponent, MarkLineComponent, MarkAreaComponent, SVGRenderer]);

/**
 * `summary`: the run's key results, for marks that quote them (t8/5 on thermal cycles). `height`:
 * of the plot and its axes; the legend's rows below it add their own height.
 */
export default function SeriesChart({ series, height = 300, label, summary }: { series: Series; height?: number; label: string; summary?: Record<string, ScalarResult> }) {
  const { container, chart, width } = useSizedChart();
  const theme = useTheme();
  const colours = useMemo(() => [theme.palette.primary.main, theme.palette.accent.main, theme.palette.success.main, theme.palette.error.main, theme.palette.info.main], [theme]);
  // planSeries picks units through the display helpers, which read the active unit system: the
  // system is a key of the plan, and subscribing re-renders (and redraws) this chart when it changes.
  const system = useUnitSystem();
  const plot = useMemo(() => planSeries(series, Math.max(100, width - 100)), [series, system, width]);
  const yMax = useMemo(() => {
    let max = -Infinity;
    for (const curve of plot.curves) if (curve.axisIndex === 0) for (const [, y] of curve.points) if (Number.isFinite(y) && y > max) max = y;
    return Number.isFinite(max) ? max : undefined;
  }, [plot]);
  const marks = useMemo(() => coolingMarks(series, plot, summary), [series, plot, summary]);
  const legendHeight = seriesLayout(plot, width).legend.height;
  const caption = envelopeCaption(plot);

  useEffect(() => {
    chart.current?.resize();
    chart.current?.setOption(seriesOption(plot, colours, { marks, width }) as never, true);
  }, [plot, colours, marks, width, legendHeight]);

  return (
    <>
      <div
        ref={container}
        role="img"
        aria-label={label}
        data-testid="series-chart"
        // What is drawn, in display units, for tests and assistive checks (the SVG's text is echarts').
        data-x-unit={plot.x.unit}
        data-y-units={plot.yAxes.map((a) => a.unit).join(',')}
        data-y-max={yMax}
        data-envelope={plot.envelope ? 'daily' : undefined}
        style={{ width: '100%', height: height + legendHeight }}
      />
      {caption ? (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="series-envelope-note">
          {caption}
        </Typography>
      ) : null}
    </>
  );
}
