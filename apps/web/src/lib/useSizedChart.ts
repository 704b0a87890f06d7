// An echarts instance (SVG) on a container, and the container's width measured in steps: charts
// plan their ticks, legend rows and envelopes from the width, so they re-plan when it changes.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { init, type EChartsType } from 'echarts/core';

/** Widths are measured to this step, so a resize by a few px does not re-plan the chart. */
export const WIDTH_STEP = 20;

export function useSizedChart(): { container: RefObject<HTMLDivElement | null>; chart: RefObject<EChartsType | null>; width: number } {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [width, setWidth] = useState(600);

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

  return { container, chart, width };
}
