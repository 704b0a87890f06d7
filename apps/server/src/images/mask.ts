// Binary masks (1 = the drawn geometry) and the clean-up between threshold and contour: which side
// of the threshold is the object, morphological opening and closing, connected components.

export interface Mask {
  width: number;
  height: number;
  /** Row-major, 1 inside the object, 0 outside. */
  data: Uint8Array;
}

export interface GreyImage {
  width: number;
  height: number;
  /** Row-major grey levels 0..255. */
  data: Uint8Array;
}

/**
 * Pixels on the threshold's side that covers less of the image border: a drawing's background
 * reaches the border, the object seldom does (dark on light or light on dark alike).
 */
export function binarize(image: GreyImage, threshold: number): Mask {
  const { width, height, data } = image;
  let darkOnBorder = 0;
  let borderPixels = 0;
  const visit = (i: number) => {
    borderPixels += 1;
    if (data[i]! <= threshold) darkOnBorder += 1;
  };
  for (let x = 0; x < width; x++) {
    visit(x);
    visit((height - 1) * width + x);
  }
  for (let y = 1; y < height - 1; y++) {
    visit(y * width);
    visit(y * width + width - 1);
  }
  const darkIsObject = darkOnBorder * 2 < borderPixels;
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = (data[i]! <= threshold) === darkIsObject ? 1 : 0;
  return { width, height, data: out };
}

/** Minimum (erode) or maximum (dilate) over a (2r+1)² square, done as two 1-D passes; outside the image counts as 0. */
function squareFilter(mask: Mask, radius: number, op: 'erode' | 'dilate'): Mask {
  const { width, height } = mask;
  const pick = op === 'erode' ? Math.min : Math.max;
  const pass = (src: Uint8Array, horizontal: boolean): Uint8Array => {
    const out = new Uint8Array(src.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let v = op === 'erode' ? 1 : 0;
        for (let k = -radius; k <= radius; k++) {
          const xx = horizontal ? x + k : x;
          const yy = horizontal ? y : y + k;
          const inside = xx >= 0 && yy >= 0 && xx < width && yy < height;
          v = pick(v, inside ? src[yy * width + xx]! : 0);
        }
        out[y * width + x] = v;
      }
    }
    return out;
  };
  return { width, height, data: pass(pass(mask.data, true), false) };
}

/** Opening: removes specks smaller than the square. */
export const open = (mask: Mask, radius: number): Mask => squareFilter(squareFilter(mask, radius, 'erode'), radius, 'dilate');
/** Closing: fills pinholes and cracks narrower than the square (the image border counts as empty). */
export const close = (mask: Mask, radius: number): Mask => squareFilter(squareFilter(mask, radius, 'dilate'), radius, 'erode');

export interface Components {
  /** Component id per pixel (0 = outside the object, ids from 1). */
  labels: Int32Array;
  /** Pixel count per id (index 0 unused). */
  sizes: number[];
}

/** 8-connected components of the object (the contour tracer joins diagonal neighbours too). */
export function connectedComponents(mask: Mask): Components {
  const { width, height, data } = mask;
  const labels = new Int32Array(width * height);
  const sizes = [0];
  const stack: number[] = [];
  for (let start = 0; start < data.length; start++) {
    if (!data[start] || labels[start]) continue;
    const id = sizes.length;
    let size = 0;
    labels[start] = id;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      size += 1;
      const x = i % width;
      const y = (i - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const j = yy * width + xx;
          if (data[j] && !labels[j]) {
            labels[j] = id;
            stack.push(j);
          }
        }
      }
    }
    sizes.push(size);
  }
  return { labels, sizes };
}

export function componentMask(components: Components, id: number, width: number, height: number): Mask {
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = components.labels[i] === id ? 1 : 0;
  return { width, height, data };
}
