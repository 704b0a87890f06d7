// The analysis of a decoded grey image, in named phases: threshold (Otsu), binarize (object on the
// side that misses the border), clean (opening), trace (marching squares, Douglas–Peucker, corner
// refinement), measure (bounds and area in px, and in mm with a scale), classify (joint type).

import { classifyJoint, describeShape, type JointClassification } from './classify.js';
import { ImageRejected } from './errors.js';
import { binarize, open, type GreyImage } from './mask.js';
import { traceParts, type Part } from './outline.js';
import { area, boundingBox, type Point, type Ring } from './polygon.js';
import type { SimplifyOptions } from './simplify.js';
import { histogram, otsuThreshold } from './threshold.js';

/** The scale of the drawing: pixels per millimetre, or a known length (mm) and its length in pixels. */
export type ImageScale = { px_per_mm: number } | { known_length_mm: number; known_length_px: number };

export interface AnalysisOptions {
  /** Douglas–Peucker tolerance in px of the original image (default DEFAULT_TOLERANCE_PX). */
  tolerancePx?: number;
  scale?: ImageScale;
  /** Original px per analysed px (the decoder scales large images down). */
  pixelScale?: number;
}

export const DEFAULT_TOLERANCE_PX = 1.5;
/** Grey levels between the two classes' means below which there is no drawing to find. */
export const MIN_CONTRAST = 40;

export interface Measured {
  /** Outline of the largest part, px of the original image ([x, y], y down). */
  outline: Point[];
  holes: Point[][];
  parts: { outline: Point[]; holes: Point[][]; area_px: number }[];
  area_px: number;
  bounds_px: { x: number; y: number; width: number; height: number };
  px_per_mm: number | null;
  bounds_mm: { width: number; height: number } | null;
  area_mm2: number | null;
  /**
   * Every part as the cross-section designer's wire format (metres, [y, z], z up, origin at the
   * bottom-left of the bounds); null without a scale.
   */
  cross_section: { parts: { points: [number, number][]; filler: boolean }[] } | null;
}

export interface ImageAnalysis extends Measured {
  threshold: { otsu: number; level: number; object: 'dark' | 'light' };
  tolerance_px: number;
  joint: JointClassification;
}

export function pxPerMm(scale: ImageScale | undefined): number | null {
  if (!scale) return null;
  return 'px_per_mm' in scale ? scale.px_per_mm : scale.known_length_px / scale.known_length_mm;
}

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

export function analyzeGrey(grey: GreyImage, options: AnalysisOptions = {}): ImageAnalysis {
  const k = options.pixelScale ?? 1;
  const tolerancePx = options.tolerancePx ?? DEFAULT_TOLERANCE_PX;

  // threshold: Otsu separates the classes; the outline is drawn half-way between their means,
  // where a blurred edge crosses (a biased Otsu level would shift every edge the same way).
  const counts = histogram(grey.data);
  const otsu = otsuThreshold(counts);
  let n0 = 0;
  let s0 = 0;
  let n1 = 0;
  let s1 = 0;
  for (let g = 0; g < 256; g++) {
    if (g <= otsu) {
      n0 += counts[g]!;
      s0 += g * counts[g]!;
    } else {
      n1 += counts[g]!;
      s1 += g * counts[g]!;
    }
  }
  const dark = n0 ? s0 / n0 : 0;
  const light = n1 ? s1 / n1 : 255;
  if (!n0 || !n1 || light - dark < MIN_CONTRAST) throw new ImageRejected(422, 'Image: the image has too little contrast to find an outline in');
  const level = (dark + light) / 2;

  // binarize, with the objectness field (0..1, 0.5 on the edge) the tracer interpolates on.
  const mask = binarize(grey, level);
  const darkObject = mask.data.some((v, i) => v === 1 && grey.data[i]! <= level);
  const field = new Float32Array(grey.data.length);
  for (let i = 0; i < field.length; i++) {
    const f = (grey.data[i]! - dark) / (light - dark);
    field[i] = darkObject ? 1 - f : f;
  }

  // clean: a 3 × 3 opening removes specks of noise (thin lines of 1-2 px go with them).
  const clean = open(mask, 1);

  // trace, in analysed px.
  const simplify: SimplifyOptions = { tolerance: tolerancePx / k, cornerMargin: 3, maxCornerShift: 4 };
  const parts = traceParts(clean, simplify, field);
  if (parts.length === 0) throw new ImageRejected(422, 'Image: no closed outline was found in the image');

  // classify on the analysed parts (scale-free).
  const joint = classifyJoint(
    describeShape(
      parts.map((p) => p.outline),
      parts.map((p) => p.area),
    ),
  );

  return { threshold: { otsu, level: round(level, 1), object: darkObject ? 'dark' : 'light' }, tolerance_px: tolerancePx, joint, ...measure(parts, k, options.scale) };
}

/** Bounds, areas and the designer's cross-section, in original-image px and (with a scale) mm. */
export function measure(parts: readonly Part[], k: number, scale: ImageScale | undefined): Measured {
  const toOriginal = (ring: Ring): Point[] => ring.map(([x, y]) => [round(x * k), round(y * k)]);
  const main = parts[0]!;
  const outline = toOriginal(main.outline);
  const holes = main.holes.map(toOriginal);
  const all = parts.map((p) => ({ outline: toOriginal(p.outline), holes: p.holes.map(toOriginal) }));
  const areaOf = (p: { outline: Point[]; holes: Point[][] }) => area(p.outline) - p.holes.reduce((s, h) => s + area(h), 0);
  const box = boundingBox(all.map((p) => p.outline));
  const perMm = pxPerMm(scale);
  const mainArea = areaOf({ outline, holes });
  let crossSection: Measured['cross_section'] = null;
  if (perMm) {
    const toMetres = ([x, y]: Point): [number, number] => [+((x - box.minX) / perMm / 1000).toPrecision(6), +((box.maxY - y) / perMm / 1000).toPrecision(6)];
    crossSection = { parts: all.map((p) => ({ points: p.outline.map(toMetres).reverse(), filler: false })) };
  }
  return {
    outline,
    holes,
    parts: all.map((p) => ({ ...p, area_px: round(areaOf(p), 1) })),
    area_px: round(mainArea, 1),
    bounds_px: { x: round(box.minX), y: round(box.minY), width: round(box.width), height: round(box.height) },
    px_per_mm: perMm,
    bounds_mm: perMm ? { width: round(box.width / perMm, 3), height: round(box.height / perMm, 3) } : null,
    area_mm2: perMm ? round(mainArea / perMm ** 2, 3) : null,
    cross_section: crossSection,
  };
}
