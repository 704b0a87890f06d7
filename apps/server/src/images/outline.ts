// From a clean mask to polygons: the significant components (the largest and any at least
// PART_AREA_SHARE of it: two plates with a gap are two parts; a scale bar or a label is left out),
// each traced by marching squares and simplified, with its holes.

import { componentMask, connectedComponents, type Mask } from './mask.js';
import { marchingSquares, outerAndHoles } from './contour.js';
import { area, type Ring } from './polygon.js';
import { simplifyRing, type SimplifyOptions } from './simplify.js';

/** A component is a part of the geometry when its area is at least this share of the largest. */
export const PART_AREA_SHARE = 0.1;
/** Holes smaller than this share of their part (or 25 px²) are noise. */
export const HOLE_AREA_SHARE = 0.002;

export interface Part {
  outline: Ring;
  holes: Ring[];
  /** Area of the outline minus its holes, px². */
  area: number;
}

export function traceParts(mask: Mask, simplify: SimplifyOptions, field?: Float32Array): Part[] {
  const { width, height } = mask;
  const components = connectedComponents(mask);
  const largest = Math.max(0, ...components.sizes.slice(1));
  if (largest === 0) return [];
  const parts: Part[] = [];
  components.sizes.forEach((size, id) => {
    if (id === 0 || size < PART_AREA_SHARE * largest) return;
    const loops = marchingSquares(componentMask(components, id, width, height), field ? { field } : {});
    const found = outerAndHoles(loops);
    if (!found) return;
    const outline = simplifyRing(found.outer, simplify);
    const outerArea = area(found.outer);
    const holes = found.holes.filter((hole) => area(hole) >= Math.max(25, HOLE_AREA_SHARE * outerArea)).map((hole) => simplifyRing(hole, simplify));
    parts.push({ outline, holes, area: area(outline) - holes.reduce((s, h) => s + area(h), 0) });
  });
  return parts.sort((a, b) => b.area - a.area);
}
