// Which view draws a field, chosen from its axes (so every family's fields get the same views):
// - two dimensions longer than 1: the heat map (FieldMap);
// - [time, a, b]: the animated heat map (FieldFrames), one frame per time;
// - [time, x, y, z] (x, y, z in any order): the 3-D view of the part (part-view/PartView3D).
// And the pure helpers of the animated map: frame slicing, the range over all frames, the CSV.
import type { FieldMeta } from '@simforge/contracts';
import { arrayMeta, dataRange, fieldCsv, toGrid, type FieldArray, type FieldGrid, type Range } from './fieldData';

export type FieldViewKind = 'map' | 'frames' | 'volume' | 'none';

const isTime = (name: string | undefined) => name?.toLowerCase() === 'time';

export function fieldViewKind(meta: Pick<FieldMeta, 'shape' | 'grid'>): FieldViewKind {
  const names = meta.grid.axes.map((a) => a.name.toLowerCase());
  const { shape } = meta;
  if (shape.length === 4 && isTime(names[0]) && shape[0]! >= 1 && [...names.slice(1)].sort().join() === 'x,y,z' && shape.slice(1).every((n) => n >= 1)) return 'volume';
  if (shape.length === 3 && isTime(names[0]) && shape[0]! >= 1 && shape[1]! > 1 && shape[2]! > 1) return 'frames';
  if (shape.filter((n) => n !== 1).length === 2) return 'map';
  return 'none';
}

export interface FieldFrames {
  /** Time of each frame (SI, the first axis). */
  times: number[];
  timeUnit: string;
  /** Range of the finite values over all frames (SI): one colour scale for the animation. */
  range: Range | null;
  /** Frame k as a 2-D grid (a view of the values, not a copy when already in drawing order). */
  grid(k: number): FieldGrid;
  /** The CSV of frame k: time, x, y, value (SI). */
  csv(k: number): string;
}

/** The frames of a [time, a, b] field. */
export function fieldFrames(array: FieldArray): FieldFrames {
  if (array.shape.length !== 3) throw new Error(`An animated field has three dimensions (time and two more); this one has shape ${array.shape.join(' × ')}.`);
  const [nt, n1, n2] = array.shape as [number, number, number];
  const time = array.axes[0]!;
  const meta = arrayMeta(array);
  const frameMeta: FieldMeta = { ...meta, shape: [n1, n2], grid: { axes: meta.grid.axes.slice(1) } };
  const size = n1 * n2;
  const grid = (k: number) => {
    const frame = Math.min(nt - 1, Math.max(0, Math.round(k)));
    return toGrid(frameMeta, array.values.subarray(frame * size, (frame + 1) * size));
  };
  return {
    times: time.values,
    timeUnit: time.unit,
    range: dataRange(array.values),
    grid,
    csv: (k) => fieldCsv(grid(k), [{ name: time.name, unit: time.unit, value: time.values[k]! }]),
  };
}

/** What a view offers for the CSV button of its card (the frame or time shown). */
export interface FieldExport {
  csv: () => string;
  filename: string;
}

/** `top_surface_temperature_frames_t12.6s.csv` */
export function frameFilename(name: string, time: number, unit: string): string {
  return `${name}_t${Number(time.toPrecision(6))}${unit}.csv`;
}
