// The default single-V butt weld is a sound weld: its front layer fuses both groove faces from the
// land to the top (the contracts' welding.ts, weldingProcessDefaults, cites the 12 mm procedure and
// says why the root is closed). Read on the mid-length peak-temperature section: every base-metal
// cell with a face on the bead must reach the solidus. A 10 mm groove welded in one pass at 0.8 kJ/mm
// shows that the check can fail.

import { describe, expect, it } from 'vitest';
import { parameterDefaults, solve } from '../../../run/solve.js';
import { pointInPolygon } from '../geometry/polygon.js';
import { readWeldingCase } from './parameters.js';

type Parameters = Record<string, unknown> & { geometry: Record<string, number> };

/** The peak temperatures (K) of the base-metal cells next to the groove at mid-length, with where they are. */
async function grooveFacePeaks(parameters: Parameters): Promise<{ solidus: number; cells: { y: number; z: number; peak: number }[]; log: string[] }> {
  const c = readWeldingCase('BUTT_WELD', parameters);
  const result = await solve({ type: 'BUTT_WELD', parameters });
  const section = result.fields.peak_temperature_cross_section!;
  const [ys, zs] = [section.grid.axes[0]!.values, section.grid.axes[1]!.values];
  const nz = zs.length;
  // Cell centres classify the cells: the raster (by covered share) can differ only in cells the
  // groove's line cuts, which then count as bead here and are not checked.
  const inBead = (iy: number, iz: number) => c.section.fillers.some((p) => pointInPolygon([ys[iy]!, zs[iz]!], p));
  const inBase = (iy: number, iz: number) => !inBead(iy, iz) && c.section.plates.some((p) => pointInPolygon([ys[iy]!, zs[iz]!], p));
  const cells: { y: number; z: number; peak: number }[] = [];
  for (let iy = 0; iy < ys.length; iy++)
    for (let iz = 0; iz < nz; iz++) {
      if (!inBase(iy, iz)) continue;
      const neighbours = [[iy - 1, iz], [iy + 1, iz], [iy, iz - 1], [iy, iz + 1]].filter(([a, b]) => a! >= 0 && a! < ys.length && b! >= 0 && b! < nz);
      if (neighbours.some(([a, b]) => inBead(a!, b!))) cells.push({ y: ys[iy]!, z: zs[iz]!, peak: section.values[iy * nz + iz]! });
    }
  return { solidus: c.material.solidus, cells, log: result.log.map((l) => l.message) };
}

function defaults(mesh: 'coarse' | 'default'): Parameters {
  const p = parameterDefaults('BUTT_WELD') as Parameters;
  p.mesh_size = mesh;
  return p;
}

describe('default single-V butt weld: groove-face fusion', () => {
  // Measured, the coldest groove-face cell: 1909 K coarse, 1860 K default, 1833 K fine (solidus 1753 K).
  it.each(['coarse', 'default'] as const)('fuses every base-metal cell along both groove faces, from the land to the top (%s mesh)', async (mesh) => {
    const { solidus, cells, log } = await grooveFacePeaks(defaults(mesh));
    const { thickness, root_face } = defaults(mesh).geometry as { thickness: number; root_face: number };
    const bevel = thickness - root_face;
    // Both faces (the section is mirrored), and cells from the land to the top of the bevel.
    expect(cells.some((c) => c.y < 0) && cells.some((c) => c.y > 0)).toBe(true);
    expect(Math.min(...cells.map((c) => c.z))).toBeLessThan(root_face + 0.25 * bevel);
    expect(Math.max(...cells.map((c) => c.z))).toBeGreaterThan(root_face + 0.75 * bevel);
    for (const cell of cells) expect(cell.peak, `groove face at y ${(cell.y * 1000).toFixed(2)} mm, z ${(cell.z * 1000).toFixed(2)} mm`).toBeGreaterThanOrEqual(solidus);
    expect(log.some((m) => m.includes('lack of fusion'))).toBe(false);
  }, 60_000);

  it('a 10 mm plate (gap 1 mm, land 2 mm) welded in one pass at 0.8 kJ/mm fuses none of its groove faces (the check can fail)', async () => {
    const p = defaults('coarse');
    Object.assign(p.geometry, { thickness: 0.01, gap: 0.001, root_face: 0.002 });
    p.process = { ...(p.process as object), voltage: 25, current: 200, travel_speed: 0.005 };
    const { solidus, cells, log } = await grooveFacePeaks(p);
    // Measured: all 12 cells below the solidus (1753 K), the coldest 928 K at the top corner.
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.every((c) => c.peak < solidus)).toBe(true);
    expect(log.some((m) => m.includes('lack of fusion'))).toBe(true);
  }, 60_000);
});
