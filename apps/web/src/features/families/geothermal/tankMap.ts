// The store's temperature over (time, height) as a heat map: time across in the unit its span is
// counted in (hours, days, months: the one rule of every time axis), height up. The solver's field is
// [time, height] (height fastest). A year of 3-hourly values is more columns than a card is pixels
// wide: such a field is drawn as daily means (one column a day), as the power plot draws daily
// envelopes; the CSV keeps the solver's every value.
import { toSI } from '@simforge/contracts';
import { chooseDisplayUnit } from '../../../lib/displayUnits';
import { cellEdges, type FieldArray, type FieldGrid } from '../../simulations/results/fieldData';
import { DAY_SECONDS } from '../../simulations/plots/dailyEnvelope';

/** More time columns than this are averaged by day (a card is at most about this many px wide). */
export const MAX_TIME_COLUMNS = 500;

export function timeUnitFor(spanSeconds: number): { unit: string; seconds: number } {
  const unit = chooseDisplayUnit('s', spanSeconds);
  return { unit, seconds: toSI(1, unit) };
}

export interface TankMap {
  grid: FieldGrid;
  /** The columns are daily means of the solver's values. */
  dailyMeans: boolean;
}

/** Time columns (seconds) grouped by day: each day's mean time and the indices of its values. */
function days(times: readonly number[]): { time: number; indices: number[] }[] {
  const byDay = new Map<number, number[]>();
  times.forEach((t, i) => {
    const k = Math.floor((t - times[0]!) / DAY_SECONDS);
    const day = byDay.get(k);
    if (day) day.push(i);
    else byDay.set(k, [i]);
  });
  return [...byDay.entries()].sort((a, b) => a[0] - b[0]).map(([, indices]) => ({ time: indices.reduce((s, i) => s + times[i]!, 0) / indices.length, indices }));
}

export function tankGrid(array: FieldArray): TankMap {
  if (array.shape.length !== 2) throw new Error(`The store temperature has two dimensions (time, height); this one has shape ${array.shape.join(' × ')}.`);
  const [nt, nh] = array.shape as [number, number];
  const times = array.axes[0]!.values;
  const heights = array.axes[1]!.values;
  const span = (times[nt - 1] ?? 0) - (times[0] ?? 0);
  const dailyMeans = nt > MAX_TIME_COLUMNS && span > 2 * DAY_SECONDS;
  const columns = dailyMeans ? days(times) : times.map((time, i) => ({ time, indices: [i] }));
  const { unit, seconds } = timeUnitFor(span);
  const t = columns.map((c) => c.time / seconds);
  const nx = columns.length;
  const values = new Float32Array(nx * nh);
  for (let j = 0; j < nh; j++)
    for (const [c, column] of columns.entries()) {
      let sum = 0;
      for (const i of column.indices) sum += array.values[i * nh + j]!;
      values[j * nx + c] = sum / column.indices.length;
    }
  return {
    grid: {
      name: array.name,
      label: array.label,
      unit: array.unit,
      nx,
      ny: nh,
      x: { name: 'time', unit, values: t, edges: cellEdges(t) },
      y: { name: 'height', unit: 'm', values: heights.slice(), edges: cellEdges(heights) },
      values,
    },
    dailyMeans,
  };
}
