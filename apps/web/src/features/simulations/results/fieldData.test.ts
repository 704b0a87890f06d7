import { describe, expect, it } from 'vitest';
import { encodeFloat32, type FieldMeta } from '@simforge/contracts';
import { cellEdges, cellIndex, colourRange, dataRange, decodeFieldResponse, fieldCsv, marchingSquares, normalise, toGrid, viridis } from './fieldData';
import { niceTicks } from './FieldMap';

const meta: FieldMeta = {
  name: 'peak_temperature_cross_section',
  label: 'Peak temperature',
  unit: 'K',
  shape: [2, 3],
  grid: {
    axes: [
      { name: 'z', unit: 'm', values: [0, 0.002] },
      { name: 'y', unit: 'm', values: [0, 0.001, 0.003] },
    ],
  },
};

function bodyOf(values: number[]): ArrayBuffer {
  const bytes = encodeFloat32(values);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

describe('decoding a field answer', () => {
  it('reads little-endian Float32 with the X-Field-* headers into an oriented grid', () => {
    // row-major, last axis (y) fastest: rows are z
    const headers = new Headers({ 'x-field-dtype': 'float32-le', 'x-field-shape': '2,3', 'x-field-unit': encodeURIComponent('K') });
    const grid = decodeFieldResponse(meta, headers, bodyOf([300, 400, 500, 600, 700, 800]));
    expect(grid).toMatchObject({ nx: 3, ny: 2, unit: 'K' });
    expect(grid.x.name).toBe('y');
    expect(grid.y.name).toBe('z');
    expect(Array.from(grid.values)).toEqual([300, 400, 500, 600, 700, 800]);
    expect(grid.x.edges).toEqual([-0.0005, 0.0005, 0.002, 0.004]);
  });

  it('transposes when the first axis is the horizontal one (y, z order)', () => {
    const yz: FieldMeta = { ...meta, shape: [3, 2], grid: { axes: [meta.grid.axes[1]!, meta.grid.axes[0]!] } };
    const grid = toGrid(yz, new Float32Array([1, 2, 3, 4, 5, 6])); // [y0z0, y0z1, y1z0, y1z1, y2z0, y2z1]
    expect(grid).toMatchObject({ nx: 3, ny: 2 });
    expect(grid.x.name).toBe('y');
    expect(Array.from(grid.values)).toEqual([1, 3, 5, 2, 4, 6]);
  });

  it('decodes the unit header and refuses wrong lengths and dtypes', () => {
    const flux = { ...meta, unit: '' };
    expect(decodeFieldResponse(flux, new Headers({ 'x-field-unit': 'W%2Fm%C2%B2' }), bodyOf([1, 2, 3, 4, 5, 6])).unit).toBe('W/m²');
    expect(() => decodeFieldResponse(meta, new Headers(), bodyOf([1, 2, 3]))).toThrow(/has 3 values/);
    expect(() => decodeFieldResponse(meta, new Headers({ 'x-field-dtype': 'float64' }), bodyOf([1, 2, 3, 4, 5, 6]))).toThrow(/Unsupported/);
    expect(() => toGrid({ ...meta, shape: [2, 3, 2] }, new Float32Array(12))).toThrow(/Only 2-D/);
  });

  it('accepts axes given as n + 1 cell boundaries', () => {
    const edges: FieldMeta = { ...meta, grid: { axes: [{ name: 'z', unit: 'm', values: [0, 1, 3] }, { name: 'y', unit: 'm', values: [0, 1, 2, 4] }] } };
    const grid = toGrid(edges, new Float32Array(6));
    expect(grid.x.values).toEqual([0.5, 1.5, 3]);
    expect(grid.x.edges).toEqual([0, 1, 2, 4]);
  });

  it('cell edges and cell lookup on a non-uniform axis', () => {
    expect(cellEdges([0, 1, 3])).toEqual([-0.5, 0.5, 2, 4]);
    const e = [0, 1, 2, 4];
    expect(cellIndex(e, 0)).toBe(0);
    expect(cellIndex(e, 1.5)).toBe(1);
    expect(cellIndex(e, 3.9)).toBe(2);
    expect(cellIndex(e, 4.1)).toBe(-1);
    expect(cellIndex([4, 2, 0], 3)).toBe(0);
  });

  it('exports CSV with units in the header, SI values', () => {
    const grid = toGrid(meta, new Float32Array([300, 400, 500, 600, 700, 800]));
    const lines = fieldCsv(grid).trim().split('\n');
    expect(lines[0]).toBe('"y [m]","z [m]","peak_temperature_cross_section [K]"');
    expect(lines[1]).toBe('0,0,300');
    expect(lines[6]).toBe('0.003,0.002,800');
  });
});

describe('colour map', () => {
  it('has the viridis end points and clamps', () => {
    expect(viridis(0)).toEqual([68, 1, 84]);
    expect(viridis(1)).toEqual([253, 231, 37]);
    expect(viridis(-3)).toEqual([68, 1, 84]);
    expect(viridis(7)).toEqual([253, 231, 37]);
    expect(viridis(Number.NaN)).toEqual([68, 1, 84]);
    const mid = viridis(0.5);
    expect(mid[1]).toBeGreaterThan(mid[0]); // green-teal in the middle
  });
});

describe('range', () => {
  it('uses the data range unless locked', () => {
    const data = dataRange([3, Number.NaN, -1, 7]);
    expect(data).toEqual({ min: -1, max: 7 });
    expect(colourRange(data, null)).toEqual({ min: -1, max: 7 });
    expect(colourRange(data, { min: 0, max: 100 })).toEqual({ min: 0, max: 100 });
    expect(colourRange(data, { min: 2, max: null })).toEqual({ min: 2, max: 7 });
  });
  it('values outside a locked range take the end colours; an inverted lock falls back to the data', () => {
    const range = colourRange({ min: 0, max: 2000 }, { min: 20, max: 1500 });
    expect(normalise(1800, range)).toBe(1);
    expect(normalise(0, range)).toBe(0);
    expect(normalise(760, range)).toBeCloseTo(0.5);
    expect(colourRange({ min: 0, max: 10 }, { min: 8, max: 2 })).toEqual({ min: 0, max: 10 });
  });
  it('widens a flat field', () => {
    const r = colourRange({ min: 5, max: 5 }, null);
    expect(r.min).toBeLessThan(5);
    expect(r.max).toBeGreaterThan(5);
    expect(dataRange([Number.NaN])).toBeNull();
  });
  it('nice ticks', () => {
    expect(niceTicks(0, 10, 5)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(20, 1480, 5)).toEqual([250, 500, 750, 1000, 1250]);
  });
});

describe('marching squares', () => {
  it('traces a circle as the iso-line of r² on a non-uniform grid', () => {
    const xs = Array.from({ length: 41 }, (_, i) => -2 + (4 * (i / 40)) ** 1 + (i % 2 ? 0.01 : 0));
    const ys = Array.from({ length: 31 }, (_, j) => -2 + (4 * j) / 30);
    const values = new Float32Array(xs.length * ys.length);
    ys.forEach((y, j) => xs.forEach((x, i) => (values[j * xs.length + i] = x * x + y * y)));
    const segments = marchingSquares(values, xs, ys, 1);
    expect(segments.length).toBeGreaterThan(30);
    let length = 0;
    for (const [a, b] of segments) {
      for (const p of [a, b]) expect(Math.abs(Math.hypot(p[0], p[1]) - 1)).toBeLessThan(0.02);
      length += Math.hypot(b[0] - a[0], b[1] - a[1]);
    }
    expect(length).toBeCloseTo(2 * Math.PI, 1);
  });
  it('gives nothing when the level is not reached and skips NaN squares', () => {
    expect(marchingSquares([0, 1, 2, 3], [0, 1], [0, 1], 10)).toEqual([]);
    expect(marchingSquares([0, Number.NaN, 2, 3], [0, 1], [0, 1], 1)).toEqual([]);
    expect(marchingSquares([0, 2, 0, 2], [0, 1], [0, 1], 1)).toEqual([[[0.5, 0], [0.5, 1]]]);
  });
});
