import { describe, expect, it } from 'vitest';
import { marchingSquares, outerAndHoles } from './contour.js';
import type { Mask } from './mask.js';
import { signedArea } from './polygon.js';
import { simplifyRing } from './simplify.js';

function mask(rows: string[]): Mask {
  const height = rows.length;
  const width = rows[0]!.length;
  const data = new Uint8Array(width * height);
  rows.forEach((row, y) => [...row].forEach((c, x) => (data[y * width + x] = c === '#' ? 1 : 0)));
  return { width, height, data };
}

describe('marching squares', () => {
  it('a filled square: one loop through the pixel-edge midpoints, area = pixels − corner cuts', () => {
    const loops = marchingSquares(mask(['.....', '.###.', '.###.', '.###.', '.....']));
    expect(loops).toHaveLength(1);
    // 3 × 3 pixels, the loop runs through the edge midpoints: 9 − 4 × 1/8 (the cut corners).
    expect(Math.abs(signedArea(loops[0]!))).toBeCloseTo(9 - 0.5, 12);
  });

  it('a ring: the outer loop and the hole turn opposite ways', () => {
    const found = outerAndHoles(marchingSquares(mask(['.......', '.#####.', '.#...#.', '.#...#.', '.#...#.', '.#####.', '.......'])));
    expect(found!.holes).toHaveLength(1);
    expect(Math.sign(signedArea(found!.outer))).toBe(-Math.sign(signedArea(found!.holes[0]!)));
  });

  it('diagonal neighbours are joined (8-connected): one loop', () => {
    expect(marchingSquares(mask(['....', '.#..', '..#.', '....']))).toHaveLength(1);
  });

  it('simplifies a traced rectangle to its four corners, on the pixel edges', () => {
    const rows = Array.from({ length: 30 }, (_, y) => [...Array(50)].map((_, x) => (x >= 5 && x < 45 && y >= 5 && y < 25 ? '#' : '.')).join(''));
    const [loop] = marchingSquares(mask(rows));
    const polygon = simplifyRing(loop!, { tolerance: 1, cornerMargin: 3, maxCornerShift: 4 });
    expect(polygon).toHaveLength(4);
    for (const [x, y] of polygon) {
      // Half-way between the centres of the last pixel in and the first out: the pixels' own edges.
      expect(Math.min(Math.abs(x - 5), Math.abs(x - 45))).toBeLessThan(0.01);
      expect(Math.min(Math.abs(y - 5), Math.abs(y - 25))).toBeLessThan(0.01);
    }
  });
});
