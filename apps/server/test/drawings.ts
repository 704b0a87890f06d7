// Test images with a known answer: polygons (mm, z up) drawn with sharp from SVG at a known scale,
// optionally rotated, blurred, with Gaussian noise and a scale bar. Used by the tests only.

import sharp from 'sharp';
import { seededRandom } from '@simforge/solvers';
import { analyzeGrey, type ImageScale } from '../src/images/analyze.js';
import { decodeImage } from '../src/images/decode.js';
import type { Point } from '../src/images/polygon.js';

export interface Drawing {
  /** Polygons in mm, [y, z] with z up. */
  polygons: [number, number][][];
  /** Holes (drawn in the background colour over the polygons), mm. */
  holes?: [number, number][][];
  pxPerMm: number;
  /** Counter-clockwise rotation on the page, degrees. */
  rotationDeg?: number;
  /** Gaussian blur sigma, px (sharp's blur). */
  blurSigma?: number;
  /** Standard deviation of additive Gaussian noise, grey levels. */
  noiseSigma?: number;
  /** Draw a scale bar of this length (mm) under the drawing. */
  scaleBarMm?: number;
  margin?: number;
  /** Light object on a dark background. */
  inverted?: boolean;
  format?: 'png' | 'jpeg' | 'webp';
}

export interface DrawnImage {
  bytes: Buffer;
  width: number;
  height: number;
  /** The polygons' vertices in image px (x right, y down), as drawn. */
  polygons: Point[][];
  holes: Point[][];
}

export async function drawImage(d: Drawing): Promise<DrawnImage> {
  const margin = d.margin ?? 40;
  const angle = ((d.rotationDeg ?? 0) * Math.PI) / 180;
  const holeCount = d.holes?.length ?? 0;
  const rotated = [...d.polygons, ...(d.holes ?? [])].map((poly) =>
    poly.map(([y, z]): Point => {
      const px = y * d.pxPerMm;
      const py = -z * d.pxPerMm;
      return [px * Math.cos(angle) + py * Math.sin(angle), -px * Math.sin(angle) + py * Math.cos(angle)];
    }),
  );
  const xs = rotated.flat().map((p) => p[0]);
  const ys = rotated.flat().map((p) => p[1]);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const placed = rotated.map((poly) => poly.map(([x, y]): Point => [x - minX + margin, y - minY + margin]));
  const polygons = placed.slice(0, placed.length - holeCount);
  const holes = placed.slice(placed.length - holeCount);
  const barHeight = d.scaleBarMm ? 40 : 0;
  const width = Math.ceil(Math.max(...xs) - minX + 2 * margin);
  const height = Math.ceil(Math.max(...ys) - minY + 2 * margin + barHeight);
  const ink = d.inverted ? '#ffffff' : '#000000';
  const paper = d.inverted ? '#000000' : '#ffffff';
  const shapes = [...polygons.map((poly) => [poly, ink] as const), ...holes.map((poly) => [poly, paper] as const)]
    .map(([poly, colour]) => `<polygon points="${poly.map((p) => p.join(',')).join(' ')}" fill="${colour}"/>`)
    .join('');
  const bar = d.scaleBarMm
    ? `<rect x="${margin}" y="${height - 30}" width="${d.scaleBarMm * d.pxPerMm}" height="5" fill="${ink}"/>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${paper}"/>${shapes}${bar}</svg>`;
  let image = sharp(Buffer.from(svg)).flatten({ background: paper }).greyscale();
  if (d.blurSigma) image = image.blur(d.blurSigma);
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  const grey = new Uint8Array(info.width * info.height);
  const next = seededRandom(12345);
  for (let i = 0; i < grey.length; i++) {
    let v = data[i * info.channels]!;
    if (d.noiseSigma) {
      // Box–Muller
      const g = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
      v = Math.max(0, Math.min(255, Math.round(v + d.noiseSigma * g)));
    }
    grey[i] = v;
  }
  const raw = sharp(Buffer.from(grey), { raw: { width: info.width, height: info.height, channels: 1 } });
  const format = d.format ?? 'png';
  const bytes = await (format === 'png' ? raw.png() : format === 'jpeg' ? raw.jpeg({ quality: 92 }) : raw.webp({ quality: 92 })).toBuffer();
  return { bytes, width: info.width, height: info.height, polygons, holes };
}

/** Draws, decodes and analyses like an upload. */
export async function analyseDrawing(drawing: Drawing, scale?: ImageScale) {
  const image = await drawImage(drawing);
  const decoded = await decodeImage({ bytes: image.bytes, declaredType: `image/${drawing.format ?? 'png'}`, field: 'file' });
  return { image, analysis: analyzeGrey(decoded.grey, { pixelScale: decoded.scale, ...(scale ? { scale } : {}) }) };
}
