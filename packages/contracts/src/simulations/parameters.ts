// The parameter-schema mechanism: each simulation type's parameters are one zod schema whose fields
// carry their metadata (label, quantity, SI unit, display unit, physical range, default) in
// `parameterRegistry`. The server validates with the schema; the web walks it (`describeForm`) to
// render a form generically, and both show the same messages (validation.ts, spec section 5).
//
// Values are SI. Range messages quote the bounds in the field's display unit, the way the form
// shows them ("This field must be between 1 and 2000" for a diameter in mm).

import { z } from 'zod';
import { validationMessages as m } from '../validation.js';
import { fromSI, type Quantity } from './units.js';

/** A field shown only while a sibling field (in the same group) has one of the given values. */
export interface VisibleWhen {
  field: string;
  equals: readonly string[];
}

interface CommonMeta {
  label: string;
  description?: string;
  visibleWhen?: VisibleWhen;
  /**
   * For a conditional field: missing while visible, it takes its default (instead of being
   * required). The parameters then stay complete when the controlling field is left at its default.
   */
  defaultWhenVisible?: boolean;
  /** Shown folded away by default (numerical settings). */
  advanced?: boolean;
}

export interface NumberParameterMeta extends CommonMeta {
  kind: 'number';
  quantity: Quantity;
  /** SI unit of the value. */
  unit: string;
  displayUnit: string;
  /** Physical range, SI, inclusive. */
  min: number;
  max: number;
  /** SI. */
  default: number;
  /** Input step in the display unit. */
  step?: number;
  integer?: boolean;
}

export interface EnumOption {
  value: string;
  label: string;
}

export interface EnumParameterMeta extends CommonMeta {
  kind: 'enum';
  options: readonly EnumOption[];
  default: string;
}

export interface GroupParameterMeta extends CommonMeta {
  kind: 'group';
}

/**
 * A structured value the generic form does not render as inputs (a drawn cross-section): the web
 * shows it with the named widget and sends its value as is (SI). Optional: absent by default.
 */
export interface CustomParameterMeta extends CommonMeta {
  kind: 'custom';
  /** Which widget edits it (`cross_section`: the polygon designer; `text`: a multi-line text box). */
  widget: string;
  /** `text` widget: the longest text accepted, characters. */
  maxLength?: number;
  /** `text` widget: the file types its "Load file" button offers (`.inp`). */
  accept?: string;
  /** `text` widget: its default (a text parameter always has a value). */
  default?: string;
}

export type ParameterMeta = NumberParameterMeta | EnumParameterMeta | GroupParameterMeta | CustomParameterMeta;

/** Where every parameter field's metadata lives (keyed by the field's schema as it sits in its object). */
export const parameterRegistry = z.registry<ParameterMeta>();

export const unknownParameterMessage = 'This field is not a parameter of this simulation type';

// --- builders ---------------------------------------------------------------------------------

type NumberOptions = Omit<NumberParameterMeta, 'kind' | 'unit' | 'visibleWhen'> & {
  unit?: string;
  visibleWhen?: { field: string; equals: string | readonly string[] };
};

function normaliseVisibleWhen(v: { field: string; equals: string | readonly string[] } | undefined): VisibleWhen | undefined {
  if (!v) return undefined;
  return { field: v.field, equals: typeof v.equals === 'string' ? [v.equals] : [...v.equals] };
}

function numberCore(meta: NumberParameterMeta) {
  const between = m.between(fromSI(meta.min, meta.displayUnit), fromSI(meta.max, meta.displayUnit));
  let schema = z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? m.required : m.invalid) })
    .min(meta.min, { error: between })
    .max(meta.max, { error: between });
  if (meta.integer) schema = schema.int({ error: m.invalid });
  return schema;
}

/**
 * A number in SI with its range and default. Missing: the default (or, for a conditional field,
 * required while visible). Outside [min, max]: `This field must be between {min} and {max}`.
 */
export function numberParameter(options: NumberOptions & { unit: string }) {
  const { visibleWhen, ...rest } = options;
  const meta: NumberParameterMeta = { kind: 'number', ...rest, ...(visibleWhen ? { visibleWhen: normaliseVisibleWhen(visibleWhen)! } : {}) };
  const core = numberCore(meta);
  const schema = meta.visibleWhen ? core.optional() : core.default(meta.default);
  return schema.register(parameterRegistry, meta);
}

