// Polygons to a mask (scanline fill at pixel centres, a pixel is inside when any polygon holds its
// centre). The classifier draws its reference joints with it and traces them like an upload.

import type { Mask } from './mask.js';
import type { Point } from './polygon.js';

export function rasterize(polygons: readonly (readonly Point[])[], width: number, height: number): Mask {
  const data = new Uint8Array(width * height);
  for (const polygon of polygons) {
    const n = polygon.length;
    for (let row = 0; row < height; row++) {
      const y = row + 0.5;
      const xs: number[] = [];
      for (let i = 0; i < n; i++) {
        const [x0, y0] = polygon[i]!;
        const [x1, y1] = polygon[(i + 1) % n]!;
        if (y0 > y !== y1 > y) xs.push(x0 + ((y - y0) * (x1 - x0)) / (y1 - y0));
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        const from = Math.max(0, Math.ceil(xs[k]! - 0.5));
        const to = Math.min(width - 1, Math.floor(xs[k + 1]! - 0.5));
        for (let col = from; col <= to; col++) data[row * width + col] = 1;
      }
    }
  }
  return { width, height, data };
}
