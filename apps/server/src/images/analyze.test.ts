// The analysis against drawings with a known answer (test/drawings.ts): polygons rendered by sharp,
// rotated, blurred, with noise and a scale bar. Tolerances are the issue's: vertices within 2 px,
// areas within 2 %.

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyzeGrey } from './analyze.js';
import { decodeImage } from './decode.js';
import { area, type Point } from './polygon.js';
import { analyseDrawing as analyse } from '../../test/drawings.js';


/** For each expected vertex the distance to the nearest found one; and the counts must agree. */
function vertexErrors(found: readonly Point[], expected: readonly Point[]): number[] {
  expect(found).toHaveLength(expected.length);
  return expected.map((e) => Math.min(...found.map((f) => Math.hypot(f[0] - e[0], f[1] - e[1]))));
}

/** A plate with a single-V bevel and a root face (mm, z up): seven corners, 30° and 60° turns. */
const BEVELLED_PLATE: [number, number][] = [
  [0, 0],
  [40, 0],
  [40, 12],
  [46, 12],
  [52, 20],
  [70, 20],
  [70, 30],
  [0, 30],
];

describe('outline of a drawn polygon', () => {
  it('clean drawing: every vertex within 0.5 px, area within 0.5 %', async () => {
    const { image, analysis } = await analyse({ polygons: [BEVELLED_PLATE], pxPerMm: 6 });
    const errors = vertexErrors(analysis.outline, image.polygons[0]!);
    expect(Math.max(...errors)).toBeLessThan(0.5);
    expect(Math.abs(analysis.area_px / area(image.polygons[0]!) - 1)).toBeLessThan(0.005);
  });

  it.each([
    ['rotated 17°, blur σ 1.5 px, noise σ 20, scale bar', { rotationDeg: 17, blurSigma: 1.5, noiseSigma: 20, scaleBarMm: 20 }],
    ['light on dark, rotated −33°, JPEG', { rotationDeg: -33, blurSigma: 1, noiseSigma: 10, inverted: true, format: 'jpeg' as const }],
    ['WebP, rotated 90°', { rotationDeg: 90, blurSigma: 0.8, format: 'webp' as const }],
  ])('%s: vertices within 2 px, area within 2 %%', async (_name, options) => {
    const { image, analysis } = await analyse({ polygons: [BEVELLED_PLATE], pxPerMm: 6, ...options });
    const errors = vertexErrors(analysis.outline, image.polygons[0]!);
    expect(Math.max(...errors)).toBeLessThan(2);
    expect(Math.abs(analysis.area_px / area(image.polygons[0]!) - 1)).toBeLessThan(0.02);
    // The scale bar (a separate small component) is not part of the geometry.
    expect(analysis.parts).toHaveLength(1);
  });

  it('a hole is reported separately and subtracted from the area', async () => {
    const hole: [number, number][] = [
      [20, 10],
      [35, 10],
      [35, 20],
      [20, 20],
    ];
    const { image, analysis } = await analyse({ polygons: [BEVELLED_PLATE], holes: [hole], pxPerMm: 6, rotationDeg: 8, blurSigma: 1, noiseSigma: 12 });
    expect(analysis.holes).toHaveLength(1);
    expect(Math.max(...vertexErrors(analysis.holes[0]!, image.holes[0]!))).toBeLessThan(2);
    const expectedArea = area(image.polygons[0]!) - area(image.holes[0]!);
    expect(Math.abs(analysis.area_px / expectedArea - 1)).toBeLessThan(0.02);
  });

  it('with a scale: bounds in mm and the designer cross-section in metres', async () => {
    const byPxPerMm = (await analyse({ polygons: [BEVELLED_PLATE], pxPerMm: 6, blurSigma: 1 }, { px_per_mm: 6 })).analysis;
    expect(byPxPerMm.bounds_mm!.width).toBeCloseTo(70, 0);
    expect(byPxPerMm.bounds_mm!.height).toBeCloseTo(30, 0);
    expect(Math.abs(byPxPerMm.area_mm2! / area(BEVELLED_PLATE) - 1)).toBeLessThan(0.02);
    const points = byPxPerMm.cross_section!.parts[0]!.points;
    // Back in the drawing's own frame (origin bottom-left, z up), within 2 px = 1/3 mm.
    for (const [y, z] of BEVELLED_PLATE) expect(Math.min(...points.map(([py, pz]) => Math.hypot(py * 1000 - y, pz * 1000 - z)))).toBeLessThan(2 / 6);
    // A known length: 120 px are 20 mm, the same scale.
    const byLength = (await analyse({ polygons: [BEVELLED_PLATE], pxPerMm: 6, blurSigma: 1 }, { known_length_mm: 20, known_length_px: 120 })).analysis;
    expect(byLength.bounds_mm).toEqual(byPxPerMm.bounds_mm);
    expect(byLength.px_per_mm).toBe(6);
  });

  it('a blank image has no outline to find', async () => {
    const blank = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#f0f0f0' } }).png().toBuffer();
    const decoded = await decodeImage({ bytes: blank, declaredType: 'image/png', field: 'file' });
    expect(() => analyzeGrey(decoded.grey)).toThrow('Image: the image has too little contrast to find an outline in');
  });
});
