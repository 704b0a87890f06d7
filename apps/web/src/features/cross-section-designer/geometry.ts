// Pure geometry of the polygon cross-section designer. The UI works in millimetres; the wire
// format (import/export JSON, what `onConfirm` hands over) is in metres, as every API value.

/** A point in the UI: [y, z] in mm (y to the right, z up). */
export type PointMm = [number, number];

export interface PartMm {
  points: PointMm[];
  /** Weld bead (filler metal) rather than base metal. */
  filler: boolean;
}

/** The wire format: points [y, z] in metres. */
export interface CrossSectionData {
  parts: { points: [number, number][]; filler: boolean }[];
}

export const SNAP_SIZES_MM = [0.1, 0.5, 1] as const;

/** Rounds away binary noise (0.30000000000000004 -> 0.3) at a precision far below any snap size. */
export function clean(value: number, decimals = 6): number {
  const f = 10 ** decimals;
  const r = Math.round(value * f) / f;
  return Object.is(r, -0) ? 0 : r;
}

export const mmToM = (mm: number): number => clean(mm / 1000, 9);
export const mToMm = (m: number): number => clean(m * 1000, 6);

export function snap(value: number, step: number): number {
  if (!(step > 0)) return value;
  return clean(Math.round(value / step) * step);
}

export function snapPoint([y, z]: PointMm, step: number): PointMm {
  return [snap(y, step), snap(z, step)];
}

/** Signed area (shoelace): positive for counter-clockwise points. Same unit squared as the points. */
export function signedArea(points: readonly PointMm[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const [y1, z1] = points[i]!;
    const [y2, z2] = points[(i + 1) % points.length]!;
    sum += y1 * z2 - y2 * z1;
  }
  return sum / 2;
}

export const area = (points: readonly PointMm[]): number => Math.abs(signedArea(points));

export function edgeLength(a: PointMm, b: PointMm): number {
  return Math.hypot(b[0] - a[0], b[1] - a[1]);
}

export interface Bounds {
  minY: number;
  maxY: number;
  minZ: number;
  maxZ: number;
  width: number;
  height: number;
}

export function bounds(points: readonly PointMm[]): Bounds | null {
  if (points.length === 0) return null;
  let minY = Infinity;
  let maxY = -Infinity;
  let minZ = Infinity;
  let maxZ = -Infinity;
  for (const [y, z] of points) {
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
    minZ = Math.min(minZ, z);
    maxZ = Math.max(maxZ, z);
  }
  return { minY, maxY, minZ, maxZ, width: maxY - minY, height: maxZ - minZ };
}

function orientation(p: PointMm, q: PointMm, r: PointMm): number {
  const v = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
  const eps = 1e-12;
  return Math.abs(v) < eps ? 0 : v > 0 ? 1 : -1;
}

function onSegment(p: PointMm, q: PointMm, r: PointMm): boolean {
  // q collinear with p-r: is it within the box of p-r?
  return q[0] <= Math.max(p[0], r[0]) && q[0] >= Math.min(p[0], r[0]) && q[1] <= Math.max(p[1], r[1]) && q[1] >= Math.min(p[1], r[1]);
}

/** Do the closed segments p1-p2 and q1-q2 touch or cross? */
export function segmentsIntersect(p1: PointMm, p2: PointMm, q1: PointMm, q2: PointMm): boolean {
  const o1 = orientation(p1, p2, q1);
  const o2 = orientation(p1, p2, q2);
  const o3 = orientation(q1, q2, p1);
  const o4 = orientation(q1, q2, p2);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSegment(p1, q1, p2)) return true;
  if (o2 === 0 && onSegment(p1, q2, p2)) return true;
  if (o3 === 0 && onSegment(q1, p1, q2)) return true;
  if (o4 === 0 && onSegment(q1, p2, q2)) return true;
  return false;
}

/**
 * Whether the closed polygon's edges cross or touch anywhere other than at the shared vertex of
 * neighbouring edges (also: repeated vertices, an edge folding back on its neighbour).
 */
