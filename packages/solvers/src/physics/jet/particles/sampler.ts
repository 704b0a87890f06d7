// Bilinear interpolation of the flow solver's halo fields at a point: the nodes are the cell centres
// and the boundary nodes of the ring, which sit on the boundary faces (grid.ts), so a point anywhere
// in the domain lies inside a rectangle of four nodes. Solid cells hold ghost values chosen so that
// the interpolation gives the wall value on their faces (solid.ts).

import type { FlowGrid } from '../grid.js';

export interface SamplePoint {
  /** Halo index of the lower-left node, and the weights of the upper neighbours along x and y. */
  I: number;
  wx: number;
  wy: number;
}

function lowerNode(nodes: Float64Array, value: number): number {
  let lo = 0;
  let hi = nodes.length - 2;
  if (value <= nodes[0]!) return 0;
  if (value >= nodes[hi]!) return hi;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (nodes[mid]! <= value) lo = mid;
    else hi = mid;
  }
  return lo;
}

export class FieldSampler {
  constructor(readonly grid: FlowGrid) {}

  locate(x: number, y: number, out: SamplePoint): SamplePoint {
    const { x: ax, y: ay, stride } = this.grid;
    const i = lowerNode(ax.node, x);
    const j = lowerNode(ay.node, y);
    out.I = i + stride * j;
    out.wx = Math.min(1, Math.max(0, (x - ax.node[i]!) / (ax.node[i + 1]! - ax.node[i]!)));
    out.wy = Math.min(1, Math.max(0, (y - ay.node[j]!) / (ay.node[j + 1]! - ay.node[j]!)));
    return out;
  }

  value(field: Float64Array, at: SamplePoint): number {
    const { I, wx, wy } = at;
    const W = this.grid.stride;
    return (1 - wy) * ((1 - wx) * field[I]! + wx * field[I + 1]!) + wy * ((1 - wx) * field[I + W]! + wx * field[I + W + 1]!);
  }

  /** Width of the cell containing the point along x and y (m). */
  cellSize(at: SamplePoint): [number, number] {
    const W = this.grid.stride;
    const i = Math.max(1, Math.min(this.grid.nx, (at.I % W) + (at.wx >= 0.5 ? 1 : 0)));
    const j = Math.max(1, Math.min(this.grid.ny, Math.floor(at.I / W) + (at.wy >= 0.5 ? 1 : 0)));
    return [this.grid.x.width[i]!, this.grid.y.width[j]!];
  }
}
