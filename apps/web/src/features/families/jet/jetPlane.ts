// The jet's fields as drawn: the solver's grid is (r or y across, x from the nozzle exit towards the
// plate); the view puts the plate at the bottom (z = H − x, height above the plate) and mirrors the
// half domain about the jet axis, so the picture reads like the rig. Streamlines are iso-lines of the
// stream function ψ at equal steps of ψ: equal volume flow between neighbouring lines.
import { cellEdges, marchingSquares, type FieldArray, type FieldGrid, type Segment } from '../../simulations/results/fieldData';

export interface PlaneOptions {
  /** Nozzle-to-plate distance H (m): the plate is at x = H. */
  plate: number;
  mirror: boolean;
  /** Cells inside the ridge (1 inside), same shape as the field: left empty. */
  solid?: ArrayLike<number> | null;
  /** Keep only |s| up to this (m), plus the first sample beyond so the picture reaches it. */
  halfWidth?: number;
}

/** The default close-up: the stagnation region and the start of the wall jet. */
export const closeUpHalfWidth = (diameter: number, distance: number) => Math.max(2.5 * diameter, 1.5 * distance);

/** [across, x] field → grid with s across (mirrored) and z = H − x up. */
export function jetPlane(array: FieldArray, options: PlaneOptions): FieldGrid {
  if (array.shape.length !== 2) throw new Error(`A jet field has two dimensions; this one has shape ${array.shape.join(' × ')}.`);
  const [nr, nx] = array.shape as [number, number];
  const across = array.axes[0]!.values;
  const along = array.axes[1]!.values;
  // Columns: (source row j, sign). The axis row itself (r = 0, the ψ vertices) appears once.
  const columns: { j: number; s: number }[] = [];
  if (options.mirror) for (let j = nr - 1; j >= 0; j--) if (!(j === 0 && across[0] === 0)) columns.push({ j, s: -across[j]! });
  for (let j = 0; j < nr; j++) columns.push({ j, s: across[j]! });
  if (options.halfWidth !== undefined) {
    const limit = options.halfWidth;
    const outer = across.find((r) => r >= limit) ?? Infinity;
    const kept = columns.filter((c) => Math.abs(c.s) <= outer);
    columns.splice(0, columns.length, ...kept);
  }
  const rows = Array.from({ length: nx }, (_, m) => nx - 1 - m);
  const z = rows.map((i) => options.plate - along[i]!);
  const s = columns.map((c) => c.s);
  const values = new Float32Array(columns.length * nx);
  for (let m = 0; m < nx; m++) {
    const i = rows[m]!;
    for (let k = 0; k < columns.length; k++) {
      const c = i + nx * columns[k]!.j;
      values[m * columns.length + k] = options.solid && options.solid[c]! >= 0.5 ? Number.NaN : array.values[c]!;
    }
  }
  return {
    name: array.name,
    label: array.label,
    unit: array.unit,
    nx: columns.length,
    ny: nx,
    x: { name: options.mirror ? 's' : array.axes[0]!.name, unit: 'm', values: s, edges: cellEdges(s) },
    y: { name: 'z', unit: 'm', values: z, edges: cellEdges(z) },
    values,
  };
}

/** `count` levels evenly inside the range of ψ (its extremes are the axis and the far boundary). */
export function streamLevels(values: ArrayLike<number>, count: number): number[] {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isFinite(v)) {
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
  }
  if (!(max > min)) return [];
  return Array.from({ length: count }, (_, k) => min + ((k + 1) * (max - min)) / (count + 1));
}

/** The streamlines of a ψ grid (from jetPlane) as segments in its SI coordinates. */
export function streamlines(psi: FieldGrid, count = 14): Segment[] {
  return streamLevels(psi.values, count).flatMap((level) => marchingSquares(psi.values, psi.x.values, psi.y.values, level));
}
