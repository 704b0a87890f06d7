import { describe, expect, it } from 'vitest';
import { exposedFaces, fitView, type CellBlock } from './faces';

const grey = () => [0.5, 0.5, 0.5] as const;

function block(n: [number, number, number], value: (ix: number, iy: number, iz: number) => number, edges?: CellBlock['edges']): CellBlock {
  return { n, edges: edges ?? [Array.from({ length: n[0] + 1 }, (_, i) => i), Array.from({ length: n[1] + 1 }, (_, i) => i), Array.from({ length: n[2] + 1 }, (_, i) => i)], value };
}

/** Outward normals (by the vertex order) and centres of every face. */
function facesOf(mesh: ReturnType<typeof exposedFaces>) {
  const p = (v: number) => [mesh.positions[v * 3]!, mesh.positions[v * 3 + 1]!, mesh.positions[v * 3 + 2]!];
  const out: { normal: number[]; centre: number[] }[] = [];
  for (let f = 0; f < mesh.faceCount; f++) {
    const [a, b, c] = [0, 1, 2].map((k) => p(mesh.indices[f * 6 + k]!));
    const u = b!.map((x, i) => x - a![i]!);
    const w = c!.map((x, i) => x - a![i]!);
    const normal = [u[1]! * w[2]! - u[2]! * w[1]!, u[2]! * w[0]! - u[0]! * w[2]!, u[0]! * w[1]! - u[1]! * w[0]!].map((x) => Math.sign(Math.round(x * 1e9)));
    const corners = [0, 1, 2, 3].map((k) => p(f * 4 + k));
    out.push({ normal, centre: [0, 1, 2].map((i) => corners.reduce((s, q) => s + q[i]!, 0) / 4) });
  }
  return out;
}

describe('the exposed faces of a cell block', () => {
  it('draws a 2×1×1 block with 10 faces: the face between the two cells is left out', () => {
    const mesh = exposedFaces(block([2, 1, 1], () => 1000), grey);
    expect(mesh.faceCount).toBe(10);
    expect(mesh.positions.length).toBe(10 * 4 * 3);
    expect(mesh.indices.length).toBe(10 * 6);
    const faces = facesOf(mesh);
    // No face on the shared plane x = 1.
    expect(faces.filter((f) => f.normal[0] !== 0 && f.centre[0] === 1)).toEqual([]);
    // Every face points away from the block's centre (1, 0.5, 0.5): counter-clockwise seen from outside.
    for (const f of faces) {
      const outward = f.centre.map((c, i) => c - [1, 0.5, 0.5][i]!);
      expect(f.normal.reduce((s, n, i) => s + n * outward[i]!, 0)).toBeGreaterThan(0);
    }
    // Two end faces, two faces on each of the four long sides.
    const count = (normal: number[]) => faces.filter((f) => f.normal.join() === normal.join()).length;
    expect([count([1, 0, 0]), count([-1, 0, 0]), count([0, 1, 0]), count([0, -1, 0]), count([0, 0, 1]), count([0, 0, -1])]).toEqual([1, 1, 2, 2, 2, 2]);
    expect(mesh.bounds).toEqual({ min: [0, 0, 0], max: [2, 1, 1] });
  });

  it('skips empty cells and shows the faces around them; scales the edges', () => {
    // 3×1×1 with the middle cell empty (NaN): two separate cubes, 12 faces.
    const mesh = exposedFaces(block([3, 1, 1], (ix) => (ix === 1 ? Number.NaN : 500)), grey, 1000);
    expect(mesh.faceCount).toBe(12);
    expect(mesh.bounds).toEqual({ min: [0, 0, 0], max: [3000, 1000, 1000] });
    // A 3×3×3 solid: only the 6 × 9 outer faces, none of the inner cell's.
    expect(exposedFaces(block([3, 3, 3], () => 1), grey).faceCount).toBe(54);
    expect(exposedFaces(block([2, 2, 2], () => Number.NaN), grey)).toMatchObject({ faceCount: 0, bounds: null });
  });

  it('colours each face by its cell, shaded by direction (top faces unshaded)', () => {
    const mesh = exposedFaces(block([2, 1, 1], (ix) => ix), (v) => (v === 0 ? [1, 0, 0] : [0, 0, 1]));
    const faces = facesOf(mesh);
    faces.forEach((f, k) => {
      const rgb = Array.from(mesh.colours.slice(k * 12, k * 12 + 3));
      const red = f.centre[0]! < 1;
      if (f.normal[2] === 1) expect(rgb).toEqual(red ? [1, 0, 0] : [0, 0, 1]);
      else expect(Math.max(...rgb)).toBeLessThan(1);
      // The four corners of a face share its colour.
      expect(Array.from(mesh.colours.slice(k * 12 + 9, k * 12 + 12))).toEqual(rgb);
    });
  });

  it('places the camera to see every corner of the part, looking at its centre from above and in front', () => {
    const bounds = { min: [0, -50, 0], max: [150, 50, 10] };
    const [fov, aspect] = [40, 2];
    const view = fitView(bounds, fov, aspect);
    expect(view.target).toEqual([75, 0, 5]);
    expect(view.position[2]).toBeGreaterThan(5);
    expect(view.position[1]).toBeLessThan(0);
    // Project every corner: inside the frustum, and one of them close to its edge (a tight fit).
    const sub = (a: number[], b: number[]) => a.map((x, i) => x - b[i]!);
    const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
    const forward = sub(view.target, view.position);
    const d = Math.hypot(...forward);
    const f = forward.map((x) => x / d);
    const right = [f[1]! * 1 - 0, -f[0]!, 0].map((x) => x / Math.hypot(f[0]!, f[1]!));
    const up = [right[1]! * f[2]! - 0 * f[1]!, 0 * f[0]! - right[0]! * f[2]!, right[0]! * f[1]! - right[1]! * f[0]!];
    const tanV = Math.tan((fov * Math.PI) / 360);
    let fill = 0;
    for (let c = 0; c < 8; c++) {
      const p = [0, 1, 2].map((a) => ((c >> a) & 1 ? bounds.max[a]! : bounds.min[a]!));
      const r = sub(p, view.position);
      const depth = dot(r, f);
      expect(depth).toBeGreaterThan(view.near);
      expect(depth).toBeLessThan(view.far);
      const [x, y] = [Math.abs(dot(r, right)) / (depth * tanV * aspect), Math.abs(dot(r, up)) / (depth * tanV)];
      expect(Math.max(x, y)).toBeLessThanOrEqual(1);
      fill = Math.max(fill, x, y);
    }
    expect(fill).toBeGreaterThan(0.9);
  });
});
