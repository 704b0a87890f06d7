// Text a PostgreSQL database can store. Its `text` and `jsonb` types refuse U+0000 (NUL), and an
// unpaired UTF-16 surrogate (`"\ud800"` in JSON) cannot be encoded as UTF-8: a text column would
// silently store U+FFFD instead, a jsonb value refuses the escape. The server refuses both at its
// boundary with a 422 naming the field, so no value reaches SQL that the database would reject.

import type { ValidationIssue } from './errors.js';

export const textMessages = {
  nul: 'This field must not contain NUL characters',
  surrogate: 'This field must not contain unpaired UTF-16 surrogates (it is not valid Unicode text)',
  /** A field that holds a whole file (`an EPANET input file`): NUL there means a binary file. */
  binaryFile: (kind: string) => `This field is invalid: not ${kind} (binary content: it contains NUL characters)`,
} as const;

type Loc = (string | number)[];

export type TextProblem = 'nul' | 'surrogate';

// With the `u` flag a surrogate pair is one code point, so \p{Cs} matches unpaired halves only.
const UNSTORABLE = /\0|\p{Cs}/u;
const EVERY_UNSTORABLE = new RegExp(UNSTORABLE.source, 'gu');

/** Why PostgreSQL cannot store this text, or undefined when it can. */
export function unstorableText(text: string): TextProblem | undefined {
  const match = UNSTORABLE.exec(text);
  if (!match) return undefined;
  return match[0] === '\0' ? 'nul' : 'surrogate';
}

/** The text with what PostgreSQL cannot store replaced by U+FFFD (for text the server did not receive from a client: a model's reply). */
export function storableText(text: string): string {
  return unstorableText(text) ? text.replace(EVERY_UNSTORABLE, '\uFFFD') : text;
}

/** At most this many problems are listed in one answer. */
export const MAX_TEXT_ISSUES = 20;

/** A place in the value being walked: its key and its parent (a path is only built for a problem). */
interface Place {
  key: string | number | null;
  parent: Place | null;
}

function locOf(place: Place, root: Loc): Loc {
  const keys: (string | number)[] = [];
  for (let at: Place | null = place; at && at.key !== null; at = at.parent) keys.push(at.key);
  return [...root, ...keys.reverse()];
}

/**
 * Every string in `value` (nested objects and arrays, keys too) that cannot be stored, as issues
 * located under `loc`. Iterative and linear in the size of the value: a deeply nested body must
 * neither overflow the stack nor cost a path copy per level.
 */
export function unstorableTextIssues(value: unknown, loc: Loc, messageFor: (path: Loc) => string | undefined = () => undefined): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const pending: { value: unknown; place: Place }[] = [{ value, place: { key: null, parent: null } }];
  const report = (text: string, place: Place) => {
    const problem = unstorableText(text);
    if (!problem) return;
    const path = locOf(place, loc);
    issues.push({ loc: path, msg: (problem === 'nul' ? messageFor(path) : undefined) ?? textMessages[problem], type: `text_${problem}` });
  };
  while (pending.length > 0 && issues.length < MAX_TEXT_ISSUES) {
    const { value: current, place } = pending.pop()!;
    // An object's key (a string; an array's are numbers) is checked with its value.
    if (typeof place.key === 'string') report(place.key, place);
    if (typeof current === 'string') report(current, place);
    else if (Array.isArray(current)) for (let i = current.length - 1; i >= 0; i--) pending.push({ value: current[i], place: { key: i, parent: place } });
    else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current).reverse()) pending.push({ value: child, place: { key, parent: place } });
    }
  }
  return issues.slice(0, MAX_TEXT_ISSUES);
}
