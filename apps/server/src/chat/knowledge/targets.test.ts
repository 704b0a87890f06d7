import { defaultParametersOf, setAtPath } from '@simforge/contracts';
import { estimate } from '@simforge/solvers';
import { describe, expect, it } from 'vitest';
import { invertEstimate, parseTarget } from './targets.js';

describe('inputs for a target by inverting the fast estimate', () => {
  it('reads the target, its unit and the input to vary', () => {
    expect(parseTarget('What current do I need for 3 mm penetration?')).toMatchObject({ value: 0.003, inputPath: 'process.current', kind: { id: 'penetration' } });
    expect(parseTarget('travel speed for a t8/5 of 10 s')).toMatchObject({ value: 10, inputPath: 'process.travel_speed', kind: { id: 't8_5' } });
    expect(parseTarget('laser power for a 150 µm melt pool width')).toMatchObject({ value: 150e-6, inputPath: 'laser.power', kind: { id: 'melt_pool_width' } });
    expect(parseTarget('How deep is the penetration?')).toBeNull();
  });

  // A square butt (no groove to fill): the estimate's width is Rosenthal's pool. A single-V's is at
  // least its groove's top width (estimate.ts), which a 20 mm plate's 21.8 mm groove would set.
  it('current for 3 mm penetration on a thick SQUARE_BUTT_WELD: the estimate at the answer gives 3 mm (bisection tolerance 1e-4 of the range)', () => {
    const parameters = setAtPath(defaultParametersOf('SQUARE_BUTT_WELD')!, 'geometry.thickness', 0.02);
    const answer = invertEstimate(parseTarget('current for 3 mm penetration')!, { type: 'SQUARE_BUTT_WELD', parameters });
    expect(answer.value).not.toBeNull();
    expect(answer.model).toMatch(/Rosenthal/);
    expect(answer.markdown).toContain('Model used: ');
    const check = estimate('SQUARE_BUTT_WELD', setAtPath(parameters, 'process.current', answer.value!));
    const penetration = (check.results.fusion_zone_width!.value as number) / 2;
    // Stopped within 0.1 % of the target (or a bracket of 0.1 A, where the width changes by well under 1 %).
    expect(Math.abs(penetration / 0.003 - 1)).toBeLessThan(0.01);
  });

  it('laser power for a 150 µm melt-pool width from the melt-pool estimate (Eagar–Tsai)', () => {
    const answer = invertEstimate(parseTarget('What laser power gives a 150 µm melt pool width?')!, { type: null, parameters: null });
    expect(answer.type).toBe('LASER_RIGID_PLATE');
    expect(answer.model).toMatch(/Eagar–Tsai/);
    const check = estimate('LASER_RIGID_PLATE', setAtPath(defaultParametersOf('LASER_RIGID_PLATE')!, 'laser.power', answer.value!));
    expect(Math.abs((check.results.melt_pool_width!.value as number) / 150e-6 - 1)).toBeLessThan(0.01);
  });

  it('a target out of reach says so with the reachable range, and suggests nothing', () => {
    const answer = invertEstimate(parseTarget('current for 80 mm penetration')!, { type: 'BUTT_WELD', parameters: null });
    expect(answer.value).toBeNull();
    expect(answer.markdown).toMatch(/out of reach/);
  });
});
