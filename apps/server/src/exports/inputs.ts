// The inputs of a case as the report lists them: each parameter of the type's form with its label
// (groups first), its value in the form's display unit and the SI value; enumerations by their
// option label; values the form leaves to a widget (an .inp text, a drawn cross-section) summarised.

import { catalogueEntry, describeForm, fromSI, getAtPath, isFieldVisible, units, type FormField } from '@simforge/contracts';

export interface InputRow {
  label: string;
  value: string;
  unit: string;
  /** The value as stored (SI), when the display unit differs. */
  si: string;
}

function numberText(value: number): string {
  return String(Number(value.toPrecision(6)));
}

function fieldRow(field: FormField, value: unknown): InputRow | null {
  const label = [...field.groups, field.label].join(' / ');
  if (value === undefined || value === null) return null;
  if (field.kind === 'enum') {
    const option = field.options.find((o) => o.value === value);
    return { label, value: option ? option.label : String(value), unit: '', si: '' };
  }
  if (typeof value !== 'number') return { label, value: JSON.stringify(value), unit: '', si: '' };
  const unit = field.displayUnit || field.unit;
  // A unit the table lacks (a test keeps it complete) shows the stored SI value rather than failing the report.
  if (!units.has(unit)) return { label, value: numberText(value), unit: field.unit, si: '' };
  return { label, value: numberText(fromSI(value, unit)), unit, si: unit !== field.unit ? `${numberText(value)} ${field.unit}` : '' };
}

function summarise(value: unknown): string {
  if (typeof value === 'string') {
    const lines = value.split(/\r?\n/).length;
    return `text of ${value.length} characters, ${lines} lines`;
  }
  if (Array.isArray(value)) return `${value.length} entries`;
  if (value && typeof value === 'object') return `${Object.keys(value).length} entries`;
  return JSON.stringify(value);
}

/** Rows for the report; a type without a schema lists its raw top-level values. */
export function inputRows(type: string, parameters: Record<string, unknown>): InputRow[] {
  const schema = catalogueEntry(type)?.parameters;
  if (!schema) return Object.entries(parameters).map(([key, value]) => ({ label: key, value: typeof value === 'object' ? summarise(value) : String(value), unit: '', si: '' }));
  const form = describeForm(schema);
  const rows: InputRow[] = [];
  for (const field of form.fields) {
    if (!isFieldVisible(field, parameters)) continue;
    const row = fieldRow(field, getAtPath(parameters, field.path));
    if (row) rows.push(row);
  }
  for (const custom of form.custom) {
    const value = getAtPath(parameters, custom.path);
    if (value !== undefined && value !== null) rows.push({ label: [...custom.groups, custom.label].join(' / '), value: summarise(value), unit: '', si: '' });
  }
  return rows;
}
