// Plane polygons of a weld cross-section. Coordinates are [y, z] in metres: y across the weld
// (lateral), z up; the weld runs along x, out of the section. A polygon is a ring of vertices
// without the closing repeat; the library keeps every polygon counter-clockwise (positive area).

export type Vec2 = readonly [y: number, z: number];
export type Polygon = readonly Vec2[];

export interface BoundingBox {
  yMin: number;
  yMax: number;
  zMin: number;
  zMax: number;
}

/** Signed area by the shoelace formula: positive for a counter-clockwise ring. */
export function signedArea(polygon: Polygon): number {
  let twice = 0;
  const n = polygon.length;
  for (let i = 0; i < n; i++) {
    const [y0, z0] = polygon[i]!;
    const [y1, z1] = polygon[(i + 1) % n]!;
    twice += y0 * z1 - y1 * z0;
  }
  return twice / 2;
}

export function area(polygon: Polygon): number {
  return Math.abs(signedArea(polygon));
}

/** Area centroid (the polygon must have a non-zero area). */
export function centroid(polygon: Polygon): Vec2 {
  const n = polygon.length;
  // Shift to the first vertex to keep the products small (less cancellation far from the origin).
  const [oy, oz] = polygon[0]!;
  let twiceArea = 0;
  let sy = 0;
  let sz = 0;
  for (let i = 0; i < n; i++) {
    const y0 = polygon[i]![0] - oy;
    const z0 = polygon[i]![1] - oz;
    const y1 = polygon[(i + 1) % n]![0] - oy;
    const z1 = polygon[(i + 1) % n]![1] - oz;
    const cross = y0 * z1 - y1 * z0;
    twiceArea += cross;
    sy += (y0 + y1) * cross;
    sz += (z0 + z1) * cross;
  }
  if (twiceArea === 0) throw new Error('the centroid of a polygon with zero area is undefined');
  return [oy + sy / (3 * twiceArea), oz + sz / (3 * twiceArea)];
}

export function isCounterClockwise(polygon: Polygon): boolean {
  return signedArea(polygon) > 0;
}

/** The same ring, counter-clockwise. */
export function toCounterClockwise(polygon: Polygon): Polygon {
  return signedArea(polygon) < 0 ? [...polygon].reverse() : polygon;
}

/** Mirror image in the plane y = 0, kept counter-clockwise. */
export function mirrorY(polygon: Polygon): Polygon {
  return polygon.map(([y, z]): Vec2 => [-y, z]).reverse();
}

export function translate(polygon: Polygon, dy: number, dz: number): Polygon {
  return polygon.map(([y, z]): Vec2 => [y + dy, z + dz]);
}

export function boundingBox(polygons: readonly Polygon[]): BoundingBox {
  const box = { yMin: Infinity, yMax: -Infinity, zMin: Infinity, zMax: -Infinity };
  for (const polygon of polygons) {
    for (const [y, z] of polygon) {
      box.yMin = Math.min(box.yMin, y);
      box.yMax = Math.max(box.yMax, y);
      box.zMin = Math.min(box.zMin, z);
      box.zMax = Math.max(box.zMax, z);
    }
  }
  return box;
}

/**
 * Whether a point lies inside (crossing-number rule). Points exactly on an edge may go either way;
 * callers that need a decision on the boundary use cell fractions instead.
 */
export function pointInPolygon(point: Vec2, polygon: Polygon): boolean {
  const [py, pz] = point;
  let inside = false;
  const n = polygon.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const [yi, zi] = polygon[i]!;
    const [yj, zj] = polygon[j]!;
    if (zi > pz !== zj > pz && py < ((yj - yi) * (pz - zi)) / (zj - zi) + yi) inside = !inside;
  }
  return inside;
}

function orientation(a: Vec2, b: Vec2, c: Vec2, tolerance: number): number {
  const cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  if (Math.abs(cross) <= tolerance) return 0;
  return cross > 0 ? 1 : -1;
}

function onSegment(a: Vec2, b: Vec2, p: Vec2): boolean {
  return Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);
}

