import { describe, expect, it } from 'vitest';
import {
  gnielinskiNusselt,
  hydrodynamicEntranceLength,
  nusseltNumber,
  petukhovFrictionFactor,
  thermalEntranceLength,
} from './heat-transfer.js';

const rel = (a: number, b: number): number => Math.abs(a / b - 1);

describe('Gnielinski', () => {
  // Hand evaluation, step by step, in 30-digit arithmetic (mpmath):
  // [Re, Pr, f = (0.790 ln Re - 1.64)^-2, numerator (f/8)(Re-1000)Pr, denominator 1 + 12.7 sqrt(f/8)(Pr^(2/3)-1), Nu]
  const HAND: ReadonlyArray<readonly [number, number, number, number, number, number]> = [
    [1e4, 7, 0.0314798027567467, 247.90344670938, 3.11857086169286, 79.4926450941091],
    [1e5, 0.7, 0.0179920275442123, 155.855938601739, 0.87254150180161, 178.622951779291],
    [4000, 4.34, 0.041441014155416, 67.4452505379395, 2.5179612462922, 26.7856586900435],
  ];

  it.each(HAND)('matches the hand evaluation at Re = %s, Pr = %s', (re, pr, f, numerator, denominator, nu) => {
    expect(rel(petukhovFrictionFactor(re), f)).toBeLessThan(1e-13);
    expect(rel(numerator / denominator, nu)).toBeLessThan(1e-13);
    expect(rel(gnielinskiNusselt(re, pr), nu)).toBeLessThan(1e-13);
  });
});

describe('Nusselt number across regimes', () => {
  it('is 3.66 (wall temperature) and 4.364 (heat flux) in laminar flow, independent of Re and Pr', () => {
    expect(nusseltNumber(500, 7, 'temperature')).toBe(3.66);
    expect(nusseltNumber(2000, 0.7, 'temperature')).toBe(3.66);
    expect(nusseltNumber(1500, 50, 'heat_flux')).toBe(4.364);
  });

  it('is Gnielinski in turbulent flow and continuous across the transition band', () => {
    expect(nusseltNumber(5e4, 3, 'temperature')).toBe(gnielinskiNusselt(5e4, 3));
    expect(nusseltNumber(4000, 3, 'heat_flux')).toBeCloseTo(gnielinskiNusselt(4000, 3), 12);
    expect(nusseltNumber(2300, 3, 'heat_flux')).toBeCloseTo(4.364, 12);
    expect(nusseltNumber(3150, 3, 'temperature')).toBeCloseTo(0.5 * (3.66 + gnielinskiNusselt(4000, 3)), 12);
  });
});

describe('entrance lengths', () => {
  it('are 0.05 Re D and 0.05 Re Pr D laminar, 10 D turbulent', () => {
    expect(hydrodynamicEntranceLength(1000, 0.01)).toBeCloseTo(0.5, 14);
    expect(thermalEntranceLength(1000, 7, 0.01)).toBeCloseTo(3.5, 14);
    expect(hydrodynamicEntranceLength(1e5, 0.01)).toBeCloseTo(0.1, 14);
    expect(thermalEntranceLength(1e5, 7, 0.01)).toBeCloseTo(0.1, 14);
  });
});
