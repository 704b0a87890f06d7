// How a value from the API (SI, with its unit string) is shown: converted to the engineering unit
// of its quantity (contracts' units: K -> °C, m³/s -> L/s, ...), with the unit chosen by magnitude
// where one fixed unit would read badly (a pressure drop of 5.9 kPa, not 0.059 bar; a pipe length
// of 10 m, not 10000 mm), and rounded to what an engineer reads (5 significant digits).
import { displayUnitByMagnitude, quantityOfSIUnit, type Quantity } from '@simforge/contracts';
import { activeUnitSystem, fromSIIn, isKnownUnit, unitInSystem } from './unitSystems';

/** Significant digits shown for values (the tooltip shows the SI value in full). */
export const DISPLAY_DIGITS = 5;

const numberFormats = new Map<number, Intl.NumberFormat>();
function numberFormat(digits: number): Intl.NumberFormat {
  let format = numberFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', { maximumSignificantDigits: digits, useGrouping: true });
    numberFormats.set(digits, format);
  }
  return format;
}

/** A number for reading: grouped thousands, `digits` significant digits, scientific when very large or small. */
export function formatNumber(value: number, digits = DISPLAY_DIGITS): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '−∞';
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e9 || magnitude < 1e-4) {
    const [mantissa, exponent] = value.toExponential(Math.max(0, digits - 1)).split('e');
    const trimmed = mantissa!.includes('.') ? mantissa!.replace(/0+$/, '').replace(/\.$/, '') : mantissa!;
    return `${trimmed.replace('-', '−')}e${Number(exponent)}`;
  }
  return numberFormat(digits).format(value).replace('-', '−');
}

/**
 * The unit to show an SI value (or a set of values: give the largest magnitude) in. `si` is the
 * unit string of the API; units that are not ours (HV, '') stay as they are; rad is an angle, shown in °.
 */
export function chooseDisplayUnit(si: string, magnitude?: number, quantity?: Quantity): string {
  const q = quantity ?? quantityOfSIUnit(si);
  if (!q) return si;
  // The user's unit system (SI, US customary) maps the metric choice onto its own units.
  const system = activeUnitSystem();
  const metric = displayUnitByMagnitude(si, magnitude, q);
  return system === 'metric' ? metric : unitInSystem(system, q, metric);
}

/** Converts an SI value into a unit (same unit or unknown unit: unchanged). */
export function convertFromSI(value: number, si: string, displayUnit: string): number {
  if (displayUnit === si || !isKnownUnit(displayUnit) || !isKnownUnit(si)) return value;
  return fromSIIn(value, displayUnit);
}

export interface DisplayValue {
  /** The number (or text) as shown. */
  text: string;
  /** The unit shown after it ('' for dimensionless). */
  unit: string;
  /** The value in SI as the API gave it, for a tooltip: `5874.6 Pa`. */
  si: string;
  /** Numeric value in the display unit (null for text values). */
  value: number | null;
}

/** An API value (number in SI, or a text such as a flow regime) ready to show. */
export function displayValue(value: number | string, si: string, options: { digits?: number; unit?: string } = {}): DisplayValue {
  if (typeof value === 'string') return { text: value, unit: '', si: value, value: null };
  const unit = options.unit ?? chooseDisplayUnit(si, Math.abs(value));
  const converted = convertFromSI(value, si, unit);
  const siText = `${formatNumber(value, 10)}${si ? ` ${si}` : ''}`;
  return { text: formatNumber(converted, options.digits), unit, si: siText, value: converted };
}

/** `12.5 °C`, `25 382` (dimensionless: the number alone). */
export function formatWithUnit(value: number | string, si: string, options: { digits?: number; unit?: string } = {}): string {
  const shown = displayValue(value, si, options);
  return shown.unit ? `${shown.text} ${shown.unit}` : shown.text;
}

/** A duration in seconds for people: `0.8 s`, `12 s`, `3 min 20 s`, `1 h 05 min`. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  if (seconds < 10) return `${formatNumber(seconds, 2)} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const total = Math.round(seconds);
  if (total < 3600) {
    const m = Math.floor(total / 60);
    const s = total % 60;
    return s ? `${m} min ${s} s` : `${m} min`;
  }
  const h = Math.floor(total / 3600);
  const m = Math.round((total % 3600) / 60);
  return `${h} h ${String(m).padStart(2, '0')} min`;
}

/**
 * A solver's text with its temperatures ("the solidus isotherm 1674 K") in the unit the page shows
 * temperatures in, so a chart's title and its legend never use two unit systems.
 */
export function temperaturesInText(text: string): string {
  return text.replace(/(-?\d+(?:\.\d+)?) K(?![\w/·²³⁻])/g, (_, number: string) => formatWithUnit(Number(number), 'K'));
}
