// Rasterising cross-section polygons onto a structured, possibly graded 2-D grid (the thermal core
// extrudes the result along the weld). Two flavours:
// - cell fractions: the exact share of each cell covered (polygon clipped to the cell rectangle),
//   so the covered area is the polygon's area to round-off on any grid;
// - a mask: a cell belongs to the polygon when its centre does. The masked area converges to the
//   polygon's area at first order in the cell size h (the error comes from the cells cut by the
//   boundary: O(perimeter / h) cells each off by O(h²)).
//
// Layout: cell (i, j) with i along y and j along z is stored at index i * nz + j (row-major, the
// last axis fastest, as the solvers' fields are).

import { area, boundingBox, clipToConvex, pointInPolygon, type Polygon } from './polygon.js';
import { cellIndex } from '../../../numerics/cell-index.js';

/** Cell edges along y and z, strictly increasing (n + 1 edges for n cells). */
export interface Grid2D {
  yEdges: ArrayLike<number>;
  zEdges: ArrayLike<number>;
}

export function gridShape(grid: Grid2D): { ny: number; nz: number } {
  return { ny: grid.yEdges.length - 1, nz: grid.zEdges.length - 1 };
}

export function checkGrid(grid: Grid2D): void {
  for (const [name, edges] of [
    ['yEdges', grid.yEdges],
    ['zEdges', grid.zEdges],
  ] as const) {
    if (edges.length < 2) throw new Error(`${name} needs at least two edges`);
    for (let i = 1; i < edges.length; i++) {
      if (!(edges[i]! > edges[i - 1]!)) throw new Error(`${name} must be strictly increasing (at index ${i})`);
    }
  }
}

/** Uniform edges from `min` to `max` in `cells` cells. */
export function uniformEdges(min: number, max: number, cells: number): Float64Array {
  const edges = new Float64Array(cells + 1);
  for (let i = 0; i <= cells; i++) edges[i] = min + ((max - min) * i) / cells;
  edges[cells] = max;
  return edges;
}

/**
 * Edges from `min` to `max` graded geometrically away from `focus` (finest there): the first cell on
 * each side is `finest` wide, each next one `ratio` times wider; a last cell narrower than half its
 * predecessor is merged into it.
 */
export function gradedEdges(options: { min: number; max: number; focus: number; finest: number; ratio: number }): Float64Array {
  const { min, max, focus, finest, ratio } = options;
  if (!(finest > 0) || !(ratio >= 1) || !(min < max) || !(focus >= min && focus <= max)) throw new Error('invalid graded grid options');
  const distances = (length: number): number[] => {
    const out: number[] = [];
    let position = 0;
    let width = finest;
    while (position + width < length) {
      position += width;
      out.push(position);
      width *= ratio;
    }
    if (out.length > 0 && length - out[out.length - 1]! < 0.5 * (width / ratio)) out.pop();
    if (length > 0) out.push(length);
    return out;
  };
  const left = distances(focus - min).map((d) => focus - d).reverse();
  const right = distances(max - focus).map((d) => focus + d);
  const edges = [...left, focus, ...right];
  edges[0] = min;
  edges[edges.length - 1] = max;
  return Float64Array.from(edges);
}

/** Visits the cells (i across y, j across z) that the polygon's bounding box touches. */
function forEachCellInBox(polygon: Polygon, grid: Grid2D, visit: (i: number, j: number) => void): void {
  const box = boundingBox([polygon]);
  const i0 = cellIndex(grid.yEdges, box.yMin);
  const i1 = cellIndex(grid.yEdges, box.yMax);
  const j0 = cellIndex(grid.zEdges, box.zMin);
  const j1 = cellIndex(grid.zEdges, box.zMax);
  for (let i = i0; i <= i1; i++) for (let j = j0; j <= j1; j++) visit(i, j);
}

/** Exact covered fraction (0..1) of every cell by the union of non-overlapping polygons. */
export function cellFractions(polygons: readonly Polygon[], grid: Grid2D): Float64Array {
  checkGrid(grid);
  const { ny, nz } = gridShape(grid);
  const fractions = new Float64Array(ny * nz);
  for (const polygon of polygons) {
    forEachCellInBox(polygon, grid, (i, j) => {
      const [ya, yb] = [grid.yEdges[i]!, grid.yEdges[i + 1]!];
      const [za, zb] = [grid.zEdges[j]!, grid.zEdges[j + 1]!];
      const cell: Polygon = [
        [ya, za],
        [yb, za],
        [yb, zb],
        [ya, zb],
      ];
      const piece = clipToConvex(polygon, cell);
      if (piece.length >= 3) fractions[i * nz + j]! += area(piece) / ((yb - ya) * (zb - za));
    });
  }
  for (let k = 0; k < fractions.length; k++) fractions[k] = Math.min(1, fractions[k]!);
  return fractions;
}

/** 1 where the cell centre lies inside one of the polygons, else 0. */
export function cellMask(polygons: readonly Polygon[], grid: Grid2D): Uint8Array {
  checkGrid(grid);
  const { ny, nz } = gridShape(grid);
  const mask = new Uint8Array(ny * nz);
  for (const polygon of polygons) {
    forEachCellInBox(polygon, grid, (i, j) => {
      const centre: [number, number] = [(grid.yEdges[i]! + grid.yEdges[i + 1]!) / 2, (grid.zEdges[j]! + grid.zEdges[j + 1]!) / 2];
      if (pointInPolygon(centre, polygon)) mask[i * nz + j] = 1;
    });
  }
  return mask;
}

/** Area covered by fractions (or a 0/1 mask) on a grid. */
export function coveredArea(values: ArrayLike<number>, grid: Grid2D): number {
  const { ny, nz } = gridShape(grid);
  let total = 0;
  for (let i = 0; i < ny; i++) {
    const dy = grid.yEdges[i + 1]! - grid.yEdges[i]!;
    for (let j = 0; j < nz; j++) total += values[i * nz + j]! * dy * (grid.zEdges[j + 1]! - grid.zEdges[j]!);
  }
  return total;
}

/** Cell states of a weld cross-section for the thermal core. */
export const CellMaterial = { void: 0, base: 1, filler: 2 } as const;

export interface RasterisedSection {
  ny: number;
  nz: number;
  /** Covered fractions of base metal and of filler per cell. */
  baseFraction: Float64Array;
  fillerFraction: Float64Array;
  /** Per cell: void (0), base (1) or filler (2): the larger share when at least half the cell is metal. */
  material: Uint8Array;
}

export function rasteriseSection(section: { plates: readonly Polygon[]; fillers: readonly Polygon[] }, grid: Grid2D): RasterisedSection {
  const { ny, nz } = gridShape(grid);
  const baseFraction = cellFractions(section.plates, grid);
  const fillerFraction = cellFractions(section.fillers, grid);
  const material = new Uint8Array(ny * nz);
  for (let k = 0; k < material.length; k++) {
    const base = baseFraction[k]!;
    const filler = fillerFraction[k]!;
    if (base + filler < 0.5) material[k] = CellMaterial.void;
    else material[k] = filler > base ? CellMaterial.filler : CellMaterial.base;
  }
  return { ny, nz, baseFraction, fillerFraction, material };
}
