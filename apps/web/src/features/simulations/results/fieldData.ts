// Pure helpers of the field views: the binary answer -> an N-D array with its axes (and a 2-D grid),
// cell edges of non-uniform axes, a viridis colour map, the colour range (auto or locked), marching
// squares for iso-lines, and the CSV export.
import { decodeFloat32, fieldBinary, type FieldMeta } from '@simforge/contracts';

export interface FieldAxis {
  name: string;
  unit: string;
  /** Sample positions (cell centres), SI. */
  values: number[];
  /** Cell boundaries (values.length + 1), SI. */
  edges: number[];
}

/** A field of any number of dimensions: `values` row-major in `shape` order (last axis fastest). */
export interface FieldArray {
  name: string;
  label: string;
  unit: string;
  shape: number[];
  /** One per dimension (cell centres and edges, SI). */
  axes: FieldAxis[];
  /** NaN where the field has no value (see markNoValue). */
  values: Float32Array;
}

/** A 2-D field ready to draw: `values[j * nx + i]` is the cell at x index i, y index j. */
export interface FieldGrid {
  name: string;
  label: string;
  unit: string;
  nx: number;
  ny: number;
  x: FieldAxis;
  y: FieldAxis;
  values: Float32Array;
}

/** Boundaries of cells around the given centres (midpoints; half a cell beyond each end). */
export function cellEdges(centres: readonly number[]): number[] {
  const n = centres.length;
  if (n === 0) return [];
  if (n === 1) return [centres[0]! - 0.5, centres[0]! + 0.5];
  const edges = new Array<number>(n + 1);
  for (let i = 1; i < n; i++) edges[i] = (centres[i - 1]! + centres[i]!) / 2;
  edges[0] = centres[0]! - (edges[1]! - centres[0]!);
  edges[n] = centres[n - 1]! + (centres[n - 1]! - edges[n - 1]!);
  return edges;
}

function axisOf(meta: Pick<FieldMeta, 'grid'>, index: number, n: number): FieldAxis {
  const a = meta.grid.axes[index];
  const values = a?.values ?? [];
  // Either one value per cell (centres) or one per boundary (n + 1 edges).
  if (values.length === n + 1) {
    return { name: a?.name ?? `axis ${index}`, unit: a?.unit ?? '', values: values.slice(0, n).map((v, i) => (v + values[i + 1]!) / 2), edges: values.slice() };
  }
  const centres = values.length === n ? values.slice() : Array.from({ length: n }, (_, i) => i);
  return { name: a?.name ?? `axis ${index}`, unit: a?.unit ?? '', values: centres, edges: cellEdges(centres) };
}

/**
 * Which of the two axes is drawn horizontally: the one named first among x, y, z (a cross-section
 * y–z has y across, z up); otherwise the last (fastest) axis.
 */
export function horizontalAxisIndex(names: readonly string[]): 0 | 1 {
  const rank = (name: string) => ['x', 'y', 'z'].indexOf(name.toLowerCase());
  const [r0, r1] = [rank(names[0] ?? ''), rank(names[1] ?? '')];
  if (r0 >= 0 && r1 >= 0) return r0 < r1 ? 0 : 1;
  return 1;
}

/** The axes of every dimension of a field (centres and edges). */
export function fieldAxes(meta: Pick<FieldMeta, 'shape' | 'grid'>): FieldAxis[] {
  return meta.shape.map((n, i) => axisOf(meta, i, n));
}

/**
 * Absolute temperatures (unit K) at or below 0 mark cells without a value (the welding model's cells
 * without metal: the API carries finite numbers only); they become NaN, which the views leave empty.
 */
export function markNoValue(values: Float32Array, unit: string): Float32Array {
  if (unit !== 'K') return values;
  for (let i = 0; i < values.length; i++) if (values[i]! <= 0) values[i] = Number.NaN;
  return values;
}

/** The field's values (row-major, last axis fastest) on its grid, oriented for drawing. */
export function toGrid(meta: FieldMeta, data: Float32Array): FieldGrid {
  const shape = meta.shape.filter((n) => n !== 1);
  if (shape.length !== 2) throw new Error(`Only 2-D fields can be drawn (this one has shape ${meta.shape.join(' × ')}).`);
  // Axes of the two dimensions that are not of length 1.
  const dims = meta.shape.map((n, i) => ({ n, i })).filter((d) => d.n !== 1);
  const [d0, d1] = [dims[0]!, dims[1]!];
  const expected = d0.n * d1.n;
  if (data.length !== expected) throw new Error(`The field has ${data.length} values; its shape ${meta.shape.join(' × ')} needs ${expected}.`);
  const a0 = axisOf(meta, d0.i, d0.n);
  const a1 = axisOf(meta, d1.i, d1.n);
  const across = horizontalAxisIndex([a0.name, a1.name]);
  if (across === 1) {
    // already x fastest
    return { name: meta.name, label: meta.label, unit: meta.unit, nx: d1.n, ny: d0.n, x: a1, y: a0, values: data };
  }
  const values = new Float32Array(expected);
  for (let j = 0; j < d1.n; j++) for (let i = 0; i < d0.n; i++) values[j * d0.n + i] = data[i * d1.n + j]!;
  return { name: meta.name, label: meta.label, unit: meta.unit, nx: d0.n, ny: d1.n, x: a0, y: a1, values };
}

