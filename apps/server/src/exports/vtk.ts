// A stored field as a VTK XML file ParaView opens: ImageData (`.vti`) when every spatial axis is
// uniformly spaced, UnstructuredGrid (`.vtu`, quads or hexahedra on the tensor-product points)
// otherwise. Field values sit on the grid's points (the solvers store cell-centre or node values
// with their coordinates, so the coordinates are the points). A leading `time` axis (frames) becomes
// one point-data array per frame. Everything is ASCII: readable, diffable, and exact for Float32.

import type { FieldMetaRow } from '../repositories/simulation-results.js';

export interface VtkFile {
  extension: 'vti' | 'vtu';
  contentType: string;
  text: string;
  /** Points written (product of the spatial axes' lengths). */
  pointCount: number;
}

export class FieldNotExportable extends Error {}

/** Relative spacing deviation below which an axis counts as uniform (Float64 coordinates of a Float32-era grid). */
const UNIFORM_TOLERANCE = 1e-6;

const VTK_LINE = 3;
const VTK_QUAD = 9;
const VTK_HEXAHEDRON = 12;

interface SpatialAxis {
  name: string;
  unit: string;
  values: number[];
  /** 0, 1, 2 for X, Y, Z. */
  coordinate: number;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function comment(text: string): string {
  // `--` may not appear inside an XML comment.
  return `<!-- ${text.replace(/-{2,}/g, '-')} -->`;
}

function isUniform(values: number[]): boolean {
  if (values.length < 3) return true;
  const step = (values[values.length - 1]! - values[0]!) / (values.length - 1);
  return values.every((v, i) => Math.abs(v - (values[0]! + i * step)) <= UNIFORM_TOLERANCE * Math.abs(step) * Math.max(1, values.length));
}

/** Axes named x, y, z keep their place in space (a y-z cross-section stays in the y-z plane); others fill X, Y, Z in order. */
function placeAxes(axes: { name: string; unit: string; values: number[] }[]): SpatialAxis[] {
  const names = axes.map((a) => a.name.toLowerCase());
  const named = names.every((n) => n === 'x' || n === 'y' || n === 'z') && new Set(names).size === names.length;
  return axes.map((axis, i) => ({ ...axis, coordinate: named ? 'xyz'.indexOf(names[i]!) : i }));
}

function formatNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : 'NaN';
}

function rows(values: ArrayLike<number>, perRow: number): string {
  const out: string[] = [];
  for (let i = 0; i < values.length; i += perRow) {
    const row: string[] = [];
    for (let j = i; j < Math.min(i + perRow, values.length); j++) row.push(formatNumber(values[j]!));
    out.push(`          ${row.join(' ')}`);
  }
  return out.join('\n');
}

/**
 * The point order of VTK (X fastest, then Y, then Z) as indices into the stored row-major frame
 * (last axis fastest).
 */
function vtkPointOrder(spatial: SpatialAxis[]): Int32Array {
  const n = [1, 1, 1];
  const stride = [0, 0, 0];
  let s = 1;
  for (let a = spatial.length - 1; a >= 0; a--) {
    n[spatial[a]!.coordinate] = spatial[a]!.values.length;
    stride[spatial[a]!.coordinate] = s;
    s *= spatial[a]!.values.length;
  }
  const order = new Int32Array(n[0]! * n[1]! * n[2]!);
  let p = 0;
  for (let k = 0; k < n[2]!; k++) for (let j = 0; j < n[1]!; j++) for (let i = 0; i < n[0]!; i++) order[p++] = i * stride[0]! + j * stride[1]! + k * stride[2]!;
  return order;
}

function pointData(meta: FieldMetaRow & { name: string }, values: Float32Array, frames: number[] | null, order: Int32Array): string {
  const perFrame = order.length;
  const arrays: string[] = [];
  const count = frames ? frames.length : 1;
  for (let f = 0; f < count; f++) {
    const frame = new Float32Array(perFrame);
    for (let p = 0; p < perFrame; p++) frame[p] = values[f * perFrame + order[p]!]!;
    const name = frames ? `${meta.name} t=${frames[f]} s` : meta.name;
    arrays.push(`        <DataArray type="Float32" Name="${escapeXml(name)}" NumberOfComponents="1" format="ascii">\n${rows(frame, 6)}\n        </DataArray>`);
  }
  return `      <PointData Scalars="${escapeXml(frames ? `${meta.name} t=${frames[0]} s` : meta.name)}">\n${arrays.join('\n')}\n      </PointData>`;
}

function header(meta: FieldMetaRow & { name: string }, kind: string, spatial: SpatialAxis[]): string {
  const axes = spatial.map((a) => `${'XYZ'[a.coordinate]} = ${a.name} [${a.unit}]`).join(', ');
  return (
    `<?xml version="1.0"?>\n` +
    `${comment(`SimForge field ${meta.name}: ${meta.label}. Values in ${meta.unit || '1'} on the grid's points; ${axes}.`)}\n` +
    `<VTKFile type="${kind}" version="1.0" byte_order="LittleEndian" header_type="UInt64">\n`
  );
}

function imageData(meta: FieldMetaRow & { name: string }, spatial: SpatialAxis[], body: string): string {
  const n = [1, 1, 1];
  const origin = [0, 0, 0];
  const spacing = [1, 1, 1];
  for (const axis of spatial) {
    const v = axis.values;
    n[axis.coordinate] = v.length;
    origin[axis.coordinate] = v[0]!;
    if (v.length > 1) spacing[axis.coordinate] = (v[v.length - 1]! - v[0]!) / (v.length - 1);
  }
  const extent = n.map((m) => `0 ${m - 1}`).join(' ');
  return (
    header(meta, 'ImageData', spatial) +
    `  <ImageData WholeExtent="${extent}" Origin="${origin.map(formatNumber).join(' ')}" Spacing="${spacing.map(formatNumber).join(' ')}">\n` +
    `    <Piece Extent="${extent}">\n${body}\n    </Piece>\n  </ImageData>\n</VTKFile>\n`
  );
}

