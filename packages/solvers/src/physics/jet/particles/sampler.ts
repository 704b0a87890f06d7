// Interpolation of the flow solver's halo fields at a point. The nodes are the cell centres and the
// boundary nodes of the ring, which sit on the boundary faces (grid.ts), so a point anywhere in the
// domain lies inside a quadrilateral of four nodes (a cell of the dual mesh). Solid cells hold ghost
// values chosen so that the interpolation gives the wall value on their faces (solid.ts).
//
// Cartesian grids: the dual cells are rectangles, bilinear in x and y.
//
// Curvilinear (σ) grids (terrain-grid.ts): the y-faces are the exact lines y = grid.y.faces[j] and each
// x-face is straight within its column. The point's cell is found exactly (column by binary search on
// the y-faces, row on the x-faces' lines at that y); then the dual cell around it: the quadrilateral
// of four nodes (centroids, ring nodes on the boundary faces' midpoints) in which the inverse bilinear
// map gives (ξ, η) ∈ [0, 1]², by walking from the cell's quadrant. The isoparametric map reproduces
// fields linear in (x, y), so the interpolation is exact for them, and on a boundary face the value
// is the ring's. Where a side bends at a corner K_j (the ridge's foot, a polygon's corners), the chord
// between the two faces' midpoints misses the wall: towards the fluid it leaves the triangle
// M_j K M_j+1 uncovered, towards the solid it cuts through the wall cells so that the wall near K gets
// interior values. So the dual cells across that column face are split on its line y = y_j at points
// Q: K itself, its φ extrapolated along the straight wall from the midpoints beside it, and the y-faces'
// midpoints, φ linear through the two centroids beside each and K. Every point carries exact values
// for linear fields, and the halves next to the wall have the wall's faces M_j K and K M_j+1 as edges.

import type { FlowGrid } from '../grid/grid.js';

export interface SamplePoint {
  /** Halo index of the lower-left node of the dual cell, and the weights of its upper neighbours along x (ξ) and y (η). */
  I: number;
  wx: number;
  wy: number;
  /** Curvilinear grids: halo index of the cell that contains the point. */
  cell?: number;
  /** Curvilinear grids, a point in a half of a dual cell split on a bent column face: the value is Σ weights[k] field[nodes[k]] over `terms` (0: bilinear on I). */
  terms?: number;
  nodes?: number[];
  weights?: number[];
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
  private readonly curvilinear: CurvilinearLocator | undefined;

  constructor(readonly grid: FlowGrid) {
    this.curvilinear = grid.curvilinear ? new CurvilinearLocator(grid) : undefined;
  }

  locate(x: number, y: number, out: SamplePoint): SamplePoint {
    if (this.curvilinear) return this.curvilinear.locate(x, y, out);
    const { x: ax, y: ay, stride } = this.grid;
    const i = lowerNode(ax.node, x);
    const j = lowerNode(ay.node, y);
    out.I = i + stride * j;
    out.wx = Math.min(1, Math.max(0, (x - ax.node[i]!) / (ax.node[i + 1]! - ax.node[i]!)));
    out.wy = Math.min(1, Math.max(0, (y - ay.node[j]!) / (ay.node[j + 1]! - ay.node[j]!)));
    return out;
  }

  value(field: Float64Array, at: SamplePoint): number {
    if (at.terms) {
      let sum = 0;
      for (let k = 0; k < at.terms; k++) sum += at.weights![k]! * field[at.nodes![k]!]!;
      return sum;
    }
    const { I, wx, wy } = at;
    const W = this.grid.stride;
    return (1 - wy) * ((1 - wx) * field[I]! + wx * field[I + 1]!) + wy * ((1 - wx) * field[I + W]! + wx * field[I + W + 1]!);
  }

  /** Width of the cell containing the point along x and y (m); Cartesian grids. */
  cellSize(at: SamplePoint): [number, number] {
    const W = this.grid.stride;
    const i = Math.max(1, Math.min(this.grid.nx, (at.I % W) + (at.wx >= 0.5 ? 1 : 0)));
    const j = Math.max(1, Math.min(this.grid.ny, Math.floor(at.I / W) + (at.wy >= 0.5 ? 1 : 0)));
    return [this.grid.x.width[i]!, this.grid.y.width[j]!];
  }

