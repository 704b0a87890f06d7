import { encodeFloat32 } from '@simforge/contracts';
import { describe, expect, it } from 'vitest';
import { parseVtk } from '../../test/exports/parse-back.js';
import { fieldToVtk } from './vtk.js';

const axis = (name: string, values: number[], unit = 'm') => ({ name, unit, values });

describe('fieldToVtk', () => {
  it('a uniform y-z section is ImageData in the y-z plane; values reordered X fastest', () => {
    // Row-major [y][z]: value = 10 y-index + z-index.
    const y = [0, 0.001, 0.002];
    const z = [-0.004, -0.002];
    const values = y.flatMap((_, i) => z.map((__, j) => 10 * i + j));
    const vtk = fieldToVtk({ name: 'peak_temperature', label: 'Peak', unit: 'K', shape: [3, 2], grid: { axes: [axis('y', y), axis('z', z)] } }, encodeFloat32(values));
    expect(vtk.extension).toBe('vti');
    const parsed = parseVtk(vtk.text);
    expect(parsed.type).toBe('ImageData');
    expect(parsed.attributes.WholeExtent).toBe('0 0 0 2 0 1');
    expect(parsed.attributes.Origin).toBe('0 0 -0.004');
    expect(parsed.attributes.Spacing).toBe('1 0.001 0.002');
    expect(parsed.pointCount).toBe(6);
    // VTK order: Y (our first axis) fastest, then Z.
    expect(parsed.pointData.get('peak_temperature')).toEqual([0, 10, 20, 1, 11, 21]);
  });

  it('a non-uniform grid is an UnstructuredGrid of quads on the tensor-product points', () => {
    const x = [0, 1, 3];
    const r = [0, 0.5];
    const values = x.flatMap((xi) => r.map((ri) => xi + ri));
    const vtk = fieldToVtk({ name: 'velocity', label: 'u', unit: 'm/s', shape: [3, 2], grid: { axes: [axis('position', x), axis('radius', r)] } }, encodeFloat32(values));
    expect(vtk.extension).toBe('vtu');
    const parsed = parseVtk(vtk.text);
    expect(parsed).toMatchObject({ type: 'UnstructuredGrid', pointCount: 6, cellCount: 2 });
    const points = parsed.points!;
    const data = parsed.pointData.get('velocity')!;
    // Each point's value is x + r at that point: the values sit where the grid says.
    for (let p = 0; p < 6; p++) expect(data[p]).toBeCloseTo(points[3 * p]! + points[3 * p + 1]!, 6);
    expect(/<DataArray type="Int64" Name="connectivity" format="ascii">\s*([\d\s]+)</.exec(vtk.text)![1]!.trim().split(/\s+/).map(Number)).toEqual([0, 1, 4, 3, 1, 2, 5, 4]);
    expect(vtk.text).toContain('<DataArray type="UInt8" Name="types" format="ascii">\n          9 9\n');
  });

  it('3-D with a time axis: hexahedra and one array per frame', () => {
    const t = [1, 2];
    const [x, y, z] = [[0, 1], [0, 2, 3], [0, 1]];
    const n = x.length * y.length * z.length;
    const values = t.flatMap((ti) => Array.from({ length: n }, (_, k) => 100 * ti + k));
    const vtk = fieldToVtk({ name: 'temperature_3d', label: 'T', unit: 'K', shape: [2, 2, 3, 2], grid: { axes: [axis('time', t, 's'), axis('x', x), axis('y', y), axis('z', z)] } }, encodeFloat32(values));
    const parsed = parseVtk(vtk.text);
    expect(parsed).toMatchObject({ type: 'UnstructuredGrid', pointCount: 12, cellCount: 2 });
    expect([...parsed.pointData.keys()]).toEqual(['temperature_3d t=1 s', 'temperature_3d t=2 s']);
    expect(parsed.pointData.get('temperature_3d t=2 s')!).toHaveLength(12);
    // Point (i=1, j=0, k=0) is x-fastest index 1; in the store (x, y, z row-major) it is 1·(3·2) = 6.
    expect(parsed.pointData.get('temperature_3d t=2 s')![1]).toBe(206);
    expect(vtk.text).toContain('<DataArray type="UInt8" Name="types" format="ascii">\n          12 12\n');
  });

  it('refuses a field whose value count does not match its grid, or with more than three spatial axes', () => {
    expect(() => fieldToVtk({ name: 'f', label: '', unit: '', shape: [2], grid: { axes: [axis('x', [0, 1])] } }, encodeFloat32([1, 2, 3]))).toThrow(/holds 3 values; its grid has 2 points/);
    const four = [axis('a', [0]), axis('b', [0]), axis('c', [0]), axis('d', [0])];
    expect(() => fieldToVtk({ name: 'f', label: '', unit: '', shape: [1, 1, 1, 1], grid: { axes: four } }, encodeFloat32([1]))).toThrow(/4 spatial axes/);
  });
});
