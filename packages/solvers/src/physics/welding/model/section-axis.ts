// The cross-section mesh axes of the welding model: faces through every polygon vertex, finest
// around the weld (one band per pass) and graded away from it.

import type { AxisFaces } from '../../../thermal/index.js';

export interface Band {
  lo: number;
  hi: number;
}

export interface SectionAxisOptions {
  min: number;
  max: number;
  /** Coordinates kept as faces (unless closer than h/4 to another). */
  breaks: readonly number[];
  /** Where the cells have the finest width h (one band per weld pass). */
  bands: readonly Band[];
  h: number;
  /** Growth per cell away from the bands. */
  ratio: number;
  hMax: number;
}

/**
 * Faces along one axis through all `breaks`, with cells of width h inside the bands growing linearly
 * with the distance from the nearest band (≈ a geometric growth by `ratio` per cell) up to hMax.
 */
export function sectionAxisBands(o: SectionAxisOptions): AxisFaces {
  const { min, max, h, ratio, hMax, bands } = o;
  const points = [...o.breaks.filter((u) => u > min && u < max), min, max].sort((a, b) => a - b);
  const kept: number[] = [min];
  for (const u of points) if (u - kept[kept.length - 1]! > 0.25 * h && max - u > 0.25 * h) kept.push(u);
  kept.push(max);
  const distance = (u: number) => Math.min(...bands.map((b) => Math.max(0, b.lo - u, u - b.hi)));
  const toCentre = (u: number) => Math.min(...bands.map((b) => Math.abs(u - 0.5 * (b.lo + b.hi))));
  const width = (u: number) => Math.min(hMax, h + (ratio - 1) * distance(u));
  const faces: number[] = [min];
  for (let s = 0; s + 1 < kept.length; s++) {
    const [p, q] = [kept[s]!, kept[s + 1]!];
    const widths: number[] = [];
    let u = p;
    // March from the end nearer a band's centre so that the fine cells sit against it.
    const fromHigh = toCentre(q) < toCentre(p);
    let v = fromHigh ? q : p;
    for (;;) {
      const w = width(v);
      const rest = fromHigh ? v - p : q - v;
      if (rest < 1.5 * w) {
        widths.push(rest);
        break;
      }
      widths.push(w);
      v += fromHigh ? -w : w;
    }
    if (fromHigh) widths.reverse();
    const total = widths.reduce((x, y) => x + y, 0);
    for (const w of widths) {
      u += (w * (q - p)) / total;
      faces.push(u);
    }
    faces[faces.length - 1] = q;
  }
  return Float64Array.from(faces);
}

/** One band [bandLo, bandHi] (the single-pass form). */
export function sectionAxis(min: number, max: number, breaks: readonly number[], bandLo: number, bandHi: number, h: number, ratio: number, hMax: number): AxisFaces {
  return sectionAxisBands({ min, max, breaks, bands: [{ lo: bandLo, hi: bandHi }], h, ratio, hMax });
}
