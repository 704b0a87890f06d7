// The 2-D structured, non-uniform (graded) finite-volume grid of the flow solver, planar or
// axisymmetric. Axis x is the first coordinate; axis y the second, which is the radius r in the
// axisymmetric case (axis of symmetry at y = 0, volumes and faces per radian).
//
// Every field lives on the cells plus a ring of boundary nodes (a halo), stored row by row:
//   node (i, j), i = 0 … nx+1, j = 0 … ny+1, index I = i + (nx+2)·j.
// Nodes 1 … n are the cell centres; node 0 and node n+1 sit ON the boundary faces (half a cell from
// the first centre), so the ring holds boundary values, not mirrored ghosts. Face f of an axis
// (f = 0 … n) lies between node f and node f+1, at faces[f]. Arrays indexed by a face use the node on
// its low side: Fx[I] is the face east of node I, Fy[I] the face north of node I.
//
//   planar:        A_x = Δy,        A_y = Δx,        V = Δx Δy          (per metre of depth)
//   axisymmetric:  A_x = r_P Δr,    A_y = r_f Δx,    V = r_P Δx Δr       (per radian; r_P Δr = ∫ r dr)

import { faceGeometry, quadFaceGeometry, quadMeshNodes, type FaceGeometry, type Geometry } from './face-geometry.js';

export type { Geometry } from './face-geometry.js';

/**
 * The corners of a curvilinear (body-fitted) structured mesh, index i + (nx+1)·j, with nx, ny the
 * reference axes' cell counts: cell (i, j) has corners (i−1, j−1), (i, j−1), (i, j), (i−1, j).
 */
export interface CurvilinearMesh {
  cornerX: ArrayLike<number>;
  cornerY: ArrayLike<number>;
}

export interface GridSpec {
  geometry: Geometry;
  /** Face coordinates along x (m), strictly increasing. */
  xFaces: ArrayLike<number>;
  /** Face coordinates along y (m), strictly increasing; y ≥ 0 when axisymmetric (y is the radius). */
  yFaces: ArrayLike<number>;
  /**
   * A curvilinear mesh with the same (i, j) structure (planar only), e.g. terrain-grid.ts's σ grid over
   * a ridge. xFaces/yFaces are then its reference axes (the σ grid: the flat grid's axial faces and its
   * columns), used only where a tensor axis is asked for (output axes); the discretisation reads
   * `faces`.
   */
  mesh?: CurvilinearMesh;
}

/** Node coordinates, widths, spacings and interpolation weights along one axis. */
export interface AxisGeometry {
  /** Cells along the axis. */
  n: number;
  faces: Float64Array;
  /** Node coordinates (n+2): boundary node, cell centres, boundary node. */
  node: Float64Array;
  /** Cell widths at nodes 1 … n (0 on the boundary nodes). */
  width: Float64Array;
  /** Node spacing across face f: node[f+1] − node[f] (n+1). */
  spacing: Float64Array;
  /** Linear interpolation weight of face f: φ_f = (1 − w) φ_f-node + w φ_(f+1)-node (n+1). */
  weight: Float64Array;
}

function axisGeometry(values: ArrayLike<number>, name: string): AxisGeometry {
  const faces = Float64Array.from(values);
  const n = faces.length - 1;
  if (n < 1) throw new RangeError(`${name}: at least one cell is needed`);
  for (let f = 1; f <= n; f++) if (!(faces[f]! > faces[f - 1]!)) throw new RangeError(`${name}: face coordinates must increase strictly`);
  const node = new Float64Array(n + 2);
  const width = new Float64Array(n + 2);
  node[0] = faces[0]!;
  node[n + 1] = faces[n]!;
  for (let i = 1; i <= n; i++) {
    node[i] = 0.5 * (faces[i - 1]! + faces[i]!);
    width[i] = faces[i]! - faces[i - 1]!;
  }
  const spacing = new Float64Array(n + 1);
  const weight = new Float64Array(n + 1);
  for (let f = 0; f <= n; f++) {
    spacing[f] = node[f + 1]! - node[f]!;
    weight[f] = (faces[f]! - node[f]!) / spacing[f]!;
  }
  return { n, faces, node, width, spacing, weight };
}

export class FlowGrid {
  readonly geometry: Geometry;
  readonly nx: number;
  readonly ny: number;
  /** Row length of the halo layout: nx + 2. */
  readonly stride: number;
  /** (nx+2)(ny+2) */
  readonly size: number;
  readonly x: AxisGeometry;
  readonly y: AxisGeometry;
  /** Radius of node row j (1 when planar). */
  readonly nodeRadius: Float64Array;
  /** Radius of y-face f (1 when planar). */
  readonly faceRadius: Float64Array;
  /** Area of the x-face east of node I, the y-face north of node I, and the volume of cell I. */
  readonly Ax: Float64Array;
  readonly Ay: Float64Array;
  readonly V: Float64Array;
  /** Σ V over the cells: m² (planar, per metre) or m³ per radian. */
  readonly totalVolume: number;
  /**
   * Per-face geometry (face-geometry.ts): area vectors S, node vectors d, weights, the orthogonal part
   * |E| and the non-orthogonal correction T, nodes and volumes. On the rectangles these equal Ax, Ay,
   * the axes' spacing and weight and V bit for bit, with T exactly 0; on a curvilinear mesh Ax, Ay and V
   * are |S| and the quadrilaterals' areas, and the discretisation must read the vectors.
   */
  readonly faces: FaceGeometry;
  /** True when built from a curvilinear mesh (non-orthogonal faces possible). */
  readonly curvilinear: boolean;
  /** The curvilinear mesh's corners (index i + (nx+1)·j), when curvilinear. */
  readonly mesh: { cornerX: Float64Array; cornerY: Float64Array } | undefined;

