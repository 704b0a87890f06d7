// The image analysis' outline on the page: an SVG path for the preview, and the parts as the
// cross-section designer's format (metres, z up) at a scale, for a welding section or a jet ridge.
import type { ImageAnalysisResponse } from '@simforge/contracts';
import type { CrossSectionData } from '../cross-section-designer';

/** What an imported outline becomes: every part of a welding section, or the one polygon of a ridge. */
export type ImageImportTarget = 'cross-section' | 'ridge';

export function svgPath(points: readonly (readonly [number, number])[]): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x} ${y}`).join(' ') + ' Z';
}

/** Every part of the analysis in metres ([y, z], z up, origin at the bottom-left), at `pxPerMm`. */
export function crossSectionFromAnalysis(analysis: ImageAnalysisResponse, pxPerMm: number): CrossSectionData {
  if (analysis.cross_section && analysis.px_per_mm === pxPerMm) return analysis.cross_section;
  const xs = analysis.parts.flatMap((p) => p.outline.map((q) => q[0]));
  const ys = analysis.parts.flatMap((p) => p.outline.map((q) => q[1]));
  const minX = Math.min(...xs);
  const maxY = Math.max(...ys);
  const metres = (v: number) => +(v / pxPerMm / 1000).toPrecision(6);
  return {
    parts: analysis.parts.map((part) => ({
      // y down on the image, z up in the designer: the order flips to keep the same turning sense.
      points: part.outline.map(([x, y]) => [metres(x - minX), metres(maxY - y)] as [number, number]).reverse(),
      filler: false,
    })),
  };
}

/**
 * A ridge is one polygon [s, z] standing on the plate: the largest part (the analysis' first), in
 * the same metres and axes as the cross-section import, moved so that its left edge is s = 0 and its
 * base z = 0 (the solver wants z ≥ 0). A picture has no jet axis, so none is guessed.
 */
export function ridgeFromAnalysis(analysis: ImageAnalysisResponse, pxPerMm: number): CrossSectionData {
  const largest = crossSectionFromAnalysis(analysis, pxPerMm).parts[0];
  if (!largest) return { parts: [] };
  const minS = Math.min(...largest.points.map((p) => p[0]));
  const minZ = Math.min(...largest.points.map((p) => p[1]));
  const shift = (v: number, by: number) => +(v - by).toPrecision(6);
  return { parts: [{ points: largest.points.map(([s, z]) => [shift(s, minS), shift(z, minZ)] as [number, number]), filler: false }] };
}

/** The outline in the target's form at `pxPerMm`. */
export function importFromAnalysis(analysis: ImageAnalysisResponse, pxPerMm: number, target: ImageImportTarget): CrossSectionData {
  return target === 'ridge' ? ridgeFromAnalysis(analysis, pxPerMm) : crossSectionFromAnalysis(analysis, pxPerMm);
}
