// Energy balance and observed order of the march with temperature-dependent properties.
//
// The wall heat the march reports is the sum over segments of m c_p,seg (T_i+1 - T_i), with c_p at the
// segment's midpoint state (implicit midpoint rule). The enthalpy rise of the fluid is m ∫ c_p dT.
// Their difference is the quadrature error of the march: O(N^-2) for the midpoint scheme, O(N^-1)
// for the segment-inlet variant. We check the observed order between 50 -> 100 -> 200 segments.
//   Air (ideal gas): h depends on T only, so m [h(T_out) - h(T_in)] is exactly m ∫ c_p dT.
//   Water (IF97): c_p depends weakly on p as well, so the reference integrates c_p(T, p) along the
//   marched (T, p) path (5-point Gauss-Legendre per segment, p linear within a segment).

import { describe, expect, it } from 'vitest';
import { readPipeCase, solvePipe, type DuctNumerics } from '../../src/physics/duct-1d/index.js';
import { RunContext } from '../../src/run/context.js';
import type { Fluid } from '../../src/materials/index.js';
import { curve, runPipe, value } from '../helpers.js';

const GAUSS_X = [-0.906179845938664, -0.5384693101056831, 0, 0.5384693101056831, 0.906179845938664];
const GAUSS_W = [0.23692688505618908, 0.47862867049936647, 0.5688888888888889, 0.47862867049936647, 0.23692688505618908];

function pathEnthalpyRise(fluid: Fluid, T: number[], p: number[]): number {
  let sum = 0;
  for (let i = 0; i < T.length - 1; i++) {
    const [a, b, pa, pb] = [T[i]!, T[i + 1]!, p[i]!, p[i + 1]!];
    GAUSS_X.forEach((g, k) => {
      const u = (g + 1) / 2;
      sum += (GAUSS_W[k]! / 2) * (b - a) * fluid.state(a + u * (b - a), pa + u * (pb - pa)).specificHeat;
    });
  }
  return sum;
}

const air = { fluid: 'air', diameter: 0.02, length: 5, flow_rate: 5e-3, inlet_temperature: 300, inlet_pressure: 2e5, wall: { condition: 'temperature', temperature: 700 } };
const water = { fluid: 'water', diameter: 0.01, length: 5, flow_rate: (0.1 * Math.PI * 1e-4) / 4, inlet_temperature: 293.15, inlet_pressure: 101325, wall: { condition: 'temperature', temperature: 353.15 } };

async function imbalance(parameters: Record<string, unknown>, segments: number, numerics?: DuctNumerics): Promise<{ error: number; outlet: number }> {
  const pipe = readPipeCase({ ...parameters, n_segments: segments });
  const output = numerics ? await solvePipe(pipe, new RunContext(), numerics) : (await runPipe({ ...parameters, n_segments: segments }));
  const T = output.series['temperature']!.y[0]!.values;
  const p = output.series['pressure']!.y[0]!.values;
  const heat = output.summary['heat_transfer_rate']!.value as number;
  const massFlow = output.summary['mass_flow_rate']!.value as number;
  const rise = pipe.fluid.id === 'air' ? pipe.fluid.state(T[T.length - 1]!, p[0]!).enthalpy - pipe.fluid.state(T[0]!, p[0]!).enthalpy : pathEnthalpyRise(pipe.fluid, T, p);
  return { error: Math.abs(heat - massFlow * rise) / Math.abs(heat), outlet: T[T.length - 1]! };
}

const order = (coarse: number, fine: number): number => Math.log2(coarse / fine);

describe('energy balance', () => {
  it.each([
    ['air', air],
    ['water', water],
  ] as const)('%s: heat_transfer_rate = m ∫ c_p dT within the discretisation error, which falls as N^-2', async (_name, parameters) => {
    const [e50, e100, e200] = await Promise.all([50, 100, 200].map((n) => imbalance(parameters, n)));
    expect(order(e50!.error, e100!.error)).toBeGreaterThan(1.9);
    expect(order(e50!.error, e100!.error)).toBeLessThan(2.1);
    expect(order(e100!.error, e200!.error)).toBeGreaterThan(1.9);
    expect(order(e100!.error, e200!.error)).toBeLessThan(2.1);
    expect(e200!.error).toBeLessThan(1e-6);
    // The outlet temperature converges at the same order (Richardson ratio ~ 4).
    const ratio = (e100!.outlet - e50!.outlet) / (e200!.outlet - e100!.outlet);
    expect(ratio).toBeGreaterThan(3.8);
    expect(ratio).toBeLessThan(4.2);
  });

  it('the segment-inlet (explicit) variant is first order, as expected', async () => {
    const numerics: DuctNumerics = { propertyEvaluation: 'segment-inlet', segmentTolerance: 1e-12, maxSegmentIterations: 50 };
    const [e50, e100, e200] = await Promise.all([50, 100, 200].map((n) => imbalance(air, n, numerics)));
    expect(order(e50!.error, e100!.error)).toBeGreaterThan(0.9);
    expect(order(e50!.error, e100!.error)).toBeLessThan(1.1);
    expect(order(e100!.error, e200!.error)).toBeGreaterThan(0.9);
    expect(order(e100!.error, e200!.error)).toBeLessThan(1.1);
  });

  it('constant heat flux: m ∫ c_p dT matches q P L with the same second order', async () => {
    const flux = { ...air, wall: { condition: 'heat_flux', heat_flux: 5000 } };
    const [e50, e100, e200] = await Promise.all([50, 100, 200].map((n) => imbalance(flux, n)));
    expect(order(e50!.error, e100!.error)).toBeGreaterThan(1.9);
    expect(order(e100!.error, e200!.error)).toBeGreaterThan(1.9);
    expect(order(e100!.error, e200!.error)).toBeLessThan(2.1);
  });

  it('series and summary agree (outlet temperature is the last station)', async () => {
    const result = await runPipe(water);
    const bulk = curve(result, 'temperature', 'bulk_temperature');
    expect(bulk[bulk.length - 1]).toBe(value(result, 'outlet_temperature'));
  });
});
