// A network table (one field per quantity, [reporting times, elements]) as CSV: one row per reporting
// time, one column per element named by its id. The values stay in the field's unit as the API gives
// them, like the app's other CSV downloads, and every header carries its unit; the time is in hours
// from the start of the run, EPANET's clock for reporting times.
import type { NetworkTable } from './colourMapping';

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
const header = (name: string, unit: string) => quoted(unit ? `${name} [${unit}]` : name);

/**
 * The shortest decimal that reads back as the same Float32 (the tables travel as Float32): 0.3, not
 * 0.30000001192092896.
 */
export function float32Text(value: number): string {
  if (!Number.isFinite(value)) return '';
  const single = Math.fround(value);
  for (let digits = 6; digits < 9; digits++) {
    const text = Number(value.toPrecision(digits));
    if (Math.fround(text) === single) return String(text);
  }
  return String(Number(value.toPrecision(9)));
}

/** `times` in s from the start; `ids` name the table's columns in order; `unit` is the field's. */
export function networkTableCsv(table: NetworkTable, times: readonly number[], ids: readonly string[], unit: string): string {
  if (ids.length !== table.columns || times.length !== table.times) throw new Error('The table does not match the network’s elements or reporting times.');
  const lines = [[header('time', 'h'), ...ids.map((id) => header(id, unit))].join(',')];
  for (let t = 0; t < table.times; t++) {
    const row = [String(Number((times[t]! / 3600).toPrecision(12)))];
    for (let j = 0; j < table.columns; j++) row.push(float32Text(table.values[t * table.columns + j]!));
    lines.push(row.join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** `network_node_quality.csv` */
export const networkTableFilename = (name: string) => `${name}.csv`;
