// GEOTHERMAL_PLANT_TES energy balance (simulations.md: "energy balance closes to 0.1 %"): the store's
// energy change equals the heat from the well minus the heat delivered and lost, over a run of the
// default plant. `npm test` runs the first 14 days (winter, the seasonal peak); SIMFORGE_VERIFY=full
// (`npm run verify`) the default year. The scheme's ledger is exact in arithmetic (the port
// energies are the θ-averages the step used, tank.ts), so what remains is round-off, far below the
// specification's 0.1 %.

import { describe, expect, it } from 'vitest';
import { geothermalPlantDefaults, readPlantCase } from '../../src/physics/geothermal/parameters.js';
import { energyBalanceError, simulatePlant } from '../../src/physics/geothermal/plant.js';
import { recordCase } from './report/record.js';

const FULL = process.env.SIMFORGE_VERIFY === 'full';
const DAYS = FULL ? 365 : 14;
const SPECIFICATION_TOLERANCE = 1e-3;
/** Round-off: ~1e-16 per operation over ~1e5-1e6 substeps of values summed from 0 °C. */
const ROUND_OFF_TOLERANCE = 1e-9;

describe(`GEOTHERMAL_PLANT_TES energy balance, default plant over ${DAYS} days`, () => {
  it('closes within 0.1 % (to round-off in fact), every substep and over the run', async () => {
    const plant = readPlantCase({ ...geothermalPlantDefaults, duration: DAYS * 86_400 });
    const sim = await simulatePlant(plant);
    const error = energyBalanceError(sim.ledger);
    recordCase({
      id: 'geothermal.energy-balance',
      model: 'geothermal-tes',
      kind: 'verification',
      compared: `Energy balance of the default plant over ${DAYS} days: well heat − delivered − lost − change in stored heat, relative to the well heat`,
      reference: 'Conservation of energy (simulations.md: closes to 0.1 %)',
      error,
      error_kind: 'absolute',
      tolerance: SPECIFICATION_TOLERANCE,
    });
    expect(error).toBeLessThan(SPECIFICATION_TOLERANCE);
    expect(error).toBeLessThan(ROUND_OFF_TOLERANCE);
    expect(sim.ledgerResidual.relative).toBeLessThan(ROUND_OFF_TOLERANCE);
    // Every flow of the ledger is real: the well ran, the district was served, the store lost heat.
    expect(sim.ledger.wellHeat).toBeGreaterThan(0);
    expect(sim.ledger.delivered).toBeGreaterThan(0.95 * sim.ledger.demand);
    expect(sim.ledger.lost).toBeGreaterThan(0);
  });
});
