// Douglas–Peucker simplification of a closed outline (Douglas and Peucker 1973), then each kept
// corner moved to the intersection of the straight runs on either side of it: thresholding a
// blurred image rounds corners, and the fitted lines recover where the edges really meet.

import { principalAxis, segmentDistance, type Point, type Ring } from './polygon.js';

/** Indices of the points kept on the open chain points[first..last] (both ends kept). */
function douglasPeucker(points: readonly Point[], first: number, last: number, tolerance: number, keep: boolean[]): void {
  let worst = -1;
  let worstDistance = tolerance;
  for (let i = first + 1; i < last; i++) {
    const d = segmentDistance(points[i]!, points[first]!, points[last]!);
    if (d > worstDistance) {
      worst = i;
      worstDistance = d;
    }
  }
  if (worst < 0) return;
  keep[worst] = true;
  douglasPeucker(points, first, worst, tolerance, keep);
  douglasPeucker(points, worst, last, tolerance, keep);
}

/** Douglas–Peucker on the ring split at indices a and b (both kept); the kept indices in ring order from a. */
function simplifyBetween(ring: readonly Point[], a: number, b: number, tolerance: number): number[] {
  const n = ring.length;
  const rotated = [...ring.slice(a), ...ring.slice(0, a)];
  const split = (b - a + n) % n;
  const chain = [...rotated, rotated[0]!];
  const keep = new Array<boolean>(chain.length).fill(false);
  keep[0] = keep[split] = keep[n] = true;
  douglasPeucker(chain, 0, split, tolerance, keep);
  douglasPeucker(chain, split, n, tolerance, keep);
  const kept: number[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) kept.push((i + a) % n);
  return kept;
}

function turnAt(ring: readonly Point[], kept: readonly number[], k: number): number {
  const m = kept.length;
  const prev = ring[kept[(k - 1 + m) % m]!]!;
  const p = ring[kept[k]!]!;
  const next = ring[kept[(k + 1) % m]!]!;
  const cross = (p[0] - prev[0]) * (next[1] - p[1]) - (p[1] - prev[1]) * (next[0] - p[0]);
  const dot = (p[0] - prev[0]) * (next[0] - p[0]) + (p[1] - prev[1]) * (next[1] - p[1]);
  return Math.abs(Math.atan2(cross, dot));
}

/**
 * Douglas–Peucker on a ring. A ring has no ends, so it is split at two points and the chains
 * simplified; the split points are always kept, so a second pass splits at real corners: the
 * sharpest corner of the first pass and the corner farthest from it. Returns the kept indices.
 */
export function simplifyRingIndices(ring: readonly Point[], tolerance: number): number[] {
  const n = ring.length;
  if (n <= 3) return ring.map((_, i) => i);
  const farthestFrom = (p: Point, among: readonly number[]) => {
    let best = among[0]!;
    let bestD = -1;
    for (const i of among) {
      const q = ring[i]!;
      const d = Math.hypot(q[0] - p[0], q[1] - p[1]);
      if (d > bestD) {
        bestD = d;
        best = i;
      }
    }
    return best;
  };
  const all = ring.map((_, i) => i);
  const a0 = farthestFrom(ring[0]!, all);
  const first = simplifyBetween(ring, a0, farthestFrom(ring[a0]!, all), tolerance);
  let kept = first;
  if (first.length > 3) {
    let sharpest = 0;
    for (let k = 1; k < first.length; k++) if (turnAt(ring, first, k) > turnAt(ring, first, sharpest)) sharpest = k;
    const a = first[sharpest]!;
    kept = simplifyBetween(ring, a, farthestFrom(ring[a]!, first), tolerance);
  }
  // Drop any kept point within the tolerance of the line through its neighbours.
  let changed = true;
  while (changed && kept.length > 3) {
    changed = false;
    for (let k = 0; k < kept.length && kept.length > 3; k++) {
      const prev = ring[kept[(k - 1 + kept.length) % kept.length]!]!;
      const next = ring[kept[(k + 1) % kept.length]!]!;
      if (segmentDistance(ring[kept[k]!]!, prev, next) < tolerance) {
        kept.splice(k, 1);
        changed = true;
        k -= 1;
      }
    }
  }
  return kept;
}

