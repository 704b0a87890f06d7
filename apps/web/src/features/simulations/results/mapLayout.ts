// The size of a field map's plot in its card. A map of lengths keeps the domain's aspect ratio, but
// a very elongated domain kept to scale is a thin strip with the card empty around it (a jet's
// 160 × 40 mm plane, a 5 mm deep weld section 150 mm wide). So: a domain much taller than the
// card allows is turned a quarter (its axes swapped, said under the map) to lie across the card's
// width; a domain so flat that its height would be a few pixels gets a minimum height, drawn
// stretched and said to be so. Pure, so the choice is tested without a browser.
import type { FieldGrid } from './fieldData';

export interface MapLayoutInput {
  /** Width available for the plot (the card's inner width less the axis and colour-bar margins), px. */
  available: number;
  /** Extent of the domain across and up, in display units. */
  spanX: number;
  spanY: number;
  /** Both axes in the same unit (a map of lengths): the aspect ratio is kept. */
  sameUnits: boolean;
  /** Largest plot height, px. */
  maxHeight: number;
  /** Whether a tall domain may be turned (default true). */
  turn?: boolean;
}

export interface MapLayout {
  plotW: number;
  plotH: number;
  /** The grid is drawn with its axes swapped. */
  transposed: boolean;
  /** Height drawn over height to scale (1: to scale; null: axes of different units, no scale). */
  stretch: number | null;
}

/** Narrowest plot, px. */
const MIN_WIDTH = 120;
/** A to-scale map narrower than this share of the card's width is turned to lie across it. */
const NARROW_SHARE = 0.5;
/** Plot height of maps whose axes are not both lengths, as a share of the width. */
const UNSCALED_ASPECT = 0.6;

/** The lowest a map is drawn: a fifth of its width, between 72 and 160 px (never above maxHeight). */
export function minimumMapHeight(plotW: number, maxHeight: number): number {
  return Math.min(maxHeight, Math.max(72, Math.min(160, Math.round(plotW * 0.2))));
}

export function mapLayout({ available, spanX, spanY, sameUnits, maxHeight, turn = true }: MapLayoutInput): MapLayout {
  const width = Math.max(MIN_WIDTH, available);
  if (!sameUnits || !(spanX > 0) || !(spanY > 0)) {
    return { plotW: width, plotH: Math.max(minimumMapHeight(width, maxHeight), Math.min(maxHeight, width * UNSCALED_ASPECT)), transposed: false, stretch: null };
  }
  const tall = spanY > spanX;
  const narrowWidth = (maxHeight * spanX) / spanY;
  const transposed = turn && tall && width * (spanY / spanX) > maxHeight && narrowWidth < NARROW_SHARE * width;
  const across = transposed ? spanY : spanX;
  const up = transposed ? spanX : spanY;
  let plotW = width;
  let plotH = (width * up) / across;
  if (plotH > maxHeight) {
    plotH = maxHeight;
    plotW = Math.max(MIN_WIDTH, (maxHeight * across) / up);
  }
  const toScale = (plotW * up) / across;
  const lowest = minimumMapHeight(plotW, maxHeight);
  if (plotH < lowest) plotH = lowest;
  return { plotW, plotH, transposed, stretch: plotH / toScale };
}

/** The same field with its axes swapped (x across becomes y up). */
export function transposeGrid(grid: FieldGrid): FieldGrid {
  const { nx, ny } = grid;
  const values = new Float32Array(nx * ny);
  for (let j = 0; j < ny; j++) for (let i = 0; i < nx; i++) values[i * ny + j] = grid.values[j * nx + i]!;
  return { ...grid, nx: ny, ny: nx, x: grid.y, y: grid.x, values };
}

/** What the reader is told about the drawing's scale, or null when it is to scale as given. */
export function mapScaleNote(layout: MapLayout, across: string, up: string): string | null {
  const notes: string[] = [];
  if (layout.transposed) notes.push(`Turned to fit the card: ${across} across, ${up} up.`);
  if (layout.stretch !== null && layout.stretch > 1.05) notes.push(`Height drawn ×${Number(layout.stretch.toPrecision(2))} (not to scale).`);
  return notes.length ? notes.join(' ') : null;
}
