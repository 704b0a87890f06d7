import { describe, expect, it } from 'vitest';
import type { FieldGrid } from '../simulations/results/fieldData';
import { DIFFERENCE_K, differenceGrid, sameGrid, sharedRange } from './fieldCompare';

const axis = (name: string, values: number[]) => ({ name, unit: 'm', values, edges: [] as number[] });
const grid = (values: number[], xs = [0, 1, 2], unit = 'K'): FieldGrid => ({ name: 'temperature', label: 'Temperature', unit, nx: xs.length, ny: 1, x: axis('x', xs), y: axis('y', [0]), values: Float32Array.from(values) });

describe('fields side by side', () => {
  it('shares one colour range over every run, ignoring cells without a value', () => {
    expect(sharedRange([grid([300, 310, Number.NaN]), grid([290, 305, 400])])).toEqual({ min: 290, max: 400 });
    expect(sharedRange([grid([Number.NaN, Number.NaN, Number.NaN])])).toBeNull();
  });

  it('subtracts cell by cell only on the same grid, as a temperature difference', () => {
    const a = grid([300, 310, 320]);
    const b = grid([301, 315, Number.NaN]);
    expect(sameGrid(a, b)).toBe(true);
    expect(sameGrid(a, grid([1, 2, 3], [0, 1, 2.5]))).toBe(false);
    expect(sameGrid(a, grid([1, 2], [0, 1]))).toBe(false);
    const d = differenceGrid(a, b, 'Temperature, difference');
    expect(Array.from(d.values.slice(0, 2))).toEqual([1, 5]);
    expect(Number.isNaN(d.values[2]!)).toBe(true);
    expect(d.unit).toBe(DIFFERENCE_K);
    expect(differenceGrid(grid([1, 2, 3], undefined, 'Pa'), grid([2, 2, 2], undefined, 'Pa'), 'p').unit).toBe('Pa');
  });
});
