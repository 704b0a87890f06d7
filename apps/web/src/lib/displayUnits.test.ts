import { describe, expect, it } from 'vitest';
import { chooseDisplayUnit, displayValue, formatDuration, formatNumber, formatWithUnit, temperaturesInText } from './displayUnits';

describe('formatNumber', () => {
  it('rounds to five significant digits with grouping and a real minus sign', () => {
    expect(formatNumber(25382.440058318836)).toBe('25,382');
    expect(formatNumber(0.02835865390934138)).toBe('0.028359');
    expect(formatNumber(-12.345678)).toBe('−12.346');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(20)).toBe('20');
  });

  it('switches to scientific notation for very small and very large values', () => {
    expect(formatNumber(3.0198e-14)).toBe('3.0198e-14');
    expect(formatNumber(2.5e-5)).toBe('2.5e-5');
    expect(formatNumber(1.23456e12)).toBe('1.2346e12');
  });
});

describe('display units of API values (SI in, engineering units out)', () => {
  it('shows temperatures in °C', () => {
    expect(displayValue(293.15, 'K')).toMatchObject({ text: '20', unit: '°C', si: '293.15 K' });
    expect(formatWithUnit(333.15, 'K')).toBe('60 °C');
  });

  it('shows angles in degrees (the welding angular_distortion, reported in rad)', () => {
    // 3.249 mrad (the default single-V): 0.18615° = 3.249e-3 × 180/π.
    expect(displayValue(3.249e-3, 'rad')).toMatchObject({ text: '0.18615', unit: '°', si: '0.003249 rad' });
    expect(formatWithUnit(-8.11e-4, 'rad')).toBe('−0.046467 °');
  });

  it('puts the temperatures a solver names in its text in the page’s unit, leaving units such as W/(m·K) alone', () => {
    expect(temperaturesInText('Top-surface temperature (melt-pool outline: the solidus isotherm 1674 K)')).toBe('Top-surface temperature (melt-pool outline: the solidus isotherm 1,400.9 °C)');
    expect(temperaturesInText('conductivity 30 W/(m·K) at 1697.15 K')).toBe('conductivity 30 W/(m·K) at 1,424 °C');
  });

  it('chooses the time unit by the span: seconds for a weld, hours for a day, days for a week, months for a year', () => {
    expect(chooseDisplayUnit('s', 300)).toBe('s');
    expect(chooseDisplayUnit('s', 86_400)).toBe('h');
    expect(chooseDisplayUnit('s', 7 * 86_400)).toBe('d');
    expect(chooseDisplayUnit('s', 31_536_000)).toBe('month');
    expect(formatWithUnit(86_400, 's')).toBe('24 h');
    expect(formatWithUnit(31_557_600, 's')).toBe('12 month');
  });

  it('chooses the pressure unit by magnitude: Pa, kPa, bar', () => {
    expect(formatWithUnit(32.051, 'Pa')).toBe('32.051 Pa');
    expect(formatWithUnit(5874.574466451597, 'Pa')).toBe('5.8746 kPa');
    expect(formatWithUnit(294125.4255335486, 'Pa')).toBe('2.9413 bar');
  });

  it('converts flow rates, lengths, powers and keeps dimensionless and unknown units', () => {
    expect(formatWithUnit(0.0005, 'm³/s')).toBe('0.5 L/s');
    expect(formatWithUnit(0.25, 'm')).toBe('250 mm');
    expect(formatWithUnit(10, 'm')).toBe('10 m');
    expect(formatWithUnit(12_500, 'W')).toBe('12.5 kW');
    expect(formatWithUnit(25382.44, '')).toBe('25,382');
    expect(formatWithUnit(310, 'HV')).toBe('310 HV');
    expect(formatWithUnit('turbulent', '')).toBe('turbulent');
    expect(formatWithUnit(1.0185916357881302, 'm/s')).toBe('1.0186 m/s');
  });

  it('counts a season of heat in GJ or TJ, not in millions of MJ', () => {
    expect(formatWithUnit(5_000, 'J')).toBe('5 kJ');
    expect(formatWithUnit(2.5e7, 'J')).toBe('25 MJ');
    expect(formatWithUnit(4.2e11, 'J')).toBe('420 GJ');
    // The geothermal plant's default year: 31.5 TJ delivered.
    expect(formatWithUnit(31535784241322.24, 'J')).toBe('31.536 TJ');
  });

  it('uses one unit for a whole axis when given its largest magnitude, or an explicit unit', () => {
    expect(chooseDisplayUnit('Pa', 300_000)).toBe('bar');
    expect(chooseDisplayUnit('m', 10)).toBe('m');
    expect(chooseDisplayUnit('K')).toBe('°C');
    expect(chooseDisplayUnit('m³/s')).toBe('L/s');
    expect(formatWithUnit(300_000, 'Pa', { unit: 'kPa' })).toBe('300 kPa');
  });
});

describe('formatDuration', () => {
  it('reads like a person would say it', () => {
    expect(formatDuration(1.394)).toBe('1.4 s');
    expect(formatDuration(42.2)).toBe('42 s');
    expect(formatDuration(200)).toBe('3 min 20 s');
    expect(formatDuration(3900)).toBe('1 h 05 min');
    expect(formatDuration(null)).toBe('—');
  });
});
