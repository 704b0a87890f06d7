// Plane polygon helpers for the image analysis, in image pixels (x to the right, y down).

export type Point = [x: number, y: number];
export type Ring = Point[];

/** Shoelace area of the coordinates as they are: positive when the ring turns clockwise as seen on screen (y down). */
export function signedArea(ring: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x0, y0] = ring[i]!;
    const [x1, y1] = ring[(i + 1) % ring.length]!;
    sum += x0 * y1 - x1 * y0;
  }
  return sum / 2;
}

export const area = (ring: readonly Point[]): number => Math.abs(signedArea(ring));

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  width: number;
  height: number;
}

export function boundingBox(rings: readonly (readonly Point[])[]): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const ring of rings) {
    for (const [x, y] of ring) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  return { minX, minY, maxX, maxY, width: maxX - minX, height: maxY - minY };
}

/** Distance from p to the segment a-b. */
export function segmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/**
 * Exterior turning angle at each vertex, rad in (−π, π), for a ring made counter-clockwise in y-up
 * axes first: positive at convex corners, negative at reflex ones; they sum to 2π.
 */
export function turningAngles(ring: readonly Point[]): number[] {
  // A negative shoelace area (y down) is a ring that runs counter-clockwise as seen on screen.
  const ccw = signedArea(ring) < 0 ? ring : [...ring].reverse();
  const n = ccw.length;
  return ccw.map((p, i) => {
    const prev = ccw[(i - 1 + n) % n]!;
    const next = ccw[(i + 1) % n]!;
    const a1 = Math.atan2(-(p[1] - prev[1]), p[0] - prev[0]);
    const a2 = Math.atan2(-(next[1] - p[1]), next[0] - p[0]);
    let turn = a2 - a1;
    while (turn <= -Math.PI) turn += 2 * Math.PI;
    while (turn > Math.PI) turn -= 2 * Math.PI;
    return turn;
  });
}

/** Whether a point lies inside a ring (even-odd rule). */
export function pointInRing([x, y]: Point, ring: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The centroid of points and the unit direction of their principal axis (total least squares). */
export function principalAxis(points: readonly Point[]): { centre: Point; direction: Point } {
  const cx = points.reduce((s, p) => s + p[0], 0) / points.length;
  const cy = points.reduce((s, p) => s + p[1], 0) / points.length;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const [x, y] of points) {
    sxx += (x - cx) ** 2;
    sxy += (x - cx) * (y - cy);
    syy += (y - cy) ** 2;
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  return { centre: [cx, cy], direction: [Math.cos(angle), Math.sin(angle)] };
}
