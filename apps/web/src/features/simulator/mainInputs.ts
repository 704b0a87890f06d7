// The simulator explorer's main inputs, chosen from the type's form description like create-v2's
// steps: the visible number fields of the geometry and the material-and-process steps (not
// folded-away ones, not numerical settings), at most MAX_SLIDERS, and the top-level choices of those
// steps (fluid, material, flow given as). Slider values are SI; a range spanning more than two
// decades is a logarithmic slider.
import { getAtPath, isFieldVisible, setAtPath, type FormDescription, type FormEnumField, type FormField, type FormNumberField } from '@simforge/contracts';
import { stepDescription } from '../create-v2/steps';

export const MAX_SLIDERS = 8;
export const MAX_CHOICES = 3;
export const SWEEP_POINTS = 9;

export interface MainInputs {
  sliders: FormNumberField[];
  choices: FormEnumField[];
}

export function mainInputs(form: FormDescription, parameters: Record<string, unknown>): MainInputs {
  const parts = [stepDescription(form, 'geometry'), stepDescription(form, 'process')];
  const fields = parts.flatMap((p) => p.fields).filter((f) => !f.advanced && isFieldVisible(f, parameters));
  const inFoldedGroup = (f: FormField) => form.nodes.some((n) => n.kind === 'group' && n.advanced && f.path.startsWith(`${n.key}.`));
  const sliders = fields.filter((f): f is FormNumberField => f.kind === 'number' && !inFoldedGroup(f)).slice(0, MAX_SLIDERS);
  const choices = parts
    .flatMap((p) => p.nodes)
    .filter((n): n is FormEnumField => n.kind === 'enum' && !n.advanced && isFieldVisible(n, parameters))
    .slice(0, MAX_CHOICES);
  return { sliders, choices };
}

/** Whether a slider over [min, max] (SI) is logarithmic: positive and spanning more than two decades. */
export function isLogarithmic(field: Pick<FormNumberField, 'min' | 'max'>): boolean {
  return field.min > 0 && field.max / field.min > 100;
}

/** `count` values spread over the field's range (geometrically on a logarithmic slider), SI. */
export function sweepValues(field: Pick<FormNumberField, 'min' | 'max' | 'integer'>, count = SWEEP_POINTS): number[] {
  const log = isLogarithmic(field);
  const values = Array.from({ length: count }, (_, i) => {
    const t = i / (count - 1);
    return log ? field.min * (field.max / field.min) ** t : field.min + (field.max - field.min) * t;
  });
  return field.integer ? [...new Set(values.map(Math.round))] : values;
}

/**
 * Parameters kept complete as choices change: a field that becomes visible takes its default, a
 * hidden conditional one is removed (the schema refuses neither then).
 */
export function withVisibleDefaults(form: FormDescription, parameters: Record<string, unknown>): Record<string, unknown> {
  let out = parameters;
  for (const field of form.fields) {
    const visible = isFieldVisible(field, out);
    const value = getAtPath(out, field.path);
    if (visible && value === undefined) out = setAtPath(out, field.path, field.default);
    if (!visible && value !== undefined && field.visibleWhen) out = removeAtPath(out, field.path);
  }
  return out;
}

function removeAtPath(values: Record<string, unknown>, path: string): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  const copy = { ...values };
  if (rest.length === 0) delete copy[head!];
  else if (typeof copy[head!] === 'object' && copy[head!] !== null) copy[head!] = removeAtPath(copy[head!] as Record<string, unknown>, rest.join('.'));
  return copy;
}
