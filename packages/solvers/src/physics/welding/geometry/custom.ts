// A cross-section drawn in the polygon designer (or traced from an image): a list of parts, each a
// ring of [y, z] points in metres and a flag saying whether it is filler (weld bead) or base metal.
// Checked: at least 3 distinct points per part (a repeated closing point is accepted and dropped),
// finite coordinates, a simple ring (no self-intersection), a positive area, parts not overlapping,
// at least one base-metal part. Rings are stored counter-clockwise whatever the drawing direction.
// Weld lines may be given; by default the torch aims straight down at the top of the filler.

import { InvalidParametersError, type ParameterIssue } from '../../../errors.js';
import { isPlainObject, joinPath } from '../../../run/parameters.js';
import type { CrossSection, WeldLine } from './joints.js';
import { area, boundingBox, isSelfIntersecting, polygonsOverlap, toCounterClockwise, type Polygon, type Vec2 } from './polygon.js';

export interface CustomSectionPart {
  points: readonly (readonly [number, number])[];
  filler: boolean;
}

export interface CustomSectionInput {
  parts: readonly CustomSectionPart[];
  weld_lines?: readonly { point: readonly [number, number]; torch_direction: readonly [number, number] }[];
}

/** Parts whose area is below this share of the section's bounding box are refused as degenerate. */
const MIN_RELATIVE_AREA = 1e-9;

function readPoint(value: unknown): Vec2 | undefined {
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [y, z] = value as unknown[];
  return typeof y === 'number' && typeof z === 'number' && Number.isFinite(y) && Number.isFinite(z) ? [y, z] : undefined;
}

/** Validates a designer cross-section; InvalidParametersError names each offending part (`parts[2].points`). */
export function customCrossSection(value: unknown, path = 'cross_section'): CrossSection {
  const issues: ParameterIssue[] = [];
  const add = (at: string, message: string) => issues.push({ path: at, message });
  if (!isPlainObject(value) || !Array.isArray(value.parts)) {
    throw new InvalidParametersError([{ path: joinPath(path, 'parts'), message: 'is required: a list of {points: [[y, z], ...], filler: boolean}' }]);
  }
  const parts: { polygon: Polygon; filler: boolean; path: string }[] = [];
  value.parts.forEach((part: unknown, index: number) => {
    const at = joinPath(joinPath(path, 'parts'), index);
    if (!isPlainObject(part) || !Array.isArray(part.points)) return add(joinPath(at, 'points'), 'is required: a list of [y, z] points in m');
    if (typeof part.filler !== 'boolean') add(joinPath(at, 'filler'), 'must be true (weld bead) or false (base metal)');
    const points: Vec2[] = [];
    for (const [k, raw] of (part.points as unknown[]).entries()) {
      const point = readPoint(raw);
      if (!point) return add(joinPath(joinPath(at, 'points'), k), 'must be a pair of finite numbers [y, z] in m');
      points.push(point);
    }
    const first = points[0];
    const last = points[points.length - 1];
    if (points.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) points.pop();
    if (points.length < 3) return add(joinPath(at, 'points'), `needs at least 3 distinct points to close a polygon (got ${points.length})`);
    if (isSelfIntersecting(points)) return add(joinPath(at, 'points'), 'must not intersect itself (edges cross, touch or repeat a point)');
    parts.push({ polygon: toCounterClockwise(points), filler: part.filler === true, path: at });
  });
  if (issues.length === 0) {
    const box = boundingBox(parts.map((p) => p.polygon));
    const scale = (box.yMax - box.yMin) * (box.zMax - box.zMin);
    for (const part of parts) {
      if (!(area(part.polygon) > MIN_RELATIVE_AREA * scale)) add(joinPath(part.path, 'points'), 'must enclose a positive area');
    }
    for (let i = 0; i < parts.length; i++) {
      for (let j = i + 1; j < parts.length; j++) {
        if (polygonsOverlap(parts[i]!.polygon, parts[j]!.polygon)) add(joinPath(parts[j]!.path, 'points'), `overlaps part ${i}`);
      }
    }
    if (!parts.some((p) => !p.filler)) add(joinPath(path, 'parts'), 'needs at least one base-metal part (filler: false)');
  }
  if (issues.length > 0) throw new InvalidParametersError(issues);

  const plates = parts.filter((p) => !p.filler).map((p) => p.polygon);
  const fillers = parts.filter((p) => p.filler).map((p) => p.polygon);
  const weldLines = readWeldLines(value.weld_lines, path, fillers.length > 0 ? fillers : plates);
  return { plates, fillers, weldLines, bounds: boundingBox([...plates, ...fillers]) };
}

function readWeldLines(value: unknown, path: string, target: readonly Polygon[]): WeldLine[] {
  if (value === undefined) {
    const box = boundingBox(target);
    // The highest point of the target, at the middle of its top edge when that edge is flat.
    const top = target.flatMap((p) => p.filter(([, z]) => z === box.zMax));
    const y = top.reduce((sum, [py]) => sum + py, 0) / top.length;
    return [{ point: [y, box.zMax], torchDirection: [0, -1] }];
  }
  const at = joinPath(path, 'weld_lines');
  if (!Array.isArray(value) || value.length === 0) throw new InvalidParametersError([{ path: at, message: 'must be a non-empty list of {point, torch_direction}' }]);
  return value.map((line: unknown, i: number): WeldLine => {
    const point = isPlainObject(line) ? readPoint(line.point) : undefined;
    const direction = isPlainObject(line) ? readPoint(line.torch_direction) : undefined;
    const norm = direction ? Math.hypot(direction[0], direction[1]) : 0;
    if (!point || !direction || !(norm > 0)) throw new InvalidParametersError([{ path: joinPath(at, i), message: 'needs point [y, z] (m) and a non-zero torch_direction [dy, dz]' }]);
    return { point, torchDirection: [direction[0] / norm, direction[1] / norm] };
  });
}
