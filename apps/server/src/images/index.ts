// Image analysis of uploaded geometry (issue 9): decode with limits, outline, scale, joint type.

import type { ImageAnalysisResponse } from '@simforge/contracts';
import type { AnalysisOptions, ImageAnalysis, ImageScale } from './analyze.js';
import { decodeImage, parseDataUrl, type DecodedImage } from './decode.js';
import { ImageRejected } from './errors.js';

export { ImageRejected } from './errors.js';
export { IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from './limits.js';
export { jointLabel } from './classify.js';

export interface ScaleFields {
  px_per_mm?: number | undefined;
  known_length_mm?: number | undefined;
  known_length_px?: number | undefined;
  tolerance_px?: number | undefined;
}

/** The scale from the request's fields: px_per_mm, or both known_length_mm and known_length_px. */
export function scaleFrom(fields: ScaleFields): ImageScale | undefined {
  if (fields.px_per_mm !== undefined) return { px_per_mm: fields.px_per_mm };
  const { known_length_mm: mm, known_length_px: px } = fields;
  if (mm !== undefined && px !== undefined) return { known_length_mm: mm, known_length_px: px };
  if (mm !== undefined || px !== undefined) {
    throw new ImageRejected(422, `${mm === undefined ? 'Known length (mm)' : 'Known length (px)'}: give both the known length in millimetres and the same length in pixels`);
  }
  return undefined;
}

export interface ImageUpload {
  bytes: Buffer;
  declaredType: string;
  field: string;
  fileName: string | null;
}

/** An upload from a data URL (JSON requests and the chat's uploaded_image). */
export function uploadFromDataUrl(dataUrl: string, field: string, fileName: string | null): ImageUpload {
  const { declaredType, bytes } = parseDataUrl(dataUrl, field);
  return { bytes, declaredType, field, fileName };
}

/** The grey image's analysis (analyze.ts `analyzeGrey`); the server runs it in the compute pool (seconds on a large image). */
export type AnalyzeGrey = (grey: DecodedImage['grey'], options: AnalysisOptions) => Promise<ImageAnalysis>;

export async function analyzeUpload(upload: ImageUpload, fields: ScaleFields, analyzeGrey: AnalyzeGrey): Promise<ImageAnalysisResponse> {
  const started = performance.now();
  const scale = scaleFrom(fields);
  const decoded = await decodeImage(upload);
  const analysis = await analyzeGrey(decoded.grey, { pixelScale: decoded.scale, ...(scale ? { scale } : {}), ...(fields.tolerance_px !== undefined ? { tolerancePx: fields.tolerance_px } : {}) });
  const { joint } = analysis;
  return {
    file_name: upload.fileName,
    image: { type: decoded.type, width: decoded.originalWidth, height: decoded.originalHeight, analysed_width: decoded.grey.width, analysed_height: decoded.grey.height },
    threshold: analysis.threshold,
    tolerance_px: analysis.tolerance_px,
    outline: analysis.outline,
    holes: analysis.holes,
    parts: analysis.parts,
    area_px: analysis.area_px,
    bounds_px: analysis.bounds_px,
    px_per_mm: analysis.px_per_mm,
    bounds_mm: analysis.bounds_mm,
    area_mm2: analysis.area_mm2,
    cross_section: analysis.cross_section,
    joint: {
      type: joint.type,
      label: joint.type === 'unknown' ? 'Unknown joint' : (joint.best?.label ?? 'Unknown joint'),
      confidence: joint.confidence,
      runner_up: joint.type === 'unknown' ? joint.best : joint.runner_up,
      candidates: joint.candidates,
    },
    elapsed_ms: Math.round(performance.now() - started),
  };
}
