// Laminar, fully developed heat transfer with constant properties: the closed forms.
//   Constant wall temperature: T_out = T_w - (T_w - T_in) exp(-h P L / (m c_p)), h = 3.66 k / D.
//   Constant heat flux:        T_out = T_in + q P L / (m c_p),                    h = 4.364 k / D.
// The march applies the exact exponential (or the linear balance) per segment, so for constant
// properties the product over segments is the closed form up to round-off, for any segment count.

import { describe, expect, it } from 'vitest';
import { constantLiquid, curve, rel, runPipe, value } from '../helpers.js';

const D = 0.01;
const L = 2;
const V = 0.1;
const AREA = (Math.PI * D * D) / 4;
const T_IN = 300;
const T_WALL = 350;
const base = { fluid: constantLiquid, diameter: D, length: L, flow_rate: V * AREA, inlet_temperature: T_IN, inlet_pressure: 2e5 };
const massFlow = constantLiquid.density * V * AREA;
const capacityRate = massFlow * constantLiquid.specific_heat;

describe('laminar heat transfer, constant properties', () => {
  const h = (3.66 * constantLiquid.conductivity) / D;
  const exact = T_WALL - (T_WALL - T_IN) * Math.exp((-h * Math.PI * D * L) / capacityRate);

  it.each([1, 7, 200])('constant wall temperature: outlet = the exact exponential to 1e-9 K (%s segments)', async (n) => {
    const result = await runPipe({ ...base, wall: { condition: 'temperature', temperature: T_WALL }, n_segments: n });
    expect(result.summary['flow_regime']!.value).toBe('laminar');
    expect(Math.abs(value(result, 'outlet_temperature') - exact)).toBeLessThan(1e-9);
    expect(rel(value(result, 'heat_transfer_rate'), capacityRate * (exact - T_IN))).toBeLessThan(1e-9);
    expect(value(result, 'nusselt_number')).toBeCloseTo(3.66, 13);
  });

  it('constant wall temperature: the bulk temperature follows the exponential at every station', async () => {
    const result = await runPipe({ ...base, wall: { condition: 'temperature', temperature: T_WALL }, n_segments: 50 });
    const x = result.series['temperature']!.x.values;
    const T = curve(result, 'temperature', 'bulk_temperature');
    x.forEach((xi, i) => expect(Math.abs(T[i]! - (T_WALL - (T_WALL - T_IN) * Math.exp((-h * Math.PI * D * xi) / capacityRate)))).toBeLessThan(1e-9));
    curve(result, 'heat_transfer_coefficient', 'heat_transfer_coefficient').forEach((hi) => expect(rel(hi, h)).toBeLessThan(1e-14));
  });

  it('constant heat flux: outlet = T_in + q P L / (m c_p) to 1e-9 K, wall temperature T + q/h', async () => {
    const q = 5000;
    const result = await runPipe({ ...base, wall: { condition: 'heat_flux', heat_flux: q }, n_segments: 13 });
    expect(Math.abs(value(result, 'outlet_temperature') - (T_IN + (q * Math.PI * D * L) / capacityRate))).toBeLessThan(1e-9);
    expect(rel(value(result, 'heat_transfer_rate'), q * Math.PI * D * L)).toBeLessThan(1e-12);
    expect(value(result, 'nusselt_number')).toBeCloseTo(4.364, 13);
    const hFlux = (4.364 * constantLiquid.conductivity) / D;
    const bulk = curve(result, 'temperature', 'bulk_temperature');
    curve(result, 'temperature', 'wall_temperature').forEach((tw, i) => expect(Math.abs(tw - bulk[i]! - q / hFlux)).toBeLessThan(1e-9));
  });

  it('adiabatic wall: no heat, outlet = inlet temperature exactly', async () => {
    const result = await runPipe({ ...base, wall: { condition: 'adiabatic' } });
    expect(value(result, 'heat_transfer_rate')).toBe(0);
    expect(value(result, 'outlet_temperature')).toBe(T_IN);
  });
});
