// Per-face geometry for a finite-volume discretisation on non-orthogonal quadrilateral cells, in the
// halo layout of FlowGrid (grid.ts): node (i, j) at I = i + (nx+2)·j, the x-face east of node I and the
// y-face north of node I stored at I. FlowGrid carries them on every grid (grid.ts), and the transport,
// momentum and pressure terms read them on curvilinear grids (docs/adr/0021).
//
// Cells are quadrilaterals with corners V(i, j), i = 0 … nx, j = 0 … ny (cell (i, j) has corners
// (i−1, j−1), (i, j−1), (i, j), (i−1, j)). For a face with ends a → b, per metre (planar) or per radian
// (axisymmetric, y the radius; r̄ the mean radius of the face):
//   x-face (a = V(i, j−1), b = V(i, j)):    S = r̄ (b_y − a_y, a_x − b_x)    (points towards +i)
//   y-face (a = V(i−1, j), b = V(i, j)):    S = r̄ (a_y − b_y, b_x − a_x)    (points towards +j)
//   d = P_N − P_P (node to node), w = ((c_f − P_P)·d̂)/|d| with c_f the face's midpoint,
//   S = E + T,  E = (|S|²/(S·d̂)) d̂  (over-relaxed: the diffusion flux is Γ |E|/|d| (φ_N − φ_P) + Γ_f ∇φ_f·T,
//   the second part deferred), V = cell area × centroid radius (Pappus) or the area (planar).
// On FlowGrid's rectangles the arithmetic is arranged so that |S|, |d|, w, |E| and V equal Ax/Ay, the
// axes' spacing and weight, and V bit for bit, and T is exactly zero.

/** Plane or axisymmetric (x the radius): how face areas and volumes are measured. */
export type Geometry = 'planar' | 'axisymmetric';

/** What faceGeometry reads of a rectangular grid (FlowGrid, grid.ts): its halo layout and axes. */
export interface RectangleGrid {
  geometry: Geometry;
  nx: number;
  ny: number;
  stride: number;
  size: number;
  x: { faces: ArrayLike<number>; node: ArrayLike<number> };
  y: { faces: ArrayLike<number>; node: ArrayLike<number> };
}

/** The geometry of one family of faces (x-faces or y-faces), indexed by the node on the low side. */
export interface FaceSet {
  /** Area vector S (m² per metre or per radian), pointing from the low node to the high one. */
  Sx: Float64Array;
  Sy: Float64Array;
  /** |S| */
  area: Float64Array;
  /** Node-to-node vector d = P_high − P_low and its length. */
  dx: Float64Array;
  dy: Float64Array;
  distance: Float64Array;
  /** Linear interpolation weight along d: φ_f = (1 − w) φ_low + w φ_high. */
  weight: Float64Array;
  /** |E| = |S|²/(S·d̂), the orthogonal part's area (the implicit diffusion coefficient is Γ |E|/|d|). */
  orthogonal: Float64Array;
  /** Non-orthogonal correction vector T = S − E (zero on orthogonal faces). */
  Tx: Float64Array;
  Ty: Float64Array;
}

export interface FaceGeometry {
  geometry: Geometry;
  nx: number;
  ny: number;
  stride: number;
  size: number;
  /** Node coordinates (cell centroids, and the boundary faces' midpoints on the halo ring). */
  nodeX: Float64Array;
  nodeY: Float64Array;
  /** x-faces at i = 0 … nx, j = 1 … ny; y-faces at i = 1 … nx, j = 0 … ny. */
  xFaces: FaceSet;
  yFaces: FaceSet;
  /** Cell volumes (m² per metre or m³ per radian) at i = 1 … nx, j = 1 … ny. */
  V: Float64Array;
}

export interface QuadMesh {
  geometry: Geometry;
  nx: number;
  ny: number;
  /** Corner coordinates, (nx+1)(ny+1), index i + (nx+1)·j. */
  cornerX: ArrayLike<number>;
  cornerY: ArrayLike<number>;
  /** Node coordinates in the halo layout, (nx+2)(ny+2): centroids inside, face midpoints on the ring. */
  nodeX: ArrayLike<number>;
  nodeY: ArrayLike<number>;
}

