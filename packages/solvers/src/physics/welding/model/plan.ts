// The weld passes of a case and where each one's Goldak source sits (solver.ts runs them in order).
//
// One pass per weld line of the section, in the section's order (the order the estimate's preview
// lists `weld_lines`). The bead is shared out between the passes by the nearest weld line: the part
// of every filler polygon inside a weld line's Voronoi region (the points closer to its aim point
// than to any other's; a tie goes to the earlier pass) is that pass's bead, deposited when its torch
// passes and void until then. So a double-V groove with a gap is split at mid-thickness, a
// full-penetration tee's gap at the web's mid-plane, and two fillets keep their own beads. A weld
// line listed twice at the same point gives the second pass no bead of its own: it remelts.
//
// Source placement and size of one pass (the rule is logged with every run):
//   centre: where the torch axis through the weld line leaves the pass's bead towards the torch (the
//   bead surface: the groove top, or the middle of a fillet's face);
//   b = r_R, c = max(the bead's depth along the axis from the centre, b), a_f = b, a_r = 2·b
//   (Goldak, Chakravarti & Bibby, Metall. Trans. B 15 (1984) 299–305: the ellipsoid matches the pool,
//   front about the half-width, rear about twice the front), r_R the Rosenthal thick-plate fusion
//   half-width for the representative properties (analytic/rosenthal.ts, materials.ts; a user's material: the mean of its values at 20 °C and at its solidus), bounded to
//   [1 mm, section height]. (A first rule, b = half the bead width, spread a 10 mm-wide K-groove bead
//   so thin that no base metal melted, and concentrated a 1 mm square-butt gap to 6000 K.)

import { thickPlateFusionHalfWidth } from '../analytic/rosenthal.js';
import type { WeldLine } from '../geometry/joints.js';
import type { Polygon, Vec2 } from '../geometry/polygon.js';
import { area, clipToConvex, pointInPolygon } from '../geometry/polygon.js';
import { representativeSolid } from '../materials.js';
import type { WeldingCase } from './parameters.js';

/** Symmetric butt joints: the torch on y = 0, the section mirror-symmetric. */
const SYMMETRIC = new Set(['SQUARE_BUTT_WELD', 'BUTT_WELD', 'DOUBLE_V_BUTT_WELD']);

export interface GoldakSize {
  a_f: number;
  a_r: number;
  b: number;
  c: number;
  rule: string;
}

export interface Plan {
  /** 0-based pass number (the index of its weld line). */
  index: number;
  weldLine: WeldLine;
  /** This pass's bead (the filler inside its weld line's Voronoi region). */
  passFillers: Polygon[];
  /** The beads of the other passes. */
  otherFillers: Polygon[];
  centre: Vec2;
  /** Unit torch axis (y, z). */
  axis: Vec2;
  workAngle: number;
  size: GoldakSize;
  /** Whether the mesh is the half section y ≥ 0 (the same for every pass of a case). */
  symmetric: boolean;
  /** +1 or −1: the side of the weld line on which the probes and the fusion boundary are read. */
  side: number;
}

const dot = (a: Vec2, b: Vec2) => a[0] * b[0] + a[1] * b[1];

/** Index of the weld line nearest to `p` (the earlier one on a tie): which pass owns a bead point. */
export function nearestWeldLine(p: Vec2, lines: readonly WeldLine[]): number {
  let best = 0;
  let bestDistance = Infinity;
  lines.forEach((line, j) => {
    const d = (p[0] - line.point[0]) ** 2 + (p[1] - line.point[1]) ** 2;
    if (d < bestDistance) [best, bestDistance] = [j, d];
  });
  return best;
}

/** The convex region (counter-clockwise) of points inside `box` nearer to weld line j than to any other. */
function voronoiRegion(j: number, lines: readonly WeldLine[], box: Polygon): Vec2[] {
  let region: Vec2[] = [...box];
  const a = lines[j]!.point;
  for (let i = 0; i < lines.length && region.length > 0; i++) {
    if (i === j) continue;
    const b = lines[i]!.point;
    const distance = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (distance === 0) {
      // The same aim point: the earlier pass takes the bead.
      if (i < j) region = [];
      continue;
    }
    // Half-plane p·n ≤ (|b|² − |a|²)/2 as a large counter-clockwise quadrilateral (convex clip ring).
    const m: Vec2 = [0.5 * (a[0] + b[0]), 0.5 * (a[1] + b[1])];
    const big = 1e3;
    const [ny, nz] = [(b[0] - a[0]) / distance, (b[1] - a[1]) / distance];
    const along: Vec2 = [-nz, ny];
    const back: Vec2 = [-ny, -nz];
    const ring: Polygon = [
      [m[0] - big * along[0], m[1] - big * along[1]],
      [m[0] + big * along[0], m[1] + big * along[1]],
      [m[0] + big * (along[0] + back[0]), m[1] + big * (along[1] + back[1])],
      [m[0] + big * (back[0] - along[0]), m[1] + big * (back[1] - along[1])],
    ];
    region = clipToConvex(region, ring);
  }
  return region;
}

