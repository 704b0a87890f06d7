// Reads an imported file into a simulation to create: a SimForge case file (`.json`, the case
// export) or an EPANET input file (`.inp`, a PIPE_NETWORK). Problems answer 422 on the file's own
// fields (`content.parameters.diameter`, `content.type`), or on `file_name` for an unknown kind.

import { CaseFile, unstorableTextIssues, type SimulationCreate, type SimulationImport, type ValidationIssue } from '@simforge/contracts';
import { ValidationFailed } from '../services/errors.js';

const CONTENT: (string | number)[] = ['body', 'content'];

export type ImportKind = 'case' | 'inp';

export function importKind(input: SimulationImport): ImportKind {
  const name = input.file_name.toLowerCase();
  if (name.endsWith('.json')) return 'case';
  if (name.endsWith('.inp')) return 'inp';
  throw new ValidationFailed([{ loc: ['body', 'file_name'], msg: 'This field is invalid: expected a SimForge case file (.json) or an EPANET input file (.inp)', type: 'file_kind' }]);
}

/** The [TITLE] section's first line, if any. */
function inpTitle(text: string): string | null {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => /^\s*\[TITLE\]/i.test(line));
  if (start < 0) return null;
  for (const line of lines.slice(start + 1)) {
    if (/^\s*\[/.test(line)) return null;
    const text = line.replace(/;.*$/, '').trim();
    if (text) return text.slice(0, 200);
  }
  return null;
}

function stem(fileName: string): string {
  return fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '').trim() || 'Imported network';
}

/** The simulation the file describes, and where its parameters' problems are to be reported. */
export interface ImportedCase {
  create: SimulationCreate;
  /** The create route's field name (`body.parameters.x`) as the file's (`body.content.parameters.x`). */
  fileLoc(loc: (string | number)[]): (string | number)[];
}

export function readImport(input: SimulationImport): ImportedCase {
  const kind = importKind(input);
  if (kind === 'inp') {
    return {
      create: { title: input.title ?? inpTitle(input.content) ?? stem(input.file_name), type: 'PIPE_NETWORK', parameters: { inp: input.content } },
      // The whole file is the `inp` parameter: its problems (`line 12: [PIPES] ...`) are the content's.
      fileLoc: (loc) => (loc[0] === 'body' && loc[1] === 'parameters' ? CONTENT : loc[0] === 'body' && loc[1] === 'type' ? ['body', 'file_name'] : loc),
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(input.content);
  } catch (error) {
    throw new ValidationFailed([{ loc: CONTENT, msg: `This field is invalid: not a JSON file (${(error as Error).message})`, type: 'json' }]);
  }
  // The request's own text was checked at the boundary; the file's strings (escaped \u0000) only now exist.
  const unstorable = unstorableTextIssues(json, CONTENT);
  if (unstorable.length > 0) throw new ValidationFailed(unstorable);
  const parsed = CaseFile.safeParse(json);
  if (!parsed.success) {
    throw new ValidationFailed(
      parsed.error.issues.map((issue): ValidationIssue => ({ loc: [...CONTENT, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))], msg: issue.message, type: issue.code })),
    );
  }
  const file = parsed.data;
  return {
    create: { title: input.title ?? file.title.slice(0, 200), description: file.description ?? null, type: file.type, parameters: file.parameters },
    fileLoc: (loc) => (loc[0] === 'body' && (loc[1] === 'parameters' || loc[1] === 'type' || loc[1] === 'title' || loc[1] === 'description') ? [...CONTENT, ...loc.slice(1)] : loc),
  };
}

/** The create route's validation failure in the file's field names. */
export function relocate(error: ValidationFailed, imported: ImportedCase): ValidationFailed {
  return new ValidationFailed(error.issues.map((issue) => ({ ...issue, loc: imported.fileLoc(issue.loc) })));
}
