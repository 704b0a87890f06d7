import { describe, expect, it } from 'vitest';
import {
  area,
  bounds,
  fromWire,
  isSelfIntersecting,
  mmToM,
  mToMm,
  nearestEdge,
  parseCrossSectionJson,
  polygonProblem,
  signedArea,
  snap,
  snapPoint,
  toWire,
  validateParts,
  type PointMm,
} from './geometry';

const square: PointMm[] = [
  [0, 0],
  [10, 0],
  [10, 10],
  [0, 10],
];
const bowtie: PointMm[] = [
  [0, 0],
  [10, 10],
  [10, 0],
  [0, 10],
];

describe('area', () => {
  it('is the shoelace area, signed by orientation', () => {
    expect(signedArea(square)).toBe(100);
    expect(signedArea([...square].reverse())).toBe(-100);
    expect(area([...square].reverse())).toBe(100);
    expect(area([[0, 0], [4, 0], [0, 3]])).toBe(6);
  });
  it('bounds give width and height', () => {
    expect(bounds([[1, 2], [5, -1], [3, 7]])).toMatchObject({ width: 4, height: 8, minY: 1, minZ: -1 });
    expect(bounds([])).toBeNull();
  });
});

describe('self-intersection', () => {
  it('accepts simple polygons (convex and concave)', () => {
    expect(isSelfIntersecting(square)).toBe(false);
    expect(isSelfIntersecting([[0, 0], [10, 0], [10, 10], [5, 3], [0, 10]])).toBe(false);
  });
  it('finds crossing edges', () => {
    expect(isSelfIntersecting(bowtie)).toBe(true);
  });
  it('finds touching edges, repeated vertices and edges folding back', () => {
    expect(isSelfIntersecting([[0, 0], [10, 0], [5, 0], [5, 5]])).toBe(true); // fold back along the base
    expect(isSelfIntersecting([[0, 0], [10, 0], [10, 0], [0, 10]])).toBe(true);
    // a vertex touching a non-adjacent edge
    expect(isSelfIntersecting([[0, 0], [10, 0], [10, 10], [5, 0], [0, 10]])).toBe(true);
  });
  it('polygonProblem explains what is wrong', () => {
    expect(polygonProblem(square)).toBeNull();
    expect(polygonProblem([[0, 0], [1, 1]])).toMatch(/at least 3/);
    expect(polygonProblem(bowtie)).toMatch(/self-intersecting/);
    expect(polygonProblem([[0, 0], [1, 1], [2, 2]])).toMatch(/self-intersecting|zero area/);
    expect(validateParts([{ points: square, filler: false }, { points: bowtie, filler: true }])).toEqual([
      'Part 2 is self-intersecting (edges cross or touch).',
    ]);
    expect(validateParts([])).toHaveLength(1);
  });
});

describe('snapping and units', () => {
  it('snaps to the step without binary noise', () => {
    expect(snap(0.26, 0.1)).toBe(0.3);
    expect(snap(1.24, 0.5)).toBe(1);
    expect(snap(1.26, 0.5)).toBe(1.5);
    expect(snap(-2.6, 1)).toBe(-3);
    expect(snap(-0.04, 0.1)).toBe(0);
    expect(snapPoint([3.33, 7.77], 0.1)).toEqual([3.3, 7.8]);
  });
  it('converts mm <-> m and the wire format round-trips', () => {
    expect(mmToM(12.5)).toBe(0.0125);
    expect(mToMm(0.0003)).toBe(0.3);
    const parts = [{ points: [[0, 0], [12.5, 0], [0.1, 3]] as PointMm[], filler: true }];
    const wire = toWire(parts);
    expect(wire.parts[0]!.points[1]).toEqual([0.0125, 0]);
    expect(fromWire(wire)).toEqual(parts);
  });
  it('nearest edge projects onto the segment', () => {
    expect(nearestEdge(square, [5, -1])).toMatchObject({ index: 0, distance: 1, foot: [5, 0] });
    expect(nearestEdge(square, [11, 5])?.index).toBe(1);
  });
});

describe('import', () => {
  it('reads the wire format', () => {
    expect(parseCrossSectionJson('{"parts":[{"points":[[0,0],[0.01,0],[0,0.01]],"filler":true}]}')).toEqual({
      parts: [{ points: [[0, 0], [0.01, 0], [0, 0.01]], filler: true }],
    });
  });
  it('refuses what is not', () => {
    expect(() => parseCrossSectionJson('nope')).toThrow('The file is not valid JSON.');
    expect(() => parseCrossSectionJson('{"points":[]}')).toThrow(/Expected an object/);
    expect(() => parseCrossSectionJson('{"parts":[{"points":[[0,"a"]]}]}')).toThrow('Part 1, point 1: expected [y, z] as two numbers (metres).');
    expect(() => parseCrossSectionJson('{"parts":[{"points":[],"filler":"yes"}]}')).toThrow(/filler/);
  });
});
