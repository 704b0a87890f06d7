// Marching squares (Lorensen and Cline's cube cases in 2-D) on a binary mask: closed loops on the
// cells between pixel centres, each edge crossing placed by linear interpolation of an optional
// "objectness" field (grey levels scaled to 0..1, 0.5 at the edge) for sub-pixel outlines.
// Ambiguous saddle cells join diagonal object pixels, matching the 8-connected components.
// Coordinates are pixel units with (0, 0) the top-left corner of the image (pixel i's centre at i + 0.5).

import { signedArea, type Point, type Ring } from './polygon.js';
import type { Mask } from './mask.js';

export interface ContourOptions {
  /** Objectness per pixel, 0..1 (0.5 on the edge); the crossing of an edge is interpolated on it. */
  field?: Float32Array;
}

/**
 * Every closed boundary loop of the mask. The object lies on the same side of every loop, so an
 * outer boundary and a hole have opposite signed areas.
 */
export function marchingSquares(mask: Mask, options: ContourOptions = {}): Ring[] {
  const { width: W, height: H, data } = mask;
  const field = options.field;
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < W && y < H && data[y * W + x] === 1;
  const value = (x: number, y: number) => (x >= 0 && y >= 0 && x < W && y < H ? (field ? field[y * W + x]! : data[y * W + x]!) : 0);
  const stride = W + 2;
  const horizontalId = (x: number, y: number) => 2 * ((y + 1) * stride + (x + 1));
  const verticalId = (x: number, y: number) => 2 * ((y + 1) * stride + (x + 1)) + 1;

  const next = new Map<number, number>();
  const position = new Map<number, Point>();

  /** Where the boundary crosses the edge from corner a to corner b (exactly one of them inside). */
  const crossing = (ax: number, ay: number, bx: number, by: number): Point => {
    let t = 0.5;
    if (field) {
      const fa = value(ax, ay);
      const fb = value(bx, by);
      // Interpolate only where the field agrees with the (cleaned) mask about which end is inside.
      if ((fa - 0.5) * (fb - 0.5) < 0 && (fa > 0.5) === inside(ax, ay)) t = (0.5 - fa) / (fb - fa);
    }
    return [ax + t * (bx - ax) + 0.5, ay + t * (by - ay) + 0.5];
  };

  for (let y = -1; y < H; y++) {
    for (let x = -1; x < W; x++) {
      const tl = inside(x, y);
      const tr = inside(x + 1, y);
      const br = inside(x + 1, y + 1);
      const bl = inside(x, y + 1);
      const count = +tl + +tr + +br + +bl;
      if (count === 0 || count === 4) continue;
      // The four edges of the cell, each crossed when its corners differ.
      const edges = {
        top: { id: horizontalId(x, y), crossed: tl !== tr, at: () => crossing(x, y, x + 1, y) },
        right: { id: verticalId(x + 1, y), crossed: tr !== br, at: () => crossing(x + 1, y, x + 1, y + 1) },
        bottom: { id: horizontalId(x, y + 1), crossed: bl !== br, at: () => crossing(x, y + 1, x + 1, y + 1) },
        left: { id: verticalId(x, y), crossed: tl !== bl, at: () => crossing(x, y, x, y + 1) },
      };
      const saddle = count === 2 && tl === br;
      let pairs: [keyof typeof edges, keyof typeof edges][];
      let reference: Point;
      if (saddle) {
        // Diagonal object pixels are joined: cut off the two outside corners.
        pairs = tl ? [['top', 'right'], ['bottom', 'left']] : [['top', 'left'], ['bottom', 'right']];
        reference = tl ? [x + 0.5, y + 0.5] : [x + 0.5, y + 0.5];
      } else {
        const crossed = (Object.keys(edges) as (keyof typeof edges)[]).filter((k) => edges[k].crossed);
        pairs = [[crossed[0]!, crossed[1]!]];
        const corners: Point[] = [];
        if (tl) corners.push([x, y]);
        if (tr) corners.push([x + 1, y]);
        if (br) corners.push([x + 1, y + 1]);
        if (bl) corners.push([x, y + 1]);
        reference = [corners.reduce((s, c) => s + c[0], 0) / corners.length, corners.reduce((s, c) => s + c[1], 0) / corners.length];
      }
      for (const [ka, kb] of pairs) {
        const a = edges[ka];
        const b = edges[kb];
        const pa = position.get(a.id) ?? a.at();
        const pb = position.get(b.id) ?? b.at();
        position.set(a.id, pa);
        position.set(b.id, pb);
        // In a saddle cell the reference (the joined centre) is inside; elsewhere the inside corners' mean.
        const rx = reference[0] + 0.5;
        const ry = reference[1] + 0.5;
        const cross = (pb[0] - pa[0]) * (ry - pa[1]) - (pb[1] - pa[1]) * (rx - pa[0]);
        if (cross > 0) next.set(a.id, b.id);
        else next.set(b.id, a.id);
      }
    }
  }

  const loops: Ring[] = [];
  const visited = new Set<number>();
  for (const start of next.keys()) {
    if (visited.has(start)) continue;
    const ring: Ring = [];
    let id: number | undefined = start;
    while (id !== undefined && !visited.has(id)) {
      visited.add(id);
      ring.push(position.get(id)!);
      id = next.get(id);
    }
    if (ring.length >= 3) loops.push(ring);
  }
  return loops;
}

/** The outer boundary (largest loop) and the holes (loops turning the other way) of one component. */
export function outerAndHoles(loops: Ring[]): { outer: Ring; holes: Ring[] } | null {
  if (loops.length === 0) return null;
  let outer = loops[0]!;
  for (const loop of loops) if (Math.abs(signedArea(loop)) > Math.abs(signedArea(outer))) outer = loop;
  const sign = Math.sign(signedArea(outer));
  return { outer, holes: loops.filter((loop) => loop !== outer && Math.sign(signedArea(loop)) !== sign) };
}
