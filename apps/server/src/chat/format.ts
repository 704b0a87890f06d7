// Numbers for people: a few significant digits in the unit an engineer reads (°C, mm, kPa, kW, TJ),
// with the SI value beside when it differs (the wire and the database keep SI).

import { displayUnitByMagnitude, fromSI } from '@simforge/contracts';

export function significant(value: number, digits = 4): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs >= 1e6 || abs < 1e-3) return value.toExponential(digits - 1).replace(/\.?0+e/, 'e').replace('e+', 'e');
  return String(+value.toPrecision(digits));
}

/** `1234.5 K` -> `961.4 °C (1234.5 K)`; units we do not know stay as they are. */
export function formatQuantity(value: number | string, unit: string): string {
  if (typeof value === 'string') return unit ? `${value} ${unit}` : value;
  if (!unit) return significant(value);
  let display = unit;
  try {
    display = displayUnitByMagnitude(unit, Math.abs(value));
  } catch {
    display = unit;
  }
  if (display === unit) return `${significant(value)} ${unit}`;
  try {
    return `${significant(fromSI(value, display))} ${display} (${significant(value)} ${unit})`;
  } catch {
    return `${significant(value)} ${unit}`;
  }
}
