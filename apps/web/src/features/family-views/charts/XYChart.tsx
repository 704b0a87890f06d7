// Loaded lazily (its own chunk with echarts): an XYSpec as a line/scatter chart with log axes.
import { useEffect, useMemo, useRef } from 'react';
import { useTheme } from '@mui/material/styles';
import { init, use, type EChartsType } from 'echarts/core';
import { LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { xyOption, type XYSpec } from './xyOption';

use([LineChart, ScatterChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export default function XYChart({ spec, label, height = 320 }: { spec: XYSpec; label: string; height?: number }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const theme = useTheme();
  const colours = useMemo(() => [theme.palette.primary.main, theme.palette.accent.main, theme.palette.success.main, theme.palette.error.main, theme.palette.info.main, '#8e24aa', '#6d4c41'], [theme]);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const instance = init(el, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(xyOption(spec, colours) as never, true);
  }, [spec, colours]);

  return <div ref={container} role="img" aria-label={label} data-testid="xy-chart" style={{ width: '100%', height }} />;
}
