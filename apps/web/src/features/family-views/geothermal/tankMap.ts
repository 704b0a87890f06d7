// The store's temperature over (time, height) as a heat map: time across in the unit its span is
// counted in (hours, days, months: the one rule of every time axis), height up. The solver's field is
// [time, height] (height fastest).
import { toSI } from '@simforge/contracts';
import { chooseDisplayUnit } from '../../../lib/displayUnits';
import { cellEdges, type FieldArray, type FieldGrid } from '../../simulations/results/fieldData';

export function timeUnitFor(spanSeconds: number): { unit: string; seconds: number } {
  const unit = chooseDisplayUnit('s', spanSeconds);
  return { unit, seconds: toSI(1, unit) };
}

export function tankGrid(array: FieldArray): FieldGrid {
  if (array.shape.length !== 2) throw new Error(`The store temperature has two dimensions (time, height); this one has shape ${array.shape.join(' × ')}.`);
  const [nt, nh] = array.shape as [number, number];
  const times = array.axes[0]!.values;
  const heights = array.axes[1]!.values;
  const { unit, seconds } = timeUnitFor((times[nt - 1] ?? 0) - (times[0] ?? 0));
  const t = times.map((v) => v / seconds);
  const values = new Float32Array(nt * nh);
  for (let j = 0; j < nh; j++) for (let i = 0; i < nt; i++) values[j * nt + i] = array.values[i * nh + j]!;
  return {
    name: array.name,
    label: array.label,
    unit: array.unit,
    nx: nt,
    ny: nh,
    x: { name: 'time', unit, values: t, edges: cellEdges(t) },
    y: { name: 'height', unit: 'm', values: heights.slice(), edges: cellEdges(heights) },
    values,
  };
}
