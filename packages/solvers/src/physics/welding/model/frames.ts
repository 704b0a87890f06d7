// Snapshots for the welding views (simulations.md, cwm "Views"): when the animated top-surface map
// and the 3-D view of the part take their frames, and how a 3-D frame is laid out (mirrored about the
// symmetry plane of a half section, reduced to at most MAX_VOLUME_CELLS cells).
//
// Top surface: every `stride` steps of the pass, stride = round(pass steps / TOP_PASS_FRAMES) (the
// pass steps are uniform, so the frames are evenly spaced and the torch moves the same distance
// between two of them), always the end of the pass, then the first steps at or after
// TOP_COOLING_FRACTIONS of the cooling time (early cooling, where t8/5 happens).
// 3-D: the first steps at or after mid-pass, the end of the pass and the end of the cooling.

/** Frames over the pass of the animated top-surface map (about; the end of the pass is added). */
export const TOP_PASS_FRAMES = 16;
/** Cooling frames of the top-surface map, as fractions of the cooling time after the pass. */
export const TOP_COOLING_FRACTIONS: readonly number[] = [1 / 16, 1 / 8, 1 / 4, 1 / 2];
/** Largest number of cells of one 3-D frame (after mirroring); coarser blocks above it. */
export const MAX_VOLUME_CELLS = 150_000;
/** Value of a cell without metal (outside the part, or bead not yet deposited) in the K fields. */
export const NO_METAL = 0;

export interface FrameSchedule {
  /** A top-surface frame every `stride` pass steps (and at the end of the pass). */
  stride: number;
  /** Times (s) in the cooling at or after which a top-surface frame is taken. */
  coolingTargets: number[];
  /** Times (s) at or after which a 3-D frame is taken. */
  volumeTargets: number[];
}

export function frameSchedule(o: { passTime: number; coolingTime: number; dtPass: number }): FrameSchedule {
  const passSteps = Math.max(1, Math.ceil(o.passTime / o.dtPass - 1e-9));
  return {
    stride: Math.max(1, Math.round(passSteps / TOP_PASS_FRAMES)),
    coolingTargets: o.coolingTime > 0 ? TOP_COOLING_FRACTIONS.map((f) => o.passTime + f * o.coolingTime) : [],
    volumeTargets: [0.5 * o.passTime, o.passTime, o.passTime + o.coolingTime],
  };
}

/**
 * Decides, step by step, which steps give frames: call `afterStep` once after every time step with
 * the step's end time and whether it was a step of the pass.
 */
export class FrameClock {
  private passSteps = 0;
  private nextCooling = 0;
  private nextVolume = 0;

  constructor(
    private readonly schedule: FrameSchedule,
    private readonly passTime: number,
  ) {}

  afterStep(time: number, inPass: boolean): { top: boolean; volume: boolean } {
    const s = this.schedule;
    const reached = (target: number) => target <= time + 1e-9 * Math.max(1, this.passTime);
    let top = false;
    if (inPass) {
      this.passSteps++;
      top = this.passSteps % s.stride === 0 || reached(this.passTime);
    }
    // A cooling target also counts when the pass ends past it (cooling_time 0 has none).
    while (this.nextCooling < s.coolingTargets.length && reached(s.coolingTargets[this.nextCooling]!)) {
      top = true;
      this.nextCooling++;
    }
    let volume = false;
    while (this.nextVolume < s.volumeTargets.length && reached(s.volumeTargets[this.nextVolume]!)) {
      volume = true;
      this.nextVolume++;
    }
    return { top, volume };
  }
}

/** Cell columns of the full width: a half section (y ≥ 0) mirrored about y = 0, or as meshed. */
export function fullWidth(yc: ArrayLike<number>, mirrored: boolean): { source: number[]; y: number[] } {
  const source: number[] = [];
  const y: number[] = [];
  if (mirrored)
    for (let iy = yc.length - 1; iy >= 0; iy--) {
      source.push(iy);
      y.push(-yc[iy]!);
    }
  for (let iy = 0; iy < yc.length; iy++) {
    source.push(iy);
    y.push(yc[iy]!);
  }
  return { source, y };
}

/** Groups of `factor` consecutive cells along one axis (the last may be shorter) and their centres. */
function blocks(faces: ArrayLike<number>, factor: number): { start: number; end: number; centre: number }[] {
  const n = faces.length - 1;
  const out: { start: number; end: number; centre: number }[] = [];
  for (let start = 0; start < n; start += factor) {
    const end = Math.min(n, start + factor);
    out.push({ start, end, centre: 0.5 * (faces[start]! + faces[end]!) });
  }
  return out;
}

