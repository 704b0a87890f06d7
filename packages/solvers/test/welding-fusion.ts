// What the welding fusion tests read from a run (fillet-fusion.test.ts, joint-defaults-fusion.test.ts):
// on the mid-length peak-temperature section (the whole run's peak), for every bead and every plate
// it touches, the hottest base-metal cell with a face on the bead. A bead has fused into a plate when
// that cell reached the solidus. Runs are quick: coarse mesh, 60 mm of weld, short cooling and
// interpass waits (the fusion boundary is set while the torch passes).

import { parameterDefaults, solve } from '../src/run/solve.js';
import type { WeldingJointType } from '../src/physics/welding/geometry/joints.js';
import { pointInPolygon } from '../src/physics/welding/geometry/polygon.js';
import { readWeldingCase } from '../src/physics/welding/model/parameters.js';

export type WeldingParameters = Record<string, unknown> & { geometry: Record<string, number>; process: Record<string, number> };

/** The joint's default on the coarse mesh, 60 mm long, with 10 s of cooling and interpass time. */
export function quickDefault(joint: WeldingJointType): WeldingParameters {
  const p = parameterDefaults(joint) as WeldingParameters;
  p.mesh_size = 'coarse';
  p.geometry.length = 0.06;
  p.cooling_time = 10;
  p.interpass_time = 10;
  return p;
}

export interface BeadFusion {
  solidus: number;
  beads: number;
  /** `bead b, plate p` -> the hottest base cell of plate p with a face on bead b (K). */
  hottest: Map<string, number>;
  lackOfFusion: boolean;
  /** m, from the run's summary. */
  penetration: number;
  width: number;
}

export async function fusionAtTheBeads(joint: WeldingJointType, parameters: WeldingParameters): Promise<BeadFusion> {
  const c = readWeldingCase(joint, parameters);
  const result = await solve({ type: joint, parameters });
  const section = result.fields.peak_temperature_cross_section!;
  const [ys, zs] = [section.grid.axes[0]!.values, section.grid.axes[1]!.values];
  const nz = zs.length;
  const at = (iy: number, iz: number): [number, number] => [ys[iy]!, zs[iz]!];
  const beadOf = (iy: number, iz: number) => c.section.fillers.findIndex((p) => pointInPolygon(at(iy, iz), p));
  const plateOf = (iy: number, iz: number) => (beadOf(iy, iz) >= 0 ? -1 : c.section.plates.findIndex((p) => pointInPolygon(at(iy, iz), p)));
  const hottest = new Map<string, number>();
  for (let iy = 0; iy < ys.length; iy++)
    for (let iz = 0; iz < nz; iz++) {
      const plate = plateOf(iy, iz);
      if (plate < 0) continue;
      for (const [a, b] of [[iy - 1, iz], [iy + 1, iz], [iy, iz - 1], [iy, iz + 1]] as const) {
        if (a < 0 || a >= ys.length || b < 0 || b >= nz) continue;
        const bead = beadOf(a, b);
        if (bead < 0) continue;
        const key = `bead ${bead}, plate ${plate}`;
        hottest.set(key, Math.max(hottest.get(key) ?? 0, section.values[iy * nz + iz]!));
      }
    }
  const figure = (key: string) => Number(result.summary[key]?.value);
  return {
    solidus: c.material.solidus,
    beads: c.section.fillers.length,
    hottest,
    lackOfFusion: result.log.some((l) => l.message.includes('lack of fusion')),
    penetration: figure('penetration_depth'),
    width: figure('fusion_zone_width'),
  };
}
