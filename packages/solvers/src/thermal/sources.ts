// Moving heat sources, integrated over each cell so that the discretised source carries the power the
// distribution puts into the solid (the rest, outside the mesh or on void cells, is reported as clipped).
//
// Goldak double ellipsoid (Goldak, Chakravarti & Bibby, Metall. Trans. B 15 (1984) 299–305): in the
// torch frame (ξ along travel, ζ along the torch axis into the material, η across),
//   q(ξ,η,ζ) = 6√3 f Q / (a b c π√π) · exp(−3ξ²/a² − 3η²/b² − 3ζ²/c²),  ζ ≥ 0,
// with a = a_f, f = f_f ahead of the torch (ξ ≥ 0) and a = a_r, f = f_r behind, f_f + f_r = 2 and
// f_f/a_f = f_r/a_r (continuity at ξ = 0): f_f = 2a_f/(a_f + a_r), f_r = 2a_r/(a_f + a_r). The
// integral over ζ ≥ 0 is Q. Travel is along +x. The torch axis may be tilted by a work angle φ about
// the travel axis (fillet welds): the axis points along (0, sin φ, −cos φ).
//   Untilted: the kernel is a product of 1-D Gaussians along the mesh axes, so each cell integral is a
//   product of erf differences — exact.
//   Tilted: the (y, z) factor is a rotated 2-D Gaussian; per cell it is integrated exactly in y (erf of
//   the completed square, with the half-space ζ ≥ 0 as a bound on y) and by composite 4-point
//   Gauss–Legendre in z (sub-intervals ≤ min(b, c)/4): relative error far below 1e-6.
// Gaussian surface source (lasers): q''(r) = 2P/(π r₀²) exp(−2r²/r₀²), r₀ the 1/e² radius, deposited in
// the topmost solid cell of each column, face integrals exact (erf products).

import { erfDifference, goldakKernelIntegral } from './special-functions.js';
import { CELL_SOLID, StructuredMesh } from './mesh.js';

/** Where a moving source is: start point (m) and velocity along +x (m/s); on between onTime and offTime. */
export interface SourcePath {
  start: { x: number; y: number; z: number };
  /** m/s along +x */
  speed: number;
  /** s (default 0) */
  onTime?: number;
  /** s (default ∞) */
  offTime?: number;
}

export interface SourceDeposit {
  /** W that the distribution carries (0 when the source is off). */
  nominal: number;
  /** W put into solid cells. */
  applied: number;
}

export interface HeatSource {
  readonly label: string;
  /** Adds the source's power per cell (W) at `time` to `out`. */
  deposit(mesh: StructuredMesh, time: number, out: Float64Array): SourceDeposit;
}

export interface GoldakOptions {
  /** Net power Q (W), e.g. η U I. */
  power: number;
  /** Semi-axes (m): front and rear length, half-width, depth. */
  frontLength: number;
  rearLength: number;
  halfWidth: number;
  depth: number;
  path: SourcePath;
  /** Rotation (rad) of the torch axis about the travel (x) axis; 0 points along −z. */
  workAngle?: number;
  /**
   * Put the power the distribution carries into the mesh's box into the box's solid cells: the exact
   * cell integrals scaled by (their sum over the box's cells) / (their sum over its solid cells). For a weld, where the ellipsoid reaches void (the
   * groove ahead of the filler front, the air beyond a fillet's face) the arc's heat still enters the
   * metal; without it that share is lost (clipped), and how much depends on where the filler front
   * stands at the step (the time step), not on the physics. Off (plain clipping) by default.
   */
  renormalise?: boolean;
}

const SQRT3 = Math.sqrt(3);
const SQRT_PI = Math.sqrt(Math.PI);
/** Kernels are cut where exp(−3u²/w²) < e^(−27): 3 semi-axes. */
const CUTOFF = 3;
const GAUSS4_X = [-0.8611363115940526, -0.3399810435848563, 0.3399810435848563, 0.8611363115940526];
const GAUSS4_W = [0.3478548451374538, 0.6521451548625461, 0.6521451548625461, 0.3478548451374538];

function position(path: SourcePath, time: number): { x: number; y: number; z: number } | undefined {
  if (time < (path.onTime ?? 0) || time > (path.offTime ?? Number.POSITIVE_INFINITY)) return undefined;
  return { x: path.start.x + path.speed * (time - (path.onTime ?? 0)), y: path.start.y, z: path.start.z };
}

function axisRange(faces: Float64Array, lo: number, hi: number): [number, number] {
  return [StructuredMesh.locate(faces, lo), StructuredMesh.locate(faces, hi)];
}

export class GoldakSource implements HeatSource {
  readonly label = 'Goldak double ellipsoid';
  readonly frontFraction: number;
  readonly rearFraction: number;
  private xw = new Float64Array(0);
  private yzw = new Float64Array(0);

