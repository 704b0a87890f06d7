// Pure geometry of the welding cross-section preview: the estimate's section (metres, y across the
// weld, z up) in millimetres, the window it is drawn in (the whole section or the joint), the
// mapping onto a fixed drawing canvas, and the dimensions shown (thickness, gap, groove or bevel
// angle, leg length; the overall size of a custom section).
import type { CrossSectionPreview } from '@simforge/contracts';

/** [y, z] in mm. */
export type Pt = [number, number];

export interface SectionMm {
  parts: { points: Pt[]; filler: boolean }[];
  weldLines: { point: Pt; direction: Pt }[];
}

export interface Box {
  minY: number;
  maxY: number;
  minZ: number;
  maxZ: number;
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

export function previewToMm(preview: CrossSectionPreview): SectionMm {
  const mm = ([y, z]: readonly [number, number]): Pt => [round(y * 1000), round(z * 1000)];
  return {
    parts: preview.parts.map((part) => ({ points: part.points.map(mm), filler: part.filler })),
    weldLines: preview.weld_lines.map((line) => ({ point: mm(line.point), direction: [line.torch_direction[0], line.torch_direction[1]] })),
  };
}

export function boxOf(points: readonly Pt[]): Box | null {
  if (points.length === 0) return null;
  const ys = points.map(([y]) => y);
  const zs = points.map(([, z]) => z);
  return { minY: Math.min(...ys), maxY: Math.max(...ys), minZ: Math.min(...zs), maxZ: Math.max(...zs) };
}

export type SectionView = 'joint' | 'whole';

/**
 * The part of the section drawn: the whole of it, or a window around the joint (the bead and the
 * weld lines, with two bead sizes of plate around them), cut to the section.
 */
export function viewWindow(section: SectionMm, view: SectionView): Box {
  const whole = boxOf(section.parts.flatMap((p) => p.points)) ?? { minY: -1, maxY: 1, minZ: -1, maxZ: 1 };
  if (view === 'whole') return whole;
  // The simulated pass: the first weld line and the bead nearest to it.
  const line = section.weldLines[0];
  const beads = section.parts.filter((p) => p.filler);
  const distance = (ring: readonly Pt[]) => {
    const box = boxOf(ring)!;
    return line ? Math.hypot((box.minY + box.maxY) / 2 - line.point[0], (box.minZ + box.maxZ) / 2 - line.point[1]) : 0;
  };
  const bead = beads.reduce<{ points: Pt[] } | undefined>((best, p) => (!best || distance(p.points) < distance(best.points) ? p : best), undefined);
  const focus = boxOf([...(bead?.points ?? []), ...(line ? [line.point] : [])]);
  if (!focus) return whole;
  const size = Math.max(focus.maxY - focus.minY, focus.maxZ - focus.minZ, 4);
  const frame = {
    minY: Math.max(whole.minY, focus.minY - 1.5 * size),
    maxY: Math.min(whole.maxY, focus.maxY + 1.5 * size),
    minZ: Math.max(whole.minZ, focus.minZ - 0.8 * size),
    maxZ: Math.min(whole.maxZ, focus.maxZ + 0.8 * size),
  };
  // The first plate's whole thickness (it carries the thickness dimension), when it is thin.
  const plate = boxOf(section.parts.find((p) => !p.filler)?.points ?? []);
  if (plate && plate.maxZ - plate.minZ <= 3 * size) {
    frame.minZ = Math.min(frame.minZ, plate.minZ);
    frame.maxZ = Math.max(frame.maxZ, plate.maxZ);
  }
  return frame;
}

/** The drawing canvas (SVG user units ≈ px at the usual width) and the room kept for labels. */
export const CANVAS = { width: 640, height: 300, left: 84, right: 64, top: 68, bottom: 64 } as const;

export interface Mapping {
  scale: number;
  /** mm -> canvas. */
  x(y: number): number;
  y(z: number): number;
  window: Box;
}

/** Maps the window onto the canvas at one scale (mm to px), centred. */
export function mapping(window: Box): Mapping {
  const width = Math.max(window.maxY - window.minY, 1e-6);
  const height = Math.max(window.maxZ - window.minZ, 1e-6);
  const innerW = CANVAS.width - CANVAS.left - CANVAS.right;
  const innerH = CANVAS.height - CANVAS.top - CANVAS.bottom;
  const scale = Math.min(innerW / width, innerH / height);
  const x0 = CANVAS.left + (innerW - width * scale) / 2;
  const y0 = CANVAS.top + (innerH - height * scale) / 2;
  return { scale, window, x: (y) => x0 + (y - window.minY) * scale, y: (z) => y0 + (window.maxZ - z) * scale };
}

export type Dimension =
  /** A length between two points of the part, drawn `offset` px away (canvas direction, perpendicular to it). */
  | { kind: 'linear'; name: string; from: Pt; to: Pt; offset: [number, number]; label: string }
  /** An angle at `apex` from `startDeg` to `endDeg` (mathematical, from +y towards +z), arc radius in mm. */
  | { kind: 'angle'; name: string; apex: Pt; startDeg: number; endDeg: number; radius: number; label: string }
  | { kind: 'note'; name: string; at: Pt; label: string };

/** A millimetre value for a label: up to 2 decimals, no trailing zeros. */
export function mmText(value: number): string {
  return `${Number(value.toFixed(2))} mm`;
}

export function degText(value: number): string {
  return `${Number(value.toFixed(1))}°`;
}

/** Geometry parameters as the estimate got them (SI): lengths in m, angles in rad. */
export type GeometrySI = Partial<Record<'thickness' | 'thickness_2' | 'gap' | 'groove_angle' | 'root_face' | 'leg_length', number>>;

const DEG = 180 / Math.PI;

/** The dimensions drawn on a parametric joint's section (from its geometry) or on a custom one (its overall size). */
export function dimensionsOf(type: string, section: SectionMm, geometry: GeometrySI | undefined, custom: boolean, window: Box): Dimension[] {
  const out: Dimension[] = [];
  const all = boxOf(section.parts.flatMap((p) => p.points));
  if (!all) return out;
  if (custom || !geometry) {
    out.push({ kind: 'linear', name: 'width', from: [all.minY, all.minZ], to: [all.maxY, all.minZ], offset: [0, 22], label: mmText(all.maxY - all.minY) });
    out.push({ kind: 'linear', name: 'height', from: [all.minY, all.minZ], to: [all.minY, all.maxZ], offset: [-22, 0], label: mmText(all.maxZ - all.minZ) });
    return out;
  }
  const mm = (m: number | undefined) => (m ?? 0) * 1000;
  const t = mm(geometry.thickness);
  const gap = mm(geometry.gap);
  const f = mm(geometry.root_face);
  const t2 = mm(geometry.thickness_2);

  // Plate thickness: the height of the first plate, at its end away from the weld (or where the window cuts it).
  const first = boxOf(section.parts.find((p) => !p.filler)?.points ?? []);
  if (first && geometry.thickness !== undefined) {
    const weldY = section.weldLines[0]?.point[0] ?? 0;
    const right = (first.minY + first.maxY) / 2 > weldY;
    const y = right ? Math.min(first.maxY, window.maxY) : Math.max(first.minY, window.minY);
    out.push({ kind: 'linear', name: 'thickness', from: [y, first.minZ], to: [y, first.maxZ], offset: [right ? 18 : -18, 0], label: mmText(t) });
  }
  const butt = type === 'SQUARE_BUTT_WELD' || type === 'BUTT_WELD' || type === 'DOUBLE_V_BUTT_WELD';
  if (butt && gap > 0) out.push({ kind: 'linear', name: 'gap', from: [-gap / 2, 0], to: [gap / 2, 0], offset: [0, 20], label: `gap ${mmText(gap)}` });
  if (type === 'TEE_JOINT_WELD' && gap > 0) out.push({ kind: 'linear', name: 'gap', from: [t2 / 2, t + gap], to: [t2 / 2, t], offset: [24, 0], label: `gap ${mmText(gap)}` });

  const alpha = geometry.groove_angle;
  if ((type === 'BUTT_WELD' || type === 'DOUBLE_V_BUTT_WELD') && alpha !== undefined) {
    // The V of the (upper) groove: faces from the root face's top edge to the surface, meeting (extended) on y = 0.
    const rootTop = type === 'BUTT_WELD' ? f : (t - f) / 2 + f;
    const half = alpha / 2;
    const apexZ = rootTop - gap / 2 / Math.tan(half);
    const radius = ((t - apexZ) / Math.cos(half)) * 1.12;
    out.push({ kind: 'angle', name: 'groove_angle', apex: [0, apexZ], startDeg: 90 - half * DEG, endDeg: 90 + half * DEG, radius, label: degText(alpha * DEG) });
  }
  if (type === 'TEE_JOINT_WELD' && alpha !== undefined) {
    const z0 = t + gap;
    const face = (t2 - f) / 2 / Math.cos(alpha);
    out.push({ kind: 'angle', name: 'groove_angle', apex: [f / 2, z0], startDeg: 0, endDeg: alpha * DEG, radius: Math.max(face * 0.7, 1), label: degText(alpha * DEG) });
  }
  if (geometry.leg_length !== undefined) {
    const line = section.weldLines[0];
    const beads = section.parts.filter((p) => p.filler).map((p) => boxOf(p.points)!);
    const near = (b: Box) => (line ? Math.hypot((b.minY + b.maxY) / 2 - line.point[0], (b.minZ + b.maxZ) / 2 - line.point[1]) : 0);
    const bead = beads.sort((a, b) => near(a) - near(b))[0];
    if (bead) out.push({ kind: 'note', name: 'leg_length', at: [(bead.minY + bead.maxY) / 2, (bead.minZ + bead.maxZ) / 2], label: `leg ${mmText(mm(geometry.leg_length))}` });
  }
  return out;
}

/** A sentence naming what the drawing shows, for its accessible name. */
export function describeSection(section: SectionMm, dimensions: readonly Dimension[]): string {
  const plates = section.parts.filter((p) => !p.filler).length;
  const beads = section.parts.length - plates;
  const names: Record<string, string> = { thickness: 'plate thickness', gap: 'root', groove_angle: 'angle', leg_length: 'fillet', width: 'width', height: 'height' };
  const dims = dimensions.map((d) => `${names[d.name] ?? d.name} ${d.label}`).join(', ');
  return `Cross-section preview: ${plates} base-metal part${plates === 1 ? '' : 's'}, ${beads} bead${beads === 1 ? '' : 's'}${dims ? `; ${dims}` : ''}`;
}

// --- layout on the canvas ---------------------------------------------------------------------

/** Label font size on the canvas. */
export const FONT = 13;
const ARROW_LENGTH = 44;

type XY = [number, number];

export interface Label {
  x: number;
  y: number;
  text: string;
  anchor: 'start' | 'middle' | 'end';
}

export interface DrawnDimension {
  name: string;
  /** Plain lines (extension lines, dashed for angle legs). */
  lines: { from: XY; to: XY; dashed?: boolean }[];
  /** Lines ending in an arrowhead at `to`. */
  arrows: { from: XY; to: XY }[];
  /** SVG path data of angle arcs. */
  arcs: string[];
  label: Label;
}

export interface DrawnTorch {
  tail: XY;
  tip: XY;
  pass: number;
  direction: Pt;
  label: Label | null;
}

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function labelRect(label: Label): Rect {
  const width = label.text.length * FONT * 0.56;
  const x0 = label.anchor === 'start' ? label.x : label.anchor === 'end' ? label.x - width : label.x - width / 2;
  return { x0: x0 - 2, y0: label.y - FONT * 0.8 - 2, x1: x0 + width + 2, y1: label.y + FONT * 0.25 + 2 };
}

const overlaps = (a: Rect, b: Rect) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

function segmentHits(rect: Rect, from: XY, to: XY): boolean {
  for (let i = 0; i <= 16; i++) {
    const x = from[0] + ((to[0] - from[0]) * i) / 16;
    const y = from[1] + ((to[1] - from[1]) * i) / 16;
    if (x > rect.x0 && x < rect.x1 && y > rect.y0 && y < rect.y1) return true;
  }
  return false;
}

const inCanvas = (r: Rect) => r.x0 >= 0 && r.x1 <= CANVAS.width && r.y0 >= 0 && r.y1 <= CANVAS.height;

/**
 * Places the torch arrows and the dimensions on the canvas. Each label takes the first of its
 * candidate places (further out, then aside) that clears the torch arrows, the beads and the labels
 * already placed.
 */
export function layoutDrawing(section: SectionMm, dimensions: readonly Dimension[], map: Mapping): { torches: DrawnTorch[]; dimensions: DrawnDimension[] } {
  const at = ([y, z]: Pt): XY => [map.x(y), map.y(z)];
  const placed: Rect[] = [];
  const shafts: [XY, XY][] = [];
  const obstacles: Rect[] = section.parts
    .filter((p) => p.filler)
    .map((p) => {
      const b = boxOf(p.points)!;
      return { x0: map.x(b.minY), y0: map.y(b.maxZ), x1: map.x(b.maxY), y1: map.y(b.minZ) };
    });
  const clear = (label: Label) => {
    const r = labelRect(label);
    return inCanvas(r) && !placed.some((p) => overlaps(p, r)) && !obstacles.some((o) => overlaps(o, r)) && !shafts.some(([a, b]) => segmentHits(r, a, b));
  };
  const choose = (candidates: Label[]): Label => {
    const label = candidates.find(clear) ?? candidates[0]!;
    placed.push(labelRect(label));
    return label;
  };

  const torches: DrawnTorch[] = section.weldLines.map((line, i) => {
    const tip = at(line.point);
    // On the canvas z points down.
    const d: XY = [line.direction[0], -line.direction[1]];
    const tail: XY = [tip[0] - d[0] * ARROW_LENGTH, tip[1] - d[1] * ARROW_LENGTH];
    shafts.push([tail, [tip[0] - d[0] * 2, tip[1] - d[1] * 2]]);
    return { tail, tip, pass: i + 1, direction: line.direction, label: null };
  });
  for (const torch of torches) {
    const d = [torch.tail[0] - torch.tip[0], torch.tail[1] - torch.tip[1]].map((v) => v / ARROW_LENGTH) as XY;
    const anchor = d[0] > 0.3 ? 'start' : d[0] < -0.3 ? 'end' : 'middle';
    const text = torches.length > 1 ? `Torch ${torch.pass}` : 'Torch';
    const base: XY = [torch.tail[0] + d[0] * 6, torch.tail[1] + d[1] * 6 + (d[1] < 0 ? -2 : FONT)];
    torch.label = choose([0, 1, 2].map((k) => ({ x: base[0] + d[0] * k * 12, y: base[1] + d[1] * k * 12, text, anchor })));
  }

  const drawn = dimensions.map((dimension): DrawnDimension => {
    if (dimension.kind === 'linear') {
      const a = at(dimension.from);
      const b = at(dimension.to);
      const [ox, oy] = dimension.offset;
      const o = Math.hypot(ox, oy) || 1;
      const n: XY = [ox / o, oy / o];
      const a2: XY = [a[0] + ox, a[1] + oy];
      const b2: XY = [b[0] + ox, b[1] + oy];
      const length = Math.hypot(b2[0] - a2[0], b2[1] - a2[1]);
      const u: XY = length > 0 ? [(b2[0] - a2[0]) / length, (b2[1] - a2[1]) / length] : [1, 0];
      const lines = [
        { from: [a[0] + n[0] * 2, a[1] + n[1] * 2] as XY, to: [a2[0] + n[0] * 4, a2[1] + n[1] * 4] as XY },
        { from: [b[0] + n[0] * 2, b[1] + n[1] * 2] as XY, to: [b2[0] + n[0] * 4, b2[1] + n[1] * 4] as XY },
      ];
      // Too short for arrows inside: they point in from outside.
      const arrows =
        length < 16
          ? [
              { from: [a2[0] - u[0] * 14, a2[1] - u[1] * 14] as XY, to: a2 },
              { from: [b2[0] + u[0] * 14, b2[1] + u[1] * 14] as XY, to: b2 },
            ]
          : [
              { from: [(a2[0] + b2[0]) / 2, (a2[1] + b2[1]) / 2] as XY, to: a2 },
              { from: [(a2[0] + b2[0]) / 2, (a2[1] + b2[1]) / 2] as XY, to: b2 },
            ];
      const mid: XY = [(a2[0] + b2[0]) / 2, (a2[1] + b2[1]) / 2];
      const vertical = Math.abs(u[1]) > Math.abs(u[0]);
      const candidates: Label[] = vertical
        ? [0, 1, 2].flatMap((k) => [
            { x: mid[0] + n[0] * 6, y: mid[1] + FONT / 3 + k * (FONT + 2), text: dimension.label, anchor: n[0] < 0 ? ('end' as const) : ('start' as const) },
            { x: mid[0] + n[0] * 6, y: mid[1] + FONT / 3 - (k + 1) * (FONT + 2), text: dimension.label, anchor: n[0] < 0 ? ('end' as const) : ('start' as const) },
          ])
        : [0, 1, 2].flatMap((k) => [
            { x: mid[0] + k * 20, y: mid[1] + n[1] * 6 + (n[1] > 0 ? FONT * 0.8 : 0), text: dimension.label, anchor: 'middle' as const },
            { x: mid[0] - (k + 1) * 20, y: mid[1] + n[1] * 6 + (n[1] > 0 ? FONT * 0.8 : 0), text: dimension.label, anchor: 'middle' as const },
          ]);
      return { name: dimension.name, lines, arrows, arcs: [], label: choose(candidates) };
    }
    if (dimension.kind === 'angle') {
      const [cx, cy] = at(dimension.apex);
      const r = Math.max(dimension.radius * map.scale, 18);
      const point = (deg: number, radius: number): XY => [cx + radius * Math.cos((deg * Math.PI) / 180), cy - radius * Math.sin((deg * Math.PI) / 180)];
      const start = point(dimension.startDeg, r);
      const end = point(dimension.endDeg, r);
      const large = dimension.endDeg - dimension.startDeg > 180 ? 1 : 0;
      const span = dimension.endDeg - dimension.startDeg;
      const candidates: Label[] = [0.5, 0.2, 0.8, 0.05, 0.95].flatMap((share) =>
        [8, 20, 32].map((extra) => {
          const deg = dimension.startDeg + span * share;
          const [x, y] = point(deg, r + extra);
          const cos = Math.cos((deg * Math.PI) / 180);
          return { x, y: y + FONT / 3, text: dimension.label, anchor: Math.abs(cos) < 0.35 ? ('middle' as const) : cos > 0 ? ('start' as const) : ('end' as const) };
        }),
      );
      return {
        name: dimension.name,
        lines: [
          { from: [cx, cy], to: point(dimension.startDeg, r + 4), dashed: true },
          { from: [cx, cy], to: point(dimension.endDeg, r + 4), dashed: true },
        ],
        arrows: [],
        arcs: [`M ${start[0]} ${start[1]} A ${r} ${r} 0 ${large} 0 ${end[0]} ${end[1]}`],
        label: choose(candidates),
      };
    }
    const [x, y] = at(dimension.at);
    const candidates: Label[] = [
      { x: x + 14, y: y - 14, text: dimension.label, anchor: 'start' },
      { x: x - 14, y: y - 14, text: dimension.label, anchor: 'end' },
      { x: x + 14, y: y + FONT + 10, text: dimension.label, anchor: 'start' },
      { x: x - 14, y: y + FONT + 10, text: dimension.label, anchor: 'end' },
      { x: x + 24, y: y - 30, text: dimension.label, anchor: 'start' },
      { x: x - 24, y: y - 30, text: dimension.label, anchor: 'end' },
    ];
    const label = choose(candidates);
    // A leader from the bead to the label.
    const end: XY = [label.anchor === 'start' ? label.x - 2 : label.x + 2, label.y - FONT * 0.35];
    return { name: dimension.name, lines: [{ from: [x, y], to: end }], arrows: [], arcs: [], label };
  });
  return { torches, dimensions: drawn };
}