interface Line {
  /** A point on the line (the centroid of the fitted points). */
  c: Point;
  /** Unit direction. */
  d: Point;
}

/** Total least-squares line through points (principal axis of their scatter). */
function fitLine(points: readonly Point[]): Line | null {
  if (points.length < 2) return null;
  const { centre, direction } = principalAxis(points);
  return { c: centre, d: direction };
}

function intersect(l1: Line, l2: Line): Point | null {
  const det = l1.d[0] * -l2.d[1] - l1.d[1] * -l2.d[0];
  // Nearly parallel runs (< ~10°) meet far away or nowhere: keep the vertex as found.
  if (Math.abs(det) < Math.sin((10 * Math.PI) / 180)) return null;
  const rx = l2.c[0] - l1.c[0];
  const ry = l2.c[1] - l1.c[1];
  const t = (rx * -l2.d[1] - ry * -l2.d[0]) / det;
  return [l1.c[0] + t * l1.d[0], l1.c[1] + t * l1.d[1]];
}

export interface SimplifyOptions {
  /** Douglas–Peucker tolerance, px. */
  tolerance: number;
  /** Points this close to a kept corner (px) are left out of the line fits: that is where blur rounds the corner. */
  cornerMargin: number;
  /** A refined corner may move at most this far (px); farther means the fit is not to be trusted. */
  maxCornerShift: number;
  /** Vertices turning less than this (degrees) are dropped (default 4). */
  minTurnDeg?: number;
}

/** The simplified polygon of a traced outline, corners refined on the straight runs between them. */
export function simplifyRing(ring: readonly Point[], options: SimplifyOptions): Ring {
  const kept = simplifyRingIndices(ring, options.tolerance);
  const n = ring.length;
  const m = kept.length;
  if (m < 3) return kept.map((i) => ring[i]!);
  const runs: (Line | null)[] = kept.map((start, k) => {
    const end = kept[(k + 1) % m]!;
    const points: Point[] = [];
    const a = ring[start]!;
    const b = ring[end]!;
    for (let i = start; i !== end; i = (i + 1) % n) {
      const p = ring[i]!;
      if (Math.hypot(p[0] - a[0], p[1] - a[1]) > options.cornerMargin && Math.hypot(p[0] - b[0], p[1] - b[1]) > options.cornerMargin) points.push(p);
    }
    return fitLine(points);
  });
  const result: Ring = [];
  for (let k = 0; k < m; k++) {
    const vertex = ring[kept[k]!]!;
    const before = runs[(k - 1 + m) % m];
    const after = runs[k];
    // A corner that the tracing split in two (a run too short to fit between them): one vertex
    // where the runs on either side meet.
    const partner = ring[kept[(k + 1) % m]!]!;
    const beyond = runs[(k + 1) % m];
    if (!after && before && beyond && k + 1 < m && Math.hypot(partner[0] - vertex[0], partner[1] - vertex[1]) < 2.5 * options.cornerMargin) {
      const corner = intersect(before, beyond);
      const mid: Point = [(vertex[0] + partner[0]) / 2, (vertex[1] + partner[1]) / 2];
      if (corner && Math.hypot(corner[0] - mid[0], corner[1] - mid[1]) <= options.maxCornerShift) {
        result.push(corner);
        k += 1;
        continue;
      }
    }
    const corner = before && after ? intersect(before, after) : null;
    result.push(corner && Math.hypot(corner[0] - vertex[0], corner[1] - vertex[1]) <= options.maxCornerShift ? corner : vertex);
  }
  // Refined corners can line up (a split anchor on a straight edge): drop near-straight vertices.
  const straight = (options.minTurnDeg ?? 4) * (Math.PI / 180);
  for (let k = 0; k < result.length && result.length > 3; k++) {
    const prev = result[(k - 1 + result.length) % result.length]!;
    const next = result[(k + 1) % result.length]!;
    const p = result[k]!;
    const turn = Math.abs(Math.atan2((p[0] - prev[0]) * (next[1] - p[1]) - (p[1] - prev[1]) * (next[0] - p[0]), (p[0] - prev[0]) * (next[0] - p[0]) + (p[1] - prev[1]) * (next[1] - p[1])));
    if (turn < straight) {
      result.splice(k, 1);
      k -= 1;
    }
  }
  return result;
}
