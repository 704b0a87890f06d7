// The network view's numbers: which tables a run has (pressure, head, demand, pipe leakage,
// temperature and water quality at the nodes; flow, velocity, head loss and water quality in the links), each element's
// value at a reporting time, the colour range over the whole run (so that colours compare across the
// time slider), and the colour of a value on the viridis scale of the field views. Flow is coloured
// by its magnitude (the sign is only the drawing direction of the link).
import { networkTables, type FieldMeta, type NetworkTableEntry, type NetworkTableName } from '@simforge/contracts';
import { normalise, rgbCss, viridis, type Range } from '../simulations/results/fieldData';

export interface ViewQuantity {
  name: NetworkTableName;
  /** The choice in the "Colour by" menu. */
  label: string;
  /** What one value is, for "J3: pressure 1.5 bar" (`Chlorine`, not `Chlorine at the nodes`). */
  valueLabel: string;
  elements: 'node' | 'link';
  /** SI unit of the table's values (the field's own where the table has no fixed one). */
  unit: string;
  /** Coloured by |value|. */
  magnitude: boolean;
  /** The axis of the element series holding the same quantity. */
  axis: string;
}

/** "Chlorine at the nodes" -> "Chlorine": the field's label names the elements, a value does not. */
const withoutElements = (label: string) => label.replace(/\s+(at the nodes|in the links)$/i, '');

/** A name inside a sentence: `Chlorine` -> `chlorine`, but `THM` and `Water from R1` keep their capitals past the first word. */
export function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? `${label[0]!.toLowerCase()}${label.slice(1)}` : label;
}

/** The quantities the run's results hold, in the order of the contracts' table list (pressure first). */
export function viewQuantities(fields: readonly Pick<FieldMeta, 'name' | 'unit' | 'label'>[]): ViewQuantity[] {
  const present = new Map(fields.map((f) => [f.name, f]));
  return (Object.keys(networkTables) as NetworkTableName[]).flatMap((name) => {
    const field = present.get(name);
    if (!field) return [];
    const table: NetworkTableEntry = networkTables[name];
    const fromField = table.unit === null;
    const label = fromField && field.label ? field.label : table.label;
    return [{ name, label, valueLabel: fromField ? withoutElements(label) : table.label, elements: table.elements, unit: table.unit ?? field.unit, magnitude: name === 'network_link_flow', axis: table.quantity }];
  });
}

/** A table of shape [times, columns] (row-major, as the field answer). */
export interface NetworkTable {
  times: number;
  columns: number;
  values: ArrayLike<number>;
}

export function valueAt(table: NetworkTable, time: number, column: number, magnitude = false): number {
  const v = table.values[time * table.columns + column]!;
  return magnitude ? Math.abs(v) : v;
}

/**
 * Minimum and maximum over every time and element (of |value| for magnitudes); a flat table gets a
 * unit-wide range. `include` leaves columns out (reservoirs' pressure, 0 by definition, would squeeze
 * the junctions' colours).
 */
export function tableRange(table: NetworkTable, magnitude = false, include?: (column: number) => boolean): Range {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < table.values.length; i++) {
    if (include && !include(i % table.columns)) continue;
    const raw = table.values[i]!;
    if (!Number.isFinite(raw)) continue;
    const v = magnitude ? Math.abs(raw) : raw;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (!Number.isFinite(min)) return { min: 0, max: 1 };
  if (max - min < 1e-12 * Math.max(1, Math.abs(max))) return { min: min - 0.5, max: max + 0.5 };
  return { min, max };
}

/** The colour of a value within the range (viridis: dark blue at the minimum, yellow at the maximum). */
export function colourOf(value: number, range: Range): string {
  if (!Number.isFinite(value)) return '#9e9e9e';
  return rgbCss(viridis(normalise(value, range)));
}

/** A column per element id, in the tables' order. */
export function columnIndex(ids: readonly string[]): Map<string, number> {
  return new Map(ids.map((id, i) => [id, i]));
}

/** `06:30` for 23 400 s; days are counted past 24 h (`1 d 02:00`). */
export function clockLabel(seconds: number): string {
  const day = Math.floor(seconds / 86_400);
  const rest = seconds - day * 86_400;
  const h = Math.floor(rest / 3600);
  const m = Math.round((rest - h * 3600) / 60);
  const hm = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  return day > 0 ? `${day} d ${hm}` : hm;
}
