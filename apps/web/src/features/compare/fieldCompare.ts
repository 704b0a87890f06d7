// Fields of several runs side by side: one colour range over all of them, and the difference to the
// first run where the grids are the same (same axes, same sample positions).
import type { FieldGrid, Range } from '../simulations/results/fieldData';
import { dataRange } from '../simulations/results/fieldData';

/** The range covering every grid's values (NaN cells ignored); null when none has a value. */
export function sharedRange(grids: readonly FieldGrid[]): Range | null {
  let out: Range | null = null;
  for (const grid of grids) {
    const r = dataRange(grid.values);
    if (!r) continue;
    out = out ? { min: Math.min(out.min, r.min), max: Math.max(out.max, r.max) } : r;
  }
  return out;
}

const sameAxis = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => Math.abs(v - b[i]!) <= 1e-12 * Math.max(1, Math.abs(v)));

/** Whether two grids sample the same points (so their difference is cell by cell). */
export function sameGrid(a: FieldGrid, b: FieldGrid): boolean {
  return a.nx === b.nx && a.ny === b.ny && a.x.name === b.x.name && a.y.name === b.y.name && a.unit === b.unit && sameAxis(a.x.values, b.x.values) && sameAxis(a.y.values, b.y.values);
}

/**
 * `b − a` on their common grid (check sameGrid first); a cell without a value in either has none. A
 * difference of temperatures is a temperature difference: its unit is marked so that it is never
 * shown through the °C offset.
 */
export function differenceGrid(a: FieldGrid, b: FieldGrid, label: string): FieldGrid {
  const values = new Float32Array(a.values.length);
  for (let i = 0; i < values.length; i++) values[i] = b.values[i]! - a.values[i]!;
  return { ...a, name: `${b.name}-minus-${a.name}`, label, unit: a.unit === 'K' ? DIFFERENCE_K : a.unit, values };
}

export const DIFFERENCE_K = 'K (difference)';