  constructor(readonly options: GoldakOptions) {
    const { frontLength: af, rearLength: ar } = options;
    this.frontFraction = (2 * af) / (af + ar);
    this.rearFraction = (2 * ar) / (af + ar);
  }

  deposit(mesh: StructuredMesh, time: number, out: Float64Array): SourceDeposit {
    const at = position(this.options.path, time);
    if (!at) return { nominal: 0, applied: 0 };
    const { power, frontLength: af, rearLength: ar, halfWidth: b, depth: c } = this.options;
    const phi = this.options.workAngle ?? 0;
    const { nx, ny, xFaces, yFaces, zFaces, mask } = mesh;
    if (this.xw.length !== mesh.nx) this.xw = new Float64Array(mesh.nx);
    if (this.yzw.length !== mesh.ny * mesh.nz) this.yzw = new Float64Array(mesh.ny * mesh.nz);
    // Along x: Σ over the front and rear halves of f/a ∫ exp(−3ξ²/a²) dξ.
    const [x0, x1] = axisRange(xFaces, at.x - CUTOFF * ar, at.x + CUTOFF * af);
    for (let ix = x0; ix <= x1; ix++) {
      const lo = xFaces[ix]! - at.x;
      const hi = xFaces[ix + 1]! - at.x;
      let w = 0;
      if (hi > 0) w += (this.frontFraction / af) * goldakKernelIntegral(Math.max(lo, 0), hi, af);
      if (lo < 0) w += (this.rearFraction / ar) * goldakKernelIntegral(lo, Math.min(hi, 0), ar);
      this.xw[ix] = w;
    }
    // Across (y, z): ∫∫ exp(−3η²/b² − 3ζ²/c²) over the cell, ζ ≥ 0.
    const reach = CUTOFF * Math.max(b, c);
    const [y0, y1] = axisRange(yFaces, at.y - reach, at.y + reach);
    const [z0, z1] = axisRange(zFaces, at.z - reach, at.z + reach);
    for (let iz = z0; iz <= z1; iz++)
      for (let iy = y0; iy <= y1; iy++) {
        this.yzw[iy + ny * iz] =
          phi === 0
            ? goldakKernelIntegral(yFaces[iy]! - at.y, yFaces[iy + 1]! - at.y, b) *
              goldakKernelIntegral(Math.max(0, at.z - zFaces[iz + 1]!), Math.max(0, at.z - zFaces[iz]!), c)
            : tiltedCellIntegral(yFaces[iy]! - at.y, yFaces[iy + 1]! - at.y, zFaces[iz]! - at.z, zFaces[iz + 1]! - at.z, b, c, phi);
      }
    let q0 = (6 * SQRT3 * power) / (b * c * Math.PI * SQRT_PI);
    if (this.options.renormalise) {
      // What the distribution puts into the mesh's box (solid and void cells alike) goes into its solid
      // cells: outside the box (a symmetry plane's other half, run-on and run-off beyond the ends) it
      // stays clipped, as without the option, or the ends and the half section would get the whole arc.
      let inBox = 0;
      let reached = 0;
      for (let iz = z0; iz <= z1; iz++)
        for (let iy = y0; iy <= y1; iy++) {
          const wyz = this.yzw[iy + ny * iz]!;
          if (wyz === 0) continue;
          const row = nx * (iy + ny * iz);
          for (let ix = x0; ix <= x1; ix++) {
            const w = this.xw[ix]! * wyz;
            inBox += w;
            if (mask[row + ix] === CELL_SOLID) reached += w;
          }
        }
      // No solid cell in reach: clipped as without the option.
      if (reached > 0) q0 *= inBox / reached;
    }
    let applied = 0;
    for (let iz = z0; iz <= z1; iz++)
      for (let iy = y0; iy <= y1; iy++) {
        const wyz = this.yzw[iy + ny * iz]!;
        if (wyz === 0) continue;
        const row = nx * (iy + ny * iz);
        for (let ix = x0; ix <= x1; ix++) {
          const i = row + ix;
          if (mask[i] !== CELL_SOLID) continue;
          const q = q0 * this.xw[ix]! * wyz;
          out[i] += q;
          applied += q;
        }
      }
    return { nominal: power, applied };
  }
}

/**
 * ∫_{z0}^{z1} ∫_{y0}^{y1} exp(−3η²/b² − 3ζ²/c²) [ζ ≥ 0] dy dz, with η = cos φ·y + sin φ·z,
 * ζ = sin φ·y − cos φ·z (coordinates relative to the source centre).
 */
