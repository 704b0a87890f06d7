// The default of every joint that is not a horizontal fillet is a sound weld in this model: the
// fusion line of every bead enters the base metal on each plate it touches, and the run does not warn
// of lack of fusion (contracts' weldingProcessDefaults cites each procedure). Read as in
// fillet-fusion.test.ts, on the mid-length peak-temperature section: for every bead and every plate
// it touches, the hottest base-metal cell with a face on the bead. Coarse mesh, 60 mm of weld, short
// cooling and interpass waits: the fusion boundary is set while the torch passes.

import { describe, expect, it } from 'vitest';
import { parameterDefaults, solve } from '../../../run/solve.js';
import { pointInPolygon } from '../geometry/polygon.js';
import { readWeldingCase } from './parameters.js';
import type { WeldingJointType } from '../geometry/joints.js';

const info = (message: string) => (globalThis as { console?: { info(m: string): void } }).console?.info(message);

type Parameters = Record<string, unknown> & { geometry: Record<string, number>; process: Record<string, number> };

const JOINTS: WeldingJointType[] = ['SQUARE_BUTT_WELD', 'OUTSIDE_FILLET_ON_CORNER_WELD', 'BUTT_WELD', 'TEE_JOINT_WELD', 'DOUBLE_V_BUTT_WELD'];

function quickDefault(joint: WeldingJointType): Parameters {
  const p = parameterDefaults(joint) as Parameters;
  p.mesh_size = 'coarse';
  p.geometry.length = 0.06;
  p.cooling_time = 10;
  p.interpass_time = 10;
  return p;
}

/** Per bead and plate it touches: the hottest base-metal cell next to the bead (K); the run's fusion figures. */
async function fusionAtTheBeads(joint: WeldingJointType, parameters: Parameters) {
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

describe('defaults of the groove, square-butt and outside-corner joints (coarse mesh): the fusion line enters the base metal', () => {
  it.each(JOINTS)('%s: every bead fuses into each plate it touches; no lack-of-fusion warning', async (joint) => {
    const { solidus, beads, hottest, lackOfFusion, penetration, width } = await fusionAtTheBeads(joint, quickDefault(joint));
    info(
      `${joint}: ${[...hottest].map(([where, peak]) => `${where} ${(peak - 273.15).toFixed(0)} °C`).join(', ')}; penetration ${(penetration * 1000).toFixed(2)} mm, fusion width ${(width * 1000).toFixed(2)} mm`,
    );
    // Every bead touches both members it joins.
    expect(hottest.size).toBe(2 * beads);
    for (const [where, peak] of hottest) expect(peak, `${where}: hottest base cell next to the bead`).toBeGreaterThanOrEqual(solidus);
    expect(lackOfFusion).toBe(false);
    expect(penetration).toBeGreaterThan(0);
  }, 60_000);
});
