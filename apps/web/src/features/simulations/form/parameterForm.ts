// The schema-driven parameter form as pure functions over the contracts' form description
// (describeForm): the values a form holds (display units, as typed), the rules of each field
// (required while visible, `This field must be between {min} and {max}` in display units), and
// the SI parameters the API takes.
import {
  fromSI,
  getAtPath,
  isFieldVisible,
  setAtPath,
  textTooLong,
  toSI,
  validationMessages,
  type FormCustomField,
  type FormDescription,
  type FormField,
  type FormNumberField,
} from '@simforge/contracts';
import { ApiError } from '../../../lib/api';
import { rules } from '../../../lib/formRules';

/** Nested like the parameters; numbers as the text in their input (display unit), enums as their value. */
export type ParameterFormValues = Record<string, unknown>;

function displayText(value: number): string {
  return String(value);
}

/** The form's starting values: the given parameters (SI) shown in display units, else each field's default. */
export function initialFormValues(description: FormDescription, parameters?: Record<string, unknown> | null): ParameterFormValues {
  let values: ParameterFormValues = {};
  for (const field of description.fields) {
    const given = parameters ? getAtPath(parameters, field.path) : undefined;
    if (field.kind === 'number') {
      const shown = typeof given === 'number' && Number.isFinite(given) ? fromSI(given, field.displayUnit) : field.displayDefault;
      values = setAtPath(values, field.path, displayText(shown));
    } else {
      const shown = typeof given === 'string' && field.options.some((o) => o.value === given) ? given : field.default;
      values = setAtPath(values, field.path, shown);
    }
  }
  return values;
}

/** The typed text as a number (a decimal comma is accepted), NaN when it is not one. */
export function parseNumberInput(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return Number.NaN;
  return Number(value.trim().replace(',', '.'));
}

const numberRules = (field: FormNumberField) => rules('required', ['between', field.displayMin, field.displayMax]);

/** The message for one field's value (display units), or true; hidden fields always pass. */
export function validateField(field: FormField, value: unknown, values: ParameterFormValues): true | string {
  if (!isFieldVisible(field, values)) return true;
  if (field.kind === 'enum') {
    const required = rules('required')(value);
    if (required !== true) return required;
    return field.options.some((o) => o.value === value) ? true : validationMessages.invalid;
  }
  const text = typeof value === 'string' ? value.trim().replace(',', '.') : value;
  const result = numberRules(field)(text);
  if (result !== true) return result;
  if (field.integer && !Number.isInteger(parseNumberInput(value))) return validationMessages.invalid;
  return true;
}

/** Every failing field: path -> message. Empty when the form can be sent. */
export function validateAll(description: FormDescription, values: ParameterFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of description.fields) {
    const result = validateField(field, getAtPath(values, field.path), values);
    if (result !== true) errors[field.path] = result;
  }
  return errors;
}

/** The message for a text parameter's value (widget `text`: required, at most `maxLength` characters), or true. */
export function validateText(field: FormCustomField, value: unknown): true | string {
  if (typeof value !== 'string' || value.trim() === '') return validationMessages.required;
  if (field.maxLength !== undefined && value.length > field.maxLength) return textTooLong(field.maxLength, field.label, value.length);
  return true;
}

/** Every failing text parameter: path -> message. */
export function validateTexts(description: FormDescription, custom: CustomValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of description.custom) {
    if (field.widget !== 'text') continue;
    const result = validateText(field, custom[field.path]);
    if (result !== true) errors[field.path] = result;
  }
  return errors;
}

/** Values of the widget-edited parameters (`cross_section`, a text), by path, as the parameters hold them (SI). */
export type CustomValues = Readonly<Record<string, unknown>>;

/** The widget-edited parameters present in `parameters` (the others are absent: not sent). */
export function initialCustomValues(description: FormDescription, parameters?: Record<string, unknown> | null): CustomValues {
  const out: Record<string, unknown> = {};
  for (const field of description.custom) {
    const given = parameters ? getAtPath(parameters, field.path) : undefined;
    if (given !== undefined && given !== null) out[field.path] = given;
  }
  return out;
}

/** The custom values with `path` set to `value`; an undefined value removes it (absent: not sent). */
export function withCustomValue(custom: CustomValues, path: string, value: unknown): CustomValues {
  const next: Record<string, unknown> = { ...custom };
  if (value === undefined) delete next[path];
  else next[path] = value;
  return next;
}

/** The messages without the one of `path`: its value was just edited, so the last save's message no longer applies. */
export function withoutMessage(messages: Record<string, string>, path: string): Record<string, string> {
  const next = { ...messages };
  delete next[path];
  return next;
}

/**
 * The parameters in SI for the API: visible fields only (hidden conditional ones are left out), and
 * the widget-edited ones that are set, as they are.
 */
export function toParameters(description: FormDescription, values: ParameterFormValues, custom: CustomValues = {}): Record<string, unknown> {
  let parameters: Record<string, unknown> = {};
  for (const field of description.fields) {
    if (!isFieldVisible(field, values)) continue;
    const value = getAtPath(values, field.path);
    if (field.kind === 'enum') {
      parameters = setAtPath(parameters, field.path, value);
    } else {
      parameters = setAtPath(parameters, field.path, toSI(parseNumberInput(value), field.displayUnit));
    }
  }
  for (const field of description.custom) {
    const value = custom[field.path];
    if (value !== undefined && value !== null) parameters = setAtPath(parameters, field.path, value);
  }
  return parameters;
}

/** `1 – 2000 mm`: the physical range in the display unit. */
export function rangeText(field: FormNumberField): string {
  const unit = field.displayUnit ? ` ${field.displayUnit}` : '';
  return `${field.displayMin} – ${field.displayMax}${unit}`;
}

/** The title and description as the API takes them: the title trimmed, a blank description none. */
export function titleAndDescription(values: { title: string; description: string }): { title: string; description: string | null } {
  return { title: values.title.trim(), description: values.description.trim() === '' ? null : values.description };
}

/** A 422's field messages by path (see serverFieldErrors); null for any other failure. */
export function rejectedFields(error: unknown): Record<string, string> | null {
  return error instanceof ApiError && error.status === 422 ? serverFieldErrors(error.body) : null;
}

/**
 * A 422 answer's field messages by their path inside the body (`loc: ["body", "parameters", "wall",
 * "temperature"]` -> `parameters.wall.temperature`), for placing them on the form.
 */
export function serverFieldErrors(body: unknown): Record<string, string> {
  const detail = (body as { detail?: unknown } | null)?.detail;
  const out: Record<string, string> = {};
  if (!Array.isArray(detail)) return out;
  for (const item of detail as { loc?: unknown; msg?: unknown }[]) {
    if (!Array.isArray(item?.loc) || typeof item.msg !== 'string') continue;
    const path = item.loc.filter((p, i) => !(i === 0 && (p === 'body' || p === 'query' || p === 'path'))).map(String).join('.');
    if (path && !(path in out)) out[path] = item.msg;
  }
  return out;
}