/** Reads a field answer: checks dtype and shape headers against the index entry, decodes the body. */
export function decodeFieldArray(meta: FieldMeta, headers: Headers, body: ArrayBuffer): FieldArray {
  const dtype = headers.get(fieldBinary.headers.dtype);
  if (dtype && dtype !== fieldBinary.dtype) throw new Error(`Unsupported field data type ${dtype}.`);
  const shapeHeader = headers.get(fieldBinary.headers.shape);
  const shape = shapeHeader ? shapeHeader.split(',').map((s) => Number(s.trim())) : meta.shape;
  if (shape.some((n) => !Number.isInteger(n) || n < 0)) throw new Error(`Invalid field shape header "${shapeHeader}".`);
  const unitHeader = headers.get(fieldBinary.headers.unit);
  const unit = unitHeader !== null ? decodeURIComponent(unitHeader) : meta.unit;
  if (body.byteLength % 4 !== 0) throw new Error('The field data is not a whole number of Float32 values.');
  const values = decodeFloat32(body);
  const expected = shape.reduce((a, b) => a * b, 1);
  if (values.length !== expected) throw new Error(`The field has ${values.length} values; its shape ${shape.join(' × ')} needs ${expected}.`);
  return { name: meta.name, label: meta.label, unit, shape, axes: fieldAxes({ shape, grid: meta.grid }), values: markNoValue(values, unit) };
}

/** A decoded field as the FieldMeta + values pair toGrid takes. */
export function arrayMeta(array: FieldArray): FieldMeta {
  return { name: array.name, label: array.label, unit: array.unit, shape: array.shape, grid: { axes: array.axes.map((a) => ({ name: a.name, unit: a.unit, values: a.values })) } };
}

/** Reads a 2-D field answer into an oriented grid (decodeFieldArray, then toGrid). */
export function decodeFieldResponse(meta: FieldMeta, headers: Headers, body: ArrayBuffer): FieldGrid {
  const array = decodeFieldArray(meta, headers, body);
  return toGrid(arrayMeta(array), array.values);
}

// --- colour map -------------------------------------------------------------------------------

/** Viridis (matplotlib), 9 stops, interpolated linearly in sRGB. */
const VIRIDIS: readonly [number, number, number][] = [
  [68, 1, 84],
  [71, 45, 123],
  [59, 82, 139],
  [44, 114, 142],
  [33, 145, 140],
  [40, 174, 128],
  [94, 201, 98],
  [173, 220, 48],
  [253, 231, 37],
];

/** The colour of t in [0, 1] (clamped) as [r, g, b] 0–255. */
export function viridis(t: number): [number, number, number] {
  const c = Number.isFinite(t) ? Math.min(1, Math.max(0, t)) : 0;
  const pos = c * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(pos));
  const f = pos - i;
  const a = VIRIDIS[i]!;
  const b = VIRIDIS[i + 1]!;
  return [Math.round(a[0] + (b[0] - a[0]) * f), Math.round(a[1] + (b[1] - a[1]) * f), Math.round(a[2] + (b[2] - a[2]) * f)];
}

export function rgbCss([r, g, b]: [number, number, number]): string {
  return `rgb(${r}, ${g}, ${b})`;
}

// --- range ------------------------------------------------------------------------------------

export interface Range {
  min: number;
  max: number;
}

/** Minimum and maximum of the finite values (null if there are none). */
export function dataRange(values: ArrayLike<number>): Range | null {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min <= max ? { min, max } : null;
}

/**
 * The colour range: the data's own unless locked to valid bounds (min < max). Values outside a
 * locked range take the end colours.
 */
export function colourRange(data: Range | null, locked: { min: number | null; max: number | null } | null): Range {
  const base = data ?? { min: 0, max: 1 };
  let { min, max } = base;
  if (locked) {
    if (locked.min !== null && Number.isFinite(locked.min)) min = locked.min;
    if (locked.max !== null && Number.isFinite(locked.max)) max = locked.max;
  }
  if (!(max > min)) {
    // a flat field (or an inverted lock): a small span around the value
    if (locked && max < min) return { min: base.min, max: base.max > base.min ? base.max : base.min + 1 };
    const pad = Math.abs(min) * 1e-6 || 1;
    return { min: min - pad, max: max + pad };
  }
  return { min, max };
}

/** Position of a value in the range, clamped to [0, 1]. */
export function normalise(value: number, range: Range): number {
  return Math.min(1, Math.max(0, (value - range.min) / (range.max - range.min)));
}

// --- iso-lines (marching squares) --------------------------------------------------------------

