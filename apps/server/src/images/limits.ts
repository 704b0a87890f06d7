// What the image analysis accepts (docs/adr/0025).

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Largest upload, bytes (a photographed sketch is a few MB). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Largest decoded image, pixels: sharp refuses more before decoding (decompression bombs). */
export const MAX_IMAGE_PIXELS = 25_000_000;
/** Images are analysed at most this many pixels on their long side (answers are scaled back). */
export const ANALYSIS_MAX_SIDE = 1600;
/** Smallest image worth analysing, px on each side. */
export const MIN_IMAGE_SIDE = 16;
