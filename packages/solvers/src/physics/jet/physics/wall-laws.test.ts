// The laws of the automatic wall treatment (wall-laws.ts) against their own limits: Spalding's law is
// the linear law u⁺ = y⁺ at small y⁺ (its series starts at (κu⁺)⁴/(24E)) and the log law
// u⁺ = ln(E y⁺)/κ (κ 0.41, E 9.8, OpenFOAM's defaults) at large y⁺ (the gap is E e^{−κu⁺} times a cubic);
// Kader's T⁺ is Pr y⁺ at small y⁺ (its weight e^{−Γ}, Γ ∝ (Pr y⁺)⁴) and the thermal log law with
// Jayatilleke's P at large y⁺ (weight e^{−1/Γ}).

import { describe, expect, it } from 'vitest';
import { BETA_1 } from './boundaries.js';
import { SST_CONSTANTS } from './sst.js';
import { blendedOmega, jayatillekeP, kaderTPlus, spaldingUPlus, spaldingYPlus, WALL_LAW, wallLawFace } from './wall-laws.js';

const { kappa, E } = WALL_LAW;
const PR = (1.846e-5 * 1007) / 0.02624; // air, the jets' fluid: 0.708
const PR_T = 0.85;

describe("Spalding's law", () => {
  it('uses κ 0.41 and E 9.8', () => {
    expect(kappa).toBe(0.41);
    expect(E).toBe(9.8);
  });

  it('is the linear law at small y⁺: y⁺ − u⁺ = (κu⁺)⁴/(24E) (1 + O(κu⁺))', () => {
    for (const uPlus of [0.01, 0.1, 0.5, 1]) {
      const x = kappa * uPlus;
      const leading = x ** 4 / (24 * E);
      // The series' next term is x/5 of the leading one, the rest smaller still.
      expect(Math.abs((spaldingYPlus(uPlus) - uPlus) / leading - 1)).toBeLessThan(x / 5 + x * x / 20);
    }
  });

  it('is the log law at large y⁺: the gap in u⁺ shrinks like E e^{−κu⁺} (κu⁺)³/6 / κ', () => {
    for (const uPlus of [20, 25, 30, 35]) {
      const x = kappa * uPlus;
      const gap = Math.abs(uPlus - Math.log(E * spaldingYPlus(uPlus)) / kappa);
      const bound = (1.1 * E * Math.exp(-x) * (x ** 3 / 6 + x ** 2 / 2 + x + 1)) / kappa;
      expect(gap).toBeLessThan(bound);
    }
    // At u⁺ 30 (y⁺ ≈ 2.2e4) within 0.05 of the log law.
    expect(Math.abs(30 - Math.log(E * spaldingYPlus(30)) / kappa)).toBeLessThan(0.05);
  });

  it('is inverted for u_τ by Newton to round-off from the sublayer to far into the log layer', () => {
    for (let e = -4; e <= 9; e += 0.25) {
      const reynoldsY = 10 ** e;
      const uPlus = spaldingUPlus(reynoldsY);
      expect(Math.abs((uPlus * spaldingYPlus(uPlus)) / reynoldsY - 1)).toBeLessThan(1e-12);
    }
    expect(spaldingUPlus(0)).toBe(0);
  });
});

describe("Kader's thermal law with Jayatilleke's P", () => {
  it('P vanishes when Pr = Pr_t and is negative for air (Pr/Pr_t 0.83)', () => {
    expect(jayatillekeP(1)).toBe(0);
    expect(jayatillekeP(PR / PR_T)).toBeCloseTo(-1.51, 2);
  });

  it('is Pr y⁺ at small y⁺ (relative gap Γ = 0.01 (Pr y⁺)⁴ / (1 + 5 Pr³ y⁺) to first order)', () => {
    for (const yPlus of [0.01, 0.1, 0.3]) {
      const gamma = (0.01 * (PR * yPlus) ** 4) / (1 + 5 * PR ** 3 * yPlus);
      expect(Math.abs(kaderTPlus(yPlus, PR, PR_T) / (PR * yPlus) - 1)).toBeLessThan(1.01 * gamma);
    }
  });

  it('is the thermal log law Pr_t [ln(E y⁺)/κ + P] at large y⁺ (relative gap e^{−1/Γ} terms)', () => {
    for (const yPlus of [300, 1000, 3000]) {
      const log = PR_T * (Math.log(E * yPlus) / kappa + jayatillekeP(PR / PR_T));
      const gamma = (0.01 * (PR * yPlus) ** 4) / (1 + 5 * PR ** 3 * yPlus);
      const gap = (PR * yPlus * Math.exp(-gamma)) / log + (1 - Math.exp(-1 / gamma));
      expect(Math.abs(kaderTPlus(yPlus, PR, PR_T) / log - 1)).toBeLessThanOrEqual(1.01 * gap);
      expect(gap).toBeLessThan(1e-4);
    }
  });

  it('is positive and increasing in y⁺ for air', () => {
    let previous = 0;
    for (let yPlus = 0.01; yPlus < 1e4; yPlus *= 1.05) {
      const tPlus = kaderTPlus(yPlus, PR, PR_T);
      expect(tPlus).toBeGreaterThan(previous);
      previous = tPlus;
    }
  });
});

describe('a face of the automatic treatment', () => {
  const nu = 1.846e-5 / 1.177;

  it('is the wall-resolved face at rest or deep in the sublayer (factors 1)', () => {
    expect(wallLawFace(0, 1e-4, nu, PR, PR_T)).toEqual({ frictionVelocity: 0, yPlus: 0, momentumFactor: 1, heatFactor: 1 });
    // U y/ν = 0.01: y⁺ 0.1; the factors differ from 1 by the laws' small-y⁺ gaps (≤ 1e-6 here).
    const face = wallLawFace((0.01 * nu) / 1e-4, 1e-4, nu, PR, PR_T);
    expect(face.yPlus).toBeCloseTo(0.1, 6);
    expect(Math.abs(face.momentumFactor - 1)).toBeLessThan(1e-6);
    expect(Math.abs(face.heatFactor - 1)).toBeLessThan(1e-6);
  });

  it("carries Spalding's shear and Kader's heat through the linear law with the effective diffusivities", () => {
    for (const speed of [1, 10, 50]) {
      const y = 2e-4;
      const face = wallLawFace(speed, y, nu, PR, PR_T);
      const uTau = face.frictionVelocity;
      // μ_w U/y = ρ u_τ² (per unit density: ν · factor · U/y = u_τ²)
      expect((nu * face.momentumFactor * speed) / y / (uTau * uTau)).toBeCloseTo(1, 12);
      // (k/c_p)_w ΔT / y = ρ u_τ ΔT / T⁺ (per unit density and c_p)
      const tPlus = kaderTPlus((uTau * y) / nu, PR, PR_T);
      expect(((nu / PR) * face.heatFactor) / y / (uTau / tPlus)).toBeCloseTo(1, 12);
    }
  });

  it('blends ω between 6ν/(β₁y²) and u_τ/(√β* κ y)', () => {
    const { betaStar } = SST_CONSTANTS;
    const y = 1e-4;
    const viscous = (6 * nu) / (BETA_1 * y * y);
    expect(blendedOmega(nu, y, 0, BETA_1, betaStar)).toBe(viscous);
    // Equal parts where y⁺ = 6 √β* κ / β₁ = 9.84: √2 times either.
    const uTau = ((6 * Math.sqrt(betaStar) * kappa) / BETA_1) * (nu / y);
    expect(blendedOmega(nu, y, uTau, BETA_1, betaStar) / viscous).toBeCloseTo(Math.SQRT2, 12);
  });
});
