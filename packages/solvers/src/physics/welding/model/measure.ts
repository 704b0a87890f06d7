// What one weld pass did at mid-length (solver.ts calls it for every pass): peak temperature,
// fusion-zone width, penetration, HAZ width and t8/5, read from that pass's own peak-temperature
// field (the maximum of T from the pass's start to the next pass's start, or to the end) and from the
// mid-length slice history over the same window.
//
// The measuring surface is the one the torch faces: for each column across the weld (y), the first
// metal cell met coming from the torch side (from above for a torch pointing down or sideways, from
// below for one pointing up, e.g. the back of a double-V groove or the fillet under a lap joint's
// upper plate). Metal at pass k is the base metal and the beads of passes 1…k; later beads are not
// there yet. When no cell of that surface fused (the full-penetration tee, whose bead lies under the
// web), the layer just beyond the weld root is read instead.
//
// t8/5 is "the weld's" cooling time, the one EN 1011-2 Annex D estimates: the time the weld metal and
// the adjacent HAZ take from 800 to 500 °C (EWM, "Calculating cooling time t8/5",
// https://www.ewm-group.com/iframes/rechner/Abkuehlzeit_en.html). It is read at a fixed point of the
// section, this pass's bead centroid, interpolated between cell centres, so the point does not move
// with the mesh. The rule it replaces read the topmost base-metal cell at the fusion boundary, a cell
// that moves with the mesh, and fell back to the centroid where no base metal fused, so the default
// fillets switched point between presets (centroid on coarse / default, a cell on fine). A bead cell is switched on at the liquidus between two recorded steps, so its
// recorded cycle misses its peak but not its cooling through 800 and 500 °C. Without bead (a bead on
// plate) t8/5 stays on the base-metal cell at the fusion boundary, or the hottest one if none fused.
// What still moves a fillet's t8/5 with the mesh preset is the time step, not this point: solver.ts cuts
// it to ≈ 20 steps over 800-500 °C at this point (pointWeights), the pass step before it remains
// (docs/physics/welding.md, "t8/5: where and how it is read"; docs/adr/0022).

import type { ScalarResult } from '../../../run/types.js';
import { CELL_VOID, StructuredMesh, coolingTime } from '../../../thermal/index.js';
import { area, centroid } from '../geometry/polygon.js';
import type { Polygon } from '../geometry/polygon.js';
import type { Plan } from './plan.js';

export interface HazBoundary {
  temperature: number;
  label: string;
}

export interface PassWindow {
  /** Index into the slice history where the pass starts (its initial state) and one past its last step. */
  from: number;
  to: number;
}

export interface MeasureInput {
  mesh: StructuredMesh;
  plan: Plan;
  /** Peak temperature over the pass's window, per cell (K). */
  peak: Float64Array;
  /** −1 for base metal, k for a cell of pass k's bead. */
  cellPass: Int8Array;
  /** The x column of the mid-length slice. */
  mid: number;
  times: readonly number[];
  /** Mid-length slice temperatures (ny·nz, index iy·nz + iz) after every step of the whole run. */
  slices: readonly Float64Array[];
  window: PassWindow;
  solidus: number;
  preheat: number;
  haz?: HazBoundary;
  log: { info(message: string): void; warn(message: string): void };
}

export interface PassMeasurement {
  peakMax: number;
  fusionWidth: number;
  penetration: number;
  hazWidth?: number;
  t85?: number;
  /** Whether base metal fused at mid-length. */
  baseFused: boolean;
  /** Column and row of the base-metal cell at the fusion boundary (else the hottest one; −1: none). */
  cycleColumn: number;
  cycleRow: number;
  /** Where t8/5 was read (y, z; the bead's centroid); absent without bead: then on the cycle cell. */
  cyclePoint?: [number, number];
  /** First metal row of each column from the torch side (−1: none). */
  surfaceRow: Int32Array;
  hazColumn: number;
  farColumn: number;
  /** Whether the measuring surface is the layer beyond the weld root. */
  rootLayer: boolean;
}