type EnumOptions<V extends string> = Omit<EnumParameterMeta, 'kind' | 'options' | 'default' | 'visibleWhen'> & {
  options: readonly { value: V; label: string }[];
  default: NoInfer<V>;
  visibleWhen?: { field: string; equals: string | readonly string[] };
};

/** One of a list of values, each with its label. */
export function enumParameter<const V extends string>(options: EnumOptions<V>) {
  const { visibleWhen, ...rest } = options;
  const meta: EnumParameterMeta = { kind: 'enum', ...rest, ...(visibleWhen ? { visibleWhen: normaliseVisibleWhen(visibleWhen)! } : {}) };
  const values = options.options.map((o) => o.value) as [V, ...V[]];
  const choices = `This field must be one of: ${values.join(', ')}`;
  const core = z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === null ? m.required : choices) });
  const schema = meta.visibleWhen ? core.optional() : core.default(meta.default as never);
  return schema.register(parameterRegistry, meta);
}

/** A structured parameter edited by a widget, not by generated inputs (`schema` validates it); left out by default. */
export function customParameter<T extends z.ZodType>(meta: Omit<CustomParameterMeta, 'kind' | 'visibleWhen' | 'defaultWhenVisible' | 'maxLength' | 'default'>, schema: T): z.ZodOptional<T> {
  const optional = schema.optional();
  parameterRegistry.add(optional as z.ZodType, { kind: 'custom', ...meta });
  return optional;
}

/** A text parameter over its length, named by its form label: `EPANET input file (.inp): at most 32,000,000 characters (this one has 32,000,001)`. */
export const textTooLong = (maxLength: number, label: string, length?: number) =>
  `${label}: at most ${maxLength.toLocaleString('en-US')} characters${length === undefined ? '' : ` (this one has ${length.toLocaleString('en-US')})`}`;

/**
 * A text (an EPANET `.inp` file): the form shows it in a multi-line box with a "Load file" button
 * (widget `text`, listed with the form's custom fields). Required and at most `maxLength`
 * characters; missing, it takes its default.
 */
export function textParameter(options: { label: string; description?: string; maxLength: number; accept?: string; default: string }) {
  const schema = z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? m.required : m.invalid) })
    .max(options.maxLength, { error: (issue) => textTooLong(options.maxLength, options.label, typeof issue.input === 'string' ? issue.input.length : undefined) })
    .refine((text) => text.trim() !== '', { error: m.required });
  const defaulted = schema.default(options.default);
  parameterRegistry.add(defaulted as z.ZodType, { kind: 'custom', widget: 'text', ...options });
  return defaulted;
}

/** Conditional fields (visibleWhen) are required while visible. */
function requireVisible(shape: z.ZodRawShape) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const [key, child] of Object.entries(shape)) {
      const meta = parameterRegistry.get(child);
      if (meta?.visibleWhen && isVisibleIn(meta.visibleWhen, value) && value[key] === undefined) {
        ctx.addIssue({ code: 'custom', path: [key], message: m.required });
      }
    }
  };
}

/** Conditional fields marked `defaultWhenVisible` take their default when missing while visible. */
function visibleDefaults(shape: z.ZodRawShape) {
  const filled = Object.entries(shape).flatMap(([key, child]) => {
    const meta = parameterRegistry.get(child);
    return meta?.visibleWhen && meta.defaultWhenVisible && (meta.kind === 'number' || meta.kind === 'enum') ? [{ key, visibleWhen: meta.visibleWhen, value: meta.default }] : [];
  });
  const order = Object.keys(shape);
  return (value: Record<string, unknown>): Record<string, unknown> => {
    // In order: a field filled here can make a later one visible.
    let out = value;
    for (const field of filled) {
      if (out[field.key] === undefined && isVisibleIn(field.visibleWhen, out)) out = { ...out, [field.key]: field.value };
    }
    // Keys in schema order, as if the value had been given.
    return out === value ? value : Object.fromEntries(order.filter((key) => out[key] !== undefined).map((key) => [key, out[key]]));
  };
}

