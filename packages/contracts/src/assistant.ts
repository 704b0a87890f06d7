// The chat assistant and the image analysis on the wire (spec: POST /api/v1/chat/chat with message,
// conversation_history, simulation_context, uploaded_image; POST /api/v1/simulations/analyze-image).

import { z } from 'zod';

/** An uploaded geometry image as the UI holds it (spec: dataUrl, fileName, uploadedAt). */
/** Longest image data URL accepted: a 10 MB image base64-encoded, plus its header. */
export const MAX_IMAGE_DATA_URL_LENGTH = Math.ceil((10 * 1024 * 1024 * 4) / 3) + 1024;

export const UploadedImage = z.object({
  dataUrl: z.string().min(1, { error: 'This field is required' }).max(MAX_IMAGE_DATA_URL_LENGTH, { error: 'The image is larger than 10 MB' }),
  fileName: z.string().max(255).default('image'),
  uploadedAt: z.string().max(64).optional(),
});
export type UploadedImage = z.infer<typeof UploadedImage>;

export const READ_FILE_ERROR_MESSAGE = 'Failed to read file';

/** The drawing's scale: pixels per millimetre, or a known length and its length in pixels. */
export const ImageScaleFields = {
  px_per_mm: z.number().positive().max(10_000).optional(),
  known_length_mm: z.number().positive().max(1e6).optional(),
  known_length_px: z.number().positive().max(1e6).optional(),
  /** Douglas–Peucker tolerance in px (default 1.5). */
  tolerance_px: z.number().min(0.25).max(50).optional(),
};

/** JSON form of the analyze-image request (the multipart form has a `file` part and the same fields). */
export const AnalyzeImageJson = z.object({
  /** A data URL, or the UI's uploaded image. */
  image: z.union([z.string().min(1), UploadedImage]),
  ...ImageScaleFields,
});
export type AnalyzeImageJson = z.infer<typeof AnalyzeImageJson>;

const PointPx = z.tuple([z.number(), z.number()]);

export const JointCandidate = z.object({
  type: z.string(),
  label: z.string(),
  confidence: z.number(),
  distance: z.number(),
  reference: z.string(),
});

export const ImageAnalysisResponse = z.object({
  file_name: z.string().nullable(),
  image: z.object({ type: z.string(), width: z.number(), height: z.number(), analysed_width: z.number(), analysed_height: z.number() }),
  threshold: z.object({ otsu: z.number(), level: z.number(), object: z.enum(['dark', 'light']) }),
  tolerance_px: z.number(),
  /** Outline of the largest part, [x, y] px of the image (y down). */
  outline: z.array(PointPx),
  holes: z.array(z.array(PointPx)),
  parts: z.array(z.object({ outline: z.array(PointPx), holes: z.array(z.array(PointPx)), area_px: z.number() })),
  area_px: z.number(),
  bounds_px: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  px_per_mm: z.number().nullable(),
  bounds_mm: z.object({ width: z.number(), height: z.number() }).nullable(),
  area_mm2: z.number().nullable(),
  /** Every part in the cross-section designer's format (m, [y, z], z up); null without a scale. */
  cross_section: z.object({ parts: z.array(z.object({ points: z.array(z.tuple([z.number(), z.number()])), filler: z.boolean() })) }).nullable(),
  joint: z.object({
    /** A welding joint type or `unknown`. */
    type: z.string(),
    label: z.string(),
    confidence: z.number(),
    runner_up: JointCandidate.nullable(),
    candidates: z.array(JointCandidate),
  }),
  elapsed_ms: z.number(),
});
export type ImageAnalysisResponse = z.infer<typeof ImageAnalysisResponse>;

export const ChatRole = z.enum(['user', 'assistant']);
export const ChatHistoryMessage = z.object({ role: ChatRole, content: z.string().max(20_000) });
export type ChatHistoryMessage = z.infer<typeof ChatHistoryMessage>;

export const ChatSimulationContext = z.object({
  /** A saved simulation: the server loads it itself (only when the user may see it). */
  simulation_id: z.uuid({ error: 'This field is invalid' }).nullish(),
  /** The type on a create screen (no saved simulation yet). */
  type: z.string().max(64).nullish(),
  /** The create form's current values (the user's own inputs; checked against the type's schema). */
  parameters: z.record(z.string(), z.unknown()).nullish(),
  /** Where the user is (create, view, simulator), for the wording only. */
  screen: z.string().max(64).nullish(),
});
export type ChatSimulationContext = z.infer<typeof ChatSimulationContext>;

export const MAX_CHAT_MESSAGE_LENGTH = 4000;

export const ChatRequest = z.object({
  message: z.string().trim().min(1, { error: 'This field is required' }).max(MAX_CHAT_MESSAGE_LENGTH),
  conversation_history: z.array(ChatHistoryMessage).max(100).default([]),
  simulation_context: ChatSimulationContext.nullish(),
  uploaded_image: UploadedImage.nullish(),
});
export type ChatRequest = z.input<typeof ChatRequest>;

export const ChatSource = z.object({ title: z.string(), path: z.string() });

export const ChatResponse = z.object({
  /** Markdown. */
  reply: z.string(),
  /** What the assistant understood: parameter, results, diagnosis, target, image, docs, greeting, unknown. */
  intent: z.string(),
  /** `built-in`, or `llm:{model}` when a configured model answered. */
  answered_by: z.string(),
  suggestions: z.array(z.string()),
  sources: z.array(ChatSource),
  /** The image analysis when an image came with the message (outline for the preview, cross-section for the designer). */
  image_analysis: ImageAnalysisResponse.nullable(),
  simulation_id: z.string().nullable(),
});
export type ChatResponse = z.infer<typeof ChatResponse>;

export const ChatStoredMessage = z.object({ id: z.string(), role: ChatRole, content: z.string(), created_at: z.string() });
export const ChatHistoryQuery = z.object({ simulation_id: z.uuid({ error: 'This field is invalid' }).optional() });
export const ChatHistoryResponse = z.object({ simulation_id: z.string().nullable(), messages: z.array(ChatStoredMessage) });
export type ChatHistoryResponse = z.infer<typeof ChatHistoryResponse>;
