// Hagen-Poiseuille: fully developed laminar flow, dp = 32 mu L V / D².
// Case (simulations.md / issue 3): D = 10 mm, V = 0.1 m/s, L = 1 m, water at 20 °C: 32.051 Pa.

import { describe, expect, it } from 'vitest';
import { materials } from '../../src/index.js';
import { constantLiquid, curve, rel, runPipe, value } from '../helpers.js';
import { recordCase } from './report/record.js';

const D = 0.01;
const L = 1;
const V = 0.1;
const AREA = (Math.PI * D * D) / 4;
const P_IN = 101325;
const T_IN = 293.15;
const base = { diameter: D, length: L, flow_rate: V * AREA, inlet_temperature: T_IN, inlet_pressure: P_IN };

describe('Hagen-Poiseuille', () => {
  it('constant properties: dp = 32 mu L V / D² to 1e-12 (the laminar march is exact)', async () => {
    const result = await runPipe({ ...base, fluid: constantLiquid });
    const exact = (32 * constantLiquid.viscosity * L * V) / (D * D);
    expect(result.summary['flow_regime']!.value).toBe('laminar');
    recordCase({ id: 'duct-1d.hagen-poiseuille.constant-properties', model: 'duct-1d', kind: 'verification', compared: 'Pressure drop, laminar pipe D 10 mm, L 1 m, V 0.1 m/s, constant properties', reference: 'Hagen-Poiseuille Δp = 32 μ L V / D²', value: value(result, 'pressure_drop'), reference_value: exact, unit: 'Pa', tolerance: 1e-12 });
    expect(rel(value(result, 'pressure_drop'), exact)).toBeLessThan(1e-12);
    expect(value(result, 'friction_factor')).toBeCloseTo(64 / value(result, 'reynolds_number'), 15);
  });

  it('water (IAPWS): equals 32 mu L V / D² with the same mu to 1e-9, and 32.051 Pa within the mu tolerance', async () => {
    const result = await runPipe({ ...base, fluid: 'water' });
    const dp = value(result, 'pressure_drop');
    const friction = value(result, 'friction_pressure_drop');
    const acceleration = value(result, 'acceleration_pressure_drop');

    // Water is slightly compressible: rho and mu follow the local pressure, which falls by dp along
    // the pipe. The wall-friction drop is the integral of 32 mu(p) V(p) / D² over the length; its
    // integrand varies by ~kappa_T dp ~ 1.5e-8, so evaluated at the mean pressure the formula is
    // exact to second order, (kappa_T dp)² ~ 1e-16: we require 1e-9.
    const pMean = P_IN - dp / 2;
    const mean = materials.water.state(T_IN, pMean);
    const inlet = materials.water.state(T_IN, P_IN);
    const vMean = (V * inlet.density) / mean.density;
    const formula = (32 * mean.viscosity * L * vMean) / (D * D);
    expect(rel(friction, formula)).toBeLessThan(1e-9);

    // With the inlet mu and V the formula differs by the compressibility effect itself, bounded by
    // the relative change of mu V between inlet and outlet.
    const outlet = materials.water.state(T_IN, P_IN - dp);
    const change = Math.abs((outlet.viscosity * inlet.density) / (inlet.viscosity * outlet.density) - 1);
    const inletFormula = (32 * inlet.viscosity * L * V) / (D * D);
    expect(change).toBeLessThan(1e-7);
    expect(Math.abs(friction / inletFormula - 1)).toBeLessThanOrEqual(change);

    // The momentum balance closes: dp = friction + acceleration G²(1/rho_out - 1/rho_in) (level pipe).
    const G = (V * AREA * inlet.density) / AREA;
    const rhoOut = materials.water.state(T_IN, P_IN - dp).density;
    expect(rel(acceleration, G * G * (1 / rhoOut - 1 / inlet.density))).toBeLessThan(1e-6);
    expect(Math.abs(dp - friction - acceleration)).toBeLessThan(1e-14 * dp);
    // The marched outlet pressure agrees to round-off: one rounding of ulp(p_in) per segment.
    expect(Math.abs(P_IN - value(result, 'outlet_pressure') - dp)).toBeLessThan(200 * Number.EPSILON * P_IN);
    expect(value(result, 'hydrostatic_pressure_drop')).toBe(0);

    // The reference value: 32.051 Pa, with mu(20 °C) = 1.0016e-3 Pa·s from materials.md, whose
    // tolerance for mu is 1 %.
    recordCase({ id: 'duct-1d.hagen-poiseuille.water', model: 'duct-1d', kind: 'verification', compared: 'Pressure drop, the same pipe with water at 20 °C (IAPWS properties)', reference: '32.051 Pa (Hagen-Poiseuille with μ(20 °C) = 1.0016e-3 Pa·s; 1 % is the tolerance of μ)', value: dp, reference_value: 32.051, unit: 'Pa', tolerance: 0.01 });
    expect(rel(dp, 32.051)).toBeLessThan(0.01);
    expect(Math.abs(value(result, 'mean_velocity') - V)).toBeLessThan(1e-15);
  });

  it('pressure falls linearly along the pipe', async () => {
    const result = await runPipe({ ...base, fluid: constantLiquid, n_segments: 20 });
    const x = result.series['pressure']!.x.values;
    const p = curve(result, 'pressure', 'pressure');
    const gradient = (p[0]! - p[p.length - 1]!) / L;
    p.forEach((pi, i) => expect(Math.abs(pi - (P_IN - gradient * x[i]!))).toBeLessThan(1e-9));
  });

  it('adds the hydrostatic head rho g dz', async () => {
    const rising = await runPipe({ ...base, fluid: constantLiquid, elevation_change: 0.5 });
    const level = await runPipe({ ...base, fluid: constantLiquid });
    expect(rel(value(rising, 'pressure_drop') - value(level, 'pressure_drop'), 1000 * 9.80665 * 0.5)).toBeLessThan(1e-12);
  });
});
