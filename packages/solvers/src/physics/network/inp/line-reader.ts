// The line cursor of the `.inp` reader: the file split into its sections' line extents (a line's
// tokens are read when its section's turn comes), the model being built with its id maps, the unit
// system, and the checks that name the line, the section and the field of a value that cannot be read.

import { InpParseError, NotInpFileError } from '../errors.js';
import type { CurveKind, Junction, NetworkModel, Pipe, Pump, Valve } from '../model.js';
import { emptyNetwork } from '../model.js';
import { pascalsPerMetre, type UnitSystem } from '../units.js';
import { parseNumber, tokenizeRange, type InpLine } from './tokens.js';

export interface InpWarning {
  line: number;
  section: string;
  message: string;
}

export const SUPPORTED = [
  'TITLE',
  'JUNCTIONS',
  'RESERVOIRS',
  'TANKS',
  'PIPES',
  'PUMPS',
  'VALVES',
  'DEMANDS',
  'EMITTERS',
  'LEAKAGE',
  'STATUS',
  'PATTERNS',
  'CURVES',
  'CONTROLS',
  'RULES',
  'ENERGY',
  'QUALITY',
  'SOURCES',
  'REACTIONS',
  'MIXING',
  'OPTIONS',
  'TIMES',
  'COORDINATES',
  'VERTICES',
  'END',
] as const;
export type Section = (typeof SUPPORTED)[number];

/** Sections EPANET knows that this engine does not use, with what is lost. */
const UNSUPPORTED: Record<string, string> = {
  REPORT: 'report-file options do not apply; the section is ignored',
  LABELS: 'map labels are not kept',
  BACKDROP: 'the map backdrop is not kept',
  TAGS: 'object tags are not kept',
  ROUGHNESS: 'roughness reactions are not modelled; the section is ignored',
};

const KNOWN_SECTIONS: ReadonlySet<string> = new Set([...SUPPORTED, ...Object.keys(UNSUPPORTED)]);

/** The section a header names ("[JUNC...]" is enough, as in EPANET). */
function sectionOf(header: string): string {
  const name = header.toUpperCase();
  for (const section of [...SUPPORTED, ...Object.keys(UNSUPPORTED)]) {
    const key = section.length <= 5 ? section : section.slice(0, 5);
    if (name.startsWith(key)) return section;
  }
  return name;
}

/** Where a section's lines are: (start, end, line number, position of ';' or -1) per line, flat. */
export interface SectionLines {
  extents: number[];
}

const LF = 10;
const CR = 13;
const BRACKET = 91;
const SEMICOLON = 59;
/** No ';' after this point of the file. */
const NO_MORE = Number.MAX_SAFE_INTEGER;

export function mustBePositive(value: number): string | undefined {
  return value > 0 ? undefined : 'must be positive';
}

export function mustNotBeNegative(value: number): string | undefined {
  return value >= 0 ? undefined : 'must not be negative';
}

const isBlank = (code: number): boolean => code === 32 || code === 9 || code === 13 || code === 10;

export interface RawCurve {
  id: string;
  line: number;
  points: [number, number][];
  /** Kinds by use (pump head, tank volume, GPV head loss), in the order met. */
  kinds: Set<CurveKind>;
  /** The kind the file states, if any. */
  stated?: CurveKind;
}

export abstract class InpLineReader {
  readonly warnings: InpWarning[] = [];
  protected readonly sections = new Map<Section, SectionLines>();
  protected readonly title: string[] = [];
  protected units!: UnitSystem;
  protected rhoG = pascalsPerMetre(1);
  protected readonly model: NetworkModel = { ...emptyNetwork(), options: { headloss: 'H-W', defaultPattern: '1' } };
  protected readonly nodeKind = new Map<string, 'junction' | 'reservoir' | 'tank'>();
  protected readonly junctionById = new Map<string, Junction>();
  protected readonly linkById = new Map<string, { kind: 'pipe'; link: Pipe } | { kind: 'pump'; link: Pump } | { kind: 'valve'; link: Valve }>();
  protected readonly patternIds = new Set<string>();
  protected readonly curves = new Map<string, RawCurve>();
  /** [CURVES] data lines (by line number) preceded by a comment line, with its text. */
  protected readonly curveComments = new Map<number, string>();
  /** Junctions whose [JUNCTIONS] demand has been replaced by a [DEMANDS] entry. */
  protected readonly demandReplaced = new Set<string>();

  /** Headers of sections EPANET knows, met while splitting: none means the text is no input file. */
  protected knownSections = 0;

