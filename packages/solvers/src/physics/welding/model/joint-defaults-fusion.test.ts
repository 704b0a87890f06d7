// The default of every joint that is not a horizontal fillet is a sound weld in this model: the
// fusion line of every bead enters the base metal on each plate it touches, and the run does not warn
// of lack of fusion (contracts' weldingProcessDefaults cites each procedure). Read as in
// fillet-fusion.test.ts, on the mid-length peak-temperature section: for every bead and every plate
// it touches, the hottest base-metal cell with a face on the bead. Coarse mesh, 60 mm of weld, short
// cooling and interpass waits: the fusion boundary is set while the torch passes.

import { describe, expect, it } from 'vitest';
import { fusionAtTheBeads, quickDefault } from '../../../../test/welding-fusion.js';
import type { WeldingJointType } from '../geometry/joints.js';

const info = (message: string) => (globalThis as { console?: { info(m: string): void } }).console?.info(message);

const JOINTS: WeldingJointType[] = ['SQUARE_BUTT_WELD', 'OUTSIDE_FILLET_ON_CORNER_WELD', 'BUTT_WELD', 'TEE_JOINT_WELD', 'DOUBLE_V_BUTT_WELD'];

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