export function tiltedCellIntegral(y0: number, y1: number, z0: number, z1: number, b: number, c: number, phi: number): number {
  const cs = Math.cos(phi);
  const sn = Math.sin(phi);
  const pb = 3 / (b * b);
  const pc = 3 / (c * c);
  // exponent = −(A y² + 2 B(z) y + C(z)), completed: −A (y + B/A)² − (C − B²/A)
  const A = pb * cs * cs + pc * sn * sn;
  const sqrtA = Math.sqrt(A);
  const pieces = Math.max(1, Math.ceil((z1 - z0) / (0.25 * Math.min(b, c))));
  const h = (z1 - z0) / pieces;
  let sum = 0;
  for (let p = 0; p < pieces; p++) {
    const mid = z0 + (p + 0.5) * h;
    for (let g = 0; g < 4; g++) {
      const z = mid + 0.5 * h * GAUSS4_X[g]!;
      const B = (pb * cs * sn - pc * sn * cs) * z;
      const C = (pb * sn * sn + pc * cs * cs) * z * z;
      // ζ ≥ 0  ⇔  sin φ · y ≥ cos φ · z
      let lo = y0;
      let hi = y1;
      if (sn > 0) lo = Math.max(lo, (cs * z) / sn);
      else if (sn < 0) hi = Math.min(hi, (cs * z) / sn);
      else if (-cs * z < 0) continue;
      if (!(hi > lo)) continue;
      const shift = B / A;
      const inner = (SQRT_PI / (2 * sqrtA)) * erfDifference(sqrtA * (lo + shift), sqrtA * (hi + shift));
      sum += 0.5 * h * GAUSS4_W[g]! * Math.exp(-(C - B * shift)) * inner;
    }
  }
  return sum;
}

export interface GaussianSurfaceOptions {
  /** Absorbed power (W), e.g. absorptivity × laser power. */
  power: number;
  /** 1/e² radius r₀ (m). */
  radius: number;
  path: SourcePath;
}

export class GaussianSurfaceSource implements HeatSource {
  readonly label = 'Gaussian surface source';
  private topCell = new Int32Array(0);
  private topVersion = -1;
  /** The x factors' erf differences of the last deposit (reused storage). */
  private ex: Float64Array = new Float64Array(0);

  constructor(readonly options: GaussianSurfaceOptions) {}

  deposit(mesh: StructuredMesh, time: number, out: Float64Array): SourceDeposit {
    const at = position(this.options.path, time);
    if (!at) return { nominal: 0, applied: 0 };
    this.findTopCells(mesh);
    const { power, radius } = this.options;
    const s = Math.SQRT2 / radius;
    const reach = 3.5 * radius; // the power beyond ±3.5 r₀ along an axis is erfc(3.5√2) = 7e-12
    const [x0, x1] = axisRange(mesh.xFaces, at.x - reach, at.x + reach);
    const [y0, y1] = axisRange(mesh.yFaces, at.y - reach, at.y + reach);
    const ex = (this.ex = axisErfDifferences(mesh.xFaces, x0, x1, s, at.x, this.ex));
    let applied = 0;
    for (let iy = y0; iy <= y1; iy++) {
      const wy = 0.5 * erfDifference(s * (mesh.yFaces[iy]! - at.y), s * (mesh.yFaces[iy + 1]! - at.y));
      for (let ix = x0; ix <= x1; ix++) {
        const top = this.topCell[ix + mesh.nx * iy]!;
        if (top < 0) continue;
        const q = power * wy * 0.5 * ex[ix - x0]!;
        out[top] += q;
        applied += q;
      }
    }
    return { nominal: power, applied };
  }

  private findTopCells(mesh: StructuredMesh): void {
    if (this.topVersion === mesh.maskVersion && this.topCell.length === mesh.nx * mesh.ny) return;
    this.topCell = new Int32Array(mesh.nx * mesh.ny).fill(-1);
    for (let iy = 0; iy < mesh.ny; iy++)
      for (let ix = 0; ix < mesh.nx; ix++)
        for (let iz = mesh.nz - 1; iz >= 0; iz--) {
          const i = mesh.index(ix, iy, iz);
          if (mesh.mask[i] === CELL_SOLID) {
            this.topCell[ix + mesh.nx * iy] = i;
            break;
          }
        }
    this.topVersion = mesh.maskVersion;
  }
}

/**
 * erfDifference(s (f[i] − c), s (f[i+1] − c)) for the cells i0 … i1 of an axis with faces f, in `into`
 * (replaced by a larger array when short) from index 0: a Gaussian source's factor along one axis,
 * taken once per deposit rather than once per cell of the other axes (the same numbers, so the
 * deposit is bitwise unchanged).
 */
export function axisErfDifferences(faces: Float64Array, i0: number, i1: number, s: number, c: number, into: Float64Array): Float64Array {
  const out = into.length > i1 - i0 ? into : new Float64Array(Math.max(i1 - i0 + 1, 2 * into.length));
  for (let i = i0; i <= i1; i++) out[i - i0] = erfDifference(s * (faces[i]! - c), s * (faces[i + 1]! - c));
  return out;
}