/**
 * Cells per block along x, y, z so that a frame has at most `maxCells` cells: starting from single
 * cells, the axis with the most blocks (counting the mirrored half twice) is merged one step further
 * until the frame fits, so the coarsening goes where the mesh is densest.
 */
export function volumeBlockFactors(counts: { nx: number; ny: number; nz: number; mirrored: boolean }, maxCells = MAX_VOLUME_CELLS): [number, number, number] {
  const n = [counts.nx, counts.ny, counts.nz];
  const copies = [1, counts.mirrored ? 2 : 1, 1];
  const f: [number, number, number] = [1, 1, 1];
  const blocksAlong = (a: number) => copies[a]! * Math.ceil(n[a]! / f[a]!);
  while (blocksAlong(0) * blocksAlong(1) * blocksAlong(2) > maxCells) {
    const axis = [0, 1, 2].filter((a) => f[a]! < n[a]!).sort((a, b) => blocksAlong(b) - blocksAlong(a))[0];
    if (axis === undefined) break;
    f[axis]!++;
  }
  return f;
}

export interface VolumeGrid {
  xFaces: ArrayLike<number>;
  yFaces: ArrayLike<number>;
  zFaces: ArrayLike<number>;
  /** Half section y ≥ 0 to be mirrored about y = 0. */
  mirrored: boolean;
}

export interface VolumeLayout {
  /** Mesh cells per block along x, y, z ([1, 1, 1]: the mesh's own cells). */
  factors: [number, number, number];
  x: number[];
  y: number[];
  z: number[];
  /** Values of one frame, [x, y, z] row-major (z fastest), NO_METAL where a block has no metal. */
  frame(values: ArrayLike<number>): number[];
}

/**
 * The 3-D frame layout: cells (values indexed x fastest, then y, then z, as the thermal mesh) grouped
 * in blocks (sizes from volumeBlockFactors), each block holding the
 * volume-weighted mean temperature of its metal cells (NO_METAL when it has none), mirrored for a
 * half section.
 */
export function volumeLayout(grid: VolumeGrid, maxCells = MAX_VOLUME_CELLS): VolumeLayout {
  const nx = grid.xFaces.length - 1;
  const ny = grid.yFaces.length - 1;
  const nz = grid.zFaces.length - 1;
  const factors = volumeBlockFactors({ nx, ny, nz, mirrored: grid.mirrored }, maxCells);
  const bx = blocks(grid.xFaces, factors[0]);
  const by = blocks(grid.yFaces, factors[1]);
  const bz = blocks(grid.zFaces, factors[2]);
  const width = (faces: ArrayLike<number>, i: number) => faces[i + 1]! - faces[i]!;
  const yHalf = by.map((b) => b.centre);
  const yOrder = grid.mirrored ? [...by.map((_, k) => -1 - k).reverse(), ...by.map((_, k) => k)] : by.map((_, k) => k);
  const y = grid.mirrored ? [...yHalf.map((v) => -v).reverse(), ...yHalf] : yHalf;
  return {
    factors,
    x: bx.map((b) => b.centre),
    y,
    z: bz.map((b) => b.centre),
    frame(values) {
      const half = new Float64Array(bx.length * by.length * bz.length);
      for (let a = 0; a < bx.length; a++)
        for (let b = 0; b < by.length; b++)
          for (let c = 0; c < bz.length; c++) {
            let sum = 0;
            let volume = 0;
            for (let iz = bz[c]!.start; iz < bz[c]!.end; iz++)
              for (let iy = by[b]!.start; iy < by[b]!.end; iy++)
                for (let ix = bx[a]!.start; ix < bx[a]!.end; ix++) {
                  const v = values[ix + nx * (iy + ny * iz)]!;
                  if (v === NO_METAL) continue;
                  const w = width(grid.xFaces, ix) * width(grid.yFaces, iy) * width(grid.zFaces, iz);
                  sum += w * v;
                  volume += w;
                }
            half[(a * by.length + b) * bz.length + c] = volume > 0 ? sum / volume : NO_METAL;
          }
      const out = new Array<number>(bx.length * yOrder.length * bz.length);
      let k = 0;
      for (let a = 0; a < bx.length; a++)
        for (const j of yOrder) {
          const b = j < 0 ? -1 - j : j;
          for (let c = 0; c < bz.length; c++) out[k++] = half[(a * by.length + b) * bz.length + c]!;
        }
      return out;
    },
  };
}