/** Whether two closed segments share at least one point (collinear overlaps and touching ends count). */
export function segmentsIntersect(a: Vec2, b: Vec2, c: Vec2, d: Vec2, tolerance = 0): boolean {
  const o1 = orientation(a, b, c, tolerance);
  const o2 = orientation(a, b, d, tolerance);
  const o3 = orientation(c, d, a, tolerance);
  const o4 = orientation(c, d, b, tolerance);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSegment(a, b, c)) return true;
  if (o2 === 0 && onSegment(a, b, d)) return true;
  if (o3 === 0 && onSegment(c, d, a)) return true;
  if (o4 === 0 && onSegment(c, d, b)) return true;
  return false;
}

/** The scale of a ring, for relative tolerances. */
function extent(polygon: Polygon): number {
  const box = boundingBox([polygon]);
  return Math.max(box.yMax - box.yMin, box.zMax - box.zMin);
}

/**
 * Whether the ring is not simple: two non-adjacent edges meet, adjacent edges fold back on each
 * other, or a vertex repeats. O(n²), fine for cross-sections of tens to hundreds of vertices.
 */
export function isSelfIntersecting(polygon: Polygon): boolean {
  const n = polygon.length;
  if (n < 3) return true;
  const tolerance = 1e-12 * extent(polygon) ** 2;
  for (let i = 0; i < n; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % n]!;
    if (a[0] === b[0] && a[1] === b[1]) return true;
    for (let j = i + 1; j < n; j++) {
      const c = polygon[j]!;
      const d = polygon[(j + 1) % n]!;
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (adjacent) {
        // Neighbours share one vertex; they intersect improperly when they overlap (fold back).
        const shared = j === i + 1 ? b : a;
        const other1 = j === i + 1 ? a : b;
        const other2 = j === i + 1 ? d : c;
        if (orientation(other1, shared, other2, tolerance) === 0) {
          const u = [other1[0] - shared[0], other1[1] - shared[1]];
          const v = [other2[0] - shared[0], other2[1] - shared[1]];
          if (u[0]! * v[0]! + u[1]! * v[1]! > 0) return true;
        }
        continue;
      }
      if (segmentsIntersect(a, b, c, d, tolerance)) return true;
    }
  }
  return false;
}

/** Whether the interiors of two simple polygons overlap (touching along edges or at points does not count). */
export function polygonsOverlap(p: Polygon, q: Polygon): boolean {
  return clippedArea(p, q) > 1e-9 * Math.min(area(p), area(q));
}

/**
 * Sutherland–Hodgman: the part of `subject` inside the convex counter-clockwise `clip` ring. For a
 * non-convex subject the result may contain zero-width bridges, which carry no area: its area is exact.
 */
export function clipToConvex(subject: Polygon, clip: Polygon): Vec2[] {
  let output: Vec2[] = [...subject];
  const m = clip.length;
  for (let e = 0; e < m && output.length > 0; e++) {
    const a = clip[e]!;
    const b = clip[(e + 1) % m]!;
    const input = output;
    output = [];
    const side = (p: Vec2) => (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    for (let i = 0; i < input.length; i++) {
      const current = input[i]!;
      const previous = input[(i + input.length - 1) % input.length]!;
      const sc = side(current);
      const sp = side(previous);
      if (sc >= 0) {
        if (sp < 0) output.push(intersection(previous, current, sp, sc));
        output.push(current);
      } else if (sp >= 0) {
        output.push(intersection(previous, current, sp, sc));
      }
    }
  }
  return output;
}

function intersection(p: Vec2, q: Vec2, sp: number, sq: number): Vec2 {
  const t = sp / (sp - sq);
  return [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];
}

/**
 * Area of the intersection of two simple polygons, exact for any (non-convex) pair: `q` is split
 * into the fan of triangles from its first vertex, whose signed indicator functions sum to q's
 * indicator for any simple ring, and `p` is clipped to each (convex) triangle.
 */
export function clippedArea(p: Polygon, q: Polygon): number {
  const ccwP = toCounterClockwise(p);
  const ccwQ = toCounterClockwise(q);
  let total = 0;
  const origin = ccwQ[0]!;
  for (let i = 1; i + 1 < ccwQ.length; i++) {
    const triangle: Polygon = [origin, ccwQ[i]!, ccwQ[i + 1]!];
    const signed = signedArea(triangle);
    if (signed === 0) continue;
    const piece = clipToConvex(ccwP, signed > 0 ? triangle : [...triangle].reverse());
    total += Math.sign(signed) * (piece.length >= 3 ? area(piece) : 0);
  }
  return total;
}