// Long function: every measurement of one pass read from the same scan of the mesh.
export function measurePass(o: MeasureInput): PassMeasurement {
  const { mesh, plan, peak, cellPass, mid, solidus } = o;
  const { ny, nz } = mesh;
  const k = plan.index;
  const cellAt = (iy: number, iz: number) => mesh.index(mid, iy, iz);
  const metal = (i: number) => mesh.mask[i] !== CELL_VOID && cellPass[i]! <= k;
  // From the torch side: downwards (top first) unless the torch points up.
  const fromBelow = plan.axis[1] > 1e-9;
  const rows = Array.from({ length: nz }, (_, j) => (fromBelow ? j : nz - 1 - j));
  const surfaceRow = new Int32Array(ny).fill(-1);
  for (let iy = 0; iy < ny; iy++)
    for (const iz of rows)
      if (metal(cellAt(iy, iz))) {
        surfaceRow[iy] = iz;
        break;
      }
  let peakAt = (iy: number) => (surfaceRow[iy]! < 0 ? Number.NaN : peak[cellAt(iy, surfaceRow[iy]!)]!);
  let anyFused = false;
  for (let iy = 0; iy < ny; iy++) if (peakAt(iy) >= solidus) anyFused = true;
  let rootLayer = false;
  if (!anyFused) {
    // The bead lies behind other metal (the full-penetration tee's web): read the metal layer just
    // beyond the weld root instead of the surface.
    const layer = StructuredMesh.locate(mesh.zFaces, plan.weldLine.point[1] + (fromBelow ? 1e-9 : -1e-9));
    for (let iy = 0; iy < ny; iy++) surfaceRow[iy] = metal(cellAt(iy, layer)) ? layer : -1;
    peakAt = (iy: number) => (surfaceRow[iy]! < 0 ? Number.NaN : peak[cellAt(iy, surfaceRow[iy]!)]!);
    rootLayer = true;
    o.log.warn(`no fused cell on the surface the torch faces at mid-length: fusion width, HAZ and cycles are read on the layer beyond the weld root (z ${(mesh.zc[layer]! * 1000).toFixed(2)} mm)`);
  }
  /**
   * Where the surface peak profile crosses `level` going outwards from column `from` in direction
   * `dir` (linear between cell centres; the column's outer face when the neighbour has no metal).
   */
  const crossingFrom = (from: number, dir: number, level: number): number | undefined => {
    if (!(peakAt(from) >= level)) return undefined;
    for (let iy = from; ; iy += dir) {
      const next = iy + dir;
      if (next < 0 || next >= ny) return dir > 0 ? mesh.yFaces[ny]! : mesh.yFaces[0]!;
      const [p, q] = [peakAt(iy), peakAt(next)];
      if (Number.isNaN(q)) return dir > 0 ? mesh.yFaces[iy + 1]! : mesh.yFaces[iy]!;
      if (q < level) return mesh.yc[iy]! + ((p - level) / (p - q)) * (mesh.yc[next]! - mesh.yc[iy]!);
    }
  };
  const penetration = penetrationDepth(
    mesh,
    plan,
    (iy, iz) => {
      const i = cellAt(iy, iz);
      return metal(i) ? peak[i]! : Number.NaN;
    },
    solidus,
    (iy, iz) => cellPass[cellAt(iy, iz)] === k,
  );
  let peakMax = -Infinity;
  for (let i = 0; i < mesh.cellCount; i++) if (metal(i) && peak[i]! > peakMax) peakMax = peak[i]!;

  // Probe columns on the read side: the fusion boundary, the HAZ and 10 mm from the weld line.
  const centreColumn = StructuredMesh.locate(mesh.yFaces, plan.weldLine.point[0] + (plan.symmetric ? 1e-12 : 0));
  let fusionColumn = -1;
  for (let iy = centreColumn; iy >= 0 && iy < ny; iy += plan.side) {
    if (peakAt(iy) >= solidus) fusionColumn = iy;
    else if (fusionColumn >= 0) break;
  }
  // Fused run of columns around the weld line: its two interpolated solidus crossings.
  let runStart = fusionColumn;
  while (runStart >= 0 && runStart - plan.side >= 0 && runStart - plan.side < ny && peakAt(runStart - plan.side) >= solidus) runStart -= plan.side;
  const outer = fusionColumn >= 0 ? crossingFrom(fusionColumn, plan.side, solidus)! : plan.weldLine.point[0];
  const inner = fusionColumn >= 0 ? (plan.symmetric ? -outer : crossingFrom(runStart, -plan.side, solidus)!) : plan.weldLine.point[0];
  const fusionWidth = Math.abs(outer - inner);
  const { haz } = o;
  let hazEdge = -1;
  if (haz)
    for (let iy = fusionColumn >= 0 ? fusionColumn : centreColumn; iy >= 0 && iy < ny; iy += plan.side) {
      if (peakAt(iy) >= haz.temperature) hazEdge = iy;
      else if (hazEdge >= 0) break;
    }
  let hazWidth: number | undefined;
  if (haz) {
    // Outer edges (on the read side) of the last fused column and of the last column above the HAZ temperature.
    const hazOuter = crossingFrom(fusionColumn >= 0 ? fusionColumn : centreColumn, plan.side, haz.temperature);
    hazWidth = hazOuter === undefined ? 0 : Math.abs(hazOuter - outer);
  }
  if (fusionColumn < 0) o.log.warn('no base metal fused on the measuring surface at mid-length: fusion_zone_width 0');
  const farColumn = StructuredMesh.locate(mesh.yFaces, plan.weldLine.point[0] + plan.side * 0.01);

  // t8/5: the first cell of each column (from the torch side) that is not this pass's bead.
  const baseRow = new Int32Array(ny).fill(-1);
  for (let iy = 0; iy < ny; iy++) {
    const start = surfaceRow[iy]!;
    if (start < 0) continue;
    for (let iz = start; iz >= 0 && iz < nz; iz += fromBelow ? 1 : -1) {
      const i = cellAt(iy, iz);
      if (metal(i) && cellPass[i] !== k) {
        baseRow[iy] = iz;
        break;
      }
    }
  }
  const basePeak = (iy: number) => (baseRow[iy]! < 0 ? Number.NaN : peak[cellAt(iy, baseRow[iy]!)]!);
  let cycleColumn = -1;
  for (let iy = centreColumn; iy >= 0 && iy < ny; iy += plan.side) {
    if (basePeak(iy) >= solidus) cycleColumn = iy;
    else if (cycleColumn >= 0 && !Number.isNaN(basePeak(iy))) break;
  }
  const baseFused = cycleColumn >= 0;
  if (!baseFused) for (let iy = 0; iy < ny; iy++) if (baseRow[iy]! >= 0 && (cycleColumn < 0 || basePeak(iy) > basePeak(cycleColumn))) cycleColumn = iy;
  const beadPoint = beadCentroid(plan.passFillers);
  if (!baseFused)
    o.log.warn(
      beadPoint
        ? `no base metal fused at mid-length (lack of fusion): the weld metal at the bead's centroid (y ${(beadPoint[0] * 1000).toFixed(2)} mm, z ${(beadPoint[1] * 1000).toFixed(2)} mm) is the only metal that fused`
        : 'no base metal fused at mid-length (lack of fusion): t8_5 read at the hottest base-metal point instead of the fusion boundary',
    );
  // The HAZ probe: halfway from the fusion boundary to the HAZ edge on the surface.
  const hazColumn = baseFused && hazEdge >= 0 && hazEdge !== cycleColumn ? Math.round(0.5 * (cycleColumn + hazEdge)) : -1;
  const cycleRow = cycleColumn >= 0 ? baseRow[cycleColumn]! : -1;
  const { from, to } = o.window;
  const times = o.times.slice(from, to);
  const cellCycle = cycleColumn >= 0 ? o.slices.slice(from, to).map((slice) => slice[cycleColumn * nz + cycleRow]!) : undefined;
  const cycle = beadPoint ? cycleAtPoint(o, metal, beadPoint) : cellCycle;
  let t85: number | undefined;
  if (cycle) {
    t85 = coolingTime(times, cycle);
    if (t85 === undefined) o.log.warn('t8_5 omitted: the cycle does not cool through 800 and 500 °C within the simulated time (raise cooling_time, or the interpass wait)');
  }
  if (beadPoint && baseFused && cellCycle) {
    // For comparison only: the base-metal cell at the fusion boundary, whose position moves with the mesh.
    const cellT85 = coolingTime(times, cellCycle);
    o.log.info(`t8/5 ${t85 === undefined ? 'n/a' : `${t85.toFixed(2)} s`} at the bead's centroid; ${cellT85 === undefined ? 'n/a' : `${cellT85.toFixed(2)} s`} at the base-metal cell at the fusion boundary (y ${(mesh.yc[cycleColumn]! * 1000).toFixed(2)} mm, z ${(mesh.zc[cycleRow]! * 1000).toFixed(2)} mm)`);
  }
  return { peakMax, fusionWidth, penetration, ...(hazWidth !== undefined ? { hazWidth } : {}), ...(t85 !== undefined ? { t85 } : {}), baseFused, cycleColumn, cycleRow, ...(beadPoint ? { cyclePoint: beadPoint } : {}), surfaceRow, hazColumn, farColumn, rootLayer };
}