  constructor(protected readonly text: string) {
    const binary = binaryContent(text);
    if (binary) throw new NotInpFileError(binary);
    this.split(text);
    if (this.knownSections === 0) throw new NotInpFileError('no section header EPANET knows, such as [JUNCTIONS], [RESERVOIRS] or [PIPES]');
  }

  // ---------------------------------------------------------------- sections and lines

  protected split(text: string): void {
    let section: string | undefined;
    let unsupported: { section: string; line: number; count: number } | undefined;
    const closeUnsupported = () => {
      if (unsupported && unsupported.count > 0) {
        this.warn(unsupported.line, unsupported.section, `${UNSUPPORTED[unsupported.section] ?? 'unknown section; its lines are ignored'} (${unsupported.count} line(s))`);
      }
      unsupported = undefined;
    };
    let lines: SectionLines | undefined;
    // Lines end at \r\n, \n or \r. Only each line's extent is kept here; its tokens are read when
    // its section is (so a large file's lines are not all held as strings at once).
    let lineNumber = 0;
    // Line ends and comments are found with indexOf (native, fast before the parser's own loops are
    // optimised); a file with a bare CR line end (old Mac) is scanned character by character.
    const bareCR = /\r(?!\n)/.test(text);
    let curveComment = '';
    let semicolon = -1;
    for (let start = 0; start <= text.length; ) {
      let end: number;
      let next: number;
      if (bareCR) {
        end = start;
        for (; end < text.length; end++) {
          const c = text.charCodeAt(end);
          if (c === LF || c === CR) break;
        }
        next = text.charCodeAt(end) === CR && text.charCodeAt(end + 1) === LF ? end + 2 : end + 1;
      } else {
        const lf = text.indexOf('\n', start);
        end = lf < 0 ? text.length : lf;
        next = end + 1;
        if (end > start && text.charCodeAt(end - 1) === CR) end--;
      }
      if (semicolon < start && semicolon !== NO_MORE) {
        semicolon = text.indexOf(';', start);
        if (semicolon < 0) semicolon = NO_MORE;
      }
      const comment = semicolon < end ? semicolon : -1;
      lineNumber++;
      const lineStart = start;
      start = next;
      // The first character that is not a blank (a space, tab, CR or LF, as the tokenizer reads them).
      let first = lineStart;
      while (first < end && isBlank(text.charCodeAt(first))) first++;
      const code = first < end ? text.charCodeAt(first) : -1;
      // Printable ASCII other than '[' cannot start a header; anything else is checked as trimmed text.
      if (!(code > 32 && code < 127 && code !== BRACKET) || section === 'TITLE') {
        const trimmed = text.slice(lineStart, end).trim();
        if (trimmed.startsWith('[')) {
          closeUnsupported();
          curveComment = '';
          const close = trimmed.indexOf(']');
          const header = trimmed.slice(1, close < 0 ? undefined : close).trim();
          section = sectionOf(header);
          if (KNOWN_SECTIONS.has(section)) this.knownSections++;
          if (section === 'END') break;
          if (!(SUPPORTED as readonly string[]).includes(section)) unsupported = { section, line: lineNumber, count: 0 };
          lines = unsupported ? undefined : this.sectionLines(section as Section);
          continue;
        }
        if (section === 'TITLE') {
          if (trimmed.length > 0 && !trimmed.startsWith(';')) this.title.push(trimmed);
          continue;
        }
      }
      // No token: a blank line or a comment. In [CURVES] a comment line names the kind of the curve
      // whose point follows it (the EPANET GUI's ';PUMP:' lines; EPANET keeps it as the curve's comment).
      if (code < 0 || code === SEMICOLON) {
        if (section === 'CURVES') curveComment = code < 0 ? '' : text.slice(first + 1, end).trim();
        continue;
      }
      if (section === 'CURVES' && curveComment) {
        this.curveComments.set(lineNumber, curveComment);
        curveComment = '';
      }
      if (section === undefined) {
        this.warn(lineNumber, 'none', 'line outside any section is ignored');
        continue;
      }
      if (unsupported) {
        unsupported.count++;
        continue;
      }
      lines!.extents.push(lineStart, end, lineNumber, comment);
    }
    closeUnsupported();
  }

  protected sectionLines(section: Section): SectionLines {
    let list = this.sections.get(section);
    if (!list) {
      list = { extents: [] };
      this.sections.set(section, list);
    }
    return list;
  }

