// A structured finite-volume mesh: cell faces along each axis (uniform or graded), a cell mask
// (void, solid, filler not yet deposited) and a material index per cell. Cell i = ix + nx (iy + ny iz).

export const CELL_VOID = 0;
export const CELL_SOLID = 1;
/** Filler (weld bead) not yet deposited: behaves like void until activated. */
export const CELL_FILLER = 2;

/** Face coordinates along one axis (m), strictly increasing; cells lie between consecutive faces. */
export type AxisFaces = Float64Array;

export function uniformAxis(options: { from: number; to: number; cells: number }): AxisFaces {
  const { from, to, cells } = options;
  const faces = new Float64Array(cells + 1);
  for (let i = 0; i <= cells; i++) faces[i] = from + ((to - from) * i) / cells;
  return faces;
}

/**
 * A geometrically graded axis: `cells` cells from `from` to `to` whose widths grow by `ratio` from one
 * cell to the next (ratio < 1 shrinks them), so the first cell is fine when ratio > 1.
 */
export function gradedAxis(options: { from: number; to: number; cells: number; ratio: number }): AxisFaces {
  const { from, to, cells, ratio } = options;
  if (Math.abs(ratio - 1) < 1e-12) return uniformAxis(options);
  const first = ((to - from) * (ratio - 1)) / (ratio ** cells - 1);
  const faces = new Float64Array(cells + 1);
  faces[0] = from;
  let width = first;
  for (let i = 1; i <= cells; i++) {
    faces[i] = faces[i - 1]! + width;
    width *= ratio;
  }
  faces[cells] = to;
  return faces;
}

/**
 * An axis with uniform cells of `fineWidth` over [from, fineTo] and geometric growth (at most `ratio`
 * per cell) from there to `to`: the usual refinement around a weld line or a laser track.
 */
export function refinedAxis(options: { from: number; fineTo: number; to: number; fineWidth: number; ratio: number }): AxisFaces {
  const { from, fineTo, to, fineWidth, ratio } = options;
  const fineCells = Math.max(1, Math.round((fineTo - from) / fineWidth));
  const fine = uniformAxis({ from, to: fineTo, cells: fineCells });
  if (to <= fineTo) return fine;
  const width = (fineTo - from) / fineCells;
  // Smallest cell count whose geometric series starting at width·ratio covers the rest.
  const rest = to - fineTo;
  let cells = 1;
  while ((width * ratio * (ratio ** cells - 1)) / (ratio - 1) < rest && cells < 10_000) cells++;
  // Solve for the ratio that fits exactly with that count (bisection on r in [1, ratio]).
  let lo = 1 + 1e-9;
  let hi = ratio;
  for (let i = 0; i < 100; i++) {
    const r = 0.5 * (lo + hi);
    const total = (width * r * (r ** cells - 1)) / (r - 1);
    if (total > rest) hi = r;
    else lo = r;
  }
  const coarse = gradedAxis({ from: fineTo, to, cells, ratio: 0.5 * (lo + hi) });
  const faces = new Float64Array(fineCells + cells + 1);
  faces.set(fine, 0);
  faces.set(coarse.subarray(1), fineCells + 1);
  return faces;
}

/** Concatenates axes that share their end faces (e.g. a refined band between two graded ones). */
export function joinAxes(...parts: AxisFaces[]): AxisFaces {
  const values: number[] = [];
  for (const part of parts) {
    const start = values.length > 0 && Math.abs(values[values.length - 1]! - part[0]!) < 1e-15 ? 1 : 0;
    for (let i = start; i < part.length; i++) values.push(part[i]!);
  }
  return Float64Array.from(values);
}

/** The mirror image of an axis about `about` (a graded axis that refines towards its far end). */
export function reversedAxis(faces: AxisFaces, about: number): AxisFaces {
  const out = new Float64Array(faces.length);
  for (let i = 0; i < faces.length; i++) out[i] = 2 * about - faces[faces.length - 1 - i]!;
  return out;
}

export class StructuredMesh {
  readonly nx: number;
  readonly ny: number;
  readonly nz: number;
  readonly cellCount: number;
  /** Cell widths and centres per axis. */
  readonly dx: Float64Array;
  readonly dy: Float64Array;
  readonly dz: Float64Array;
  readonly xc: Float64Array;
  readonly yc: Float64Array;
  readonly zc: Float64Array;
  /** CELL_VOID | CELL_SOLID | CELL_FILLER per cell. */
  readonly mask: Uint8Array;
  /** Index into the problem's material list, per cell. */
  readonly material: Uint8Array;
  /** Incremented whenever the mask changes (cached face lists are rebuilt). */
  maskVersion = 0;