/** The parameters of a type: a strict object (unknown keys are refused) with defaults filled in. */
export function parameterObject<S extends z.ZodRawShape>(shape: S) {
  const fill = visibleDefaults(shape);
  return z
    .strictObject(shape, { error: unknownParameterMessage })
    .overwrite((value) => fill(value as Record<string, unknown>) as typeof value)
    .superRefine(requireVisible(shape));
}

/** A nested group of parameters (`wall: {condition, temperature, heat_flux}`); missing: its defaults. */
export function parameterGroup<S extends z.ZodRawShape>(meta: Omit<GroupParameterMeta, 'kind'>, shape: S) {
  return parameterObject(shape)
    .prefault({} as never)
    .register(parameterRegistry, { kind: 'group', ...meta });
}

// --- reading schemas --------------------------------------------------------------------------

/** The object schema under optional/default/prefault wrappers, or undefined for a leaf. */
function objectShape(schema: z.ZodType): z.ZodRawShape | undefined {
  let current: z.ZodType = schema;
  for (let depth = 0; depth < 8; depth++) {
    if (current instanceof z.ZodObject) return current.shape;
    const inner = (current as unknown as { def?: { innerType?: z.ZodType } }).def?.innerType;
    if (!inner) return undefined;
    current = inner;
  }
  return undefined;
}

function isVisibleIn(visibleWhen: VisibleWhen, siblings: Record<string, unknown> | undefined): boolean {
  const value = siblings?.[visibleWhen.field];
  return typeof value === 'string' && visibleWhen.equals.includes(value);
}

export interface FormNumberField {
  kind: 'number';
  /** Dotted path from the parameters' root: `wall.temperature`. */
  path: string;
  key: string;
  label: string;
  description?: string;
  quantity: Quantity;
  unit: string;
  displayUnit: string;
  min: number;
  max: number;
  displayMin: number;
  displayMax: number;
  default: number;
  displayDefault: number;
  step?: number;
  integer: boolean;
  advanced: boolean;
  /** Labels of the enclosing groups, outermost first. */
  groups: string[];
  /** Absolute path of the controlling field and its values. */
  visibleWhen?: { path: string; equals: readonly string[] };
}

export interface FormEnumField {
  kind: 'enum';
  path: string;
  key: string;
  label: string;
  description?: string;
  options: readonly EnumOption[];
  default: string;
  advanced: boolean;
  groups: string[];
  visibleWhen?: { path: string; equals: readonly string[] };
}

export type FormField = FormNumberField | FormEnumField;

export interface FormGroup {
  kind: 'group';
  path: string;
  key: string;
  label: string;
  description?: string;
  advanced: boolean;
  groups: string[];
  visibleWhen?: { path: string; equals: readonly string[] };
  children: FormNode[];
}

export type FormNode = FormField | FormGroup;

/** A parameter the generic form leaves to a widget (not in `nodes` or `fields`). */
export interface FormCustomField {
  kind: 'custom';
  path: string;
  key: string;
  label: string;
  description?: string;
  widget: string;
  groups: string[];
  /** `text` widget: the longest text accepted. */
  maxLength?: number;
  /** `text` widget: file types of its "Load file" button. */
  accept?: string;
}

export interface FormDescription {
  /** The form as a tree (groups hold their fields), in schema order. */
  nodes: FormNode[];
  /** Every field, depth first, in schema order. */
  fields: FormField[];
  /** Parameters edited by a widget rather than inputs (their values travel as they are), depth first. */
  custom: FormCustomField[];
}

function join(parent: string, key: string): string {
  return parent ? `${parent}.${key}` : key;
}