/**
 * Penetration: how far the fused metal reaches along the torch axis from the source centre, read the
 * way the width is. Between a fused cell and its unfused metal neighbour deeper along the axis (the
 * next cell in y or in z in the axis's direction) the solidus crossing is interpolated linearly
 * between the two cell centres; where that neighbour is not metal (a free face, the symmetry plane's
 * far side, a bead not deposited yet) the fused metal ends at the cell's face. The depth is the
 * largest projection on the axis of these points. (Reading it at cell faces alone reported a
 * thick-plate bead whose Rosenthal depth is 4.7 mm as exactly 4.000 mm.) `peakOf` is NaN where
 * there is no metal. A cell of the pass's own bead (`deposited`) was laid down molten, so it is fused
 * up to its faces whatever its recorded peak (the liquidus at activation, solver.ts): the depth
 * reaches at least its face, or the back of a double-V's second pass would end short of the first
 * pass's bead it was laid against.
 */
export function penetrationDepth(
  mesh: StructuredMesh,
  plan: Pick<Plan, 'axis' | 'centre'>,
  peakOf: (iy: number, iz: number) => number,
  solidus: number,
  deposited: (iy: number, iz: number) => boolean = () => false,
): number {
  const { ny, nz } = mesh;
  const [ay, az] = plan.axis;
  const zeta = (y: number, z: number) => (y - plan.centre[0]) * ay + (z - plan.centre[1]) * az;
  const steps: [number, number][] = [];
  if (Math.abs(ay) > 1e-9) steps.push([Math.sign(ay), 0]);
  if (Math.abs(az) > 1e-9) steps.push([0, Math.sign(az)]);
  let depth = 0;
  for (let iy = 0; iy < ny; iy++)
    for (let iz = 0; iz < nz; iz++) {
      const p = peakOf(iy, iz);
      if (!(p >= solidus)) continue;
      const here = zeta(mesh.yc[iy]!, mesh.zc[iz]!);
      depth = Math.max(depth, here);
      for (const [sy, sz] of steps) {
        const [jy, jz] = [iy + sy, iz + sz];
        const q = jy >= 0 && jy < ny && jz >= 0 && jz < nz ? peakOf(jy, jz) : Number.NaN;
        if (q >= solidus) continue;
        const face = here + 0.5 * (Math.abs(sy * ay) * mesh.dy[iy]! + Math.abs(sz * az) * mesh.dz[iz]!);
        if (Number.isNaN(q) || deposited(iy, iz)) depth = Math.max(depth, face);
        // Past a free face the fused metal ends there.
        if (Number.isNaN(q)) continue;
        const s = (p - solidus) / (p - q);
        depth = Math.max(depth, here + s * (zeta(mesh.yc[jy]!, mesh.zc[jz]!) - here));
      }
    }
  return depth;
}

