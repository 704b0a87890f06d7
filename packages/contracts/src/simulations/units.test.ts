import { describe, expect, it } from 'vitest';
import { convert, displayUnitForSI, fromSI, quantities, siUnitOf, toSI, units, unitsOf } from './units.js';

describe('engineering units', () => {
  it('converts the display units of the product exactly to SI and back', () => {
    const cases: [number, string, number][] = [
      [25, 'mm', 0.025],
      [1, 'm', 1],
      [12.5, 'mm/s', 0.0125],
      [20, '°C', 293.15],
      [-40, '°C', 233.15],
      [3, 'bar', 300_000],
      [101.325, 'kPa', 101_325],
      [0.5, 'L/s', 0.0005],
      [36, 'm³/h', 0.01],
      [2.5, 'kW', 2500],
      [10, 'kW/m²', 10_000],
      [1.2, 'kJ/mm', 1_200_000],
      [90, 'min', 5400],
      [2, 'h', 7200],
      [0.045, 'mm', 0.000045],
    ];
    for (const [display, symbol, si] of cases) {
      expect(toSI(display, symbol), `${display} ${symbol}`).toBe(si);
      expect(fromSI(si, symbol), `${si} -> ${symbol}`).toBe(display);
    }
  });

  it('round-trips every unit without binary noise', () => {
    for (const u of units.values()) {
      for (const value of [0, 1, 0.1, 12.34, -7.5, 1e6, 3.3e-4]) {
        expect(fromSI(toSI(value, u.symbol), u.symbol)).toBe(value);
      }
    }
  });

  it('converts between units of one quantity and refuses across quantities', () => {
    expect(convert(1, 'bar', 'kPa')).toBe(100);
    expect(convert(60, 'L/min', 'L/s')).toBe(1);
    expect(convert(100, '°C', 'K')).toBe(373.15);
    expect(() => convert(1, 'mm', 'bar')).toThrow(/Cannot convert/);
    expect(() => toSI(1, 'furlong')).toThrow(/Unknown unit/);
  });

  it('lists units per quantity with SI first and picks display units for solver results', () => {
    for (const q of quantities.filter((q) => q !== 'temperature_difference')) expect(unitsOf(q)[0]).toBe(siUnitOf[q]);
    expect(unitsOf('pressure')).toEqual(['Pa', 'kPa', 'bar', 'MPa']);
    expect(displayUnitForSI('K')).toBe('°C');
    expect(displayUnitForSI('Pa')).toBe('bar');
    expect(displayUnitForSI('J/m')).toBe('kJ/mm');
    expect(displayUnitForSI('W/(m²·K)')).toBe('W/(m²·K)');
    expect(displayUnitForSI('furlong/fortnight')).toBe('furlong/fortnight');
  });
});
