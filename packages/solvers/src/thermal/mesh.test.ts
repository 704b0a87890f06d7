import { describe, expect, it } from 'vitest';
import { CELL_VOID, StructuredMesh, gradedAxis, joinAxes, refinedAxis, reversedAxis, uniformAxis } from './mesh.js';

describe('structured mesh', () => {
  it('graded axes span their range with the requested growth', () => {
    const g = gradedAxis({ from: 0, to: 1, cells: 10, ratio: 1.2 });
    expect(g[0]).toBe(0);
    expect(g[10]).toBe(1);
    expect((g[2]! - g[1]!) / (g[1]! - g[0]!)).toBeCloseTo(1.2, 12);
    const r = refinedAxis({ from: 0, fineTo: 0.006, to: 0.03, fineWidth: 0.0005, ratio: 1.15 });
    expect(r[12]).toBeCloseTo(0.006, 15);
    expect(r[r.length - 1]).toBe(0.03);
    for (let i = 13; i < r.length - 1; i++) expect((r[i + 1]! - r[i]!) / (r[i]! - r[i - 1]!)).toBeLessThanOrEqual(1.15 + 1e-9);
    const both = joinAxes(reversedAxis(r, 0), r);
    expect(both.length).toBe(2 * r.length - 1);
    expect(both[0]).toBe(-0.03);
  });

  it('indexes cells x-fastest, locates points and masks cells by their centres', () => {
    const mesh = new StructuredMesh(uniformAxis({ from: 0, to: 4, cells: 4 }), uniformAxis({ from: 0, to: 3, cells: 3 }), uniformAxis({ from: 0, to: 2, cells: 2 }));
    expect(mesh.index(1, 2, 1)).toBe(1 + 4 * (2 + 3 * 1));
    expect(mesh.volume(mesh.index(3, 2, 1))).toBe(1);
    expect(StructuredMesh.locate(mesh.xFaces, 2.5)).toBe(2);
    expect(StructuredMesh.locate(mesh.xFaces, 9)).toBe(3);
    const version = mesh.maskVersion;
    expect(mesh.setMask(CELL_VOID, (x) => x > 3)).toBe(6);
    expect(mesh.maskVersion).toBe(version + 1);
  });
});