  /**
   * Time to cross the point's cell (s) at velocities a and b (the larger of the two per direction). On
   * a curvilinear grid per family of faces: the distance between the cell's two faces, 2V/|S₁ + S₂|,
   * over the speed along their mean normal.
   */
  crossingTime(at: SamplePoint, ax: number, ay: number, bx: number, by: number): number {
    if (!this.curvilinear) {
      const [dx, dy] = this.cellSize(at);
      return Math.min(dx / Math.max(Math.abs(ax), Math.abs(bx), 1e-12), dy / Math.max(Math.abs(ay), Math.abs(by), 1e-12));
    }
    const { x, y } = this.curvilinear.thickness(at.cell!);
    return Math.min(x.length / normalSpeed(x, ax, ay, bx, by), y.length / normalSpeed(y, ax, ay, bx, by));
  }

  /** The cell's size across its x-faces (m): along x on a Cartesian grid, normal to the x-faces (the plate's and the ridge's wall) on a σ grid. */
  wallNormalSize(at: SamplePoint): number {
    return this.curvilinear ? this.curvilinear.thickness(at.cell!).x.length : this.cellSize(at)[0];
  }
}

/** A value as a combination of nodes: Σ weights[k] φ[nodes[k]]. */
interface Stencil {
  nodes: number[];
  weights: number[];
}

/**
 * A column face y = y_j where a side bends: the dual cells across it are split on that line at the
 * points Q(a), a = 0 … nx+1: the side's corners (a = 0, nx+1) and the y-faces' midpoints between.
 */
interface BentColumn {
  qx: Float64Array;
  q: Stencil[];
}

const INSIDE = 1e-12;
/** Walk steps through the dual mesh before giving up (the walk starts next to the point). */
const MAX_WALK = 64;

class CurvilinearLocator {
  private readonly nx: number;
  private readonly ny: number;
  private readonly W: number;
  private readonly C: number;
  private readonly columns: Float64Array;
  private readonly cornerX: Float64Array;
  private readonly nodeX: Float64Array;
  private readonly nodeY: Float64Array;
  /** The split dual columns, by j. */
  private readonly bent: (BentColumn | undefined)[] = [];
  /** Per cell: thickness across its x-faces and y-faces, and the families' mean unit normals. */
  private readonly across: { x: Thickness; y: Thickness }[] = [];
  private readonly uv: [number, number] = [0, 0];
  private readonly quad = new Float64Array(8);

  constructor(grid: FlowGrid) {
    const { nx, ny, stride } = grid;
    const mesh = grid.mesh!;
    this.nx = nx;
    this.ny = ny;
    this.W = stride;
    this.C = nx + 1;
    this.columns = grid.y.faces;
    this.cornerX = mesh.cornerX;
    this.nodeX = grid.faces.nodeX;
    this.nodeY = grid.faces.nodeY;
    for (let j = 0; j <= ny; j++) {
      for (let i = 0; i <= nx; i++) {
        if (mesh.cornerY[i + this.C * j] !== this.columns[j]) throw new RangeError('FieldSampler: a curvilinear grid must keep its y-faces on the lines y = yFaces[j] (a σ grid)');
      }
    }
    for (let j = 1; j < ny; j++) if (!this.straight(0, j) || !this.straight(nx, j)) this.bent[j] = this.bentColumn(j);
    const { xFaces: X, yFaces: Y } = grid.faces;
    const family = (V: number, sx: number, sy: number): Thickness => {
      const s = Math.hypot(sx, sy);
      return { length: (2 * V) / s, nx: sx / s, ny: sy / s };
    };
    for (let j = 1; j <= ny; j++) {
      for (let i = 1; i <= nx; i++) {
        const I = i + stride * j;
        const V = grid.V[I]!;
        this.across[I] = { x: family(V, X.Sx[I - 1]! + X.Sx[I]!, X.Sy[I - 1]! + X.Sy[I]!), y: family(V, Y.Sx[I - stride]! + Y.Sx[I]!, Y.Sy[I - stride]! + Y.Sy[I]!) };
      }
    }
  }