export function isSelfIntersecting(points: readonly PointMm[]): boolean {
  const n = points.length;
  if (n < 3) return false;
  for (let i = 0; i < n; i++) {
    const a1 = points[i]!;
    const a2 = points[(i + 1) % n]!;
    if (a1[0] === a2[0] && a1[1] === a2[1]) return true; // repeated vertex: a zero-length edge
    for (let j = i + 1; j < n; j++) {
      const b1 = points[j]!;
      const b2 = points[(j + 1) % n]!;
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (adjacent) {
        // Neighbours share one vertex; they are only wrong if they overlap (fold back).
        const shared = j === i + 1 ? a2 : a1;
        const otherA = j === i + 1 ? a1 : a2;
        const otherB = j === i + 1 ? b2 : b1;
        if (orientation(otherA, shared, otherB) === 0) {
          const d1: PointMm = [otherA[0] - shared[0], otherA[1] - shared[1]];
          const d2: PointMm = [otherB[0] - shared[0], otherB[1] - shared[1]];
          if (d1[0] * d2[0] + d1[1] * d2[1] > 0) return true;
        }
        continue;
      }
      if (segmentsIntersect(a1, a2, b1, b2)) return true;
    }
  }
  return false;
}

/** What is wrong with one part (null: a valid simple polygon). */
export function polygonProblem(points: readonly PointMm[]): string | null {
  if (points.length < 3) return `has ${points.length} point${points.length === 1 ? '' : 's'}; a polygon needs at least 3`;
  if (points.some(([y, z]) => !Number.isFinite(y) || !Number.isFinite(z))) return 'has a coordinate that is not a number';
  if (isSelfIntersecting(points)) return 'is self-intersecting (edges cross or touch)';
  if (area(points) < 1e-9) return 'has zero area';
  return null;
}

/** Messages for every invalid part (`Part 2 is self-intersecting ...`); empty when all are valid. */
export function validateParts(parts: readonly PartMm[]): string[] {
  if (parts.length === 0) return ['The cross-section has no parts; add at least one polygon.'];
  const problems: string[] = [];
  parts.forEach((part, index) => {
    const problem = polygonProblem(part.points);
    if (problem) problems.push(`Part ${index + 1} ${problem}.`);
  });
  return problems;
}

/** The edge (index of its first vertex) nearest to a point, and the distance to it. */
export function nearestEdge(points: readonly PointMm[], p: PointMm): { index: number; distance: number; foot: PointMm } | null {
  if (points.length < 2) return null;
  let best: { index: number; distance: number; foot: PointMm } | null = null;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    const dy = b[0] - a[0];
    const dz = b[1] - a[1];
    const len2 = dy * dy + dz * dz;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dy + (p[1] - a[1]) * dz) / len2));
    const foot: PointMm = [a[0] + t * dy, a[1] + t * dz];
    const distance = Math.hypot(p[0] - foot[0], p[1] - foot[1]);
    if (!best || distance < best.distance) best = { index: i, distance, foot };
  }
  return best;
}

export function toWire(parts: readonly PartMm[]): CrossSectionData {
  return { parts: parts.map((part) => ({ points: part.points.map(([y, z]) => [mmToM(y), mmToM(z)] as [number, number]), filler: part.filler })) };
}

export function fromWire(data: CrossSectionData): PartMm[] {
  return data.parts.map((part) => ({ points: part.points.map(([y, z]) => [mToMm(y), mToMm(z)] as PointMm), filler: part.filler }));
}

/** Reads an import file's text; throws an Error with a message for the user. */
export function parseCrossSectionJson(text: string): CrossSectionData {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error('The file is not valid JSON.');
  }
  if (!raw || typeof raw !== 'object' || !Array.isArray((raw as { parts?: unknown }).parts)) {
    throw new Error('Expected an object {"parts": [{"points": [[y, z], ...], "filler": false}]} with coordinates in metres.');
  }
  const parts = (raw as { parts: unknown[] }).parts.map((part, i) => {
    const where = `Part ${i + 1}`;
    if (!part || typeof part !== 'object') throw new Error(`${where} is not an object.`);
    const { points, filler } = part as { points?: unknown; filler?: unknown };
    if (!Array.isArray(points)) throw new Error(`${where} has no "points" list.`);
    if (filler !== undefined && typeof filler !== 'boolean') throw new Error(`${where}: "filler" must be true or false.`);
    const checked = points.map((pt, j) => {
      if (!Array.isArray(pt) || pt.length !== 2 || !pt.every((v) => typeof v === 'number' && Number.isFinite(v))) {
        throw new Error(`${where}, point ${j + 1}: expected [y, z] as two numbers (metres).`);
      }
      return [pt[0], pt[1]] as [number, number];
    });
    return { points: checked, filler: filler === true };
  });
  return { parts };
}