  constructor(
    readonly xFaces: AxisFaces,
    readonly yFaces: AxisFaces,
    readonly zFaces: AxisFaces,
  ) {
    for (const faces of [xFaces, yFaces, zFaces]) {
      for (let i = 1; i < faces.length; i++) if (!(faces[i]! > faces[i - 1]!)) throw new RangeError('mesh face coordinates must increase strictly');
    }
    this.nx = xFaces.length - 1;
    this.ny = yFaces.length - 1;
    this.nz = zFaces.length - 1;
    this.cellCount = this.nx * this.ny * this.nz;
    const widths = (f: AxisFaces): [Float64Array, Float64Array] => {
      const w = new Float64Array(f.length - 1);
      const c = new Float64Array(f.length - 1);
      for (let i = 0; i < w.length; i++) {
        w[i] = f[i + 1]! - f[i]!;
        c[i] = 0.5 * (f[i + 1]! + f[i]!);
      }
      return [w, c];
    };
    [this.dx, this.xc] = widths(xFaces);
    [this.dy, this.yc] = widths(yFaces);
    [this.dz, this.zc] = widths(zFaces);
    this.mask = new Uint8Array(this.cellCount).fill(CELL_SOLID);
    this.material = new Uint8Array(this.cellCount);
  }

  index(ix: number, iy: number, iz: number): number {
    return ix + this.nx * (iy + this.ny * iz);
  }

  volume(i: number): number {
    const ix = i % this.nx;
    const iy = Math.floor(i / this.nx) % this.ny;
    const iz = Math.floor(i / (this.nx * this.ny));
    return this.dx[ix]! * this.dy[iy]! * this.dz[iz]!;
  }

  /** Sets the mask of every cell whose centre satisfies `inside(x, y, z)`. */
  setMask(value: number, inside: (x: number, y: number, z: number) => boolean): number {
    let count = 0;
    for (let iz = 0; iz < this.nz; iz++)
      for (let iy = 0; iy < this.ny; iy++)
        for (let ix = 0; ix < this.nx; ix++) {
          if (!inside(this.xc[ix]!, this.yc[iy]!, this.zc[iz]!)) continue;
          this.mask[this.index(ix, iy, iz)] = value;
          count++;
        }
    this.maskVersion++;
    return count;
  }

  /** The cell index along one axis that contains coordinate `u` (clamped to the mesh). */
  static locate(faces: AxisFaces, u: number): number {
    let lo = 0;
    let hi = faces.length - 1;
    if (u <= faces[0]!) return 0;
    if (u >= faces[hi]!) return hi - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (faces[mid]! <= u) lo = mid;
      else hi = mid;
    }
    return lo;
  }

  /** The value of a cell field at a point: trilinear between the surrounding solid cell centres (NaN with none). */
  interpolate(field: Float64Array, x: number, y: number, z: number): number {
    const bracket = (centres: Float64Array, u: number): [number, number, number] => {
      const last = centres.length - 1;
      if (u <= centres[0]!) return [0, 0, 0];
      if (u >= centres[last]!) return [last, last, 0];
      let lo = 0;
      let hi = last;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (centres[mid]! <= u) lo = mid;
        else hi = mid;
      }
      return [lo, hi, (u - centres[lo]!) / (centres[hi]! - centres[lo]!)];
    };
    const [x0, x1, wx] = bracket(this.xc, x);
    const [y0, y1, wy] = bracket(this.yc, y);
    const [z0, z1, wz] = bracket(this.zc, z);
    let sum = 0;
    let weight = 0;
    for (const [iz, fz] of [[z0, 1 - wz], [z1, wz]] as const)
      for (const [iy, fy] of [[y0, 1 - wy], [y1, wy]] as const)
        for (const [ix, fx] of [[x0, 1 - wx], [x1, wx]] as const) {
          const w = fx * fy * fz;
          const i = this.index(ix, iy, iz);
          if (w === 0 || this.mask[i] !== CELL_SOLID) continue;
          sum += w * field[i]!;
          weight += w;
        }
    return weight > 0 ? sum / weight : Number.NaN;
  }
}
