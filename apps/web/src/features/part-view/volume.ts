// A [time, x, y, z] field (x, y, z in any order) as frames of a 3-D cell grid: edges per axis,
// the value of a cell at a time (NaN where there is none: no metal), the ranges and the CSV.
import { dataRange, type FieldArray, type Range } from '../simulations/results/fieldData';

export interface PartVolume {
  name: string;
  label: string;
  /** SI unit of the values. */
  unit: string;
  times: number[];
  timeUnit: string;
  /** Cells along x, y, z. */
  n: [number, number, number];
  /** Cell edges along x, y, z (SI). */
  edges: [number[], number[], number[]];
  /** Cell centres along x, y, z (SI). */
  centres: [number[], number[], number[]];
  /** Range of the finite values over all times (one colour scale for every time). */
  range: Range | null;
  frameRange(k: number): Range | null;
  /** The value of cell (ix, iy, iz) at time k (NaN: no value). */
  value(k: number, ix: number, iy: number, iz: number): number;
  /** Cells with a value at time k. */
  filledCells(k: number): number;
  /** The CSV of time k: time, x, y, z, value (SI; empty where there is none). */
  csv(k: number): string;
}

export function partVolume(array: FieldArray): PartVolume {
  const names = array.axes.map((a) => a.name.toLowerCase());
  if (array.shape.length !== 4 || names[0] !== 'time') throw new Error(`A 3-D view needs a [time, x, y, z] field; this one has axes ${names.join(', ')}.`);
  // Strides of the row-major array, last axis fastest.
  const strides = array.shape.map((_, i) => array.shape.slice(i + 1).reduce((a, b) => a * b, 1));
  const dim = (name: string) => {
    const i = names.indexOf(name);
    if (i < 1) throw new Error(`A 3-D view needs an axis named ${name}.`);
    return i;
  };
  const [ix, iy, iz] = [dim('x'), dim('y'), dim('z')];
  const [sx, sy, sz] = [strides[ix]!, strides[iy]!, strides[iz]!];
  const frameSize = strides[0]!;
  const frame = (k: number) => array.values.subarray(k * frameSize, (k + 1) * frameSize);
  const n: [number, number, number] = [array.shape[ix]!, array.shape[iy]!, array.shape[iz]!];
  const axis = (i: number) => array.axes[i]!;
  const value = (k: number, x: number, y: number, z: number) => array.values[k * frameSize + x * sx + y * sy + z * sz]!;
  const time = axis(0);
  return {
    name: array.name,
    label: array.label,
    unit: array.unit,
    times: time.values,
    timeUnit: time.unit,
    n,
    edges: [axis(ix).edges, axis(iy).edges, axis(iz).edges],
    centres: [axis(ix).values, axis(iy).values, axis(iz).values],
    range: dataRange(array.values),
    frameRange: (k) => dataRange(frame(k)),
    value,
    filledCells(k) {
      let count = 0;
      for (const v of frame(k)) if (Number.isFinite(v)) count++;
      return count;
    },
    csv(k) {
      const head = [time, axis(ix), axis(iy), axis(iz)].map((a) => `"${a.name}${a.unit ? ` [${a.unit}]` : ''}"`);
      const lines = [[...head, `"${array.name}${array.unit ? ` [${array.unit}]` : ''}"`].join(',')];
      const [cx, cy, cz] = [axis(ix).values, axis(iy).values, axis(iz).values];
      for (let a = 0; a < n[0]; a++)
        for (let b = 0; b < n[1]; b++)
          for (let c = 0; c < n[2]; c++) {
            const v = value(k, a, b, c);
            lines.push(`${time.values[k]},${cx[a]},${cy[b]},${cz[c]},${Number.isFinite(v) ? v : ''}`);
          }
      return `${lines.join('\n')}\n`;
    },
  };
}

/** The time with the highest value (the most telling first picture). */
export function hottestTime(volume: PartVolume): number {
  let best = 0;
  let bestMax = -Infinity;
  volume.times.forEach((_, k) => {
    const r = volume.frameRange(k);
    if (r && r.max > bestMax) {
      bestMax = r.max;
      best = k;
    }
  });
  return best;
}
