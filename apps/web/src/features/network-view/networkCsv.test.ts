import { describe, expect, it } from 'vitest';
import { float32Text, networkTableCsv } from './networkCsv';

describe('a network table as CSV', () => {
  it('has a time column in hours, a column per element id with the unit, and a row per reporting time', () => {
    const table = { times: 3, columns: 2, values: Float32Array.from([1, 0.3, 0.9, 0.25, 0.85, 0.2]) };
    const csv = networkTableCsv(table, [0, 3600, 5400], ['10', 'J "2"'], 'mg/L');
    expect(csv).toBe('"time [h]","10 [mg/L]","J ""2"" [mg/L]"\n0,1,0.3\n1,0.9,0.25\n1.5,0.85,0.2\n');
  });

  it('leaves a missing value empty and names a unitless column by its id alone', () => {
    expect(networkTableCsv({ times: 1, columns: 2, values: [NaN, 4] }, [0], ['A', 'B'], '')).toBe('"time [h]","A","B"\n0,,4\n');
  });

  it('refuses a table that does not match the ids or the times', () => {
    expect(() => networkTableCsv({ times: 1, columns: 2, values: [1, 2] }, [0], ['A'], 'Pa')).toThrow(/does not match/);
    expect(() => networkTableCsv({ times: 1, columns: 2, values: [1, 2] }, [0, 1], ['A', 'B'], 'Pa')).toThrow(/does not match/);
  });

  it('writes a Float32 as its shortest decimal', () => {
    expect(float32Text(Math.fround(0.3))).toBe('0.3');
    expect(float32Text(Math.fround(123456.789))).toBe('123456.79');
    expect(float32Text(Math.fround(1e-7))).toBe('1e-7');
    expect(float32Text(Infinity)).toBe('');
  });
});
