import { describe, expect, it } from 'vitest';
import { InvalidParametersError } from '../../errors.js';
import { gradedAxis } from '../../thermal/mesh.js';
import { facesFromCentres, gridSize, nodeWeights, supportsOf } from './grid.js';

describe('plate grid', () => {
  it('recovers the faces of a graded axis from its cell centres', () => {
    const faces = gradedAxis({ from: 0, to: 0.1, cells: 9, ratio: 1.3 });
    const centres = Float64Array.from({ length: 9 }, (_, i) => 0.5 * (faces[i]! + faces[i + 1]!));
    const rebuilt = facesFromCentres(centres, 0);
    for (let i = 0; i < faces.length; i++) expect(rebuilt[i]).toBeCloseTo(faces[i]!, 15);
  });

  it('integrates linear functions exactly with the nodal weights', () => {
    const faces = gradedAxis({ from: 1, to: 3, cells: 5, ratio: 1.7 });
    const w = nodeWeights(faces);
    expect(w.reduce((s, v) => s + v, 0)).toBeCloseTo(2, 14);
    expect(w.reduce((s, v, i) => s + v * faces[i]!, 0)).toBeCloseTo(4, 14);
  });

  it('spreads one support to every edge and rejects grids without area', () => {
    expect(supportsOf('clamped')).toEqual({ xMin: 'clamped', xMax: 'clamped', yMin: 'clamped', yMax: 'clamped' });
    expect(() => gridSize({ xFaces: Float64Array.of(0), yFaces: Float64Array.of(0, 1) })).toThrow(InvalidParametersError);
    expect(() => gridSize({ xFaces: Float64Array.of(0, 1, 1), yFaces: Float64Array.of(0, 1) })).toThrow(InvalidParametersError);
  });
});
