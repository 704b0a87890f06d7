// The view fields of a welding run (simulations.md, cwm "Views"): the animated top-surface map and
// the 3-D temperature of the part, from the snapshots the solve phase took (frames.ts decides when).

import type { AbortCheck, Field } from '../../../run/types.js';
import { CELL_SOLID, type StructuredMesh, type ThermalSolver } from '../../../thermal/index.js';
import { MAX_VOLUME_CELLS, NO_METAL, volumeLayout } from './frames.js';

export interface TopFrame {
  time: number;
  values: number[];
  /** Whether the frame was taken while a torch travelled. */
  inPass: boolean;
}

export interface VolumeFrame {
  time: number;
  values: Float64Array;
  /** When it was taken: 'mid-pass', 'end of pass', 'end of cooling' (with the pass number for several passes). */
  when: string;
}

/** The temperature of the topmost solid cell of every (x, y) column (NaN where there is none). */
export function topSurface(solver: ThermalSolver): number[] {
  const m = solver.mesh;
  const out = new Array<number>(m.nx * m.ny);
  for (let ix = 0; ix < m.nx; ix++)
    for (let iy = 0; iy < m.ny; iy++) {
      let value = Number.NaN;
      for (let iz = m.nz - 1; iz >= 0; iz--) {
        const i = m.index(ix, iy, iz);
        if (m.mask[i] === CELL_SOLID) {
          value = solver.T[i]!;
          break;
        }
      }
      out[ix * m.ny + iy] = value;
    }
  return out;
}

/** T of every metal cell (mesh order), NO_METAL outside the part and in bead not yet deposited. */
export function metalTemperatures(solver: ThermalSolver): Float64Array {
  const { mask } = solver.mesh;
  const out = new Float64Array(solver.mesh.cellCount);
  for (let i = 0; i < out.length; i++) out[i] = mask[i] === CELL_SOLID ? solver.T[i]! : NO_METAL;
  return out;
}

/** `150 000`: grouped by spaces without Intl (the output does not depend on the locale). */
const MAX_VOLUME_CELLS_TEXT = String(MAX_VOLUME_CELLS).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
export const seconds = (t: number) => `${Number(t.toFixed(2))} s`;

/** The animated top-surface map: [time, x, y] over the full width, NO_METAL where a column has none. */
export function topSurfaceFrames(o: { mesh: StructuredMesh; frames: readonly TopFrame[]; width: { source: number[]; y: number[] }; frameInterval: number; travelSpeed: number; mirrored: boolean; passes: number; checkAbort?: AbortCheck }): Field {
  const { mesh, frames, width } = o;
  const values: number[] = [];
  for (const frame of frames) {
    o.checkAbort?.();
    for (let ix = 0; ix < mesh.nx; ix++) for (const iy of width.source) values.push(Number.isFinite(frame.values[ix * mesh.ny + iy]!) ? frame.values[ix * mesh.ny + iy]! : NO_METAL);
  }
  const cooling = frames.filter((f) => !f.inPass).length;
  return {
    label:
      `Top-surface temperature (topmost metal cell of each x, y column) at ${frames.length} times: every ${seconds(o.frameInterval)} while the torch travels ` +
      `(${(o.frameInterval * o.travelSpeed * 1000).toFixed(1)} mm of travel${o.passes > 1 ? `, in each of the ${o.passes} passes` : ''}) and ${cooling} in the early cooling${o.passes > 1 ? ' after the last pass' : ''}; ` +
      `${o.mirrored ? 'full width (the half section mirrored about y = 0); ' : ''}0 K where a column has no metal`,
    unit: 'K',
    grid: {
      axes: [
        { name: 'time', unit: 's', values: frames.map((f) => f.time) },
        { name: 'x', unit: 'm', values: Array.from(mesh.xc) },
        { name: 'y', unit: 'm', values: width.y },
      ],
    },
    shape: [frames.length, mesh.nx, width.y.length],
    values,
  };
}

/** The 3-D view: [time, x, y, z] at mid-pass, end of pass (of each pass) and end of cooling (frames.ts). */
export function partTemperatureFrames(mesh: StructuredMesh, frames: readonly VolumeFrame[], mirrored: boolean, checkAbort?: AbortCheck): Field {
  const layout = volumeLayout({ xFaces: mesh.xFaces, yFaces: mesh.yFaces, zFaces: mesh.zFaces, mirrored });
  const cells = layout.x.length * layout.y.length * layout.z.length;
  const sampling = layout.factors.every((f) => f === 1)
    ? `the mesh cells (${cells} per frame, at most ${MAX_VOLUME_CELLS_TEXT})`
    : `blocks of ${layout.factors.join('×')} mesh cells along x×y×z (merged along the axis with the most cells until a frame has at most ${MAX_VOLUME_CELLS_TEXT}; ${cells} per frame), each the volume-weighted mean over its metal cells`;
  return {
    label:
      `Temperature in the part at ${frames.map((f) => `${seconds(f.time)} (${f.when})`).join(', ')}; ${sampling}; ` +
      `${mirrored ? 'full width (the half section mirrored about y = 0); ' : ''}0 K where there is no metal (outside the part, bead not yet deposited)`,
    unit: 'K',
    grid: {
      axes: [
        { name: 'time', unit: 's', values: frames.map((f) => f.time) },
        { name: 'x', unit: 'm', values: layout.x },
        { name: 'y', unit: 'm', values: layout.y },
        { name: 'z', unit: 'm', values: layout.z },
      ],
    },
    shape: [frames.length, layout.x.length, layout.y.length, layout.z.length],
    // A frame is up to 150 000 block means over the whole mesh: the abort is polled frame by frame.
    values: frames.flatMap((f) => {
      checkAbort?.();
      return layout.frame(f.values);
    }),
  };
}