export type Segment = [[number, number], [number, number]];

type Side = 'left' | 'bottom' | 'right' | 'top';

/**
 * The cell sides the iso-line crosses, by case: bit 1 bottom-left, 2 bottom-right, 4 top-right and
 * 8 top-left corner at or above the level. A case and its complement (15 − code) cross the same
 * sides, so the table holds codes 0 to 7; 0 crosses nothing and 5, a saddle, is resolved apart.
 */
const CROSSED_SIDES: readonly (readonly [Side, Side] | null)[] = [null, ['left', 'bottom'], ['bottom', 'right'], ['left', 'right'], ['right', 'top'], null, ['bottom', 'top'], ['left', 'top']];

/**
 * Marching squares on samples at (xs[i], ys[j]) (`values[j * nx + i]`): the segments of the
 * iso-line `value = level`, interpolated linearly along cell sides. Saddles are resolved with the
 * mean of the four corners. Squares with a non-finite corner are skipped.
 */
export function marchingSquares(values: ArrayLike<number>, xs: readonly number[], ys: readonly number[], level: number): Segment[] {
  const nx = xs.length;
  const ny = ys.length;
  const segments: Segment[] = [];
  const at = (i: number, j: number) => values[j * nx + i]!;
  for (let j = 0; j < ny - 1; j++) {
    for (let i = 0; i < nx - 1; i++) {
      const v0 = at(i, j); // bottom-left
      const v1 = at(i + 1, j); // bottom-right
      const v2 = at(i + 1, j + 1); // top-right
      const v3 = at(i, j + 1); // top-left
      if (!Number.isFinite(v0) || !Number.isFinite(v1) || !Number.isFinite(v2) || !Number.isFinite(v3)) continue;
      const code = (v0 >= level ? 1 : 0) | (v1 >= level ? 2 : 0) | (v2 >= level ? 4 : 0) | (v3 >= level ? 8 : 0);
      if (code === 0 || code === 15) continue;
      const x0 = xs[i]!;
      const x1 = xs[i + 1]!;
      const y0 = ys[j]!;
      const y1 = ys[j + 1]!;
      const lerp = (a: number, b: number, va: number, vb: number) => (va === vb ? (a + b) / 2 : a + ((level - va) / (vb - va)) * (b - a));
      const side: Record<Side, [number, number]> = {
        bottom: [lerp(x0, x1, v0, v1), y0],
        right: [x1, lerp(y0, y1, v1, v2)],
        top: [lerp(x0, x1, v3, v2), y1],
        left: [x0, lerp(y0, y1, v0, v3)],
      };
      const crossed = CROSSED_SIDES[code < 8 ? code : 15 - code];
      const centreAbove = (v0 + v1 + v2 + v3) / 4 >= level;
      if (crossed) segments.push([side[crossed[0]], side[crossed[1]]]);
      // A saddle (5 or 10): the corners on the centre's side of the level are joined through it, so
      // the line cuts off the other two (5 with the centre above: top-left and bottom-right).
      else if ((code === 5) === centreAbove) segments.push([side.left, side.top], [side.bottom, side.right]);
      else segments.push([side.left, side.bottom], [side.right, side.top]);
    }
  }
  return segments;
}

// --- CSV --------------------------------------------------------------------------------------

const csvHead = (name: string, u: string) => `"${`${name}${u ? ` [${u}]` : ''}`.replace(/"/g, '""')}"`;

/**
 * One row per cell: x, y (SI, as the API gives them) and the value (SI; empty where there is none).
 * `fixed` columns come first with the same value on every row (the time of an animation frame).
 */
export function fieldCsv(grid: FieldGrid, fixed: { name: string; unit: string; value: number }[] = []): string {
  const lead = fixed.map((c) => `${c.value},`).join('');
  const lines = [[...fixed.map((c) => csvHead(c.name, c.unit)), csvHead(grid.x.name, grid.x.unit), csvHead(grid.y.name, grid.y.unit), csvHead(grid.name, grid.unit)].join(',')];
  for (let j = 0; j < grid.ny; j++) {
    for (let i = 0; i < grid.nx; i++) {
      const v = grid.values[j * grid.nx + i]!;
      lines.push(`${lead}${grid.x.values[i]},${grid.y.values[j]},${Number.isFinite(v) ? v : ''}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Index of the cell containing v among ascending or descending edges (-1 outside). */
export function cellIndex(edges: readonly number[], v: number): number {
  const n = edges.length - 1;
  if (n < 1) return -1;
  const ascending = edges[n]! >= edges[0]!;
  const lo = ascending ? edges[0]! : edges[n]!;
  const hi = ascending ? edges[n]! : edges[0]!;
  if (v < lo || v > hi) return -1;
  let a = 0;
  let b = n;
  while (b - a > 1) {
    const m = (a + b) >> 1;
    if (ascending ? v >= edges[m]! : v <= edges[m]!) a = m;
    else b = m;
  }
  return a;
}