function emptyFaceSet(size: number): FaceSet {
  const array = () => new Float64Array(size);
  return { Sx: array(), Sy: array(), area: array(), dx: array(), dy: array(), distance: array(), weight: array(), orthogonal: array(), Tx: array(), Ty: array() };
}

/** Fills face I of `set` from its ends a → b, its area vector and the nodes on either side. */
function fillFace(set: FaceSet, I: number, Sx: number, Sy: number, cx: number, cy: number, px: number, py: number, qx: number, qy: number): void {
  const dx = qx - px;
  const dy = qy - py;
  const distance = Math.hypot(dx, dy);
  const ex = dx / distance;
  const ey = dy / distance;
  const area = Math.hypot(Sx, Sy);
  set.Sx[I] = Sx;
  set.Sy[I] = Sy;
  set.area[I] = area;
  set.dx[I] = dx;
  set.dy[I] = dy;
  set.distance[I] = distance;
  set.weight[I] = ((cx - px) * ex + (cy - py) * ey) / distance;
  // |E| = |S| (|S|/(S·d̂)): on an orthogonal face |S|/(S·d̂) is exactly 1, so |E| = |S| and T = 0.
  const orthogonal = area === 0 ? 0 : area * (area / (Sx * ex + Sy * ey));
  set.orthogonal[I] = orthogonal;
  set.Tx[I] = Sx - orthogonal * ex;
  set.Ty[I] = Sy - orthogonal * ey;
}

/** The area centroid of the quadrilateral p0 p1 p2 p3 (two triangles). */
function centroid(x: readonly number[], y: readonly number[]): [number, number] {
  const tri = (a: number, b: number, c: number): [number, number, number] => {
    const area = 0.5 * ((x[b]! - x[a]!) * (y[c]! - y[a]!) - (x[c]! - x[a]!) * (y[b]! - y[a]!));
    return [area, (x[a]! + x[b]! + x[c]!) / 3, (y[a]! + y[b]! + y[c]!) / 3];
  };
  const [A1, x1, y1] = tri(0, 1, 2);
  const [A2, x2, y2] = tri(0, 2, 3);
  return [(A1 * x1 + A2 * x2) / (A1 + A2), (A1 * y1 + A2 * y2) / (A1 + A2)];
}

/**
 * The nodes of a structured quadrilateral mesh in the halo layout: the cell centroids inside, the
 * boundary faces' midpoints on the ring (as FlowGrid's boundary nodes), the domain's corner on the
 * ring's corners (they belong to no face). Corners are indexed i + (nx+1)·j.
 */
export function quadMeshNodes(nx: number, ny: number, cornerX: ArrayLike<number>, cornerY: ArrayLike<number>): { nodeX: Float64Array; nodeY: Float64Array } {
  const C = nx + 1;
  const W = nx + 2;
  const nodeX = new Float64Array(W * (ny + 2));
  const nodeY = new Float64Array(W * (ny + 2));
  const corner = (i: number, j: number) => i + C * j;
  const midpoint = (a: number, b: number, I: number) => {
    nodeX[I] = 0.5 * (cornerX[a]! + cornerX[b]!);
    nodeY[I] = 0.5 * (cornerY[a]! + cornerY[b]!);
  };
  for (let j = 0; j <= ny + 1; j++) {
    for (let i = 0; i <= nx + 1; i++) {
      const I = i + W * j;
      const ci = Math.min(Math.max(i, 1), nx);
      const cj = Math.min(Math.max(j, 1), ny);
      if ((i === 0 || i === nx + 1) && (j === 0 || j === ny + 1)) {
        nodeX[I] = cornerX[corner(i === 0 ? 0 : nx, j === 0 ? 0 : ny)]!;
        nodeY[I] = cornerY[corner(i === 0 ? 0 : nx, j === 0 ? 0 : ny)]!;
      } else if (i === 0 || i === nx + 1) midpoint(corner(i === 0 ? 0 : nx, cj - 1), corner(i === 0 ? 0 : nx, cj), I);
      else if (j === 0 || j === ny + 1) midpoint(corner(ci - 1, j === 0 ? 0 : ny), corner(ci, j === 0 ? 0 : ny), I);
      else {
        const p = [corner(i - 1, j - 1), corner(i, j - 1), corner(i, j), corner(i - 1, j)];
        [nodeX[I], nodeY[I]] = centroid(
          p.map((k) => cornerX[k]!),
          p.map((k) => cornerY[k]!),
        );
      }
    }
  }
  return { nodeX, nodeY };
}