  constructor(spec: GridSpec) {
    this.geometry = spec.geometry;
    this.x = axisGeometry(spec.xFaces, 'xFaces');
    this.y = axisGeometry(spec.yFaces, 'yFaces');
    const axisymmetric = spec.geometry === 'axisymmetric';
    if (axisymmetric && this.y.faces[0]! < 0) throw new RangeError('yFaces: the radius must not be negative in an axisymmetric grid');
    const nx = (this.nx = this.x.n);
    const ny = (this.ny = this.y.n);
    const W = (this.stride = nx + 2);
    this.size = W * (ny + 2);
    this.nodeRadius = axisymmetric ? Float64Array.from(this.y.node) : new Float64Array(ny + 2).fill(1);
    this.faceRadius = axisymmetric ? Float64Array.from(this.y.faces) : new Float64Array(ny + 1).fill(1);
    this.Ax = new Float64Array(this.size);
    this.Ay = new Float64Array(this.size);
    this.V = new Float64Array(this.size);
    this.curvilinear = spec.mesh !== undefined;
    if (spec.mesh) {
      if (axisymmetric) throw new RangeError('mesh: curvilinear grids are planar only');
      const corners = (nx + 1) * (ny + 1);
      if (spec.mesh.cornerX.length !== corners || spec.mesh.cornerY.length !== corners) throw new RangeError(`mesh: (nx+1)(ny+1) = ${corners} corners are needed`);
      const cornerX = Float64Array.from(spec.mesh.cornerX);
      const cornerY = Float64Array.from(spec.mesh.cornerY);
      this.mesh = { cornerX, cornerY };
      const { nodeX, nodeY } = quadMeshNodes(nx, ny, cornerX, cornerY);
      this.faces = quadFaceGeometry({ geometry: 'planar', nx, ny, cornerX, cornerY, nodeX, nodeY });
      let sum = 0;
      for (let j = 0; j <= ny + 1; j++) {
        for (let i = 0; i <= nx + 1; i++) {
          const I = i + W * j;
          if (j >= 1 && j <= ny && i <= nx) this.Ax[I] = this.faces.xFaces.area[I]!;
          if (i >= 1 && i <= nx && j <= ny) this.Ay[I] = this.faces.yFaces.area[I]!;
          if (i >= 1 && i <= nx && j >= 1 && j <= ny) {
            const volume = this.faces.V[I]!;
            if (!(volume > 0)) throw new RangeError(`mesh: cell (${i}, ${j}) is inverted or empty`);
            this.V[I] = volume;
            sum += volume;
          }
        }
      }
      this.totalVolume = sum;
      return;
    }
    this.mesh = undefined;
    let total = 0;
    for (let j = 0; j <= ny + 1; j++) {
      for (let i = 0; i <= nx + 1; i++) {
        const I = i + W * j;
        if (j >= 1 && j <= ny && i <= nx) this.Ax[I] = this.y.width[j]! * this.nodeRadius[j]!;
        if (i >= 1 && i <= nx && j <= ny) this.Ay[I] = this.x.width[i]! * this.faceRadius[j]!;
        if (i >= 1 && i <= nx && j >= 1 && j <= ny) {
          this.V[I] = this.x.width[i]! * this.y.width[j]! * this.nodeRadius[j]!;
          total += this.V[I]!;
        }
      }
    }
    this.totalVolume = total;
    this.faces = faceGeometry(this);
  }

  get cellCount(): number {
    return this.nx * this.ny;
  }

  index(i: number, j: number): number {
    return i + this.stride * j;
  }

  /** Factor from per-radian (axisymmetric) or per-metre (planar) totals to the reported ones: 2π or 1. */
  get circumference(): number {
    return this.geometry === 'axisymmetric' ? 2 * Math.PI : 1;
  }

  /** Copies the cell values of a halo field into a compact array, x fastest (index i + nx·j). */
  cells(field: Float64Array, out: Float64Array = new Float64Array(this.nx * this.ny)): Float64Array {
    const { nx, ny, stride } = this;
    for (let j = 1; j <= ny; j++) for (let i = 1; i <= nx; i++) out[i - 1 + nx * (j - 1)] = field[i + stride * j]!;
    return out;
  }
}

/**
 * The corners of the tensor grid xFaces × yFaces moved by `map` (a smooth map that keeps the domain's
 * sides on themselves gives a curvilinear grid of the same domain: a test of the non-orthogonal terms).
 */
export function mappedMesh(xFaces: ArrayLike<number>, yFaces: ArrayLike<number>, map: (x: number, y: number) => readonly [number, number]): CurvilinearMesh {
  const C = xFaces.length;
  const cornerX = new Float64Array(C * yFaces.length);
  const cornerY = new Float64Array(C * yFaces.length);
  for (let j = 0; j < yFaces.length; j++) {
    for (let i = 0; i < C; i++) [cornerX[i + C * j], cornerY[i + C * j]] = map(xFaces[i]!, yFaces[j]!);
  }
  return { cornerX, cornerY };
}