  /** Length of boundary face j of the side at corner column ic. */
  private sideFace(ic: number, j: number): number {
    const { C, columns, cornerX } = this;
    return Math.hypot(cornerX[ic + C * j]! - cornerX[ic + C * (j - 1)]!, columns[j]! - columns[j - 1]!);
  }

  /** Whether the side at corner column ic (0 or nx) runs straight through corner j (1 … ny−1). */
  private straight(ic: number, j: number): boolean {
    const { C, columns, cornerX } = this;
    const [ax, ay] = [cornerX[ic + C * j]! - cornerX[ic + C * (j - 1)]!, columns[j]! - columns[j - 1]!];
    const [bx, by] = [cornerX[ic + C * (j + 1)]! - cornerX[ic + C * j]!, columns[j + 1]! - columns[j]!];
    return Math.abs(ax * by - ay * bx) <= 1e-12 * Math.hypot(ax, ay) * Math.hypot(bx, by);
  }

  /**
   * φ at the side's corner K_j from its ring nodes (the faces' midpoints), exact for linear fields:
   * between the midpoints M_j, M_j+1 where the side runs straight through K; where it bends,
   * extrapolated along the straight wall from M_j−1, M_j (if face j−1 continues face j) and from
   * M_j+2, M_j+1, the mean of those available (else the mean of M_j and M_j+1, not exact).
   */
  private sideCorner(ic: number, j: number): Stencil {
    const { ny, W } = this;
    const m0 = (ic === 0 ? 0 : this.nx + 1) + W * j;
    const m1 = m0 + W;
    const L = (f: number) => this.sideFace(ic, f);
    if (this.straight(ic, j)) return { nodes: [m0, m1], weights: [L(j + 1) / (L(j) + L(j + 1)), L(j) / (L(j) + L(j + 1))] };
    const weights = [0, 0, 0, 0];
    let ways = 0;
    if (j >= 2 && this.straight(ic, j - 1)) {
      const r = L(j) / (L(j - 1) + L(j));
      weights[0]! -= r;
      weights[1]! += 1 + r;
      ways++;
    }
    if (j + 2 <= ny && this.straight(ic, j + 1)) {
      const r = L(j + 1) / (L(j + 1) + L(j + 2));
      weights[3]! -= r;
      weights[2]! += 1 + r;
      ways++;
    }
    if (ways === 0) {
      weights[1] = weights[2] = 0.5;
      ways = 1;
    }
    return { nodes: [m0 - W, m0, m1, m1 + W], weights: weights.map((w) => w / ways) };
  }

  /**
   * The split points of column face j: the sides' corners, and each y-face's midpoint from the two
   * centroids beside it and the nearer side's corner K (linear through the three: exact for linear
   * fields, and K within a few cells of the wall keeps the wall's value in the wall cells).
   */
  private bentColumn(j: number): BentColumn {
    const { nx, W, C, columns, cornerX, nodeX, nodeY } = this;
    const qx = new Float64Array(nx + 2);
    const q: Stencil[] = [];
    const sides = [
      { x: cornerX[C * j]!, stencil: this.sideCorner(0, j) },
      { x: cornerX[nx + C * j]!, stencil: this.sideCorner(nx, j) },
    ];
    qx[0] = sides[0]!.x;
    q[0] = sides[0]!.stencil;
    qx[nx + 1] = sides[1]!.x;
    q[nx + 1] = sides[1]!.stencil;
    const y = columns[j]!;
    for (let a = 1; a <= nx; a++) {
      const x = 0.5 * (cornerX[a - 1 + C * j]! + cornerX[a + C * j]!);
      qx[a] = x;
      const [P, N] = [a + W * j, a + W * (j + 1)];
      const near = Math.abs(x - sides[1]!.x) <= Math.abs(x - sides[0]!.x) ? [1, 0] : [0, 1];
      for (const s of near) {
        const K = sides[s]!;
        const [x1, y1, x2, y2, x3, y3] = [nodeX[P]!, nodeY[P]!, nodeX[N]!, nodeY[N]!, K.x, y];
        const area = (x2 - x1) * (y3 - y1) - (x3 - x1) * (y2 - y1);
        if (Math.abs(area) <= 1e-9 * Math.hypot(x2 - x1, y2 - y1) * Math.hypot(x3 - x1, y3 - y1)) continue;
        const l1 = ((x2 - x) * (y3 - y) - (x3 - x) * (y2 - y)) / area;
        const l2 = ((x3 - x) * (y1 - y) - (x1 - x) * (y3 - y)) / area;
        const l3 = 1 - l1 - l2;
        q[a] = { nodes: [P, N, ...K.stencil.nodes], weights: [l1, l2, ...K.stencil.weights.map((w) => l3 * w)] };
        break;
      }
      if (!q[a]) throw new RangeError(`FieldSampler: column face ${j} is degenerate at row ${a}`);
    }
    return { qx, q };
  }