/** The face geometry of a structured quadrilateral mesh (corners and nodes given). */
export function quadFaceGeometry(mesh: QuadMesh): FaceGeometry {
  const { geometry, nx, ny, cornerX, cornerY } = mesh;
  const axisymmetric = geometry === 'axisymmetric';
  const W = nx + 2;
  const C = nx + 1;
  const size = W * (ny + 2);
  if (cornerX.length !== C * (ny + 1) || cornerY.length !== C * (ny + 1)) throw new RangeError('quadFaceGeometry: (nx+1)(ny+1) corners are needed');
  if (mesh.nodeX.length !== size || mesh.nodeY.length !== size) throw new RangeError('quadFaceGeometry: (nx+2)(ny+2) nodes are needed');
  const nodeX = Float64Array.from(mesh.nodeX);
  const nodeY = Float64Array.from(mesh.nodeY);
  const xFaces = emptyFaceSet(size);
  const yFaces = emptyFaceSet(size);
  const V = new Float64Array(size);
  const corner = (i: number, j: number) => i + C * j;
  for (let j = 0; j <= ny; j++) {
    for (let i = 0; i <= nx; i++) {
      const I = i + W * j;
      if (j >= 1) {
        const a = corner(i, j - 1);
        const b = corner(i, j);
        const [ax, ay, bx, by] = [cornerX[a]!, cornerY[a]!, cornerX[b]!, cornerY[b]!];
        const r = axisymmetric ? 0.5 * (ay + by) : 1;
        fillFace(xFaces, I, (by - ay) * r, (ax - bx) * r, 0.5 * (ax + bx), 0.5 * (ay + by), nodeX[I]!, nodeY[I]!, nodeX[I + 1]!, nodeY[I + 1]!);
      }
      if (i >= 1) {
        const a = corner(i - 1, j);
        const b = corner(i, j);
        const [ax, ay, bx, by] = [cornerX[a]!, cornerY[a]!, cornerX[b]!, cornerY[b]!];
        const r = axisymmetric ? 0.5 * (ay + by) : 1;
        fillFace(yFaces, I, (ay - by) * r, (bx - ax) * r, 0.5 * (ax + bx), 0.5 * (ay + by), nodeX[I]!, nodeY[I]!, nodeX[I + W]!, nodeY[I + W]!);
      }
      if (i >= 1 && j >= 1) {
        // Shoelace over the diagonals of (i−1, j−1), (i, j−1), (i, j), (i−1, j).
        const [p00, p10, p11, p01] = [corner(i - 1, j - 1), corner(i, j - 1), corner(i, j), corner(i - 1, j)];
        const area = 0.5 * ((cornerX[p11]! - cornerX[p00]!) * (cornerY[p01]! - cornerY[p10]!) - (cornerX[p01]! - cornerX[p10]!) * (cornerY[p11]! - cornerY[p00]!));
        V[I] = axisymmetric ? area * nodeY[I]! : area;
      }
    }
  }
  return { geometry, nx, ny, stride: W, size, nodeX, nodeY, xFaces, yFaces, V };
}

/** The face geometry of FlowGrid's rectangles (orthogonal: T = 0; equal to Ax, Ay, the spacings and V). */
export function faceGeometry(grid: RectangleGrid): FaceGeometry {
  const { nx, ny, stride } = grid;
  const C = nx + 1;
  const cornerX = new Float64Array(C * (ny + 1));
  const cornerY = new Float64Array(C * (ny + 1));
  for (let j = 0; j <= ny; j++) {
    for (let i = 0; i <= nx; i++) {
      cornerX[i + C * j] = grid.x.faces[i]!;
      cornerY[i + C * j] = grid.y.faces[j]!;
    }
  }
  const nodeX = new Float64Array(grid.size);
  const nodeY = new Float64Array(grid.size);
  for (let j = 0; j <= ny + 1; j++) {
    for (let i = 0; i <= nx + 1; i++) {
      nodeX[i + stride * j] = grid.x.node[i]!;
      nodeY[i + stride * j] = grid.y.node[j]!;
    }
  }
  return quadFaceGeometry({ geometry: grid.geometry, nx, ny, cornerX, cornerY, nodeX, nodeY });
}