/** The area centroid (y, z) of a pass's bead polygons (where t8/5 is read); undefined without bead. */
export function beadCentroid(polygons: readonly Polygon[]): [number, number] | undefined {
  let total = 0;
  let y = 0;
  let z = 0;
  for (const p of polygons) {
    const a = area(p);
    const c = centroid(p);
    total += a;
    y += a * c[0];
    z += a * c[1];
  }
  return total > 0 ? [y / total, z / total] : undefined;
}

/**
 * Where a point of the section reads the mid-length slice: the centres of the four surrounding cells
 * that are metal at this pass, bilinear weights renormalised over them (clamped to the outermost
 * centres); `at` indexes a slice (iy·nz + iz). solver.ts limits the time step on the same point.
 */
export function pointWeights(mesh: StructuredMesh, mid: number, metal: (cell: number) => boolean, point: readonly [number, number]): { at: number; weight: number }[] {
  const nz = mesh.nz;
  const bracket = (centres: Float64Array, u: number): [number, number, number] => {
    const last = centres.length - 1;
    if (u <= centres[0]!) return [0, 0, 0];
    if (u >= centres[last]!) return [last, last, 0];
    const hi = Math.max(1, StructuredMesh.locate(centres, u) + 1);
    const lo = hi - 1;
    return [lo, hi, (u - centres[lo]!) / (centres[hi]! - centres[lo]!)];
  };
  const [y0, y1, wy] = bracket(mesh.yc, point[0]);
  const [z0, z1, wz] = bracket(mesh.zc, point[1]);
  const terms: { at: number; weight: number }[] = [];
  for (const [iy, fy] of [[y0, 1 - wy], [y1, wy]] as const)
    for (const [iz, fz] of [[z0, 1 - wz], [z1, wz]] as const)
      if (fy * fz > 0 && metal(mesh.index(mid, iy, iz))) terms.push({ at: iy * nz + iz, weight: fy * fz });
  const sum = terms.reduce((acc, t) => acc + t.weight, 0);
  return terms.map((t) => ({ at: t.at, weight: t.weight / sum }));
}

