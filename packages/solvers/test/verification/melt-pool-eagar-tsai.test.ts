// The Eagar–Tsai case through the numerical melt-pool model on each mesh preset (the fast
// test in src/physics/melt-pool/model/model.test.ts runs the coarse one): constant properties, no
// latent heat, no Marangoni factor, no evaporation. Width 144.2 µm and depth 62.3 µm within 3 % on
// the default and fine presets, in the full run only (SIMFORGE_VERIFY=full; the fine one takes about
// a minute). Measured: coarse −0.12 % / +0.25 %, default −0.07 % / +0.18 %, fine −0.01 % / +0.11 %
// (width / depth): converging towards Eagar–Tsai.
import { describe, expect, it } from 'vitest';
import { readMeltPoolCase } from '../../src/physics/melt-pool/model/parameters.js';
import { solveMeltPool } from '../../src/physics/melt-pool/model/solver.js';
import { RunContext } from '../../src/run/context.js';
import { FULL } from './thermal-helpers.js';
import { recordCase } from './report/record.js';

const K = 273.15;
const TOLERANCE = 0.03;

async function eagarTsaiThroughTheModel(mesh_size: 'default' | 'fine') {
  const c = readMeltPoolCase('LASER_RIGID_PLATE', {
    material: { density: 8440, conductivity: 20, specific_heat: 600, solidus: 1290 + K, liquidus: 1290 + K + 0.01, latent_heat: 0 },
    laser: { power: 100, spot_radius: 50e-6, absorptivity: 1, scan_speed: 0.8, track_length: 1.5e-3 },
    plate: { thickness: 1e-3, width: 2e-3, length: 3e-3 },
    preheat_temperature: 20 + K,
    marangoni: { in_plane_factor: 1, depth_factor: 1 },
    mesh_size,
  });
  const out = await solveMeltPool(c, new RunContext());
  const width = out.summary.melt_pool_width!.value as number;
  const depth = out.summary.melt_pool_depth!.value as number;
  console.info(`Eagar–Tsai through the model (${mesh_size}): width ${(width * 1e6).toFixed(2)} µm, depth ${(depth * 1e6).toFixed(2)} µm`);
  return { width, depth };
}

const compared = (quantity: string, preset: string) => `Melt-pool ${quantity}, 100 W absorbed at 0.8 m/s, IN625-like constants, 1/e² radius 50 µm, ${preset} mesh preset`;
const reference = 'Eagar & Tsai (1983) distributed Gaussian source, quasi-steady (our quadrature: width 144.2 µm, depth 62.3 µm)';

describe.skipIf(!FULL)('melt-pool model: Eagar–Tsai reference case on the mesh presets', () => {
  it('default preset: width and depth within 3 %', async () => {
    const { width, depth } = await eagarTsaiThroughTheModel('default');
    const widthError = recordCase({ id: 'melt-pool.eagar-tsai.default.width', model: 'melt-pool-thermal-3d', kind: 'verification', compared: compared('width', 'default'), reference, value: width, reference_value: 144.2e-6, unit: 'm', tolerance: TOLERANCE });
    const depthError = recordCase({ id: 'melt-pool.eagar-tsai.default.depth', model: 'melt-pool-thermal-3d', kind: 'verification', compared: compared('depth', 'default'), reference, value: depth, reference_value: 62.3e-6, unit: 'm', tolerance: TOLERANCE });
    expect(widthError).toBeLessThan(TOLERANCE);
    expect(depthError).toBeLessThan(TOLERANCE);
  }, 600_000);

  it('fine preset: width and depth within 3 %', async () => {
    const { width, depth } = await eagarTsaiThroughTheModel('fine');
    const widthError = recordCase({ id: 'melt-pool.eagar-tsai.fine.width', model: 'melt-pool-thermal-3d', kind: 'verification', compared: compared('width', 'fine'), reference, value: width, reference_value: 144.2e-6, unit: 'm', tolerance: TOLERANCE });
    const depthError = recordCase({ id: 'melt-pool.eagar-tsai.fine.depth', model: 'melt-pool-thermal-3d', kind: 'verification', compared: compared('depth', 'fine'), reference, value: depth, reference_value: 62.3e-6, unit: 'm', tolerance: TOLERANCE });
    expect(widthError).toBeLessThan(TOLERANCE);
    expect(depthError).toBeLessThan(TOLERANCE);
  }, 600_000);
});
