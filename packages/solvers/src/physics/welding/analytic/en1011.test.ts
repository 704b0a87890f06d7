// EN 1011-2 Annex D: a hand-worked example (Q 1.5 kJ/mm, T0 20 °C), each number evaluated by hand.
import { describe, expect, it } from 'vitest';
import { EN1011_JOINT_CATEGORY, EN1011_SHAPE_FACTORS, en1011CoolingTime, en1011T85ThreeD, en1011T85TwoD, en1011TransitionThicknessMm } from './en1011.js';

describe('EN 1011-2 Annex D cooling time t8/5', () => {
  // 3-D: (6700 − 100) · 1.5 · (1/480 − 1/780) = 6600 · 1.5 · 0.000801282 = 7.9327 s
  it('3-D heat flow, run on plate', () => {
    expect(en1011T85ThreeD({ heatInputKJPerMm: 1.5, preheatC: 20, f3: 1 })).toBeCloseTo(7.9327, 4);
  });

  // 2-D, d = 10 mm: (4300 − 86) · 1e5 · 2.25 / 100 · (1/480² − 1/780²) = 4.214e8 · 0.0225 · 2.696613e-6 = 25.568 s
  it('2-D heat flow, run on plate, d = 10 mm', () => {
    expect(en1011T85TwoD({ heatInputKJPerMm: 1.5, thicknessMm: 10, preheatC: 20, f2: 1 })).toBeCloseTo(25.568, 3);
  });

  // d_t = √(4214/6600 · 1e5 · 1.5 · (1/480 + 1/780)) = √(0.638485 · 150000 · 0.00336538) = √322.31 = 17.953 mm
  it('transition thickness, and the 2-D and 3-D forms agree there', () => {
    const dt = en1011TransitionThicknessMm({ heatInputKJPerMm: 1.5, preheatC: 20 });
    expect(dt).toBeCloseTo(17.953, 3);
    expect(en1011T85TwoD({ heatInputKJPerMm: 1.5, thicknessMm: dt, preheatC: 20, f2: 1 })).toBeCloseTo(en1011T85ThreeD({ heatInputKJPerMm: 1.5, preheatC: 20, f3: 1 }), 10);
  });

  it('chooses the regime by the transition thickness and applies the joint shape factor', () => {
    const thin = en1011CoolingTime({ heatInputKJPerMm: 1.5, thicknessMm: 10, preheatC: 20, category: 'fillet_t_joint' });
    expect(thin).toMatchObject({ heatFlow: '2-D', shapeFactor: 0.67 });
    expect(thin.t85).toBeCloseTo(25.568 * 0.67, 2);
    const thick = en1011CoolingTime({ heatInputKJPerMm: 1.5, thicknessMm: 30, preheatC: 20, category: 'butt_between_runs' });
    expect(thick).toMatchObject({ heatFlow: '3-D', shapeFactor: 0.9 });
    expect(thick.t85).toBeCloseTo(7.9327 * 0.9, 3);
    // Preheat slows cooling: 150 °C, 3-D: (6700 − 750) · 1.5 · (1/350 − 1/650) · 1 = 11.769 s.
    expect(en1011T85ThreeD({ heatInputKJPerMm: 1.5, preheatC: 150, f3: 1 })).toBeCloseTo(11.769, 3);
  });

  it('the EN 1011-2 3-D form is Rosenthal with steel constants: 6700 − 5 T0 ≈ 1e3/(2π λ) per (kJ/mm) scale', () => {
    // With T0 = 0: (6700)·Q·(...) vs Q·1e6/(2π λ)·(...) (Q in J/m = kJ/mm · 1e6) gives λ = 1e6/(2π·6700) = 23.75 W/(m·K),
    // a plausible mean conductivity of C-Mn steel between 500 and 800 °C (EN 1993-1-2: 37.4 to 27.3).
    expect(1e6 / (2 * Math.PI * 6700)).toBeCloseTo(23.75, 2);
  });

  it('every joint has a shape category from the table', () => {
    for (const category of Object.values(EN1011_JOINT_CATEGORY)) expect(EN1011_SHAPE_FACTORS[category]).toBeDefined();
    expect(() => en1011T85ThreeD({ heatInputKJPerMm: 1, preheatC: 600, f3: 1 })).toThrow(/below 500/);
  });
});
