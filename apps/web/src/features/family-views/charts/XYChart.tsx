// Loaded lazily (its own chunk with echarts): an XYSpec as a line/scatter chart with log axes.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTheme } from '@mui/material/styles';
import { init, use, type EChartsType } from 'echarts/core';
import { LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { xyLayout, xyOption, type XYSpec } from './xyOption';

use([LineChart, ScatterChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

/** Widths are measured to this step, so a resize by a few px does not rebuild the option. */
const WIDTH_STEP = 20;

/** `height`: of the plot and its axes; the legend's rows below it add their own height. */
export default function XYChart({ spec, label, height = 320 }: { spec: XYSpec; label: string; height?: number }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [width, setWidth] = useState(600);
  const theme = useTheme();
  const colours = useMemo(() => [theme.palette.primary.main, theme.palette.accent.main, theme.palette.success.main, theme.palette.error.main, theme.palette.info.main, '#8e24aa', '#6d4c41'], [theme]);
  const legendHeight = useMemo(() => xyLayout(spec, width).legend.height, [spec, width]);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const instance = init(el, undefined, { renderer: 'svg' });
    chart.current = instance;
    const measure = () => {
      const w = el.clientWidth;
      if (w > 0) setWidth(Math.round(w / WIDTH_STEP) * WIDTH_STEP);
    };
    measure();
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            measure();
            instance.resize();
          });
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.resize();
    chart.current?.setOption(xyOption(spec, colours, width) as never, true);
  }, [spec, colours, width, legendHeight]);

  return <div ref={container} role="img" aria-label={label} data-testid="xy-chart" style={{ width: '100%', height: height + legendHeight }} />;
}
