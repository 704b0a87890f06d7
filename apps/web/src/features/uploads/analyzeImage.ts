// POST /api/v1/simulations/analyze-image (bearer): a picture of a geometry -> its outline, bounds and
// suggested joint type. The file goes as the multipart `file` part (its bytes, not base64), with the
// scale fields the user gave.
import type { ImageAnalysisResponse } from '@simforge/contracts';
import { api } from '../../lib/api';

/** The drawing's scale as the user gives it (text as typed; blank fields are not sent). */
export interface ImageScaleInput {
  px_per_mm?: string;
  known_length_mm?: string;
  known_length_px?: string;
}

export function analyzeImage(file: File, scale: ImageScaleInput = {}, signal?: AbortSignal): Promise<ImageAnalysisResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(scale)) {
    if (typeof value === 'string' && value.trim() !== '') form.append(name, value.trim());
  }
  form.append('file', file, file.name);
  return api.post<ImageAnalysisResponse>('/simulations/analyze-image', { body: form, auth: true, ...(signal ? { signal } : {}) });
}
