import { describe, expect, it } from 'vitest';
import { encodeFloat32, type FieldMeta } from '@simforge/contracts';
import { decodeFieldArray, markNoValue } from './fieldData';
import { fieldFrames, fieldViewKind, frameFilename } from './fieldViews';

const axis = (name: string, values: number[], unit = 'm') => ({ name, unit, values });

function bodyOf(values: number[]): ArrayBuffer {
  const bytes = encodeFloat32(values);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

describe('choosing the view of a field from its axes', () => {
  it('draws 2-D as a map, [time, a, b] as frames, [time, x, y, z] in 3-D, anything else not at all', () => {
    const kind = (shape: number[], names: string[]) => fieldViewKind({ shape, grid: { axes: names.map((n, i) => axis(n, Array.from({ length: shape[i]! }, (_, k) => k))) } });
    expect(kind([4, 3], ['y', 'z'])).toBe('map');
    expect(kind([1, 4, 3], ['x', 'y', 'z'])).toBe('map');
    expect(kind([5, 4, 3], ['time', 'x', 'y'])).toBe('frames');
    expect(kind([5, 4, 3], ['x', 'y', 'z'])).toBe('none');
    expect(kind([3, 4, 5, 6], ['time', 'x', 'y', 'z'])).toBe('volume');
    expect(kind([3, 4, 5, 6], ['time', 'z', 'x', 'y'])).toBe('volume');
    expect(kind([3, 4, 5, 6], ['time', 'x', 'y', 'w'])).toBe('none');
    expect(kind([7], ['x'])).toBe('none');
  });
});

describe('the frames of an animated field', () => {
  // 3 times × 2 x × 2 y: frame k holds 100·k + 10·ix + iy (SI K), the first frame has no metal at (1, 1).
  const meta: FieldMeta = {
    name: 'top_surface_temperature_frames',
    label: 'Top-surface temperature',
    unit: 'K',
    shape: [3, 2, 2],
    grid: { axes: [axis('time', [1.5, 3, 6], 's'), axis('x', [0, 0.01]), axis('y', [-0.001, 0.001])] },
  };
  const raw = [0, 1, 2].flatMap((k) => [0, 1].flatMap((ix) => [0, 1].map((iy) => 300 + 100 * k + 10 * ix + iy)));
  raw[3] = 0;
  const array = decodeFieldArray(meta, new Headers({ 'x-field-shape': '3,2,2', 'x-field-unit': 'K' }), bodyOf(raw));

  it('slices frame k as a 2-D grid with x across (a view of that frame only)', () => {
    const frames = fieldFrames(array);
    expect(frames.times).toEqual([1.5, 3, 6]);
    const g = frames.grid(2);
    expect(g).toMatchObject({ nx: 2, ny: 2, name: 'top_surface_temperature_frames', unit: 'K' });
    expect(g.x.name).toBe('x');
    expect(g.y.name).toBe('y');
    // values[j * nx + i]: i along x, j along y
    expect(Array.from(g.values)).toEqual([500, 510, 501, 511]);
    expect(Array.from(frames.grid(0).values)).toEqual([300, 310, 301, Number.NaN]);
    // Out-of-range indices clamp to the first and last frames.
    expect(Array.from(frames.grid(9).values)).toEqual([500, 510, 501, 511]);
  });

  it('colours every frame on the range of all frames, and exports the frame shown with its time', () => {
    const frames = fieldFrames(array);
    expect(frames.range).toEqual({ min: 300, max: 511 });
    expect(frames.csv(1)).toBe('"time [s]","x [m]","y [m]","top_surface_temperature_frames [K]"\n3,0,-0.001,400\n3,0.01,-0.001,410\n3,0,0.001,401\n3,0.01,0.001,411\n');
    expect(frames.csv(0).split('\n')[4]).toBe('1.5,0.01,0.001,');
    expect(frameFilename('top_surface_temperature_frames', 1.5, 's')).toBe('top_surface_temperature_frames_t1.5s.csv');
  });

  it('reads absolute temperatures of 0 K as "no value" (cells without metal), other units unchanged', () => {
    expect(Array.from(markNoValue(new Float32Array([0, 293.15, -1]), 'K'))).toEqual([Number.NaN, expect.closeTo(293.15, 4), Number.NaN]);
    expect(Array.from(markNoValue(new Float32Array([0, -1]), 'Pa'))).toEqual([0, -1]);
  });
});
