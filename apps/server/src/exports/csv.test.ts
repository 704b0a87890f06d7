import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/exports/parse-back.js';
import { seriesToCsv } from './csv.js';

describe('seriesToCsv', () => {
  it('header with names and units, every value exact, quoting where needed, gaps empty', () => {
    const csv = seriesToCsv({
      label: 'Pressure',
      x: { name: 'x', unit: 'm', label: 'Distance', values: [0, 0.1, 1 / 3] },
      y: [
        { name: 'pressure', unit: 'Pa', label: 'p', values: [101325, 101000.5, 100999.123456789] },
        { name: 'reynolds, local', unit: '', label: 'Re', values: [1, Number.NaN] },
      ],
    });
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(csv);
    expect(rows).toEqual([
      ['x [m]', 'pressure [Pa]', 'reynolds, local'],
      ['0', '101325', '1'],
      ['0.1', '101000.5', ''],
      [String(1 / 3), '100999.123456789', ''],
    ]);
    expect(Number(rows[3]![0])).toBe(1 / 3);
  });
});
