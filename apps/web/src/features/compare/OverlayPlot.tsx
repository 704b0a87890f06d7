// Series of several runs on the same axes (each run its colour, each curve of a run its dash), drawn
// by the family views' XY chart so compare pages follow the same rules as result pages: units on
// both axes, ticks that do not touch, the legend below the plot. Every run keeps its own x values.
import { lazy, Suspense } from 'react';
import { Skeleton, Typography } from '@mui/material';
import type { XYAxis, XYSpec } from '../families/shared/charts/xyOption';

const XYChart = lazy(() => import('../families/shared/charts/XYChart'));

export interface OverlayCurve {
  name: string;
  colour: string;
  /** Dash and gap lengths in px (solid when absent). */
  dash?: number[];
  points: [number, number][];
}

export const runColours = ['#1565c0', '#ef6c00', '#2e7d32', '#c62828', '#6a1b9a', '#00838f'];
/** The dash of a run's j-th curve. */
export const curveDashes: (number[] | undefined)[] = [undefined, [6, 3], [2, 3], [8, 3, 2, 3]];

export function OverlayPlot({ curves, x, y, label }: { curves: OverlayCurve[]; x: XYAxis; y: XYAxis; label: string }) {
  const drawable = curves.flatMap((c) => c.points).filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b));
  if (drawable.length < 2) return <Typography color="text.secondary">No values to plot.</Typography>;
  const spec: XYSpec = { x, y, legend: true, curves: curves.map((c) => ({ name: c.name, points: c.points, colour: c.colour, ...(c.dash ? { dash: c.dash } : {}) })) };
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
      <XYChart spec={spec} label={label} />
    </Suspense>
  );
}
