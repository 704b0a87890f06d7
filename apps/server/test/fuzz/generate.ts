// Request bodies for the API fuzz: a seeded random source, values that follow a route's JSON schema
// (as the OpenAPI document gives it), and the mutations that break them: wrong types, missing and
// extra fields, huge strings, NUL and other awkward unicode, deep nesting, numbers at the extremes.

import { seededRandom } from '@simforge/solvers';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

/** The solvers' seeded mulberry32: the same sequence for the same seed everywhere. */
export class Random {
  private readonly uniform: () => number;

  constructor(seed: number) {
    this.uniform = seededRandom(seed);
  }

  next(): number {
    return this.uniform();
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  uuid(): string {
    const hex = () => this.int(0, 15).toString(16);
    const part = (n: number) => Array.from({ length: n }, hex).join('');
    return `${part(8)}-${part(4)}-4${part(3)}-${this.pick(['8', '9', 'a', 'b'])}${part(3)}-${part(12)}`;
  }
}

/** Text that is valid but awkward: every script, emoji, marks, RTL, BOM, the last BMP code points. */
const AWKWARD_TEXT = ['Δp = 5 bar', 'Schweißnaht über Ölkühler', '管道网络', 'مرحبا', '😀👩‍🔬🏳️‍🌈', 'e\u0301\u0301\u0301', '\u200f\u202eRTL', '\ufeffBOM', '\uffff\ufffe', '\u2028\u2029', '<script>alert(1)</script>', "'; DROP TABLE users; --", '%s%n%x', '../../etc/passwd', ' ', ''];

/** Text PostgreSQL cannot store (the boundary must refuse it with a 422). */
const UNSTORABLE_TEXT = ['a\u0000b', '\u0000', 'x\ud800y', '\udfff', 'end\ud83d'];

const EXTREME_NUMBERS = [0, -0, 1, -1, 1e308, -1e308, 5e-324, -5e-324, 2 ** 53 + 1, -(2 ** 53) - 1, 1e21, 0.1 + 0.2, 2 ** 31, -(2 ** 31) - 1];

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return ['string', 'number', 'boolean', 'object', 'array', 'null'];
}

function stringFor(schema: JsonSchema, random: Random): string {
  if (schema.format === 'uuid') return random.uuid();
  if (schema.format === 'email') return `fuzz.${random.int(0, 1e6)}@example.com`;
  if (schema.format === 'uri' || schema.format === 'url') return `http://simforge.test/${random.int(0, 99)}`;
  if (schema.format === 'date-time') return new Date(random.int(0, 2e12)).toISOString();
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, min + 40);
  const length = random.int(min, Math.max(min, max));
  return random.chance(0.2) ? random.pick(AWKWARD_TEXT).slice(0, Math.max(length, 1)).padEnd(min, 'x') : Array.from({ length }, () => random.pick([...'abcXYZ019 _-.'])).join('');
}

function numberFor(schema: JsonSchema, random: Random, integer: boolean): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : 1e-9) : -1000);
  const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : 1e-9) : 1000);
  const value = low + random.next() * (Math.min(high, low + 1e6) - low);
  return integer ? Math.round(value) : value;
}

/** A value the schema accepts (within reason: patterns and cross-field rules are not followed). */
export function generate(schema: JsonSchema, random: Random, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return generate(random.pick(choices), random, depth);
  if (schema.allOf) return generate(Object.assign({}, ...schema.allOf) as JsonSchema, random, depth);
  const type = random.pick(typesOf(schema));
  switch (type) {
    case 'string':
      return stringFor(schema, random);
    case 'integer':
    case 'number':
      return numberFor(schema, random, type === 'integer');
    case 'boolean':
      return random.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      if (depth > 4) return [];
      const count = random.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3));
      return Array.from({ length: count }, () => generate(schema.items ?? {}, random, depth + 1));
    }
    default: {
      const out: Record<string, unknown> = {};
      if (depth > 4) return out;
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || random.chance(0.6)) out[key] = generate(property, random, depth + 1);
      }
      if (!schema.properties && schema.additionalProperties !== false && random.chance(0.5)) out[stringFor({}, random) || 'k'] = generate({}, random, depth + 1);
      return out;
    }
  }
}

type Path = (string | number)[];

/** Every place in a JSON value (its own path included), for a mutation to pick one. */
function placesOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (out.length > 500) return out;
  if (Array.isArray(value)) value.forEach((item, i) => placesOf(item, [...path, i], out));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) placesOf(item, [...path, key], out);
  return out;
}

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], value);
}

