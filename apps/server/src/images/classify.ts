// Joint classification from shape. Each outline is described by its cyclic sequence of turning
// angles (convex corners positive, reflex negative): invariant to position, scale, rotation and the
// plates' proportions, and it keeps what tells joints apart (a V notch, the two reflex corners of a
// tee next to each other, a lap's step, a fillet's chamfer). The image's parts are compared with
// reference drawings of every welding joint, made from the solver's own parametric cross-sections
// (packages/solvers welding geometry, default and zero-gap geometry) both as prepared (plates only)
// and as welded (plates and beads) and traced by the same pipeline as an upload. The distance is
// an edit distance between the cyclic sequences (rad). Groove joints welded flush look like plain
// plates, so only their prepared drawing is a reference.

import { catalogueEntry, defaultParametersOf } from '@simforge/contracts';
import { welding } from '@simforge/solvers';
import { traceParts } from './outline.js';
import { principalAxis, turningAngles, type Point, type Ring } from './polygon.js';
import { rasterize } from './raster.js';
import type { SimplifyOptions } from './simplify.js';

export type JointType = (typeof welding.WELDING_JOINT_TYPES)[number];

/** Cost of explaining two turns by one (a corner split in two by noise or a short chamfer), rad. */
const MERGE_PENALTY = 0.35;
/** Below this confidence the answer is `unknown`. */
export const CONFIDENCE_THRESHOLD = 0.5;
/** A distance of this many radians halves the fit part of the confidence. */
const DISTANCE_SCALE = 1.0;

/** Groove joints: welded flush they are indistinguishable from plain plates; only the prepared joint is a reference. */
const PREPARED_ONLY = new Set<string>(['BUTT_WELD', 'DOUBLE_V_BUTT_WELD', 'TEE_JOINT_WELD']);

export interface ShapeDescription {
  /** Turning angles of each part's outline, largest part first. */
  parts: number[][];
  /** Each part's share of the total area. */
  shares: number[];
  /** Elongation of the whole: long over short side of the box along the principal axes (≥ 1). */
  elongation: number;
}

/** Long over short extent along the principal axes of the vertices (rotation-invariant). */
export function elongation(points: readonly Point[]): number {
  const u = principalAxis(points).direction;
  const along = points.map(([x, y]) => x * u[0] + y * u[1]);
  const across = points.map(([x, y]) => -x * u[1] + y * u[0]);
  const a = Math.max(...along) - Math.min(...along);
  const b = Math.max(...across) - Math.min(...across);
  return Math.max(a, b) / Math.max(1e-9, Math.min(a, b));
}

export function describeShape(outlines: readonly Ring[], areas: readonly number[]): ShapeDescription {
  const total = areas.reduce((s, a) => s + a, 0) || 1;
  return { parts: outlines.map((ring) => turningAngles(ring)), shares: areas.map((a) => a / total), elongation: elongation(outlines.flat()) };
}

/** Weight of the elongation (per unit of |ln ratio|): breaks ties between outlines with the same corners (an outside corner and a lap). */
const ELONGATION_WEIGHT = 0.25;

/** Edit distance between two turning sequences aligned from their first elements. */
function alignedDistance(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  const m = b.length;
  const D: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(Infinity));
  D[0]![0] = 0;
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      if (i === 0 && j === 0) continue;
      let best = Infinity;
      if (i > 0) best = Math.min(best, D[i - 1]![j]! + Math.abs(a[i - 1]!));
      if (j > 0) best = Math.min(best, D[i]![j - 1]! + Math.abs(b[j - 1]!));
      if (i > 0 && j > 0) best = Math.min(best, D[i - 1]![j - 1]! + Math.abs(a[i - 1]! - b[j - 1]!));
      if (i > 1 && j > 0) best = Math.min(best, D[i - 2]![j - 1]! + Math.abs(a[i - 2]! + a[i - 1]! - b[j - 1]!) + MERGE_PENALTY);
      if (i > 0 && j > 1) best = Math.min(best, D[i - 1]![j - 2]! + Math.abs(a[i - 1]! - b[j - 2]! - b[j - 1]!) + MERGE_PENALTY);
      D[i]![j] = best;
    }
  }
  return D[n]![m]!;
}

/** Least edit distance over every starting corner of `a` and its mirror image (reversed order). */
export function turningDistance(a: readonly number[], b: readonly number[]): number {
  let best = Infinity;
  for (const seq of [a, [...a].reverse()]) {
    for (let r = 0; r < seq.length; r++) best = Math.min(best, alignedDistance([...seq.slice(r), ...seq.slice(0, r)], b));
  }
  return best;
}

const totalTurn = (turns: readonly number[]) => turns.reduce((s, t) => s + Math.abs(t), 0);

function permutations(n: number): number[][] {
  if (n <= 1) return [[...Array(n).keys()]];
  return permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, k) => [...p.slice(0, k), n - 1, ...p.slice(k)]));
}

/** Distance between two multi-part shapes: parts paired at least cost, an unpaired part costs its total turning. */
export function shapeDistance(image: ShapeDescription, reference: ShapeDescription): number {
  const a = image.parts.slice(0, 4);
  const b = reference.parts.slice(0, 4);
  const size = Math.max(a.length, b.length);
  let best = Infinity;
  for (const perm of permutations(size)) {
    let cost = 0;
    for (let i = 0; i < size; i++) {
      const pa = a[i];
      const pb = b[perm[i]!];
      if (pa && pb) cost += turningDistance(pa, pb) + Math.abs((image.shares[i] ?? 0) - (reference.shares[perm[i]!] ?? 0));
      else cost += totalTurn(pa ?? pb ?? []);
    }
    best = Math.min(best, cost);
  }
  return best + ELONGATION_WEIGHT * Math.abs(Math.log(image.elongation / reference.elongation));
}

