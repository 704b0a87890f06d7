// A series as CSV (RFC 4180): one header row naming each column with its unit, then one row per
// x value. Numbers are written in full (shortest round-trip form), SI as stored.

import type { StoredSeries } from '../repositories/simulation-results.js';

function quote(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** `pressure [Pa]`; a dimensionless column keeps its bare name. */
export function columnHeader(axis: { name: string; unit: string }): string {
  return axis.unit ? `${axis.name} [${axis.unit}]` : axis.name;
}

function cell(value: number | undefined): string {
  // Missing points (a curve shorter than x) and non-finite values stay empty: spreadsheets read "".
  return value === undefined || !Number.isFinite(value) ? '' : String(value);
}

export function seriesToCsv(series: StoredSeries): string {
  const columns = [series.x, ...series.y];
  const lines = [columns.map((axis) => quote(columnHeader(axis))).join(',')];
  for (let i = 0; i < series.x.values.length; i++) lines.push(columns.map((axis) => cell(axis.values[i])).join(','));
  return lines.join('\r\n') + '\r\n';
}
