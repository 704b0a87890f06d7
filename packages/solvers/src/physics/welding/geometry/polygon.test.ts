import { describe, expect, it } from 'vitest';
import { area, centroid, clippedArea, isSelfIntersecting, mirrorY, pointInPolygon, polygonsOverlap, signedArea, toCounterClockwise, type Polygon } from './polygon.js';

// An L: 3 x 1 bar along y plus a 1 x 2 upright on its left end (area 5).
const lShape: Polygon = [
  [0, 0],
  [3, 0],
  [3, 1],
  [1, 1],
  [1, 3],
  [0, 3],
];

describe('polygon utilities', () => {
  it('area (shoelace) and centroid of an L against hand values', () => {
    expect(signedArea(lShape)).toBe(5);
    expect(signedArea([...lShape].reverse())).toBe(-5);
    // Bar 3 x 1 (centroid 1.5, 0.5) + upright 1 x 2 (centroid 0.5, 2): (3*1.5 + 2*0.5)/5, (3*0.5 + 2*2)/5.
    const [cy, cz] = centroid(lShape);
    expect(cy).toBeCloseTo(5.5 / 5, 14);
    expect(cz).toBeCloseTo(5.5 / 5, 14);
    expect(area(toCounterClockwise([...lShape].reverse()))).toBe(5);
    expect(signedArea(mirrorY(lShape))).toBe(5);
  });

  it('point in polygon, including the notch of a non-convex ring', () => {
    expect(pointInPolygon([0.5, 2.5], lShape)).toBe(true);
    expect(pointInPolygon([2, 0.5], lShape)).toBe(true);
    expect(pointInPolygon([2, 2], lShape)).toBe(false);
    expect(pointInPolygon([-0.1, 0.5], lShape)).toBe(false);
  });

  it('detects self-intersection: crossing edges, folds and repeated points', () => {
    expect(isSelfIntersecting(lShape)).toBe(false);
    expect(
      isSelfIntersecting([
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
      ]),
    ).toBe(true); // bow tie
    expect(
      isSelfIntersecting([
        [0, 0],
        [2, 0],
        [1, 0],
        [1, 1],
      ]),
    ).toBe(true); // an edge folds back on its neighbour
    expect(
      isSelfIntersecting([
        [0, 0],
        [2, 0],
        [2, 2],
        [1, 0],
        [0, 2],
      ]),
    ).toBe(true); // touches its own edge
    expect(isSelfIntersecting([[0, 0], [1, 0]])).toBe(true);
  });

  it('intersection area of non-convex polygons', () => {
    const square: Polygon = [
      [0.5, 0.5],
      [2.5, 0.5],
      [2.5, 2.5],
      [0.5, 2.5],
    ];
    // L ∩ square: bar part [0.5, 2.5] x [0.5, 1] (1.0) + upright part [0.5, 1] x [1, 2.5] (0.75).
    expect(clippedArea(lShape, square)).toBeCloseTo(1.75, 14);
    expect(clippedArea(square, lShape)).toBeCloseTo(1.75, 14);
    expect(polygonsOverlap(lShape, square)).toBe(true);
    const touching: Polygon = [
      [3, 0],
      [4, 0],
      [4, 1],
      [3, 1],
    ];
    expect(polygonsOverlap(lShape, touching)).toBe(false);
  });
});