  /**
   * A section's line extents; each line is tokenized by lineAt when its turn comes, in file order
   * (an index loop rather than a generator: resuming a generator per line is slow before tier-up).
   */
  protected extentsOf(section: Section): number[] {
    return this.sections.get(section)?.extents ?? [];
  }

  /** The line at `at`, in one object reused for every line: a reader must not keep it (or its tokens) past its turn. */
  protected lineAt(extents: number[], at: number): InpLine {
    return tokenizeRange(this.text, extents[at]!, extents[at + 1]!, extents[at + 2]!, extents[at + 3]!, this.current);
  }

  protected readonly current: InpLine = { line: 0, tokens: [], comment: '' };

  protected warn(line: number, section: string, message: string): void {
    this.warnings.push({ line, section, message });
  }

  protected fail(line: InpLine, section: string, field: string, message: string): never {
    throw new InpParseError(line.line, section, field, message);
  }

  protected number(line: InpLine, section: string, index: number, field: string, check?: (value: number) => string | undefined): number {
    const token = line.tokens[index];
    if (token === undefined) this.fail(line, section, field, 'missing value');
    const value = parseNumber(token);
    if (value === undefined) this.fail(line, section, field, `'${token}' is not a number`);
    const problem = check?.(value);
    if (problem) this.fail(line, section, field, `${value} ${problem}`);
    return value;
  }

  protected optionalNumber(line: InpLine, section: string, index: number, field: string, check?: (value: number) => string | undefined): number | undefined {
    if (line.tokens[index] === undefined || line.tokens[index] === '*') return undefined;
    return this.number(line, section, index, field, check);
  }

  protected minTokens(line: InpLine, section: string, count: number, fields: string): void {
    if (line.tokens.length < count) this.fail(line, section, fields, `expected at least ${count} values, found ${line.tokens.length}`);
  }

  protected node(line: InpLine, section: string, index: number, field: string): string {
    const id = line.tokens[index]!;
    // A junction's own id string: the links' ends share it instead of keeping tens of thousands of
    // copies alive (less for the garbage collector to move while a large file is read).
    const junction = this.junctionById.get(id);
    if (junction) return junction.id;
    if (!this.nodeKind.has(id)) this.fail(line, section, field, `unknown node '${id}'`);
    return id;
  }

  protected pattern(line: InpLine, section: string, index: number, field: string): string | undefined {
    const id = line.tokens[index];
    if (id === undefined || id === '' || id === '*') return undefined;
    if (!this.patternIds.has(id)) this.fail(line, section, field, `unknown pattern '${id}'`);
    return id;
  }

  protected curve(line: InpLine, section: string, index: number, field: string, kind: CurveKind): string {
    const id = line.tokens[index]!;
    const curve = this.curves.get(id);
    if (!curve) this.fail(line, section, field, `unknown curve '${id}'`);
    curve.kinds.add(kind);
    return id;
  }

  protected addNode(line: InpLine, section: string, kind: 'junction' | 'reservoir' | 'tank'): string {
    const id = line.tokens[0]!;
    if (this.nodeKind.has(id)) this.fail(line, section, 'id', `duplicate node id '${id}'`);
    this.nodeKind.set(id, kind);
    return id;
  }

  protected linkEnds(line: InpLine, section: string): { id: string; from: string; to: string } {
    this.minTokens(line, section, 3, 'id, node1, node2');
    const id = line.tokens[0]!;
    if (this.linkById.has(id)) this.fail(line, section, 'id', `duplicate link id '${id}'`);
    const from = this.node(line, section, 1, 'node1');
    const to = this.node(line, section, 2, 'node2');
    if (from === to) this.fail(line, section, 'node2', `link '${id}' starts and ends at node '${from}'`);
    return { id, from, to };
  }
}

/** The first characters looked at for control characters (a binary file shows itself at once). */
const BINARY_SAMPLE = 65_536;

/**
 * Why the text is a binary file rather than text, if it is: a NUL anywhere, or more than one control
 * character in a hundred (tab, line ends, form feed and the DOS end-of-file mark are text).
 */
function binaryContent(text: string): string | undefined {
  if (text.includes('\0')) return 'binary content: it contains NUL characters';
  const length = Math.min(text.length, BINARY_SAMPLE);
  let control = 0;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 && c !== 9 && c !== LF && c !== CR && c !== 12 && c !== 26) control++;
  }
  return control * 100 > length ? `binary content: ${control} control characters in its first ${length}` : undefined;
}
