// What a parameter means, its unit and its range, from the contracts' schemas (describeForm): the
// same description the create form is built from, so the assistant and the form never disagree.

import { availableTypes, catalogueEntry, describeForm, type FormCustomField, type FormField } from '@simforge/contracts';
import { tokenize } from '../docs-index.js';
import { significant } from '../format.js';

export interface ParameterInfo {
  type: string;
  path: string;
  label: string;
  markdown: string;
}

function fieldsOf(type: string): (FormField | FormCustomField)[] {
  const schema = catalogueEntry(type)?.parameters;
  if (!schema) return [];
  const form = describeForm(schema);
  return [...form.fields, ...form.custom];
}

export function describeField(type: string, field: FormField | FormCustomField): string {
  const where = field.groups.length ? ` (${field.groups.join(' › ')})` : '';
  const lines = [`**${field.label}**${where} — \`${field.path}\` of ${type}`];
  if (field.description) lines.push(field.description);
  if (field.kind === 'number') {
    const unit = field.displayUnit || '(dimensionless)';
    const si = field.unit && field.unit !== field.displayUnit ? ` (SI: ${significant(field.min)} to ${significant(field.max)} ${field.unit})` : '';
    lines.push(`- Unit: ${unit}${field.unit && field.unit !== field.displayUnit ? `; stored in ${field.unit}` : ''}`);
    lines.push(`- Allowed range: ${significant(field.displayMin)} to ${significant(field.displayMax)} ${field.displayUnit}${si}`.trimEnd());
    lines.push(`- Default: ${significant(field.displayDefault)} ${field.displayUnit}`.trimEnd());
    if (field.integer) lines.push('- Whole numbers only');
  } else if (field.kind === 'enum') {
    lines.push(`- Choices: ${field.options.map((o) => `\`${o.value}\` (${o.label})`).join(', ')}`);
    lines.push(`- Default: \`${field.default}\``);
  } else {
    lines.push(`- Edited with the ${field.widget} editor${field.maxLength ? ` (at most ${field.maxLength} characters)` : ''}`);
  }
  if (field.kind !== 'custom' && field.visibleWhen) lines.push(`- Used when \`${field.visibleWhen.path}\` is ${field.visibleWhen.equals.map((v) => `\`${v}\``).join(' or ')}`);
  return lines.join('\n');
}

/**
 * The parameters a question is about: every field whose key, path or label words all appear in the
 * question (longest match first), searched in the type in context, else in every available type.
 */
export function findParameters(question: string, type: string | null, limit = 3): ParameterInfo[] {
  const asked = new Set(tokenize(question.replace(/[_.]/g, ' ')));
  const lower = question.toLowerCase();
  const types = type && catalogueEntry(type)?.parameters ? [type] : availableTypes();
  const scored: { score: number; info: ParameterInfo }[] = [];
  const seenLabels = new Set<string>();
  for (const t of types) {
    for (const field of fieldsOf(t)) {
      const labelWords = tokenize(field.label);
      const keyWords = tokenize(field.key.replace(/_/g, ' '));
      const exactPath = lower.includes(field.path.toLowerCase()) || lower.includes(field.key.toLowerCase()) && field.key.includes('_');
      const labelHit = labelWords.length > 0 && labelWords.every((w) => asked.has(w));
      const keyHit = keyWords.length > 0 && keyWords.every((w) => asked.has(w));
      if (!exactPath && !labelHit && !keyHit) continue;
      const score = (exactPath ? 100 : 0) + (labelHit ? 10 * labelWords.length : 0) + (keyHit ? 5 * keyWords.length : 0) + (t === type ? 50 : 0);
      // Outside a type, the same parameter of several types is shown once.
      const dedupe = type ? `${t}:${field.path}` : `${field.path}:${field.label}`;
      if (seenLabels.has(dedupe)) continue;
      seenLabels.add(dedupe);
      scored.push({ score, info: { type: t, path: field.path, label: field.label, markdown: describeField(t, field) } });
    }
  }
  return scored.sort((a, b) => b.score - a.score).slice(0, limit).map((s) => s.info);
}

/** The parameter at `path` of `type`, if the schema has it. */
export function parameterAt(type: string, path: string): (FormField | FormCustomField) | undefined {
  return fieldsOf(type).find((f) => f.path === path);
}

/** Every input of a type as a table: label, path, unit, range, default. */
export function parameterTable(type: string): string {
  const fields = fieldsOf(type);
  if (fields.length === 0) return `${type} has no parameter schema yet.`;
  const rows = fields.map((f) => {
    if (f.kind === 'number') return `| ${f.label} | \`${f.path}\` | ${f.displayUnit || '–'} | ${significant(f.displayMin)} – ${significant(f.displayMax)} | ${significant(f.displayDefault)} |`;
    if (f.kind === 'enum') return `| ${f.label} | \`${f.path}\` | – | ${f.options.map((o) => o.value).join(', ')} | ${f.default} |`;
    return `| ${f.label} | \`${f.path}\` | – | (${f.widget} editor) | – |`;
  });
  return [`Inputs of ${type} (ask about any of them for its meaning):`, '', '| Parameter | Path | Unit | Range | Default |', '|---|---|---|---|---|', ...rows].join('\n');
}
