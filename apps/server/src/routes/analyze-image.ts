// POST /simulations/analyze-image: an uploaded image of a geometry (multipart `file`, or JSON with a
// data URL) -> its outline, holes, bounds (px, and mm with a scale), the designer's cross-section
// and a guess of the welding joint type. A static path: Fastify's router matches it before the
// parametric /simulations/:id routes, whatever the order of registration.

import multipart from '@fastify/multipart';
import { AnalyzeImageJson, ImageAnalysisResponse, ImageScaleFields } from '@simforge/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestCompute } from '../compute/request-compute.js';
import { type AuthGuards } from '../http/auth-guard.js';
import { bearerSecurity } from '../http/docs.js';
import { analyzeUpload, ImageRejected, MAX_IMAGE_BYTES, uploadFromDataUrl, type ImageUpload, type ScaleFields } from '../images/index.js';
import { ApiError, ValidationFailed, zodValidationFailed } from '../services/errors.js';
import { errorResponses } from './schemas.js';

export interface AnalyzeImageRoutesOptions {
  guards: AuthGuards;
  /** The analysis of the decoded image runs in the compute pool. */
  compute: Pick<RequestCompute, 'analyzeGrey'>;
}

/** The analysis takes up to a second or two of CPU on a large image: per client IP, a minute. */
/** How messages name the uploaded image (its label on the page, not the request field). */
const IMAGE_LABEL = 'Image';

export const ANALYZE_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

/** JSON bodies carry the image base64-encoded (4/3 of the bytes) plus the other fields. */
const JSON_BODY_LIMIT = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024;

const MultipartFields = z.object(
  Object.fromEntries(Object.keys(ImageScaleFields).map((key) => [key, z.coerce.number({ error: 'This field must be a number' }).positive({ error: 'This field must be greater than 0' }).optional()])),
);

export function toApiError(error: unknown): unknown {
  return error instanceof ImageRejected ? new ApiError(error.statusCode, error.detail) : error;
}

export const analyzeImageRoutes: FastifyPluginAsyncZod<AnalyzeImageRoutesOptions> = async (app, { guards, compute }) => {
  // Multipart only in this plugin: one file, bounded, no other files.
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });

  app.post(
    '/simulations/analyze-image',
    {
      onRequest: guards.user,
      bodyLimit: JSON_BODY_LIMIT,
      config: { rateLimit: ANALYZE_RATE_LIMIT },
      schema: {
        tags: ['simulations'],
        summary:
          'Outline of an uploaded geometry image (multipart `file`, or JSON `image` as a data URL): polygon, holes, bounds in px (and mm with px_per_mm or known_length_mm + known_length_px), the designer cross-section, and the welding joint type with confidence and runner-up',
        security: bearerSecurity,
        response: { 200: ImageAnalysisResponse, ...errorResponses(400, 401, 413, 415, 422, 429) },
      },
    },
    async (request) => {
      let upload: ImageUpload;
      let fields: ScaleFields;
      try {
        if (request.isMultipart()) {
          const raw: Record<string, string> = {};
          let file: ImageUpload | null = null;
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file') throw new ImageRejected(422, `${part.fieldname}: the image goes in the part named file`);
              const bytes = await part.toBuffer();
              if (part.file.truncated) throw new ImageRejected(413, `${IMAGE_LABEL}: the image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
              file = { bytes, declaredType: part.mimetype ?? '', field: IMAGE_LABEL, fileName: part.filename || null };
            } else {
              raw[part.fieldname] = String(part.value);
            }
          }
          if (!file) throw new ValidationFailed([{ loc: ['body', 'file'], msg: 'This field is required', type: 'missing' }]);
          const parsed = MultipartFields.safeParse(raw);
          if (!parsed.success) {
            throw zodValidationFailed(parsed.error.issues);
          }
          upload = file;
          fields = parsed.data as ScaleFields;
        } else {
          const parsed = AnalyzeImageJson.safeParse(request.body ?? {});
          if (!parsed.success) {
            throw zodValidationFailed(parsed.error.issues);
          }
          const { image, ...rest } = parsed.data;
          upload = typeof image === 'string' ? uploadFromDataUrl(image, IMAGE_LABEL, null) : uploadFromDataUrl(image.dataUrl, IMAGE_LABEL, image.fileName);
          fields = rest;
        }
        return await analyzeUpload(upload, fields, compute.analyzeGrey);
      } catch (error) {
        const e = error as { code?: string; statusCode?: number };
        if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, `${IMAGE_LABEL}: the image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
        throw toApiError(error);
      }
    },
  );
};
