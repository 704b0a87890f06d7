// The schema-driven form in the user's unit system. The contracts' form description carries each
// field's catalogue display unit (engineering metric); here a number field gets the system's unit
// with its range and default converted, so the generic inputs, the range text and the spec's
// messages (`This field must be between {min} and {max}`) all speak that unit. Values go back to SI.
//
// Bounds are rounded inwards (min up, max down, 4 significant digits) so that any number inside the
// range as shown is inside the schema's range; a value not typed over keeps its exact SI value (a
// cloned 0.05 m shown as 1.9685 in goes back as 0.05 m, not 0.04999999 m).
import { getAtPath, isFieldVisible, setAtPath, type FormDescription, type FormField, type FormNode, type FormNumberField } from '@simforge/contracts';
import { fromSIIn, roundForInput, toSIIn, unitInSystem, type UnitSystem } from '../../lib/unitSystems';
import { parseNumberInput, type CustomValues, type ParameterFormValues } from '../simulations/form/parameterForm';

const BOUND_DIGITS = 4;
const INPUT_DIGITS = 6;

function roundOut(value: number, direction: 'up' | 'down'): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  const exponent = Math.floor(Math.log10(Math.abs(value))) - (BOUND_DIGITS - 1);
  const scale = 10 ** exponent;
  const scaled = value / scale;
  // A bound that is already round (1e-3 m in mm) must stay itself despite binary noise.
  const nearest = Math.round(scaled);
  const rounded = Math.abs(scaled - nearest) < 1e-9 ? nearest : direction === 'up' ? Math.ceil(scaled) : Math.floor(scaled);
  return Number((rounded * scale).toPrecision(BOUND_DIGITS + 1));
}

function numberFieldIn(field: FormNumberField, system: UnitSystem): FormNumberField {
  const unit = unitInSystem(system, field.quantity, field.displayUnit);
  if (unit === field.displayUnit) return field;
  const displayMin = roundOut(fromSIIn(field.min, unit), 'up');
  const displayMax = roundOut(fromSIIn(field.max, unit), 'down');
  const displayDefault = Math.min(displayMax, Math.max(displayMin, roundForInput(fromSIIn(field.default, unit), INPUT_DIGITS)));
  // The catalogue's input step is in its own unit: meaningless in another.
  const { step, ...rest } = field;
  void step;
  return { ...rest, displayUnit: unit, displayMin, displayMax, displayDefault };
}

function nodeIn(node: FormNode, system: UnitSystem): FormNode {
  if (node.kind === 'group') return { ...node, children: node.children.map((child) => nodeIn(child, system)) };
  return node.kind === 'number' ? numberFieldIn(node, system) : node;
}

function flatten(nodes: readonly FormNode[]): FormField[] {
  return nodes.flatMap((node) => (node.kind === 'group' ? flatten(node.children) : [node]));
}

/** The form description with every number field in the unit system's units. */
export function describeFormIn(form: FormDescription, system: UnitSystem): FormDescription {
  const nodes = form.nodes.map((node) => nodeIn(node, system));
  return { nodes, fields: flatten(nodes), custom: form.custom };
}

/** What a number looks like in its input: at most 6 significant digits, no binary noise. */
export function inputText(value: number): string {
  return String(roundForInput(value, INPUT_DIGITS));
}

/** SI values shown when the form opened, by path, with the text shown for each. */
export type ShownValues = Readonly<Record<string, { text: string; si: number }>>;

/** The form's starting values in the system's units: given parameters (SI) where present, else defaults. */
export function initialValuesIn(form: FormDescription, parameters: Record<string, unknown> | null | undefined): { values: ParameterFormValues; shown: ShownValues } {
  let values: ParameterFormValues = {};
  const shown: Record<string, { text: string; si: number }> = {};
  for (const field of form.fields) {
    const given = parameters ? getAtPath(parameters, field.path) : undefined;
    if (field.kind === 'number') {
      const si = typeof given === 'number' && Number.isFinite(given) ? given : field.default;
      const text = inputText(fromSIIn(si, field.displayUnit));
      values = setAtPath(values, field.path, text);
      shown[field.path] = { text, si };
    } else {
      const value = typeof given === 'string' && field.options.some((o) => o.value === given) ? given : field.default;
      values = setAtPath(values, field.path, value);
    }
  }
  return { values, shown };
}

/** One number field's SI value: the exact value it opened with while its text is unchanged. */
function numberToSI(field: FormNumberField, value: unknown, shown: ShownValues): number {
  const original = shown[field.path];
  if (original && typeof value === 'string' && value.trim() === original.text) return original.si;
  return toSIIn(parseNumberInput(value), field.displayUnit);
}

/** The parameters in SI: visible fields only, and the widget-edited parameters that are set. */
export function toParametersIn(form: FormDescription, values: ParameterFormValues, custom: CustomValues, shown: ShownValues = {}): Record<string, unknown> {
  let parameters: Record<string, unknown> = {};
  for (const field of form.fields) {
    if (!isFieldVisible(field, values)) continue;
    const value = getAtPath(values, field.path);
    parameters = setAtPath(parameters, field.path, field.kind === 'enum' ? value : numberToSI(field, value, shown));
  }
  for (const field of form.custom) {
    const value = custom[field.path];
    if (value !== undefined && value !== null) parameters = setAtPath(parameters, field.path, value);
  }
  return parameters;
}

/**
 * The typed values moved to another unit system (the same SI values, shown in the new units), with
 * the new `shown` map; a text that is not a number stays as typed.
 */
export function convertValues(
  from: FormDescription,
  to: FormDescription,
  values: ParameterFormValues,
  shown: ShownValues,
): { values: ParameterFormValues; shown: ShownValues } {
  let next = values;
  const nextShown: Record<string, { text: string; si: number }> = {};
  const target = new Map(to.fields.map((f) => [f.path, f]));
  for (const field of from.fields) {
    const other = target.get(field.path);
    if (field.kind !== 'number' || other?.kind !== 'number') continue;
    const value = getAtPath(values, field.path);
    const number = parseNumberInput(value);
    if (!Number.isFinite(number)) continue;
    const si = numberToSI(field, value, shown);
    const text = inputText(fromSIIn(si, other.displayUnit));
    next = setAtPath(next, field.path, text);
    nextShown[field.path] = { text, si };
  }
  return { values: next, shown: nextShown };
}