/**
 * The mid-length temperature history at a point of the section over the pass's window (pointWeights).
 * A bead cell holds the preheat until it is activated at the liquidus, so the history misses the
 * bead's peak but not its cooling through 800 and 500 °C.
 */
export function cycleAtPoint(o: Pick<MeasureInput, 'mesh' | 'mid' | 'slices' | 'window'>, metal: (cell: number) => boolean, point: readonly [number, number]): number[] {
  const terms = pointWeights(o.mesh, o.mid, metal, point);
  return o.slices.slice(o.window.from, o.window.to).map((slice) => terms.reduce((acc, t) => acc + t.weight * slice[t.at]!, 0));
}

/** The per-pass summary entries of a multi-pass weld (`pass_2_t8_5` ...). */
export function passSummary(n: number, m: PassMeasurement, pass: { startTemperature: number; energyInput: number }): Record<string, ScalarResult> {
  const key = (name: string) => `pass_${n}_${name}`;
  const out: Record<string, ScalarResult> = {
    [key('start_temperature')]: { value: pass.startTemperature, unit: 'K', label: `Pass ${n}: hottest metal temperature when the pass starts` },
    [key('energy_input')]: { value: pass.energyInput, unit: 'J', label: `Pass ${n}: heat into the part (the source's share that lands on the part, plus the bead's enthalpy)` },
    [key('peak_temperature')]: { value: m.peakMax, unit: 'K', label: `Pass ${n}: highest temperature reached during the pass and its cooling` },
    [key('fusion_zone_width')]: { value: m.fusionWidth, unit: 'm', label: `Pass ${n}: fusion-zone width on the surface its torch faces, mid-length` },
    [key('penetration_depth')]: { value: m.penetration, unit: 'm', label: `Pass ${n}: depth fused below its bead surface along its torch axis, mid-length` },
  };
  if (m.t85 !== undefined) out[key('t8_5')] = { value: m.t85, unit: 's', label: `Pass ${n}: cooling time 800-500 °C ${m.cyclePoint ? "in the weld metal at its bead's centroid" : 'in the base metal at its fusion boundary'}, mid-length` };
  return out;
}