interface Reference {
  type: JointType;
  variant: string;
  shape: ShapeDescription;
}

const REFERENCE_SIZE = 640;
export const REFERENCE_SIMPLIFY: SimplifyOptions = { tolerance: 2, cornerMargin: 3, maxCornerShift: 4 };

/** Section polygons ([y, z] m, z up) drawn into a mask of about REFERENCE_SIZE px and traced. */
function traceSection(polygons: readonly (readonly (readonly number[])[])[]): ShapeDescription {
  const all = polygons.flat();
  const minY = Math.min(...all.map((p) => p[0]!));
  const maxY = Math.max(...all.map((p) => p[0]!));
  const minZ = Math.min(...all.map((p) => p[1]!));
  const maxZ = Math.max(...all.map((p) => p[1]!));
  const pad = 10;
  const s = (REFERENCE_SIZE - 2 * pad) / Math.max(maxY - minY, maxZ - minZ);
  const width = Math.ceil((maxY - minY) * s) + 2 * pad;
  const height = Math.ceil((maxZ - minZ) * s) + 2 * pad;
  const toPixels = (p: readonly number[]): Point => [(p[0]! - minY) * s + pad, (maxZ - p[1]!) * s + pad];
  const parts = traceParts(rasterize(polygons.map((poly) => poly.map(toPixels)), width, height), REFERENCE_SIMPLIFY);
  return describeShape(
    parts.map((p) => p.outline),
    parts.map((p) => p.area),
  );
}

let references: Reference[] | null = null;

/** The reference drawings (made once, on first use: about a second). */
export function jointReferences(): Reference[] {
  if (references) return references;
  const list: Reference[] = [];
  for (const type of welding.WELDING_JOINT_TYPES) {
    const geometry = (defaultParametersOf(type)?.geometry ?? {}) as Record<string, number>;
    const geometries: [string, Record<string, number>][] = [['default', geometry]];
    if ('gap' in geometry && geometry.gap! > 0) geometries.push(['no gap', { ...geometry, gap: 0 }]);
    for (const [name, g] of geometries) {
      const section = welding.jointCrossSection(type, g);
      list.push({ type, variant: `${name}, prepared`, shape: traceSection(section.plates) });
      if (!PREPARED_ONLY.has(type)) list.push({ type, variant: `${name}, welded`, shape: traceSection([...section.plates, ...section.fillers]) });
    }
  }
  references = list;
  return list;
}

export interface JointCandidate {
  type: JointType;
  label: string;
  /** 0..1 */
  confidence: number;
  /** Edit distance of the turning sequences to the nearest reference drawing, rad. */
  distance: number;
  /** Which reference drawing matched (e.g. `default, welded`). */
  reference: string;
}

export interface JointClassification {
  /** A welding joint type, or `unknown` when the best confidence is below CONFIDENCE_THRESHOLD. */
  type: JointType | 'unknown';
  confidence: number;
  best: JointCandidate | null;
  runner_up: JointCandidate | null;
  /** Every type, best first. */
  candidates: JointCandidate[];
}

/** Each joint's name as the catalogue (the specification's table) gives it. */
const LABELS = Object.fromEntries(welding.WELDING_JOINT_TYPES.map((type) => [type, catalogueEntry(type)!.label])) as Record<JointType, string>;

/**
 * Confidence of a type: how well it fits, exp(−d/DISTANCE_SCALE), times how clearly it beats the
 * next type, ½(1 + (d₂ − d)/d₂) (1 when far ahead, ½ on a tie). The runner-up gets its own fit
 * times ½.
 */
export function classifyJoint(shape: ShapeDescription): JointClassification {
  const bestByType = new Map<JointType, { distance: number; reference: string }>();
  for (const ref of jointReferences()) {
    const distance = shapeDistance(shape, ref.shape);
    const current = bestByType.get(ref.type);
    if (!current || distance < current.distance) bestByType.set(ref.type, { distance, reference: ref.variant });
  }
  const ranked = [...bestByType.entries()].sort((a, b) => a[1].distance - b[1].distance);
  const d1 = ranked[0]?.[1].distance ?? Infinity;
  const d2 = ranked[1]?.[1].distance ?? Infinity;
  const candidates: JointCandidate[] = ranked.map(([type, { distance, reference }], i) => {
    const fit = Math.exp(-distance / DISTANCE_SCALE);
    const lead = i === 0 ? 0.5 * (1 + (d2 > 0 && Number.isFinite(d2) ? (d2 - d1) / d2 : 1)) : 0.5;
    return { type, label: LABELS[type], confidence: round3(fit * lead), distance: round3(distance), reference };
  });
  const best = candidates[0] ?? null;
  const confidence = best?.confidence ?? 0;
  return {
    type: best && confidence >= CONFIDENCE_THRESHOLD ? best.type : 'unknown',
    confidence,
    best,
    runner_up: candidates[1] ?? null,
    candidates,
  };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export function jointLabel(type: string): string {
  return (LABELS as Record<string, string>)[type] ?? 'Unknown joint';
}