/** The filler polygons of each weld line's pass (pieces with no area dropped). */
export function splitFillers(fillers: readonly Polygon[], lines: readonly WeldLine[]): Polygon[][] {
  if (lines.length <= 1) return [[...fillers]];
  const ys = fillers.flatMap((p) => p.map((v) => v[0])).concat(lines.map((l) => l.point[0]));
  const zs = fillers.flatMap((p) => p.map((v) => v[1])).concat(lines.map((l) => l.point[1]));
  const pad = 1;
  const box: Polygon = [
    [Math.min(...ys) - pad, Math.min(...zs) - pad],
    [Math.max(...ys) + pad, Math.min(...zs) - pad],
    [Math.max(...ys) + pad, Math.max(...zs) + pad],
    [Math.min(...ys) - pad, Math.max(...zs) + pad],
  ];
  return lines.map((_, j) => {
    const region = voronoiRegion(j, lines, box);
    if (region.length < 3) return [];
    return fillers.map((f) => clipToConvex(f, region)).filter((piece) => piece.length >= 3 && area(piece) > 1e-12 * Math.max(1e-12, ...fillers.map(area)));
  });
}

/** Every pass of the case, in weld-line order. */
export function planPasses(c: WeldingCase): Plan[] {
  const lines = c.section.weldLines;
  const beads = splitFillers(c.section.fillers, lines);
  const symmetric = SYMMETRIC.has(c.joint) && !c.customSection && lines.every((l) => Math.abs(l.point[0]) < 1e-12);
  return lines.map((weldLine, index) => planPass(c, { index, weldLine, passFillers: beads[index]!, otherFillers: beads.filter((_, j) => j !== index).flat(), symmetric }));
}

/** The first pass (single-pass joints: the only one). */
export function planSource(c: WeldingCase): Plan {
  return planPasses(c)[0]!;
}

function planPass(c: WeldingCase, o: { index: number; weldLine: WeldLine; passFillers: Polygon[]; otherFillers: Polygon[]; symmetric: boolean }): Plan {
  const { section } = c;
  const { weldLine, passFillers } = o;
  const axis = weldLine.torchDirection;
  let zetaMin = 0;
  let zetaMax = 0;
  for (const polygon of passFillers)
    for (const p of polygon) {
      const d: Vec2 = [p[0] - weldLine.point[0], p[1] - weldLine.point[1]];
      zetaMin = Math.min(zetaMin, dot(d, axis));
      zetaMax = Math.max(zetaMax, dot(d, axis));
    }
  // Centre: walk from the weld line back along the torch axis while inside the bead (to its surface).
  let back = 0;
  const step = 1e-5;
  const inside = (s: number) => passFillers.some((p) => pointInPolygon([weldLine.point[0] - s * axis[0], weldLine.point[1] - s * axis[1]], p));
  if (passFillers.length > 0) while (back < -zetaMin && inside(back + step)) back += step;
  const centre: Vec2 = [weldLine.point[0] - back * axis[0], weldLine.point[1] - back * axis[1]];
  // Depth of the bead below the centre, along the axis.
  zetaMax += back;
  const solid = representativeSolid(c.materialId, c.material);
  const rosenthal = thickPlateFusionHalfWidth(
    { power: c.efficiency * c.voltage * c.current, travelSpeed: c.travelSpeed, conductivity: solid.conductivity, density: solid.density, specificHeat: solid.specificHeat, initialTemperature: c.preheat },
    c.material.solidus,
  );
  const thickness = section.bounds.zMax - section.bounds.zMin;
  const pool = Math.min(Math.max(1e-3, rosenthal), thickness);
  let size: GoldakSize;
  if (c.source) {
    size = { ...c.source, rule: 'given semi-axes' };
  } else if (passFillers.length > 0) {
    const b = pool;
    const depth = Math.max(b, zetaMax);
    size = {
      a_f: b,
      a_r: 2 * b,
      b,
      c: depth,
      rule: 'derived (Goldak et al. 1984: the ellipsoid matches the pool): b = Rosenthal thick-plate fusion half-width (the pool width follows the heat input), c = max(bead depth along the torch axis, b) (the pool reaches the bead root), a_f = b, a_r = 2b',
    };
  } else {
    size = { a_f: pool, a_r: 2 * pool, b: pool, c: pool, rule: 'derived, no bead: b = c = Rosenthal thick-plate fusion half-width (representative properties), a_f = b, a_r = 2b' };
  }
  const workAngle = Math.atan2(axis[0], -axis[1]);
  const side = axis[0] > 1e-9 ? -1 : 1;
  return { index: o.index, weldLine, passFillers, otherFillers: o.otherFillers, centre, axis, workAngle, size, symmetric: o.symmetric, side };
}