  locate(x: number, y: number, out: SamplePoint): SamplePoint {
    const { nx, ny, W, C, columns, cornerX, nodeX, nodeY, quad } = this;
    out.terms = 0;
    // Column: the y-faces are exact.
    let j = 1;
    let hi = ny;
    while (j < hi) {
      const mid = (j + hi) >> 1;
      if (columns[mid]! < y) j = mid + 1;
      else hi = mid;
    }
    const t = Math.min(1, Math.max(0, (y - columns[j - 1]!) / (columns[j]! - columns[j - 1]!)));
    // Row: x-face i is straight within the column (at t between its corners); first i with x ≤ face(i).
    let i = 1;
    hi = nx;
    while (i < hi) {
      const mid = (i + hi) >> 1;
      const below = cornerX[mid + C * (j - 1)]!;
      if (below + t * (cornerX[mid + C * j]! - below) < x) i = mid + 1;
      else hi = mid;
    }
    const cell = i + W * j;
    out.cell = cell;
    // Dual cell: start in the cell's quadrant and walk by the sign of (ξ, η) outside [0, 1]. Across a
    // bent column face the dual cell is split on it: its lower or upper half.
    let a = x < nodeX[cell]! ? i - 1 : i;
    let b = y < nodeY[cell]! ? j - 1 : j;
    const uv = this.uv;
    let split: BentColumn | undefined;
    let upper = false;
    // (The last dual cell evaluated, which uv belongs to.)
    let [ea, eb] = [a, b];
    for (let step = 0; step < MAX_WALK; step++) {
      const I = a + W * b;
      [ea, eb] = [a, b];
      split = this.bent[b];
      upper = split !== undefined && y >= columns[b]!;
      // Lower edge p00 p10, upper edge p01 p11: nodes, or the split points on the line y = y_b.
      if (split && upper) this.splitEdge(split, a, columns[b]!, 0);
      else this.nodeEdge(I, 0);
      if (split && !upper) this.splitEdge(split, a, columns[b]!, 4);
      else this.nodeEdge(I + W, 4);
      inverseBilinear(quad, x, y, uv);
      const xi = uv[0];
      const eta = uv[1];
      const da = xi < -INSIDE ? -1 : xi > 1 + INSIDE ? 1 : 0;
      // (A half's edge on the split line is exact: the point is on its side of it.)
      const db = eta < -INSIDE && !(split && upper) ? -1 : eta > 1 + INSIDE && !(split && !upper) ? 1 : 0;
      if (da === 0 && db === 0) break;
      const na = Math.min(nx, Math.max(0, a + da));
      const nb = Math.min(ny, Math.max(0, b + db));
      if (na === a && nb === b) break; // outside the domain: clamped below
      a = na;
      b = nb;
    }
    a = ea;
    b = eb;
    const xi = Math.min(1, Math.max(0, uv[0]));
    const eta = Math.min(1, Math.max(0, uv[1]));
    out.I = a + W * b;
    out.wx = xi;
    out.wy = eta;
    if (!split) return out;
    // The half's corners: nodes, or split points (stencils).
    const I = a + W * b;
    const nodes = (out.nodes ??= []);
    const w = (out.weights ??= []);
    let n = addCorner(nodes, w, 0, upper ? split.q[a]! : I, (1 - xi) * (1 - eta));
    n = addCorner(nodes, w, n, upper ? split.q[a + 1]! : I + 1, xi * (1 - eta));
    n = addCorner(nodes, w, n, upper ? I + W : split.q[a]!, (1 - xi) * eta);
    n = addCorner(nodes, w, n, upper ? I + W + 1 : split.q[a + 1]!, xi * eta);
    out.terms = n;
    return out;
  }

