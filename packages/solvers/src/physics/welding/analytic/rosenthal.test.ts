// The reference values (issue 4, "Verification") computed from the closed forms.
import { describe, expect, it } from 'vitest';
import {
  besselK0,
  heatInput,
  thickPlateFusionHalfWidth,
  thickPlatePeakTemperature,
  thickPlateT85,
  thickPlateTemperature,
  thinPlateFusionHalfWidth,
  thinPlatePeakTemperature,
  thinPlateT85,
  thinPlateTemperature,
  type MovingSourceCase,
} from './rosenthal.js';

const K = 273.15;
const reference: MovingSourceCase = { power: 4000, travelSpeed: 0.005, conductivity: 30, density: 7850, specificHeat: 600, initialTemperature: 20 + K };

describe('Rosenthal thick plate (q 4000 W, v 5 mm/s, k 30, rho 7850, cp 600, T0 20 °C)', () => {
  it('fusion half-width for Tm 1500 °C: 4.716 mm', () => {
    const w = thickPlateFusionHalfWidth(reference, 1500 + K);
    expect(w * 1000).toBeCloseTo(4.716, 3); // measured 4.71629 mm
  });

  it('peak temperature 10 mm from the weld line: 395.9 °C', () => {
    const peak = thickPlatePeakTemperature(reference, 0.01);
    expect(peak.temperature - K).toBeCloseTo(395.9, 1); // measured 395.900 °C
  });

  it('t8/5: 3.40 s', () => {
    expect(thickPlateT85(reference)).toBeCloseTo(3.4, 2); // measured 3.4007 s
  });

  it('the peak is the maximum of the field along the track (dense scan), also below the surface', () => {
    for (const [y, z] of [
      [0.01, 0],
      [0.003, 0.002],
      [0.03, 0],
    ] as const) {
      const r = Math.hypot(y, z);
      const peak = thickPlatePeakTemperature(reference, r);
      let best = -Infinity;
      for (let i = 0; i <= 200_000; i++) best = Math.max(best, thickPlateTemperature(reference, { xi: -0.5 * (i / 200_000) ** 2, y, z }));
      expect(peak.temperature).toBeGreaterThanOrEqual(best - 1e-9);
      expect(peak.temperature - best).toBeLessThan(1e-6 * (peak.temperature - reference.initialTemperature));
      expect(thickPlateTemperature(reference, { xi: peak.xi, y, z })).toBeCloseTo(peak.temperature, 9);
    }
  });

  it('t8/5 equals the centreline cooling time of the field itself (far behind the source)', () => {
    // On the centreline behind the source, T − T0 = q/(2π k |ξ|): time at temperature T is |ξ|/v.
    const timeAt = (t: number) => reference.power / (2 * Math.PI * reference.conductivity * (t - reference.initialTemperature)) / reference.travelSpeed;
    expect(timeAt(500 + K) - timeAt(800 + K)).toBeCloseTo(thickPlateT85(reference), 12);
    const xi = -0.2;
    expect(thickPlateTemperature(reference, { xi, y: 0 }) - reference.initialTemperature).toBeCloseTo(reference.power / (2 * Math.PI * 30 * 0.2), 10);
  });
});

describe('Rosenthal thin plate (line source), d 3 mm, q 2000 W', () => {
  const thin = { ...reference, power: 2000, thickness: 0.003 };
  it('t8/5: 27.00 s', () => {
    expect(thinPlateT85(thin)).toBeCloseTo(27.0, 2); // measured 27.0001 s
  });

  it('K0 against its integral K0(x) = ∫ exp(−x cosh t) dt', () => {
    for (const x of [0.01, 0.3, 1, 1.99, 2, 2.5, 7, 30]) {
      let sum = 0;
      const n = 200_000;
      const top = Math.acosh(60 / x + 1);
      for (let i = 0; i < n; i++) {
        const t = ((i + 0.5) / n) * top;
        sum += Math.exp(-x * Math.cosh(t));
      }
      const integral = (sum * top) / n;
      expect(Math.abs(besselK0(x) - integral) / integral).toBeLessThan(2e-6);
    }
  });

  it('peak temperature is the maximum along the track; the fusion width sits on the melting isotherm', () => {
    const y = 0.006;
    const peak = thinPlatePeakTemperature(thin, y);
    let best = -Infinity;
    for (let i = 0; i <= 100_000; i++) best = Math.max(best, thinPlateTemperature(thin, { xi: -0.3 * (i / 100_000) ** 2, y }));
    expect(Math.abs(peak.temperature - best)).toBeLessThan(1e-6 * (best - thin.initialTemperature));
    const half = thinPlateFusionHalfWidth(thin, 1500 + K);
    expect(thinPlatePeakTemperature(thin, half).temperature - K).toBeCloseTo(1500, 6);
  });

  it('heat input Q = η U I / v', () => {
    expect(heatInput({ voltage: 25, current: 200, efficiency: 0.8, travelSpeed: 0.005 })).toBeCloseTo(800_000, 8);
  });
});