/** The value with `path` replaced (or, for the root, the replacement itself). */
function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  const parent = getAt(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = replacement;
  return copy;
}

/** JSON text nested `depth` levels deep, written directly (JSON.stringify itself fails near 5 000 levels). */
function nestedText(depth: number, random: Random): string {
  const arrays = random.chance(0.5);
  return arrays ? `${'['.repeat(depth)}0${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`;
}

export interface Mutation {
  name: string;
  /** The mutated body: a value to send as JSON, or raw text with its content type. */
  body: unknown;
  raw?: { text: string; contentType: string };
}

/** One mutation of a schema-valid body, chosen at random. */
export function mutate(body: unknown, schema: JsonSchema, random: Random): Mutation {
  const places = placesOf(body);
  const kind = random.int(0, 11);
  // Text and number mutations go where text and numbers are (mostly): a body otherwise valid then
  // reaches the service with only that one value wrong.
  const ofType = (type: string) => places.filter((p) => typeof getAt(body, p) === type);
  const among = (preferred: Path[]) => (preferred.length > 0 && random.chance(0.85) ? random.pick(preferred) : random.pick(places));
  const place = kind === 1 || kind === 2 || kind === 3 ? among(ofType('string')) : kind === 5 || kind === 6 ? among(ofType('number')) : kind === 11 ? among(ofType('object')) : random.pick(places);
  const current = getAt(body, place);
  switch (kind) {
    case 0:
      return { name: `wrong type at ${place.join('.')}`, body: setAt(body, place, random.pick([42, 'text', true, null, [], {}, [1, 'a'], { x: 1 }].filter((v) => typeof v !== typeof current))) };
    case 1:
      return { name: `huge string at ${place.join('.')}`, body: setAt(body, place, 'x'.repeat(random.pick([5_000, 70_000, 300_000]))) };
    case 2: {
      // Inside the existing text, so that its length and format stay what the field accepts.
      const text = typeof current === 'string' ? current : '';
      const at = random.int(0, text.length);
      const bad = random.pick(UNSTORABLE_TEXT).replace(/[a-z]/g, '');
      return { name: `unstorable text at ${place.join('.')}`, body: setAt(body, place, `${text.slice(0, at)}${bad}${text.slice(at)}`) };
    }
    case 3:
      return { name: `awkward text at ${place.join('.')}`, body: setAt(body, place, random.pick(AWKWARD_TEXT)) };
    case 4: {
      const depth = random.pick([70, 2_000, 20_000]);
      const text = JSON.stringify(setAt(body, place, 'NESTED-HERE')).replace('"NESTED-HERE"', nestedText(depth, random));
      return { name: `nesting ${depth} deep at ${place.join('.')}`, body, raw: { text, contentType: 'application/json' } };
    }
    case 5:
      return { name: `extreme number at ${place.join('.')}`, body: setAt(body, place, random.pick(EXTREME_NUMBERS)) };
    case 6: {
      // JSON has no Infinity: a client can still write 1e999, which JSON.parse reads as Infinity.
      const text = JSON.stringify(setAt(body, place, 123456789));
      return { name: `1e999 at ${place.join('.')}`, body, raw: { text: text.replace('123456789', random.pick(['1e999', '-1e999'])), contentType: 'application/json' } };
    }
    case 7: {
      const required = schema.required ?? [];
      const key = required.length > 0 ? random.pick(required) : undefined;
      if (!key || !body || typeof body !== 'object') return { name: 'empty object', body: {} };
      const rest = { ...(body as Record<string, unknown>) };
      delete rest[key];
      return { name: `missing ${key}`, body: rest };
    }
    case 8:
      return { name: 'extra fields', body: body && typeof body === 'object' && !Array.isArray(body) ? { ...body, ['extra_' + random.int(0, 99)]: generate({}, random), __proto__x: 1, constructor: 'x' } : { extra: 1 } };
    case 9:
      return { name: 'whole body replaced', body: random.pick([null, [], 'text', 42, true, {}, [body], { body }]) };
    case 10: {
      const text = random.pick(['{"a":', '{', '[', 'nul', '{"a":1}}', '\u0000', '{"a":"\\ud800"}', '{"__proto__":{"admin":true}}', '']);
      return { name: `raw text ${JSON.stringify(text)}`, body, raw: { text, contentType: random.pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded']) } };
    }
    default:
      return { name: `key with NUL at ${place.join('.')}`, body: current && typeof current === 'object' && !Array.isArray(current) ? setAt(body, place, { ...current, 'k\u0000ey': 1 }) : setAt(body, place, { 'k\u0000ey': 1 }) };
  }
}
