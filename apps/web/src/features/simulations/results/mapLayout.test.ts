import { describe, expect, it } from 'vitest';
import { mapLayout, mapScaleNote, minimumMapHeight, transposeGrid } from './mapLayout';
import { cellEdges, type FieldGrid } from './fieldData';

describe('the size of a field map in its card', () => {
  it('keeps a domain of ordinary proportions to scale across the card', () => {
    const layout = mapLayout({ available: 900, spanX: 150, spanY: 75, sameUnits: true, maxHeight: 460 });
    expect(layout).toEqual({ plotW: 900, plotH: 450, transposed: false, stretch: 1 });
  });

  it('turns a jet’s upright plane (40 mm by 160 mm) to lie across the card instead of a strip with the card empty beside it', () => {
    const upright = mapLayout({ available: 900, spanX: 40, spanY: 160, sameUnits: true, maxHeight: 460 });
    expect(upright.transposed).toBe(true);
    expect(upright.plotW).toBe(900);
    expect(upright.plotH).toBe(225);
    expect(upright.stretch).toBe(1);
    // Kept upright it would have been 120 px wide (the narrowest plot) in a 900 px card.
    expect(mapLayout({ available: 900, spanX: 40, spanY: 160, sameUnits: true, maxHeight: 460, turn: false }).plotW).toBe(120);
    // A square domain that only fills half the width is not turned (turning would not help).
    expect(mapLayout({ available: 900, spanX: 150, spanY: 150, sameUnits: true, maxHeight: 460 }).transposed).toBe(false);
    // On a phone the upright plane already fills most of the width: it stays as it is.
    expect(mapLayout({ available: 180, spanX: 40, spanY: 160, sameUnits: true, maxHeight: 460 }).transposed).toBe(false);
  });

  it('gives a very flat domain (a 5 mm deep weld section 150 mm wide) a readable height, stretched and said so', () => {
    const flat = mapLayout({ available: 1000, spanX: 150, spanY: 5, sameUnits: true, maxHeight: 460 });
    expect(flat.plotW).toBe(1000);
    expect(flat.plotH).toBe(minimumMapHeight(1000, 460));
    expect(flat.plotH).toBeGreaterThanOrEqual(72);
    expect(flat.stretch).toBeCloseTo(flat.plotH / (1000 / 30), 9);
    expect(mapScaleNote(flat, 'y', 'z')).toBe(`Height drawn ×${Number(flat.stretch!.toPrecision(2))} (not to scale).`);
    expect(mapScaleNote(mapLayout({ available: 900, spanX: 40, spanY: 160, sameUnits: true, maxHeight: 460 }), 'r', 'x')).toBe('Turned to fit the card: r across, x up.');
    expect(mapScaleNote(mapLayout({ available: 900, spanX: 150, spanY: 75, sameUnits: true, maxHeight: 460 }), 'x', 'y')).toBeNull();
  });

  it('fills the width with axes of different units (time across, height up)', () => {
    const store = mapLayout({ available: 800, spanX: 12, spanY: 12, sameUnits: false, maxHeight: 340 });
    expect(store).toEqual({ plotW: 800, plotH: 340, transposed: false, stretch: null });
    expect(mapLayout({ available: 300, spanX: 12, spanY: 12, sameUnits: false, maxHeight: 340 }).plotH).toBe(180);
  });

  it('swaps a grid’s axes with every value kept at its point', () => {
    const xs = [0, 1, 2];
    const ys = [10, 20];
    const grid: FieldGrid = {
      name: 'f', label: 'F', unit: 'K', nx: 3, ny: 2,
      x: { name: 'x', unit: 'm', values: xs, edges: cellEdges(xs) },
      y: { name: 'r', unit: 'm', values: ys, edges: cellEdges(ys) },
      values: Float32Array.from([1, 2, 3, 4, 5, 6]),
    };
    const turned = transposeGrid(grid);
    expect([turned.nx, turned.ny, turned.x.name, turned.y.name]).toEqual([2, 3, 'r', 'x']);
    for (let j = 0; j < 2; j++) for (let i = 0; i < 3; i++) expect(turned.values[i * 2 + j]).toBe(grid.values[j * 3 + i]);
  });
});
