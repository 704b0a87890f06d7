import { afterEach, describe, expect, it } from 'vitest';
import { displayValue } from './displayUnits';
import { availableTypes, catalogueEntry, describeForm } from '@simforge/contracts';
import { fromSIIn, isKnownUnit, setActiveUnitSystem, toSIIn, unitInSystem } from './unitSystems';

afterEach(() => setActiveUnitSystem('metric', { persist: false }));

describe('unit systems', () => {
  it('converts US customary units by their exact definitions', () => {
    expect(toSIIn(1, 'in')).toBe(0.0254);
    expect(toSIIn(1, 'ft')).toBe(0.3048);
    expect(toSIIn(32, '°F')).toBe(273.15);
    expect(toSIIn(212, '°F')).toBe(373.15);
    expect(fromSIIn(293.15, '°F')).toBe(68);
    expect(toSIIn(1, 'psi')).toBeCloseTo(6894.757293168361, 9);
    expect(toSIIn(1, 'gpm')).toBeCloseTo(6.30901964e-5, 13);
    expect(toSIIn(1, 'BTU/(h·ft²·°F)')).toBeCloseTo(5.678263337, 8);
    expect(toSIIn(1, 'BTU/(h·ft·°F)')).toBeCloseTo(1.730734666, 8);
    expect(toSIIn(1, 'Δ°F')).toBeCloseTo(5 / 9, 15);
    expect(toSIIn(1, 'cP')).toBe(0.001);
  });

  it('round-trips every US unit', () => {
    for (const unit of ['in', 'ft', 'mi', 'ft/s', 'in/min', '°F', 'psi', 'gpm', 'lb/s', 'lb/h', 'BTU/h', 'BTU/(h·ft²)', 'kJ/in', 'BTU', 'MMBtu', 'lb/ft³', 'cP', 'BTU/(lb·°F)', 'BTU/lb', 'µin/(in·°F)']) {
      for (const value of [0, 1, 12.34, -7.5, 1e5]) expect(fromSIIn(toSIIn(value, unit), unit), `${value} ${unit}`).toBeCloseTo(value, 9);
    }
  });

  it('converts every dimensional input of every type: no input carries its unit in a dimensionless field', () => {
    expect(toSIIn(1, 'BTU/lb')).toBeCloseTo(2326, 9);
    expect(toSIIn(1, 'µin/(in·°F)')).toBeCloseTo(1.8e-6, 18);
    for (const type of availableTypes()) {
      const schema = catalogueEntry(type)?.parameters;
      if (!schema) continue;
      for (const field of describeForm(schema).fields) {
        if (field.kind !== 'number' || !field.unit) continue;
        expect(field.quantity, `${type} ${field.path}`).not.toBe('dimensionless');
        expect(isKnownUnit(unitInSystem('us', field.quantity, field.displayUnit)), `${type} ${field.path}`).toBe(true);
      }
    }
  });

  it('picks each system unit keeping the scale of the native unit', () => {
    expect(unitInSystem('us', 'length', 'mm')).toBe('in');
    expect(unitInSystem('us', 'length', 'm')).toBe('ft');
    expect(unitInSystem('us', 'velocity', 'mm/s')).toBe('in/min');
    expect(unitInSystem('us', 'temperature', '°C')).toBe('°F');
    expect(unitInSystem('si', 'temperature', '°C')).toBe('K');
    expect(unitInSystem('si', 'pressure', 'bar')).toBe('Pa');
    expect(unitInSystem('si', 'time', 'min')).toBe('s');
    expect(unitInSystem('metric', 'length', 'mm')).toBe('mm');
    expect(unitInSystem('us', 'dimensionless', '%')).toBe('%');
  });

  it('shows API values (SI) in the active system', () => {
    expect(displayValue(293.15, 'K')).toMatchObject({ text: '20', unit: '°C' });
    setActiveUnitSystem('us', { persist: false });
    expect(displayValue(293.15, 'K')).toMatchObject({ text: '68', unit: '°F' });
    expect(displayValue(0.0254, 'm')).toMatchObject({ text: '1', unit: 'in' });
    expect(displayValue(100_000, 'Pa')).toMatchObject({ unit: 'psi', text: '14.504' });
    // Small heats in BTU, a plant's season in millions of BTU (1 MMBtu = 1.05506 GJ).
    expect(displayValue(1055.05585262, 'J')).toMatchObject({ unit: 'BTU', text: '1' });
    expect(displayValue(31535784241322.24, 'J')).toMatchObject({ unit: 'MMBtu', text: '29,890' });
    // Pumping energy per volume as EPANET's US report: 0.22 kWh/m³ is 832.79 kWh per million gallons.
    expect(displayValue(792_000, 'J/m³')).toMatchObject({ unit: 'kWh/Mgal', text: '832.79' });
    setActiveUnitSystem('si', { persist: false });
    expect(displayValue(293.15, 'K')).toMatchObject({ text: '293.15', unit: 'K' });
    expect(displayValue(0.0254, 'm')).toMatchObject({ text: '0.0254', unit: 'm' });
    expect(displayValue(792_000, 'J/m³')).toMatchObject({ text: '792,000', unit: 'J/m³' });
  });
});
