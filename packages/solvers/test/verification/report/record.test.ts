import { describe, expect, it } from 'vitest';
import { TestRunner } from 'vitest';
import { recordCase } from './record.js';
import { readFileSync } from 'node:fs';
import { casesInSource } from './report-file.js';

describe('recordCase', () => {
  it('puts the case on the running test with its error and pass/fail, and returns the error', () => {
    const error = recordCase({ id: 'example.relative', model: 'example', kind: 'verification', compared: 'a number', reference: 'exact', value: 1.02, reference_value: 1, tolerance: 0.05 });
    expect(error).toBeCloseTo(0.02, 15);
    const failing = recordCase({ id: 'example.absolute', model: 'example', kind: 'validation', compared: 'b', reference: 'c', value: 3, reference_value: 1, unit: 'K', error_kind: 'absolute', tolerance: 1 });
    expect(failing).toBe(2);
    const cases = TestRunner.getCurrentTest()!.meta.verification!;
    expect(cases.map((c) => [c.id, c.passed, c.error_kind, c.unit])).toEqual([
      ['example.relative', true, 'relative', ''],
      ['example.absolute', false, 'absolute', 'K'],
    ]);
    expect(() => recordCase({ id: 'example.relative', model: 'example', kind: 'verification', compared: '', reference: '', error: 0, tolerance: 1 })).toThrow(/recorded twice/);
    // A missing error is not silently a pass.
    expect(() => recordCase({ id: 'example.none', model: 'example', kind: 'verification', compared: '', reference: '', tolerance: 1 })).toThrow(/give error/);
    const nan = recordCase({ id: 'example.nan', model: 'example', kind: 'verification', compared: '', reference: '', error: Number.NaN, tolerance: 1 });
    expect(Number.isNaN(nan)).toBe(true);
    expect(cases.at(-1)!.passed).toBe(false);
  });

  it('the source scan finds the literal ids and tolerances of this file', () => {
    const mine = casesInSource(readFileSync(new URL(import.meta.url), 'utf8'), 'record.test.ts');
    expect(mine.map((c) => [c.id, c.tolerance])).toEqual([
      ['example.relative', 0.05],
      ['example.absolute', 1],
      ['example.relative', 1],
      ['example.none', 1],
      ['example.nan', 1],
    ]);
    const written = casesInSource("const TOL = 2e-3;\nrecordCase({ id: 'a.b', tolerance: TOL });\nrecordCase({ id: someId, tolerance: 0.1 * 2 });", 'x.test.ts');
    expect(written).toEqual([
      { id: 'a.b', file: 'x.test.ts', tolerance: 2e-3, toleranceText: 'TOL' },
      { id: '<no literal id at x.test.ts:3>', file: 'x.test.ts', tolerance: null, toleranceText: '0.1 * 2' },
    ]);
    // A reference text that says "tolerance:" is not the property.
    // (The call is assembled so that this file's own scan above does not find it.)
    const call = ['record', "Case({ id: 'c.d', reference: 'a table; tolerance: its scatter', tolerance: 0.1 });"].join('');
    expect(casesInSource(call, 'y.test.ts')[0]).toMatchObject({ tolerance: 0.1 });
  });
});
