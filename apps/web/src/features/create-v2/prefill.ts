// Handing values to create-v2 through its address, so the v1 screens, the simulator area and a
// shared link can open it filled in:
//   create-v2/{family}/{type}?diameter=0.05&wall.condition=temperature&title=Loop%20A
// Every key other than the reserved ones is a dotted parameter path with its value in SI (numbers
// as numbers, choices as their value); `from={id}` starts from an existing simulation (a clone).
import { getAtPath, setAtPath, type FormDescription } from '@simforge/contracts';

export const RESERVED_KEYS = ['title', 'description', 'from', 'type', 'step'] as const;
export const FROM_PARAM = 'from';

export interface Prefill {
  parameters: Record<string, unknown>;
  title?: string;
  description?: string;
  /** Query keys that are not parameters of this type (shown as a warning, never sent). */
  ignored: string[];
}

/** The parameters (SI) named in a query string, for the type described by `form`. */
export function prefillFromQuery(form: FormDescription, query: URLSearchParams): Prefill {
  let parameters: Record<string, unknown> = {};
  const ignored: string[] = [];
  const byPath = new Map(form.fields.map((f) => [f.path, f]));
  const texts = new Set(form.custom.filter((f) => f.widget === 'text').map((f) => f.path));
  for (const [key, raw] of query.entries()) {
    if ((RESERVED_KEYS as readonly string[]).includes(key)) continue;
    const field = byPath.get(key);
    if (field?.kind === 'number') {
      const value = Number(raw);
      if (raw.trim() !== '' && Number.isFinite(value)) parameters = setAtPath(parameters, key, value);
      else ignored.push(key);
    } else if (field?.kind === 'enum') {
      if (field.options.some((o) => o.value === raw)) parameters = setAtPath(parameters, key, raw);
      else ignored.push(key);
    } else if (texts.has(key)) {
      parameters = setAtPath(parameters, key, raw);
    } else {
      ignored.push(key);
    }
  }
  const title = query.get('title') ?? undefined;
  const description = query.get('description') ?? undefined;
  return { parameters, ignored, ...(title ? { title } : {}), ...(description ? { description } : {}) };
}

/** Starting parameters: the catalogue defaults, then a cloned simulation's, then the query's. */
export function mergeParameters(...layers: (Record<string, unknown> | null | undefined)[]): Record<string, unknown> {
  let out: Record<string, unknown> = {};
  for (const layer of layers) {
    if (!layer) continue;
    for (const [path, value] of leaves(layer)) out = setAtPath(out, path, value);
  }
  return out;
}

function leaves(value: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(value).flatMap(([key, child]): [string, unknown][] => {
    const path = prefix ? `${prefix}.${key}` : key;
    // Plain groups are walked; arrays and widget values (a cross-section) are taken whole.
    if (child && typeof child === 'object' && !Array.isArray(child) && !isWidgetValue(child)) return leaves(child as Record<string, unknown>, path);
    return [[path, child]];
  });
}

function isWidgetValue(value: object): boolean {
  return 'parts' in value;
}

/**
 * The query string that hands parameters (SI) to create-v2: the number and choice fields of the
 * form, each at its dotted path (widget values such as a network file travel through `from`).
 */
export function queryForParameters(form: FormDescription, parameters: Record<string, unknown>, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(extra);
  for (const field of form.fields) {
    const value = getAtPath(parameters, field.path);
    if (typeof value === 'number' || typeof value === 'string') query.set(field.path, String(value));
  }
  return query.toString();
}
