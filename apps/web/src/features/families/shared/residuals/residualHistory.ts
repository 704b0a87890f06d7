// The residual history of an iterative run, built from the live `residuals` events (one per reported
// iteration, normalised residual per equation) or from the run's stored `residuals` series, and drawn
// on a log axis: a residual of 0 (or below) has no place there and is left out, never altered.
import type { Series } from '@simforge/contracts';
import type { XYSpec } from '../charts/xyOption';

/** The series an iterative solver stores its residual history in: the residual card draws it (log scale). */
export const RESIDUAL_SERIES = 'residuals';

export interface ResidualPoint {
  iteration: number;
  values: Record<string, number>;
}

export interface ResidualHistory {
  runId: string | null;
  points: ResidualPoint[];
}

/** Longest history kept while streaming (older points are thinned to every other one). */
export const MAX_LIVE_POINTS = 4000;

export const emptyHistory: ResidualHistory = { runId: null, points: [] };

/**
 * Adds one event. A new run starts a new history; an iteration already present (a resumed stream
 * replaying events) replaces its point; out-of-order events are put in order.
 */
export function appendResiduals(history: ResidualHistory, runId: string | null, point: ResidualPoint): ResidualHistory {
  let points = history.runId === runId ? history.points : [];
  const last = points[points.length - 1];
  if (last && last.iteration === point.iteration) points = [...points.slice(0, -1), point];
  else if (!last || last.iteration < point.iteration) points = [...points, point];
  else points = [...points.filter((p) => p.iteration !== point.iteration), point].sort((a, b) => a.iteration - b.iteration);
  if (points.length > MAX_LIVE_POINTS) points = points.filter((_, k) => k % 2 === 0 || k === points.length - 1);
  return { runId, points };
}

/** The equations in the order they first appear. */
export function residualNames(points: readonly ResidualPoint[]): string[] {
  const names: string[] = [];
  for (const p of points) for (const name of Object.keys(p.values)) if (!names.includes(name)) names.push(name);
  return names;
}

export function residualSpec(points: readonly ResidualPoint[]): XYSpec {
  return {
    x: { label: 'Iteration', unit: '' },
    y: { label: 'Normalised residual', unit: '', log: true },
    curves: residualNames(points).map((name) => ({
      name,
      points: points.filter((p) => p.values[name] !== undefined).map((p): [number, number] => [p.iteration, p.values[name]!]),
    })),
    legend: true,
  };
}

/** The stored `residuals` series (x: iteration, one y per equation) as history points. */
export function historyFromSeries(series: Pick<Series, 'x' | 'y'>): ResidualPoint[] {
  return series.x.values.map((iteration, i) => ({ iteration, values: Object.fromEntries(series.y.map((curve) => [curve.name, curve.values[i]!])) }));
}

/** The latest value of each equation, for the text beside the plot. */
export function latestResiduals(points: readonly ResidualPoint[]): ResidualPoint | null {
  return points[points.length - 1] ?? null;
}
