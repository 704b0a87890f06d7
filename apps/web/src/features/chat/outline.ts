// The image analysis' outline in the panel: an SVG path for the preview, and the parts as the
// cross-section designer's format (metres, z up) when the request gave no scale.
import type { ImageAnalysisResponse } from '@simforge/contracts';
import type { CrossSectionData } from '../cross-section-designer';

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
