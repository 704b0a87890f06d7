// The server's answer to an image analysis, for the tests of the screens that import a picture.
import type { ImageAnalysisResponse } from '@simforge/contracts';

type Ring = [number, number][];

/**
 * The analysis of a `width` × `height` px picture whose one dark part is `outline` (px): found with
 * the usual threshold, no scale, no cross-section and no joint recognised, unless `answer` says otherwise.
 */
export function imageAnalysis({ outline, width, height, ...answer }: { outline: Ring; width: number; height: number } & Partial<ImageAnalysisResponse>): ImageAnalysisResponse {
  const xs = outline.map(([x]) => x);
  const ys = outline.map(([, y]) => y);
  const bounds = { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
  // The outlines drawn by these tests are axis-aligned rectangles: their area is their box's.
  const area = bounds.width * bounds.height;
  return {
    file_name: 'drawing.png',
    image: { type: 'image/png', width, height, analysed_width: width, analysed_height: height },
    threshold: { otsu: 120, level: 127, object: 'dark' },
    tolerance_px: 1.5,
    outline,
    holes: [],
    parts: [{ outline, holes: [], area_px: area }],
    area_px: area,
    bounds_px: bounds,
    px_per_mm: null,
    bounds_mm: null,
    area_mm2: null,
    cross_section: null,
    joint: { type: 'unknown', label: 'Unknown joint', confidence: 0.2, runner_up: null, candidates: [] },
    elapsed_ms: 5,
    ...answer,
  };
}
