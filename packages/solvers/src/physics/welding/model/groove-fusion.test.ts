// The default single-V butt weld is a sound weld: its one pass fuses both groove faces along the
// whole depth (the contracts' welding.ts, at the plate thickness, says why the default plate is 5 mm). Read on
// the mid-length peak-temperature section: every base-metal cell with a face on the bead must reach
// the solidus. The 10 mm plate of the earlier default shows that the check can fail.

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

function coarseDefault(): Parameters {
  const p = parameterDefaults('BUTT_WELD') as Parameters;
  p.mesh_size = 'coarse';
  return p;
}

describe('default single-V butt weld (coarse mesh): groove-face fusion', () => {
  it('fuses every base-metal cell along both groove faces, from the root to the top', async () => {
    const { solidus, cells, log } = await grooveFacePeaks(coarseDefault());
    const depth = (coarseDefault().geometry.thickness as number) - 1e-12;
    // Both faces (the section is mirrored), and cells from the root face to the top of the bevel.
    expect(cells.some((c) => c.y < 0) && cells.some((c) => c.y > 0)).toBe(true);
    expect(Math.min(...cells.map((c) => c.z))).toBeLessThan(0.25 * depth);
    expect(Math.max(...cells.map((c) => c.z))).toBeGreaterThan(0.75 * depth);
    for (const cell of cells) expect(cell.peak, `groove face at y ${(cell.y * 1000).toFixed(2)} mm, z ${(cell.z * 1000).toFixed(2)} mm`).toBeGreaterThanOrEqual(solidus);
    expect(log.some((m) => m.includes('lack of fusion'))).toBe(false);
  }, 60_000);

  it('the 10 mm plate of the earlier default, one pass at 0.8 kJ/mm, fuses none of its groove faces (the check can fail)', async () => {
    const p = coarseDefault();
    p.geometry.thickness = 0.01;
    const { solidus, cells, log } = await grooveFacePeaks(p);
    // Measured: all 12 cells below the solidus (1753 K), the coldest 928 K at the top corner.
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.every((c) => c.peak < solidus)).toBe(true);
    expect(log.some((m) => m.includes('lack of fusion'))).toBe(true);
  }, 60_000);
});
