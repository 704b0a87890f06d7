import { describe, expect, it } from 'vitest';
import { fieldAxes, type FieldArray } from '../simulations/results/fieldData';
import { hottestTime, partVolume } from './volume';

/** 2 times × x 2 × y 1 × z 3 given in the order [time, z, x, y]; value 1000·t + 100·ix + iz, NaN at z 2 for t 0. */
function array(): FieldArray {
  const shape = [2, 3, 2, 1];
  const grid = { axes: [{ name: 'time', unit: 's', values: [15, 30] }, { name: 'z', unit: 'm', values: [0.5, 1.5, 2.5] }, { name: 'x', unit: 'm', values: [0, 1] }, { name: 'y', unit: 'm', values: [0] }] };
  const values = new Float32Array(6 * 2);
  for (let t = 0; t < 2; t++) for (let iz = 0; iz < 3; iz++) for (let ix = 0; ix < 2; ix++) values[t * 6 + iz * 2 + ix] = t === 0 && iz === 2 ? Number.NaN : 1000 * t + 100 * ix + iz + 300;
  return { name: 'temperature_3d', label: 'Temperature in the part', unit: 'K', shape, axes: fieldAxes({ shape, grid }), values };
}

describe('a [time, x, y, z] field as 3-D frames', () => {
  it('reads cells by (x, y, z) whatever the axis order, with edges and counts', () => {
    const v = partVolume(array());
    expect(v.n).toEqual([2, 1, 3]);
    expect(v.edges[2]).toEqual([0, 1, 2, 3]);
    expect(v.value(1, 1, 0, 2)).toBe(1000 + 100 + 2 + 300);
    expect(v.value(0, 1, 0, 2)).toBeNaN();
    expect(v.filledCells(0)).toBe(4);
    expect(v.filledCells(1)).toBe(6);
    expect(v.range).toEqual({ min: 300, max: 1402 });
    expect(v.frameRange(0)).toEqual({ min: 300, max: 401 });
    expect(hottestTime(v)).toBe(1);
    expect(v.csv(0).split('\n').slice(0, 4)).toEqual(['"time [s]","x [m]","y [m]","z [m]","temperature_3d [K]"', '15,0,0,0.5,300', '15,0,0,1.5,301', '15,0,0,2.5,']);
  });

  it('refuses fields that are not [time, x, y, z]', () => {
    const a = array();
    expect(() => partVolume({ ...a, axes: a.axes.map((x, i) => (i === 3 ? { ...x, name: 'w' } : x)) })).toThrow(/axis named y/);
  });
});
