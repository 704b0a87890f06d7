// Hostile and malformed uploads are refused with a 4xx and a sentence naming the field; the limits
// hold before any pixel is decoded.

import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkImageInput, decodeImage, parseDataUrl, sniffImageType } from './decode.js';
import { ImageRejected } from './errors.js';
import { MAX_IMAGE_BYTES } from './limits.js';

const smallPng = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#ffffff' } }).png().toBuffer();

/** A valid PNG whose header claims width × height (the pixel data stays that of the small image). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await smallPng());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

async function rejection(promise: Promise<unknown>): Promise<ImageRejected> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ImageRejected) return error;
    throw error;
  }
  throw new Error('not rejected');
}

describe('image input', () => {
  it('knows PNG, JPEG and WebP by their first bytes', async () => {
    const base = sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } });
    expect(sniffImageType(await base.clone().png().toBuffer())).toBe('image/png');
    expect(sniffImageType(await base.clone().jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffImageType(await base.clone().webp().toBuffer())).toBe('image/webp');
    expect(sniffImageType(await base.clone().gif().toBuffer())).toBeNull();
  });

  it('decodes a PNG to grey levels', async () => {
    const decoded = await decodeImage({ bytes: await smallPng(), declaredType: 'image/png', field: 'file' });
    expect(decoded).toMatchObject({ type: 'image/png', originalWidth: 40, originalHeight: 30, scale: 1 });
    expect(decoded.grey.data.every((v) => v === 255)).toBe(true);
  });

  it.each([
    ['text', Buffer.from('hello, I am not an image'), 'text/plain', 415, 'file: unsupported image type text/plain; use PNG, JPEG or WebP'],
    ['text called PNG', Buffer.from('hello, I am not an image'), 'image/png', 415, 'file: the file is not a PNG, JPEG or WebP image'],
    ['an empty file', Buffer.alloc(0), 'image/png', 422, 'file: the image is empty'],
  ])('%s is refused', (_name, bytes, declaredType, status, detail) => {
    expect(() => checkImageInput({ bytes, declaredType, field: 'file' })).toThrow(expect.objectContaining({ statusCode: status, detail }));
  });

  it('a GIF is refused even when it calls itself PNG; a JPEG declared as PNG is named for what it is', async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).gif().toBuffer();
    expect(() => checkImageInput({ bytes: gif, declaredType: 'image/png', field: 'file' })).toThrow(expect.objectContaining({ statusCode: 415 }));
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).jpeg().toBuffer();
    expect(() => checkImageInput({ bytes: jpeg, declaredType: 'image/png', field: 'file' })).toThrow('file: the file is declared as image/png but is a JPEG image');
  });

  it('a file over the byte limit is refused before decoding', () => {
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(() => checkImageInput({ bytes: big, declaredType: 'image/png', field: 'file' })).toThrow(expect.objectContaining({ statusCode: 413 }));
  });

  it('a truncated PNG is refused', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
    const error = await rejection(decodeImage({ bytes: png.subarray(0, Math.floor(png.length / 2)), declaredType: 'image/png', field: 'file' }));
    expect(error.statusCode).toBe(400);
    expect(error.detail).toMatch(/^file: the image could not be (read|decoded) \(corrupt or truncated\)$/);
  });

  it('a decompression bomb (a small file claiming 30000 × 30000 px) is refused unread', async () => {
    const error = await rejection(decodeImage({ bytes: await pngClaiming(30_000, 30_000), declaredType: 'image/png', field: 'file' }));
    expect(error.statusCode).toBe(413);
    expect(error.detail).toMatch(/million pixels/);
  });

  it('a data URL is read; anything else in its place is refused', async () => {
    const png = await smallPng();
    expect(parseDataUrl(`data:image/png;base64,${png.toString('base64')}`, 'image').bytes.equals(png)).toBe(true);
    expect(() => parseDataUrl('http://example.com/a.png', 'image')).toThrow('image: expected a data URL (data:image/png;base64,...)');
  });
});