function unstructuredGrid(meta: FieldMetaRow & { name: string }, spatial: SpatialAxis[], body: string): string {
  const n = [1, 1, 1];
  const coordinates: number[][] = [[0], [0], [0]];
  for (const axis of spatial) {
    n[axis.coordinate] = axis.values.length;
    coordinates[axis.coordinate] = axis.values;
  }
  const [nx, ny, nz] = n as [number, number, number];
  const points: number[] = [];
  for (let k = 0; k < nz; k++) for (let j = 0; j < ny; j++) for (let i = 0; i < nx; i++) points.push(coordinates[0]![i]!, coordinates[1]![j]!, coordinates[2]![k]!);
  const id = (i: number, j: number, k: number) => i + nx * (j + ny * k);
  // Cells span the directions with more than one point: lines, quads or hexahedra (VTK's corner order).
  const spans = [nx > 1, ny > 1, nz > 1];
  const dims = spans.filter(Boolean).length;
  const connectivity: number[] = [];
  const cellType = dims === 3 ? VTK_HEXAHEDRON : dims === 2 ? VTK_QUAD : VTK_LINE;
  const [ci, cj, ck] = [nx > 1 ? nx - 1 : 1, ny > 1 ? ny - 1 : 1, nz > 1 ? nz - 1 : 1];
  const di = nx > 1 ? 1 : 0;
  const dj = ny > 1 ? 1 : 0;
  const dk = nz > 1 ? 1 : 0;
  if (dims > 0) {
    for (let k = 0; k < ck; k++)
      for (let j = 0; j < cj; j++)
        for (let i = 0; i < ci; i++) {
          if (dims === 3) {
            connectivity.push(id(i, j, k), id(i + 1, j, k), id(i + 1, j + 1, k), id(i, j + 1, k), id(i, j, k + 1), id(i + 1, j, k + 1), id(i + 1, j + 1, k + 1), id(i, j + 1, k + 1));
          } else if (dims === 2) {
            // The two spanning directions, in X, Y, Z order: (a, b) unit steps.
            const steps = [
              [di, 0, 0],
              [0, dj, 0],
              [0, 0, dk],
            ].filter((_, axis) => spans[axis]);
            const [a, b] = steps as [number[], number[]];
            connectivity.push(id(i, j, k), id(i + a[0]!, j + a[1]!, k + a[2]!), id(i + a[0]! + b[0]!, j + a[1]! + b[1]!, k + a[2]! + b[2]!), id(i + b[0]!, j + b[1]!, k + b[2]!));
          } else {
            connectivity.push(id(i, j, k), id(i + di, j + dj, k + dk));
          }
        }
  }
  const perCell = dims === 3 ? 8 : dims === 2 ? 4 : 2;
  const cellCount = dims === 0 ? 0 : connectivity.length / perCell;
  const offsets = Array.from({ length: cellCount }, (_, c) => (c + 1) * perCell);
  const types = new Array<number>(cellCount).fill(cellType);
  return (
    header(meta, 'UnstructuredGrid', spatial) +
    `  <UnstructuredGrid>\n    <Piece NumberOfPoints="${nx * ny * nz}" NumberOfCells="${cellCount}">\n` +
    `      <Points>\n        <DataArray type="Float64" NumberOfComponents="3" format="ascii">\n${rows(points, 3)}\n        </DataArray>\n      </Points>\n` +
    `      <Cells>\n` +
    `        <DataArray type="Int64" Name="connectivity" format="ascii">\n${rows(connectivity, perCell)}\n        </DataArray>\n` +
    `        <DataArray type="Int64" Name="offsets" format="ascii">\n${rows(offsets, 8)}\n        </DataArray>\n` +
    `        <DataArray type="UInt8" Name="types" format="ascii">\n${rows(types, 16)}\n        </DataArray>\n` +
    `      </Cells>\n${body}\n    </Piece>\n  </UnstructuredGrid>\n</VTKFile>\n`
  );
}

/** The field (metadata and little-endian Float32 values) as a VTK XML file. */
export function fieldToVtk(meta: FieldMetaRow & { name: string }, data: Uint8Array): VtkFile {
  const axes = meta.grid.axes;
  const timed = axes.length > 1 && axes[0]!.name === 'time';
  const spatial = placeAxes(timed ? axes.slice(1) : axes);
  if (spatial.length === 0 || spatial.length > 3) throw new FieldNotExportable(`Field ${meta.name} has ${spatial.length} spatial axes; VTK takes 1 to 3`);
  const expected = axes.reduce((n, a) => n * a.values.length, 1);
  const values = new Float32Array(data.byteLength / 4);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let i = 0; i < values.length; i++) values[i] = view.getFloat32(i * 4, true);
  if (values.length !== expected) throw new FieldNotExportable(`Field ${meta.name} holds ${values.length} values; its grid has ${expected} points`);
  const order = vtkPointOrder(spatial);
  const body = pointData(meta, values, timed ? axes[0]!.values : null, order);
  const uniform = spatial.every((axis) => isUniform(axis.values));
  return uniform
    ? { extension: 'vti', contentType: 'application/xml', text: imageData(meta, spatial, body), pointCount: order.length }
    : { extension: 'vtu', contentType: 'application/xml', text: unstructuredGrid(meta, spatial, body), pointCount: order.length };
}
