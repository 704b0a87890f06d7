// The surface of a block of cells as one triangle mesh: only the faces between a filled cell and an
// empty cell (or the outside) are kept, so a solid part of N³ cells draws ~6N² quads, not 6N³.
// Each face is a quad (4 vertices, 2 triangles, counter-clockwise seen from outside) coloured by its
// cell, times a fixed shade per face direction (top 1, sides 0.8 and 0.68, bottom 0.55) so that the
// shape reads without lights: the top faces show the colour bar's colours exactly.

export interface CellBlock {
  /** Cells along x, y, z. */
  n: readonly [number, number, number];
  /** Cell edges along x, y, z (any length unit; `scale` multiplies them). */
  edges: readonly [readonly number[], readonly number[], readonly number[]];
  /** The cell's value; not finite: empty (no face, and its neighbours' faces towards it are shown). */
  value(ix: number, iy: number, iz: number): number;
}

export interface FaceMesh {
  /** xyz per vertex. */
  positions: Float32Array;
  /** rgb 0..1 per vertex. */
  colours: Float32Array;
  /** Two triangles per face. */
  indices: Uint32Array;
  faceCount: number;
  /** Bounding box of the filled cells (after scaling); null when there are none. */
  bounds: { min: [number, number, number]; max: [number, number, number] } | null;
}

/** Outward normal axis (0 x, 1 y, 2 z) and sign, corners as (x, y, z) offsets 0/1 in counter-clockwise order. */
const DIRECTIONS: readonly { axis: 0 | 1 | 2; sign: 1 | -1; shade: number; corners: readonly (readonly [number, number, number])[] }[] = [
  { axis: 0, sign: 1, shade: 0.68, corners: [[1, 0, 0], [1, 1, 0], [1, 1, 1], [1, 0, 1]] },
  { axis: 0, sign: -1, shade: 0.68, corners: [[0, 0, 0], [0, 0, 1], [0, 1, 1], [0, 1, 0]] },
  { axis: 1, sign: 1, shade: 0.8, corners: [[0, 1, 0], [0, 1, 1], [1, 1, 1], [1, 1, 0]] },
  { axis: 1, sign: -1, shade: 0.8, corners: [[0, 0, 0], [1, 0, 0], [1, 0, 1], [0, 0, 1]] },
  { axis: 2, sign: 1, shade: 1, corners: [[0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]] },
  { axis: 2, sign: -1, shade: 0.55, corners: [[0, 0, 0], [0, 1, 0], [1, 1, 0], [1, 0, 0]] },
];

/**
 * The exposed faces of the filled cells, coloured by `colour(value)` (rgb 0..1). Positions are the
 * edges times `scale` (e.g. 1000: m -> mm).
 */
