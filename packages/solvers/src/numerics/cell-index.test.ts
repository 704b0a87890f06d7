import { describe, expect, it } from 'vitest';
import { cellIndex } from './cell-index.js';

describe('cellIndex', () => {
  const faces = [0, 1, 2.5, 4];
  it('finds the cell whose faces hold a value, a face belonging to the cell it starts', () => {
    expect([0, 0.5, 1, 2.4, 2.5, 3.9].map((x) => cellIndex(faces, x))).toEqual([0, 0, 1, 1, 2, 2]);
  });
  it('clamps values outside the grid to its first and last cells', () => {
    expect(cellIndex(faces, -1)).toBe(0);
    expect(cellIndex(faces, 4)).toBe(2);
    expect(cellIndex(faces, 10)).toBe(2);
    expect(cellIndex(Float64Array.of(0, 1), 0.3)).toBe(0);
  });
});
