// Turbulent heat transfer: the solver applies Gnielinski's correlation exactly as written (checked
// against a hand evaluation in heat-transfer.test.ts); here, through the whole solver with constant
// properties, the outlet temperature equals the closed-form exponential with h = Nu_Gnielinski k / D.

import { describe, expect, it } from 'vitest';
import { gnielinskiNusselt } from '../../src/physics/duct-1d/heat-transfer.js';
import { constantLiquid, curve, rel, runPipe, value } from '../helpers.js';
import { recordCase } from './report/record.js';

describe('Gnielinski in the solver', () => {
  it('turbulent, constant properties: Nu = Gnielinski(Re, Pr) and the outlet follows the exponential', async () => {
    const D = 0.02;
    const L = 10;
    const flowRate = 1e-3;
    const result = await runPipe({
      fluid: constantLiquid,
      diameter: D,
      length: L,
      flow_rate: flowRate,
      inlet_temperature: 300,
      inlet_pressure: 3e5,
      wall: { condition: 'temperature', temperature: 350 },
    });
    const massFlow = constantLiquid.density * flowRate;
    const re = (4 * massFlow) / (Math.PI * D * constantLiquid.viscosity);
    const pr = (constantLiquid.viscosity * constantLiquid.specific_heat) / constantLiquid.conductivity;
    const nu = gnielinskiNusselt(re, pr);
    expect(result.summary['flow_regime']!.value).toBe('turbulent');
    expect(rel(value(result, 'reynolds_number'), re)).toBeLessThan(1e-14);
    expect(rel(value(result, 'nusselt_number'), nu)).toBeLessThan(1e-13);
    curve(result, 'nusselt_number', 'nusselt_number').forEach((n) => expect(rel(n, nu)).toBeLessThan(1e-14));
    const h = (nu * constantLiquid.conductivity) / D;
    const exact = 350 - 50 * Math.exp((-h * Math.PI * D * L) / (massFlow * constantLiquid.specific_heat));
    recordCase({ id: 'duct-1d.gnielinski.outlet-temperature', model: 'duct-1d', kind: 'verification', compared: 'Outlet temperature, turbulent pipe with a 350 K wall, constant properties', reference: 'Closed-form exponential with h = Nu_Gnielinski k / D', value: value(result, 'outlet_temperature'), reference_value: exact, unit: 'K', error_kind: 'absolute', tolerance: 1e-9 });
    expect(Math.abs(value(result, 'outlet_temperature') - exact)).toBeLessThan(1e-9);
  });
});
