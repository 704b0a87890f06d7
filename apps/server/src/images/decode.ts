// From uploaded bytes to a grey image: the type is read from the bytes (the declared type must be
// one we accept and agree with them), sizes are checked before decoding, and sharp decodes with its
// pixel limit so a small file that claims huge dimensions is refused unread.

import sharp, { type Metadata } from 'sharp';
import { ImageRejected } from './errors.js';
import { ANALYSIS_MAX_SIDE, IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MIN_IMAGE_SIDE, type ImageType } from './limits.js';
import type { GreyImage } from './mask.js';

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 102.4) / 10} MB`;

/** The image type the bytes start with (magic numbers of PNG, JPEG and WebP), or null. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  return null;
}

const DATA_URL = /^data:([\w.+/-]+)?(;[\w-]+=[\w.-]+)*;base64,([A-Za-z0-9+/=\s]*)$/;

/** A `data:image/...;base64,` URL's type and bytes. */
export function parseDataUrl(dataUrl: string, field: string): { declaredType: string; bytes: Buffer } {
  // base64 is 4/3 of the bytes: refuse before decoding anything larger than the byte limit.
  if (dataUrl.length > (MAX_IMAGE_BYTES * 4) / 3 + 1024) throw new ImageRejected(413, `${field}: the image is larger than ${mb(MAX_IMAGE_BYTES)}`);
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw new ImageRejected(422, `${field}: expected a data URL (data:image/png;base64,...)`);
  return { declaredType: (match[1] ?? '').toLowerCase(), bytes: Buffer.from(match[3]!, 'base64') };
}

export interface ImageInput {
  bytes: Buffer;
  /** The type the client named (multipart part or data URL); '' when none. */
  declaredType: string;
  /** The request field the image came in, for messages. */
  field: string;
}

export interface DecodedImage {
  grey: GreyImage;
  type: ImageType;
  /** Size of the original image, px. */
  originalWidth: number;
  originalHeight: number;
  /** Original px per analysed px (≥ 1 when the image was scaled down for the analysis). */
  scale: number;
}

export function checkImageInput({ bytes, declaredType, field }: ImageInput): ImageType {
  const declared = declaredType.toLowerCase();
  if (declared && declared !== 'application/octet-stream' && !(IMAGE_TYPES as readonly string[]).includes(declared === 'image/jpg' ? 'image/jpeg' : declared)) {
    throw new ImageRejected(415, `${field}: unsupported image type ${declared}; use PNG, JPEG or WebP`);
  }
  if (bytes.length === 0) throw new ImageRejected(422, `${field}: the image is empty`);
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageRejected(413, `${field}: the image is larger than ${mb(MAX_IMAGE_BYTES)}`);
  const sniffed = sniffImageType(bytes);
  if (!sniffed) throw new ImageRejected(415, `${field}: the file is not a PNG, JPEG or WebP image`);
  const normalised = declared === 'image/jpg' ? 'image/jpeg' : declared;
  if (normalised && normalised !== 'application/octet-stream' && normalised !== sniffed) {
    throw new ImageRejected(415, `${field}: the file is declared as ${declared} but is a ${sniffed.slice(6).toUpperCase()} image`);
  }
  return sniffed;
}

/** Checks and decodes an upload into the grey image the analysis works on. */
export async function decodeImage(input: ImageInput): Promise<DecodedImage> {
  const type = checkImageInput(input);
  const { field } = input;
  let metadata: Metadata;
  try {
    metadata = await sharp(input.bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw new ImageRejected(413, `${field}: the image has more than ${MAX_IMAGE_PIXELS / 1e6} million pixels`);
    throw new ImageRejected(400, `${field}: the image could not be read (corrupt or truncated)`);
  }
  const width = metadata.autoOrient?.width ?? metadata.width ?? 0;
  const height = metadata.autoOrient?.height ?? metadata.height ?? 0;
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new ImageRejected(413, `${field}: the image is ${width} × ${height} px; at most ${MAX_IMAGE_PIXELS / 1e6} million pixels are accepted`);
  }
  if (width < MIN_IMAGE_SIDE || height < MIN_IMAGE_SIDE) throw new ImageRejected(422, `${field}: the image is ${width} × ${height} px; at least ${MIN_IMAGE_SIDE} px on each side are needed`);
  const scale = Math.max(1, Math.max(width, height) / ANALYSIS_MAX_SIDE);
  try {
    // failOn 'truncated' refuses images whose data ends early instead of analysing half a picture.
    const { data, info } = await sharp(input.bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .resize({ width: Math.round(width / scale), height: Math.round(height / scale), fit: 'fill', kernel: 'lanczos3' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const grey = new Uint8Array(info.width * info.height);
    for (let i = 0; i < grey.length; i++) grey[i] = data[i * info.channels]!;
    return { grey: { width: info.width, height: info.height, data: grey }, type, originalWidth: width, originalHeight: height, scale: width / info.width };
  } catch {
    throw new ImageRejected(400, `${field}: the image could not be decoded (corrupt or truncated)`);
  }
}
