import { describe, expect, it } from 'vitest';
import {
  colebrookResidual,
  darcyFrictionFactor,
  haalandFrictionFactor,
  laminarFrictionFactor,
  solveColebrook,
  swameeJainFrictionFactor,
} from './friction.js';

const rel = (a: number, b: number): number => Math.abs(a / b - 1);

// Colebrook-White solutions computed independently with 40-digit arithmetic (mpmath findroot on
// x + 2 log10(r/3.7 + 2.51 x / Re) = 0, f = 1/x²), rounded to 17 digits: [Re, eps/D, f].
const COLEBROOK_40_DIGITS: ReadonlyArray<readonly [number, number, number]> = [
  [1e5, 0, 0.017989773084273838],
  [1e6, 1e-4, 0.013441437692508493],
  [4000, 0, 0.039907014055634898],
  [1e4, 0, 0.030882950353487691],
  [1e6, 0, 0.011645040997991623],
  [1e7, 1e-3, 0.019667052432096763],
  [1e5, 1e-3, 0.022174535944515075],
  [2e5, 5e-5, 0.016036129774129992],
  [1e8, 0.05, 0.071550904091083257],
  [5e3, 1e-2, 0.047259078685795943],
];

describe('Colebrook-White', () => {
  it('is solved to machine precision: residual of the implicit equation <= 1e-12 over the Moody range', () => {
    let worst = 0;
    for (const re of [4e3, 1e4, 3e4, 1e5, 3e5, 1e6, 1e7, 1e8]) {
      for (const r of [0, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 0.05]) {
        const solution = solveColebrook(re, r);
        expect(solution.iterations).toBeLessThanOrEqual(8);
        worst = Math.max(worst, Math.abs(colebrookResidual(solution.frictionFactor, re, r)));
      }
    }
    expect(worst).toBeLessThanOrEqual(1e-12);
  });

  it.each(COLEBROOK_40_DIGITS)('equals the 40-digit solution at Re = %s, eps/D = %s to 1e-14', (re, r, f) => {
    // Conditioning: df/f = -2 dx/x with x ~ 4-10, so a few ulp of x give ~1e-15 in f.
    expect(rel(solveColebrook(re, r).frictionFactor, f)).toBeLessThan(1e-14);
  });

  it('reproduces the published Moody/Colebrook values to their 4 significant digits', () => {
    // Re = 1e5 smooth: f = 0.01799; Re = 1e6, eps/D = 1e-4: f = 0.01344 (Moody 1944 chart readings as
    // commonly tabulated; the 40-digit values above confirm both).
    expect(Math.abs(solveColebrook(1e5, 0).frictionFactor - 0.01799)).toBeLessThanOrEqual(0.5e-5);
    expect(Math.abs(solveColebrook(1e6, 1e-4).frictionFactor - 0.01344)).toBeLessThanOrEqual(0.5e-5);
  });

  it("agrees with Haaland's explicit approximation within its published ±1.5 %", () => {
    for (const re of [4e3, 1e4, 1e5, 1e6, 1e7, 1e8]) {
      for (const r of [0, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 0.05]) {
        expect(rel(haalandFrictionFactor(re, r), solveColebrook(re, r).frictionFactor)).toBeLessThan(0.015);
      }
    }
  });

  it('starts Newton from Swamee-Jain (within 3 % over 5e3 <= Re <= 1e8, 1e-6 <= eps/D <= 1e-2, measured)', () => {
    expect(rel(swameeJainFrictionFactor(1e5, 1e-4), solveColebrook(1e5, 1e-4).frictionFactor)).toBeLessThan(0.03);
  });
});

describe('friction factor across regimes', () => {
  it('is 64/Re in laminar flow', () => {
    expect(darcyFrictionFactor(1000, 1e-3)).toBe(0.064);
    expect(laminarFrictionFactor(2000)).toBe(0.032);
  });

  it('is continuous at both ends of the transition band and interpolates linearly in between', () => {
    const r = 1e-4;
    const atLaminarEnd = 64 / 2300;
    const atTurbulentEnd = solveColebrook(4000, r).frictionFactor;
    expect(darcyFrictionFactor(2300 - 1e-9, r)).toBeCloseTo(atLaminarEnd, 12);
    expect(darcyFrictionFactor(2300, r)).toBeCloseTo(atLaminarEnd, 12);
    expect(darcyFrictionFactor(4000, r)).toBeCloseTo(atTurbulentEnd, 12);
    expect(darcyFrictionFactor(4000 + 1e-9, r)).toBeCloseTo(atTurbulentEnd, 12);
    expect(darcyFrictionFactor(3150, r)).toBeCloseTo(0.5 * (atLaminarEnd + atTurbulentEnd), 12);
  });
});