function describeShape(shape: z.ZodRawShape, parentPath: string, groups: string[], custom: FormCustomField[]): FormNode[] {
  const nodes: FormNode[] = [];
  for (const [key, child] of Object.entries(shape)) {
    const meta = parameterRegistry.get(child as z.ZodType);
    if (!meta) continue;
    const path = join(parentPath, key);
    if (meta.kind === 'custom') {
      custom.push({
        kind: 'custom',
        path,
        key,
        label: meta.label,
        ...(meta.description ? { description: meta.description } : {}),
        widget: meta.widget,
        groups,
        ...(meta.maxLength !== undefined ? { maxLength: meta.maxLength } : {}),
        ...(meta.accept !== undefined ? { accept: meta.accept } : {}),
      });
      continue;
    }
    const common = {
      path,
      key,
      label: meta.label,
      ...(meta.description ? { description: meta.description } : {}),
      advanced: meta.advanced ?? false,
      groups,
      ...(meta.visibleWhen ? { visibleWhen: { path: join(parentPath, meta.visibleWhen.field), equals: meta.visibleWhen.equals } } : {}),
    };
    if (meta.kind === 'group') {
      const inner = objectShape(child as z.ZodType) ?? {};
      nodes.push({ kind: 'group', ...common, children: describeShape(inner, path, [...groups, meta.label], custom) });
    } else if (meta.kind === 'number') {
      nodes.push({
        kind: 'number',
        ...common,
        quantity: meta.quantity,
        unit: meta.unit,
        displayUnit: meta.displayUnit,
        min: meta.min,
        max: meta.max,
        displayMin: fromSI(meta.min, meta.displayUnit),
        displayMax: fromSI(meta.max, meta.displayUnit),
        default: meta.default,
        displayDefault: fromSI(meta.default, meta.displayUnit),
        ...(meta.step !== undefined ? { step: meta.step } : {}),
        integer: meta.integer ?? false,
      });
    } else {
      nodes.push({ kind: 'enum', ...common, options: meta.options, default: meta.default });
    }
  }
  return nodes;
}

function flatten(nodes: FormNode[]): FormField[] {
  return nodes.flatMap((node) => (node.kind === 'group' ? flatten(node.children) : [node]));
}

/** Walks a parameters schema into a form description the web renders generically. */
export function describeForm(schema: z.ZodType): FormDescription {
  const custom: FormCustomField[] = [];
  const nodes = describeShape(objectShape(schema) ?? {}, '', [], custom);
  return { nodes, fields: flatten(nodes), custom };
}

/** The value at a dotted path (`wall.condition`). */
export function getAtPath(values: unknown, path: string): unknown {
  let current: unknown = values;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A copy of `values` with `value` set at a dotted path (missing groups are created). */
export function setAtPath<T>(values: T, path: string, value: unknown): T {
  const keys = path.split('.');
  const copy = { ...(values as Record<string, unknown>) };
  let cursor = copy;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) {
      cursor[key] = value;
    } else {
      const next = cursor[key];
      cursor[key] = typeof next === 'object' && next !== null ? { ...(next as Record<string, unknown>) } : {};
      cursor = cursor[key] as Record<string, unknown>;
    }
  });
  return copy as T;
}

/** Whether a field or group of a form description is shown for these parameter values. */
export function isFieldVisible(node: Pick<FormNode, 'visibleWhen'>, values: unknown): boolean {
  if (!node.visibleWhen) return true;
  const value = getAtPath(values, node.visibleWhen.path);
  return typeof value === 'string' && node.visibleWhen.equals.includes(value);
}

/** The default parameters of a schema: every field's default, conditional fields only when visible. */
export function parameterDefaults<T>(schema: z.ZodType<T>): T {
  return schema.parse({});
}

export interface ParameterIssue {
  /** Path inside the parameters (`['wall', 'temperature']`). */
  path: (string | number)[];
  message: string;
  type: string;
}

export type ParameterValidation<T> = { success: true; data: T } | { success: false; issues: ParameterIssue[] };

/** zod issues -> one issue per offending field (an unknown key is reported at its own path). */
export function toParameterIssues(error: z.ZodError): ParameterIssue[] {
  return error.issues.flatMap((issue): ParameterIssue[] => {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: [...path, key], message: unknownParameterMessage, type: issue.code }));
    }
    return [{ path, message: issue.message, type: issue.code }];
  });
}

/** Validates parameters (SI) and fills in defaults. */
export function validateParameters<T>(schema: z.ZodType<T>, value: unknown): ParameterValidation<T> {
  const result = schema.safeParse(value);
  if (result.success) return { success: true, data: result.data };
  return { success: false, issues: toParameterIssues(result.error) };
}