  /** quad[at …] = the split points Q(a), Q(a+1) on the line y. */
  private splitEdge(split: BentColumn, a: number, y: number, at: number): void {
    const quad = this.quad;
    quad[at] = split.qx[a]!;
    quad[at + 1] = y;
    quad[at + 2] = split.qx[a + 1]!;
    quad[at + 3] = y;
  }

  /** quad[at …] = nodes I and I + 1. */
  private nodeEdge(I: number, at: number): void {
    const quad = this.quad;
    quad[at] = this.nodeX[I]!;
    quad[at + 1] = this.nodeY[I]!;
    quad[at + 2] = this.nodeX[I + 1]!;
    quad[at + 3] = this.nodeY[I + 1]!;
  }

  /** The cell's thickness across each family of faces, 2V/|S₁ + S₂|, and the families' mean unit normals. */
  thickness(cell: number): { x: Thickness; y: Thickness } {
    return this.across[cell]!;
  }
}

/**
 * (ξ, η) of (x, y) in the quadrilateral p00 p10 p01 p11 (`quad`: x, y of each): p = p00 + ξ e + η f + ξη g,
 * solved as the quadratic (q − ξe) × (f + ξg) = 0 for ξ (the root nearer [0, 1]), then η by projection.
 */
function inverseBilinear(quad: Float64Array, x: number, y: number, out: [number, number]): void {
  const x00 = quad[0]!;
  const y00 = quad[1]!;
  const ex = quad[2]! - x00;
  const ey = quad[3]! - y00;
  const fx = quad[4]! - x00;
  const fy = quad[5]! - y00;
  const gx = x00 - quad[2]! - quad[4]! + quad[6]!;
  const gy = y00 - quad[3]! - quad[5]! + quad[7]!;
  const qx = x - x00;
  const qy = y - y00;
  const k2 = ex * gy - ey * gx;
  const k1 = ex * fy - ey * fx - (qx * gy - qy * gx);
  const k0 = -(qx * fy - qy * fx);
  let xi: number;
  if (Math.abs(k2) <= 1e-12 * Math.abs(k1)) xi = -k0 / k1;
  else {
    const root = Math.sqrt(Math.max(0, k1 * k1 - 4 * k2 * k0));
    const p = -0.5 * (k1 + (k1 >= 0 ? root : -root));
    const r1 = p / k2;
    const r2 = k0 / p;
    xi = outside(r1) <= outside(r2) ? r1 : r2;
  }
  const hx = fx + xi * gx;
  const hy = fy + xi * gy;
  out[0] = xi;
  out[1] = ((qx - xi * ex) * hx + (qy - xi * ey) * hy) / (hx * hx + hy * hy);
}

/** Writes a corner (a node, or a stencil of nodes) with its weight from term n on; returns the next term. */
function addCorner(nodes: number[], weights: number[], n: number, corner: number | Stencil, weight: number): number {
  if (typeof corner === 'number') {
    nodes[n] = corner;
    weights[n] = weight;
    return n + 1;
  }
  for (let m = 0; m < corner.nodes.length; m++) {
    nodes[n] = corner.nodes[m]!;
    weights[n++] = weight * corner.weights[m]!;
  }
  return n;
}

/** How far r lies outside [0, 1] (infinite for a root that is not finite). */
function outside(r: number): number {
  return Number.isFinite(r) ? Math.max(0, -r, r - 1) : Infinity;
}

/** The larger of two velocities' speeds along a face family's normal (at least 1e-12 m/s). */
function normalSpeed(n: { nx: number; ny: number }, ax: number, ay: number, bx: number, by: number): number {
  return Math.max(Math.abs(ax * n.nx + ay * n.ny), Math.abs(bx * n.nx + by * n.ny), 1e-12);
}

interface Thickness {
  length: number;
  nx: number;
  ny: number;
}