export function exposedFaces(block: CellBlock, colour: (value: number) => readonly [number, number, number], scale = 1): FaceMesh {
  const [nx, ny, nz] = block.n;
  const filled = new Uint8Array(nx * ny * nz);
  const at = (ix: number, iy: number, iz: number) => (ix * ny + iy) * nz + iz;
  for (let ix = 0; ix < nx; ix++) for (let iy = 0; iy < ny; iy++) for (let iz = 0; iz < nz; iz++) filled[at(ix, iy, iz)] = Number.isFinite(block.value(ix, iy, iz)) ? 1 : 0;
  const isFilled = (ix: number, iy: number, iz: number) => ix >= 0 && iy >= 0 && iz >= 0 && ix < nx && iy < ny && iz < nz && filled[at(ix, iy, iz)] === 1;
  const neighbour = (d: (typeof DIRECTIONS)[number], ix: number, iy: number, iz: number) =>
    isFilled(ix + (d.axis === 0 ? d.sign : 0), iy + (d.axis === 1 ? d.sign : 0), iz + (d.axis === 2 ? d.sign : 0));

  let faceCount = 0;
  for (let ix = 0; ix < nx; ix++)
    for (let iy = 0; iy < ny; iy++)
      for (let iz = 0; iz < nz; iz++) if (filled[at(ix, iy, iz)]) for (const d of DIRECTIONS) if (!neighbour(d, ix, iy, iz)) faceCount++;

  const positions = new Float32Array(faceCount * 12);
  const colours = new Float32Array(faceCount * 12);
  const indices = new Uint32Array(faceCount * 6);
  const [ex, ey, ez] = block.edges;
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  let f = 0;
  for (let ix = 0; ix < nx; ix++)
    for (let iy = 0; iy < ny; iy++)
      for (let iz = 0; iz < nz; iz++) {
        if (!filled[at(ix, iy, iz)]) continue;
        const x = [ex[ix]! * scale, ex[ix + 1]! * scale];
        const y = [ey[iy]! * scale, ey[iy + 1]! * scale];
        const z = [ez[iz]! * scale, ez[iz + 1]! * scale];
        const [r, g, b] = colour(block.value(ix, iy, iz));
        for (const d of DIRECTIONS) {
          if (neighbour(d, ix, iy, iz)) continue;
          d.corners.forEach(([cx, cy, cz], k) => {
            const v = (f * 4 + k) * 3;
            positions[v] = x[cx]!;
            positions[v + 1] = y[cy]!;
            positions[v + 2] = z[cz]!;
            colours[v] = r * d.shade;
            colours[v + 1] = g * d.shade;
            colours[v + 2] = b * d.shade;
          });
          const base = f * 4;
          indices.set([base, base + 1, base + 2, base, base + 2, base + 3], f * 6);
          f++;
        }
      }
  for (let v = 0; v < positions.length; v += 3)
    for (let a = 0; a < 3; a++) {
      min[a] = Math.min(min[a]!, positions[v + a]!);
      max[a] = Math.max(max[a]!, positions[v + a]!);
    }
  return { positions, colours, indices, faceCount, bounds: faceCount > 0 ? { min, max } : null };
}

/**
 * A camera placement that shows the whole box with a small margin: looking at its centre from the
 * front (−y), right (+x) and above (+z), z up, at the least distance at which all eight corners lie
 * inside the view (so a flat plate fills the view better than its bounding sphere would).
 */
export function fitView(bounds: { min: readonly number[]; max: readonly number[] }, verticalFovDegrees: number, aspect: number): { target: [number, number, number]; position: [number, number, number]; near: number; far: number } {
  const target = [0, 1, 2].map((a) => 0.5 * (bounds.min[a]! + bounds.max[a]!)) as [number, number, number];
  const unit = (v: number[]) => {
    const l = Math.hypot(...v) || 1;
    return v.map((x) => x / l);
  };
  const cross = (a: number[], b: number[]) => [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
  const dot = (a: number[], b: number[]) => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
  // Towards the camera, and the view's right and up directions.
  const back = unit([0.45, -0.75, 0.5]);
  const right = unit(cross([0, 0, 1], back));
  const up = cross(back, right);
  const tanV = Math.tan((verticalFovDegrees * Math.PI) / 360);
  const tanH = tanV * aspect;
  const margin = 1.08;
  let distance = 0;
  let radius = 0;
  for (let corner = 0; corner < 8; corner++) {
    const r = [0, 1, 2].map((a) => ((corner >> a) & 1 ? bounds.max[a]! : bounds.min[a]!) - target[a]!);
    radius = Math.max(radius, Math.hypot(...r));
    const depth = dot(r, back);
    distance = Math.max(distance, depth + (margin * Math.abs(dot(r, right))) / tanH, depth + (margin * Math.abs(dot(r, up))) / tanV);
  }
  distance = Math.max(distance, radius * 1e-3, 1e-9);
  const position = target.map((t, a) => t + back[a]! * distance) as [number, number, number];
  return { target, position, near: Math.max(1e-3 * distance, 0.5 * (distance - radius)), far: (distance + radius) * 10 };
}
