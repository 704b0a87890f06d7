// Loaded lazily (its own chunk with echarts): an XYSpec as a line/scatter chart with log axes.
import { useEffect, useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import { use } from 'echarts/core';
import { LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { useSizedChart } from '../../../../lib/useSizedChart';
import { xyLayout, xyOption, type XYSpec } from './xyOption';

use([LineChart, ScatterChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

/** `height`: of the plot and its axes; the legend's rows below it add their own height. */
export default function XYChart({ spec, label, height = 320 }: { spec: XYSpec; label: string; height?: number }) {
  const { container, chart, width } = useSizedChart();
  const theme = useTheme();
  const colours = useMemo(() => [theme.palette.primary.main, theme.palette.accent.main, theme.palette.success.main, theme.palette.error.main, theme.palette.info.main, '#8e24aa', '#6d4c41'], [theme]);
  const legendHeight = useMemo(() => xyLayout(spec, width).legend.height, [spec, width]);

  // A new size (the legend's rows change the height) before the option that is planned for it; a
  // redraw at the same size needs no resize, which would lay the page out again.
  useEffect(() => {
    chart.current?.resize();
  }, [width, legendHeight]);
  useEffect(() => {
    chart.current?.setOption(xyOption(spec, colours, width) as never, true);
  }, [spec, colours, width]);

  return <div ref={container} role="img" aria-label={label} data-testid="xy-chart" data-curves={spec.curves.filter((c) => !c.reference).length} style={{ width: '100%', height: height + legendHeight }} />;
}
