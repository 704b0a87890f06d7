// Long file: one reader for EPANET's sections, sharing the line cursor, the unit factors and the error context of the file being read.
// Reads an EPANET `.inp` file into a NetworkModel (SI). Values are converted with EPANET's own unit
// factors, so the model solves to EPANET's answer. Sections the engine does not use (report options,
// labels, backdrop, tags...) are listed in the warnings with their line numbers; a value that cannot be
// read stops the import with an InpParseError naming the line, the section and the field.

import { InpParseError, NotInpFileError } from '../errors.js';
import type {
  Curve,
  CurveKind,
  HeadlossFormula,
  Junction,
  NetworkModel,
  Pipe,
  Pump,
  Reservoir,
  SimpleControl,
  Tank,
  Valve,
  ValveType,
} from '../model.js';
import { emptyNetwork } from '../model.js';
import { EPANET_VISCOSITY, isFlowUnits, pascalsPerMetre, unitSystem, type FlowUnits, type PressureUnits, type UnitSystem } from '../units.js';
import { readRules } from '../rules/parse.js';
import { readQuality, readQualityOption, type QualityOptions } from './quality-sections.js';
import { hours, matches, parseNumber, tokenizeRange, type InpLine } from './tokens.js';

/** EPANET's least gap between the minimum and required pressures of pressure-driven demand (file units). */
const PDA_MIN_DIFFERENCE = 0.1;

export interface InpWarning {
  line: number;
  section: string;
  message: string;
}

export interface InpImport {
  network: NetworkModel;
  warnings: InpWarning[];
}

const SUPPORTED = [
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
type Section = (typeof SUPPORTED)[number];

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
interface SectionLines {
  extents: number[];
}

const LF = 10;
const CR = 13;
const BRACKET = 91;
const SEMICOLON = 59;
/** No ';' after this point of the file. */
const NO_MORE = Number.MAX_SAFE_INTEGER;

function mustBePositive(value: number): string | undefined {
  return value > 0 ? undefined : 'must be positive';
}

function mustNotBeNegative(value: number): string | undefined {
  return value >= 0 ? undefined : 'must not be negative';
}

/** A pipe's status keyword, or undefined when the token is not one. */
function pipeStatus(token: string): Pipe['status'] | undefined {
  if (matches(token, 'CV')) return 'cv';
  if (matches(token, 'CLOSED')) return 'closed';
  if (matches(token, 'OPEN')) return 'open';
  return undefined;
}

const isBlank = (code: number): boolean => code === 32 || code === 9 || code === 13 || code === 10;

interface RawCurve {
  id: string;
  line: number;
  points: [number, number][];
  /** Kinds by use (pump head, tank volume, GPV head loss), in the order met. */
  kinds: Set<CurveKind>;
  /** The kind the file states, if any. */
  stated?: CurveKind;
}

/**
 * A curve kind stated in the file: a comment line ';PUMP: …' (also EFFICIENCY, VOLUME, HEADLOSS)
 * before a curve's point, as the EPANET GUI writes them, or a fourth token on the point's line, as
 * EPANET 2.3 writes it (input3.c curvedata: VOLUME, PUMP, EFFIC, HEADLOSS, GENERIC).
 */
function statedCurveKind(comment: string | undefined, token: string | undefined): CurveKind | undefined {
  if (comment !== undefined) {
    const colon = comment.indexOf(':');
    const word = colon > 0 ? comment.slice(0, colon).trim().toUpperCase() : '';
    if (word === 'PUMP' || word === 'EFFICIENCY' || word === 'VOLUME' || word === 'HEADLOSS' || word === 'VALVE') return word.toLowerCase() as CurveKind;
  }
  if (token !== undefined) {
    if (matches(token, 'VOLUME')) return 'volume';
    if (matches(token, 'PUMP')) return 'pump';
    if (matches(token, 'EFFIC')) return 'efficiency';
    if (matches(token, 'HEADLOSS')) return 'headloss';
    if (matches(token, 'VALVE')) return 'valve';
    if (matches(token, 'GENERIC')) return 'generic';
  }
  return undefined;
}

class InpReader {
  readonly warnings: InpWarning[] = [];
  private readonly sections = new Map<Section, SectionLines>();
  private readonly title: string[] = [];
  private units!: UnitSystem;
  private rhoG = pascalsPerMetre(1);
  private readonly model: NetworkModel = { ...emptyNetwork(), options: { headloss: 'H-W', defaultPattern: '1' } };
  private readonly nodeKind = new Map<string, 'junction' | 'reservoir' | 'tank'>();
  private readonly junctionById = new Map<string, Junction>();
  private readonly linkById = new Map<string, { kind: 'pipe'; link: Pipe } | { kind: 'pump'; link: Pump } | { kind: 'valve'; link: Valve }>();
  private readonly patternIds = new Set<string>();
  private readonly curves = new Map<string, RawCurve>();
  /** [CURVES] data lines (by line number) preceded by a comment line, with its text. */
  private readonly curveComments = new Map<number, string>();
  /** Junctions whose [JUNCTIONS] demand has been replaced by a [DEMANDS] entry. */
  private readonly demandReplaced = new Set<string>();

  /** Headers of sections EPANET knows, met while splitting: none means the text is no input file. */
  private knownSections = 0;

  constructor(private readonly text: string) {
    const binary = binaryContent(text);
    if (binary) throw new NotInpFileError(binary);
    this.split(text);
    if (this.knownSections === 0) throw new NotInpFileError('no section header EPANET knows, such as [JUNCTIONS], [RESERVOIRS] or [PIPES]');
  }

  read(): InpImport {
    this.readOptions();
    this.readTimes();
    this.readPatterns();
    this.readCurves();
    this.readJunctions();
    this.readReservoirs();
    this.readTanks();
    this.readPipes();
    this.readPumps();
    this.readEnergy();
    this.readValves();
    this.readDemands();
    this.readEmitters();
    this.readLeakage();
    this.readStatus();
    this.readControls();
    this.readRules();
    this.readCoordinates();
    this.readVertices();
    this.readQualitySections();
    this.model.title = this.title;
    this.finishCurves();
    return { network: this.model, warnings: this.warnings };
  }

  // ---------------------------------------------------------------- sections and lines

  private split(text: string): void {
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

  private sectionLines(section: Section): SectionLines {
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
  private extentsOf(section: Section): number[] {
    return this.sections.get(section)?.extents ?? [];
  }

  /** The line at `at`, in one object reused for every line: a reader must not keep it (or its tokens) past its turn. */
  private lineAt(extents: number[], at: number): InpLine {
    return tokenizeRange(this.text, extents[at]!, extents[at + 1]!, extents[at + 2]!, extents[at + 3]!, this.current);
  }

  private readonly current: InpLine = { line: 0, tokens: [], comment: '' };

  private warn(line: number, section: string, message: string): void {
    this.warnings.push({ line, section, message });
  }

  private fail(line: InpLine, section: string, field: string, message: string): never {
    throw new InpParseError(line.line, section, field, message);
  }

  private number(line: InpLine, section: string, index: number, field: string, check?: (value: number) => string | undefined): number {
    const token = line.tokens[index];
    if (token === undefined) this.fail(line, section, field, 'missing value');
    const value = parseNumber(token);
    if (value === undefined) this.fail(line, section, field, `'${token}' is not a number`);
    const problem = check?.(value);
    if (problem) this.fail(line, section, field, `${value} ${problem}`);
    return value;
  }

  private optionalNumber(line: InpLine, section: string, index: number, field: string, check?: (value: number) => string | undefined): number | undefined {
    if (line.tokens[index] === undefined || line.tokens[index] === '*') return undefined;
    return this.number(line, section, index, field, check);
  }

  private minTokens(line: InpLine, section: string, count: number, fields: string): void {
    if (line.tokens.length < count) this.fail(line, section, fields, `expected at least ${count} values, found ${line.tokens.length}`);
  }

  private node(line: InpLine, section: string, index: number, field: string): string {
    const id = line.tokens[index]!;
    // A junction's own id string: the links' ends share it instead of keeping tens of thousands of
    // copies alive (less for the garbage collector to move while a large file is read).
    const junction = this.junctionById.get(id);
    if (junction) return junction.id;
    if (!this.nodeKind.has(id)) this.fail(line, section, field, `unknown node '${id}'`);
    return id;
  }

  private pattern(line: InpLine, section: string, index: number, field: string): string | undefined {
    const id = line.tokens[index];
    if (id === undefined || id === '' || id === '*') return undefined;
    if (!this.patternIds.has(id)) this.fail(line, section, field, `unknown pattern '${id}'`);
    return id;
  }

  private curve(line: InpLine, section: string, index: number, field: string, kind: CurveKind): string {
    const id = line.tokens[index]!;
    const curve = this.curves.get(id);
    if (!curve) this.fail(line, section, field, `unknown curve '${id}'`);
    curve.kinds.add(kind);
    return id;
  }

  private addNode(line: InpLine, section: string, kind: 'junction' | 'reservoir' | 'tank'): string {
    const id = line.tokens[0]!;
    if (this.nodeKind.has(id)) this.fail(line, section, 'id', `duplicate node id '${id}'`);
    this.nodeKind.set(id, kind);
    return id;
  }

  private linkEnds(line: InpLine, section: string): { id: string; from: string; to: string } {
    this.minTokens(line, section, 3, 'id, node1, node2');
    const id = line.tokens[0]!;
    if (this.linkById.has(id)) this.fail(line, section, 'id', `duplicate link id '${id}'`);
    const from = this.node(line, section, 1, 'node1');
    const to = this.node(line, section, 2, 'node2');
    if (from === to) this.fail(line, section, 'node2', `link '${id}' starts and ends at node '${from}'`);
    return { id, from, to };
  }

  // ---------------------------------------------------------------- options and times

  private readOptions(): void {
    let flowUnits: FlowUnits = 'GPM';
    let pressureUnits: PressureUnits | undefined;
    let specificGravity = 1;
    let viscosity: { value: number } | undefined;
    let headError: number | undefined;
    let flowChange: number | undefined;
    // EPANET's defaults in the file's pressure units; REQUIRED follows MINIMUM until it is given.
    const pda = { on: false, minimum: 0, required: PDA_MIN_DIFFERENCE, exponent: 0.5 };
    const options = this.model.options;
    const S = 'OPTIONS';
    for (let at = 0, lines = this.extentsOf('OPTIONS'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      const t = line.tokens;
      const key = t[0]!;
      const n = t.length - 1;
      if (matches(key, 'UNITS')) {
        if (n < 1) continue;
        const value = t[1]!.toUpperCase();
        if (!isFlowUnits(value)) this.fail(line, S, 'UNITS', `unknown flow units '${t[1]}'`);
        flowUnits = value;
      } else if (matches(key, 'PRES') && !matches(t[1], 'EXPO')) {
        if (n < 1) continue;
        const value = t[1]!.toUpperCase();
        const known: PressureUnits[] = ['PSI', 'KPA', 'METERS', 'BAR', 'FEET'];
        const unit = known.find((u) => matches(value, u));
        if (!unit) this.fail(line, S, 'PRESSURE', `unknown pressure units '${t[1]}'`);
        pressureUnits = unit;
      } else if (matches(key, 'HEADL')) {
        if (n < 1) continue;
        const value = t[1]!.toUpperCase();
        const formula: HeadlossFormula | undefined = value === 'H-W' ? 'H-W' : value === 'D-W' ? 'D-W' : value === 'C-M' ? 'C-M' : undefined;
        if (!formula) this.fail(line, S, 'HEADLOSS', `unknown head-loss formula '${t[1]}' (H-W, D-W or C-M)`);
        options.headloss = formula;
      } else if (matches(key, 'HYDR')) {
        this.warn(line.line, S, 'HYDRAULICS USE/SAVE (hydraulics file) is ignored');
      } else if (matches(key, 'QUAL')) {
        this.qualityOptions = { ...this.qualityOptions, line: { ...line, tokens: [...t] }, ...readQualityOption(t) };
      } else if (matches(key, 'MAP') || matches(key, 'VERI')) {
        this.warn(line.line, S, `${key.toUpperCase()} file option is ignored`);
      } else if (matches(key, 'UNBA')) {
        if (n < 1) continue;
        if (matches(t[1], 'STOP')) options.unbalanced = { mode: 'stop' };
        else if (matches(t[1], 'CONT')) options.unbalanced = { mode: 'continue', extraTrials: n >= 2 ? Math.trunc(this.number(line, S, 2, 'UNBALANCED CONTINUE trials')) : 0 };
        else this.fail(line, S, 'UNBALANCED', `'${t[1]}' is not STOP or CONTINUE`);
      } else if (matches(key, 'PATT')) {
        if (n >= 1) options.defaultPattern = t[1]!;
      } else if (matches(key, 'DEMAN') && matches(t[1], 'MODEL')) {
        if (n < 2) continue;
        if (matches(t[2], 'PDA')) pda.on = true;
        else if (matches(t[2], 'DDA')) pda.on = false;
        else this.fail(line, S, 'DEMAND MODEL', `'${t[2]}' is not DDA or PDA`);
      } else if (matches(key, 'BACK')) {
        if (n < 2) continue;
        if (matches(t[2], 'NO')) options.emitterBackflow = false;
        else if (matches(t[2], 'YES')) options.emitterBackflow = true;
        else this.fail(line, S, 'BACKFLOW ALLOWED', `'${t[2]}' is not YES or NO`);
      } else {
        this.readNumericOption(line, {
          specificGravity: (v) => (specificGravity = v),
          viscosity: (v) => (viscosity = { value: v }),
          headError: (v) => (headError = v),
          flowChange: (v) => (flowChange = v),
          demandPressure: (key, v) => {
            if (key === 'MINIMUM') {
              if (pda.required === PDA_MIN_DIFFERENCE) pda.required = v + PDA_MIN_DIFFERENCE;
              else if (pda.required - v < PDA_MIN_DIFFERENCE) this.fail(line, S, 'MINIMUM PRESSURE', `must lie at least ${PDA_MIN_DIFFERENCE} below the required pressure`);
              pda.minimum = v;
            } else if (key === 'REQUIRED') {
              if (v - pda.minimum < PDA_MIN_DIFFERENCE) this.fail(line, S, 'REQUIRED PRESSURE', `must lie at least ${PDA_MIN_DIFFERENCE} above the minimum pressure`);
              pda.required = v;
            } else pda.exponent = v;
          },
        });
      }
    }
    this.units = unitSystem(flowUnits, pressureUnits, specificGravity);
    this.rhoG = pascalsPerMetre(specificGravity);
    this.model.units = { flow: flowUnits, pressure: this.units.pressureUnits };
    if (specificGravity !== 1) options.specificGravity = specificGravity;
    if (viscosity) {
      const value = viscosity.value;
      options.viscosity = value > 1e-3 ? value * EPANET_VISCOSITY : value / (this.units.length * this.units.length);
    }
    if (headError !== undefined) options.headErrorLimit = headError / this.units.length;
    if (flowChange !== undefined) options.flowChangeLimit = flowChange / this.units.flow;
    if (pda.on) {
      const pascals = (v: number) => (v / this.units.pressure) * this.rhoG;
      options.pressureDrivenDemand = { minimumPressure: pascals(pda.minimum), requiredPressure: pascals(pda.required), exponent: pda.exponent };
    }
  }

  private readNumericOption(
    line: InpLine,
    set: {
      specificGravity(v: number): void;
      viscosity(v: number): void;
      headError(v: number): void;
      flowChange(v: number): void;
      demandPressure(key: 'MINIMUM' | 'REQUIRED' | 'EXPONENT', v: number): void;
    },
  ): void {
    const S = 'OPTIONS';
    const t = line.tokens;
    const key = t[0]!;
    const options = this.model.options;
    if (matches(key, 'SEGM')) return;
    const twoWords = ['SPEC', 'EMIT', 'DEMAN', 'MINI', 'REQU', 'PRES', 'PREC'].some((k) => matches(key, k));
    const index = twoWords ? 2 : 1;
    const name = t.slice(0, index).join(' ').toUpperCase();
    if (t.length - 1 < index) return;
    const value = this.number(line, S, index, name);
    const positive = (v: number) => (v > 0 ? undefined : 'must be positive');
    if (matches(key, 'TOLER') || matches(key, 'DIFF')) {
      if (value < 0) this.fail(line, S, name, `${value} must not be negative`);
      this.qualityOptions = { parameter: 'none', ...this.qualityOptions, ...(matches(key, 'TOLER') ? { tolerance: value } : { diffusivity: value }) };
    } else if (matches(key, 'DAMPLIMIT')) {
      options.dampLimit = value;
    } else if (matches(key, 'FLOWCHANGE')) {
      set.flowChange(value);
    } else if (matches(key, 'HEADERROR')) {
      set.headError(value);
    } else if (matches(key, 'MINI') || matches(key, 'REQU') || matches(key, 'PRES')) {
      if (value < 0) this.fail(line, S, name, `${value} must not be negative`);
      set.demandPressure(matches(key, 'MINI') ? 'MINIMUM' : matches(key, 'REQU') ? 'REQUIRED' : 'EXPONENT', value);
    } else if (matches(key, 'PREC')) {
      this.warn(line.line, S, `${name} is a report option and is ignored`);
    } else {
      if (positive(value)) this.fail(line, S, name, `${value} must be positive`);
      if (matches(key, 'VISC')) set.viscosity(value);
      else if (matches(key, 'SPEC')) set.specificGravity(value);
      else if (matches(key, 'TRIAL')) options.trials = Math.trunc(value);
      else if (matches(key, 'ACCU')) options.accuracy = Math.min(Math.max(value, 1e-5), 0.1);
      else if (matches(key, 'CHECKFREQ')) options.checkFrequency = Math.trunc(value);
      else if (matches(key, 'MAXCHECK')) options.maxCheck = Math.trunc(value);
      else if (matches(key, 'EMIT')) options.emitterExponent = value;
      else if (matches(key, 'DEMAN')) options.demandMultiplier = value;
      else if (matches(key, 'HTOL') || matches(key, 'QTOL') || matches(key, 'RQTOL')) this.warn(line.line, S, `${name}: EPANET's internal tolerance is not adjustable here; the default is used`);
      else this.fail(line, S, name, 'unknown option');
    }
  }

  private readTimes(): void {
    const S = 'TIMES';
    const times = this.model.times;
    for (let at = 0, lines = this.extentsOf('TIMES'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      const t = line.tokens;
      const key = t[0]!;
      const n = t.length - 1;
      if (n < 1) this.fail(line, S, key, 'missing value');
      if (matches(key, 'STAT')) {
        if (!matches(t[n], 'NONE') && !matches(t[n], 'NO')) this.warn(line.line, S, `STATISTIC ${t[n]}: time series are reported, not statistics`);
        continue;
      }
      let y = parseNumber(t[n]);
      if (y === undefined) {
        y = hours(t[n]!, '');
        if (y < 0) y = hours(t[n - 1]!, t[n]!);
        if (y < 0) this.fail(line, S, t.slice(0, n).join(' '), `'${t.slice(Math.max(1, n - 1)).join(' ')}' is not a time`);
      }
      const seconds = Math.trunc(3600 * y + 0.5);
      if (matches(key, 'DURA')) times.duration = seconds;
      else if (matches(key, 'HYDR')) times.hydraulicStep = seconds;
      else if (matches(key, 'RULE')) times.ruleStep = seconds;
      else if (matches(key, 'QUAL')) times.qualityStep = seconds;
      else if (matches(key, 'MINI')) this.warn(line.line, S, `${t.slice(0, 2).join(' ')} is no longer used by EPANET and is ignored`);
      else if (matches(key, 'PATT')) {
        if (matches(t[1], 'TIME')) times.patternStep = seconds;
        else if (matches(t[1], 'STAR')) times.patternStart = seconds;
        else this.fail(line, S, 'PATTERN', `'${t[1]}' is not TIMESTEP or START`);
      } else if (matches(key, 'REPO')) {
        if (matches(t[1], 'TIME')) times.reportStep = seconds;
        else if (matches(t[1], 'STAR')) times.reportStart = seconds;
        else this.fail(line, S, 'REPORT', `'${t[1]}' is not TIMESTEP or START`);
      } else if (matches(key, 'STAR')) times.startClockTime = seconds % 86400;
      else this.fail(line, S, key, 'unknown time option');
    }
  }

  // ---------------------------------------------------------------- patterns and curves

  private readPatterns(): void {
    for (let at = 0, lines = this.extentsOf('PATTERNS'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      const id = line.tokens[0]!;
      let pattern = this.model.patterns.find((p) => p.id === id);
      if (!pattern) {
        pattern = { id, multipliers: [] };
        this.model.patterns.push(pattern);
        this.patternIds.add(id);
      }
      for (let j = 1; j < line.tokens.length; j++) pattern.multipliers.push(this.number(line, 'PATTERNS', j, `multiplier ${j}`));
    }
  }

  private readCurves(): void {
    const S = 'CURVES';
    for (let at = 0, lines = this.extentsOf('CURVES'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      this.minTokens(line, S, 3, 'id, x, y');
      const id = line.tokens[0]!;
      let curve = this.curves.get(id);
      if (!curve) {
        curve = { id, line: line.line, points: [], kinds: new Set() };
        this.curves.set(id, curve);
      }
      curve.points.push([this.number(line, S, 1, 'x'), this.number(line, S, 2, 'y')]);
      curve.stated ??= statedCurveKind(this.curveComments.get(line.line), line.tokens[3]);
    }
  }

  /**
   * Converts each curve by its use: pump (flow, head), volume (level, volume), GPV (flow, head loss);
   * an unused curve by the kind the file states (so it keeps its kind and units through a round trip).
   */
  private finishCurves(): void {
    const u = this.units;
    for (const raw of this.curves.values()) {
      if (raw.kinds.size > 1) this.warn(raw.line, 'CURVES', `curve '${raw.id}' is used as ${[...raw.kinds].join(' and ')}; units follow its first use`);
      const used: CurveKind | undefined = raw.kinds.values().next().value;
      if (used !== undefined && raw.stated !== undefined && raw.stated !== 'generic' && !raw.kinds.has(raw.stated)) {
        this.warn(raw.line, 'CURVES', `curve '${raw.id}' is marked ${raw.stated} but used as ${used}; its use decides its units`);
      }
      const kind: CurveKind = used ?? raw.stated ?? 'generic';
      const convert: (p: [number, number]) => [number, number] =
        kind === 'pump' || kind === 'headloss'
          ? ([x, y]) => [x / u.flow, y / u.length]
          : kind === 'volume'
            ? ([x, y]) => [x / u.length, y / u.volume]
            : kind === 'efficiency'
              ? ([x, y]) => [x / u.flow, y]
              : (p) => [p[0], p[1]];
      const curve: Curve = { id: raw.id, kind, points: raw.points.map(convert) };
      this.model.curves.push(curve);
    }
  }

  // ---------------------------------------------------------------- nodes

  private readJunctions(): void {
    const S = 'JUNCTIONS';
    const u = this.units;
    for (let at = 0, lines = this.extentsOf('JUNCTIONS'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      const id = this.addNode(line, S, 'junction');
      const elevation = (this.optionalNumber(line, S, 1, 'elevation') ?? 0) / u.length;
      const base = (this.optionalNumber(line, S, 2, 'demand') ?? 0) / u.flow;
      const pattern = this.pattern(line, S, 3, 'pattern');
      // A zero demand without a pattern is no demand (EPANET keeps it as an empty category).
      const demands = base !== 0 || pattern ? [pattern ? { base, pattern } : { base }] : [];
      const junction: Junction = { id, elevation, demands };
      this.model.junctions.push(junction);
      this.junctionById.set(id, junction);
    }
  }

  private readReservoirs(): void {
    const S = 'RESERVOIRS';
    for (let at = 0, lines = this.extentsOf('RESERVOIRS'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      this.minTokens(line, S, 2, 'id, head');
      const id = this.addNode(line, S, 'reservoir');
      const pattern = this.pattern(line, S, 2, 'pattern');
      const reservoir: Reservoir = { id, head: this.number(line, S, 1, 'head') / this.units.length, ...(pattern ? { pattern } : {}) };
      this.model.reservoirs.push(reservoir);
    }
  }

  private readTanks(): void {
    const S = 'TANKS';
    const u = this.units;
    const nonNegative = (v: number) => (v >= 0 ? undefined : 'must not be negative');
    for (let at = 0, lines = this.extentsOf('TANKS'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      if (line.tokens.length <= 3) {
        // EPANET reads a short [TANKS] line as a reservoir.
        this.minTokens(line, S, 2, 'id, elevation');
        const id = this.addNode(line, S, 'reservoir');
        const pattern = this.pattern(line, S, 2, 'pattern');
        this.model.reservoirs.push({ id, head: this.number(line, S, 1, 'elevation') / u.length, ...(pattern ? { pattern } : {}) });
        continue;
      }
      this.minTokens(line, S, 6, 'id, elevation, initial level, minimum level, maximum level, diameter');
      const id = this.addNode(line, S, 'tank');
      const tank: Tank = {
        id,
        elevation: this.number(line, S, 1, 'elevation') / u.length,
        initialLevel: this.number(line, S, 2, 'initial level', nonNegative) / u.length,
        minLevel: this.number(line, S, 3, 'minimum level', nonNegative) / u.length,
        maxLevel: this.number(line, S, 4, 'maximum level', nonNegative) / u.length,
        diameter: this.number(line, S, 5, 'diameter', nonNegative) / u.length,
      };
      const minVolume = this.optionalNumber(line, S, 6, 'minimum volume', nonNegative);
      const curveToken = line.tokens[7];
      const volumeCurve =
        curveToken !== undefined && curveToken !== '' && curveToken !== '*' ? this.curve(line, S, 7, 'volume curve', 'volume') : undefined;
      if (tank.diameter === 0) {
        // EPANET (2.3) runs a zero-diameter tank, even one with a volume curve, as a fixed head;
        // its controls still read levels above the bottom (as volumes on the curve when it has one).
        this.nodeKind.set(id, 'reservoir');
        const bottom = { bottom: tank.elevation, ...(volumeCurve ? { volumeCurve } : {}) };
        this.model.reservoirs.push({ id, head: tank.elevation + tank.initialLevel, tank: bottom });
        this.warn(line.line, S, `tank '${id}' has diameter 0: it is a fixed-head reservoir at its initial level, as in EPANET`);
        continue;
      }
      if (minVolume !== undefined && minVolume > 0) tank.minVolume = minVolume / u.volume;
      if (volumeCurve) tank.volumeCurve = volumeCurve;
      const overflow = line.tokens[8];
      if (overflow !== undefined && matches(overflow, 'YES')) tank.overflow = true;
      else if (overflow !== undefined && !matches(overflow, 'NO')) this.fail(line, S, 'overflow', `'${overflow}' is not YES or NO`);
      this.model.tanks.push(tank);
    }
  }

  // ---------------------------------------------------------------- links

  private readPipes(): void {
    const S = 'PIPES';
    const u = this.units;
    const formula = this.model.options.headloss;
    const roughnessDefault = formula === 'H-W' ? 130 : formula === 'D-W' ? 0.0005 : 0.01;
    for (let at = 0, lines = this.extentsOf('PIPES'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      const { id, from, to } = this.linkEnds(line, S);
      const length = this.optionalNumber(line, S, 3, 'length', mustBePositive) ?? (u.si ? 100 : 330);
      const diameter = this.optionalNumber(line, S, 4, 'diameter', mustBePositive) ?? (u.si ? 254 : 10);
      const roughness = this.optionalNumber(line, S, 5, 'roughness', mustBePositive) ?? roughnessDefault;
      let minorLoss = 0;
      let status: Pipe['status'] = 'open';
      if (line.tokens.length === 7) {
        const read = pipeStatus(line.tokens[6]!);
        if (read) status = read;
        else minorLoss = this.number(line, S, 6, 'minor loss', mustNotBeNegative);
      } else if (line.tokens.length >= 8) {
        minorLoss = this.number(line, S, 6, 'minor loss', mustNotBeNegative);
        const read = pipeStatus(line.tokens[7]!);
        if (!read) this.fail(line, S, 'status', `'${line.tokens[7]}' is not OPEN, CLOSED or CV`);
        status = read;
      }
      const pipe: Pipe = {
        id,
        from,
        to,
        length: length / u.length,
        diameter: diameter / u.diameter,
        // D-W roughness is in millimetres (SI files) or millifeet (US files).
        roughness: formula === 'D-W' ? roughness / 1000 / u.length : roughness,
        minorLoss,
        status,
      };
      this.model.pipes.push(pipe);
      this.linkById.set(id, { kind: 'pipe', link: pipe });
    }
  }

  private readPumps(): void {
    const S = 'PUMPS';
    for (let at = 0, lines = this.extentsOf('PUMPS'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      const { id, from, to } = this.linkEnds(line, S);
      const pump: Pump = { id, from, to, speed: 1, status: 'open' };
      for (let m = 4; m < line.tokens.length; m += 2) {
        const key = line.tokens[m - 1]!;
        // POWER is in kW (SI files) or hp (US files). EPANET 2.3.5 as built in epanet-js 0.9.0 runs an
        // SI pump at 1/0.7457 times its stated kW (its US files are right); the stated power is kept.
        if (matches(key, 'POWER')) pump.power = this.number(line, S, m, 'POWER', (v) => (v > 0 ? undefined : 'must be positive')) / this.units.power;
        else if (matches(key, 'HEAD')) pump.headCurve = this.curve(line, S, m, 'HEAD', 'pump');
        else if (matches(key, 'PATTERN')) pump.pattern = this.pattern(line, S, m, 'PATTERN');
        else if (matches(key, 'SPEED')) pump.speed = this.number(line, S, m, 'SPEED', (v) => (v >= 0 ? undefined : 'must not be negative'));
        else this.fail(line, S, key, `unknown pump keyword '${key}' (HEAD, POWER, SPEED or PATTERN)`);
      }
      if (line.tokens.length % 2 === 0) this.fail(line, S, line.tokens[line.tokens.length - 1]!, 'keyword without a value');
      if (pump.headCurve === undefined && pump.power === undefined) this.fail(line, S, 'HEAD', `pump '${id}' has neither a head curve nor a power`);
      if (pump.speed === 0) pump.status = 'closed';
      this.model.pumps.push(pump);
      this.linkById.set(id, { kind: 'pump', link: pump });
    }
  }

  private readValves(): void {
    const S = 'VALVES';
    const u = this.units;
    const types: ValveType[] = ['PRV', 'PSV', 'PBV', 'FCV', 'TCV', 'GPV', 'PCV'];
    for (let at = 0, lines = this.extentsOf('VALVES'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      this.minTokens(line, S, 5, 'id, node1, node2, diameter, type');
      const { id, from, to } = this.linkEnds(line, S);
      const typeToken = line.tokens[4]!.toUpperCase();
      const type = types.find((t) => matches(typeToken, t));
      if (!type) this.fail(line, S, 'type', `'${line.tokens[4]}' is not a valve type (${types.join(', ')})`);
      const diameter = this.number(line, S, 3, 'diameter', (v) => (v > 0 ? undefined : 'must be positive')) / u.diameter;
      const valve: Valve = { id, from, to, type, diameter, setting: 0, minorLoss: 0, status: type === 'GPV' ? 'open' : 'active' };
      if (line.tokens.length > 5) {
        if (type === 'GPV') valve.headlossCurve = this.curve(line, S, 5, 'head-loss curve', 'headloss');
        else valve.setting = this.valveSetting(type, this.number(line, S, 5, 'setting'));
      } else if (type === 'GPV') {
        this.fail(line, S, 'head-loss curve', 'a GPV needs a head-loss curve');
      }
      if (line.tokens.length > 6) valve.minorLoss = this.number(line, S, 6, 'minor loss', (v) => (v >= 0 ? undefined : 'must not be negative'));
      if (type === 'PCV') {
        // EPANET 2.3: per cent open, at most 100; an optional valve curve after the minor loss.
        valve.setting = Math.min(valve.setting, 100);
        if (line.tokens.length > 7) valve.valveCurve = this.curve(line, S, 7, 'valve curve', 'valve');
      }
      this.model.valves.push(valve);
      this.linkById.set(id, { kind: 'valve', link: valve });
    }
  }

  /** A valve setting from file units to SI (Pa for pressure valves, m³/s for FCVs, as is for TCVs). */
  private valveSetting(type: ValveType, value: number): number {
    if (type === 'PRV' || type === 'PSV' || type === 'PBV') return (value / this.units.pressure) * this.rhoG;
    if (type === 'FCV') return value / this.units.flow;
    return value;
  }

  // ---------------------------------------------------------------- node and link data

  private readDemands(): void {
    const S = 'DEMANDS';
    for (let at = 0, lines = this.extentsOf('DEMANDS'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      this.minTokens(line, S, 2, 'junction, demand');
      const id = this.node(line, S, 0, 'junction');
      const base = this.number(line, S, 1, 'demand') / this.units.flow;
      const pattern = this.pattern(line, S, 2, 'pattern');
      const junction = this.junctionById.get(id);
      if (!junction) {
        this.warn(line.line, S, `'${id}' is not a junction; its demand is ignored (as EPANET does)`);
        continue;
      }
      const demand: Junction['demands'][number] = { base };
      if (pattern) demand.pattern = pattern;
      if (line.comment) demand.category = line.comment;
      // The first entry replaces the demand given in [JUNCTIONS]; later entries add categories.
      if (!this.demandReplaced.has(id)) {
        junction.demands = [demand];
        this.demandReplaced.add(id);
      } else {
        junction.demands.push(demand);
      }
    }
  }

  private readEmitters(): void {
    const S = 'EMITTERS';
    const u = this.units;
    const exponent = this.model.options.emitterExponent ?? 0.5;
    for (let at = 0, lines = this.extentsOf('EMITTERS'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      this.minTokens(line, S, 2, 'junction, coefficient');
      const id = this.node(line, S, 0, 'junction');
      const c = this.number(line, S, 1, 'coefficient', (v) => (v >= 0 ? undefined : 'must not be negative'));
      const junction = this.junctionById.get(id);
      if (!junction) {
        this.warn(line.line, S, `'${id}' is not a junction; its emitter is ignored (as EPANET does)`);
        continue;
      }
      // q_user = C·p_user^n  =>  q [m³/s] = C·(pressure factor / ρg)^n / flow factor · p [Pa]^n.
      if (c > 0) junction.emitterCoefficient = (c * (u.emitterPressure / this.rhoG) ** exponent) / u.flow;
      else delete junction.emitterCoefficient;
    }
  }

  /**
   * [LEAKAGE] pipe, leak area, expansion (EPANET 2.3 leakagedata): the area in mm² per 100 length
   * units and the expansion in mm² per head unit per 100 length units; EPANET scales both by the
   * length unit once (input1.c), which turns them into the model's per-100-m values.
   */
  private readLeakage(): void {
    const S = 'LEAKAGE';
    for (let at = 0, lines = this.extentsOf('LEAKAGE'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      this.minTokens(line, S, 3, 'pipe, leak area, leak expansion');
      const id = line.tokens[0]!;
      const link = this.linkById.get(id);
      if (!link) this.fail(line, S, 'pipe', `unknown link '${id}'`);
      const nonNegative = (v: number) => (v >= 0 ? undefined : 'must not be negative');
      const area = this.number(line, S, 1, 'leak area', nonNegative);
      const expansion = this.number(line, S, 2, 'leak expansion', nonNegative);
      if (link.kind !== 'pipe') {
        this.warn(line.line, S, `'${id}' is not a pipe; only pipes leak (its line is ignored, as EPANET does)`);
        continue;
      }
      link.link.leakArea = area * this.units.length;
      link.link.leakExpansion = expansion * this.units.length;
    }
  }

  private readStatus(): void {
    const S = 'STATUS';
    for (let at = 0, lines = this.extentsOf('STATUS'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      this.minTokens(line, S, 2, 'link, status');
      const n = line.tokens.length - 1;
      const token = line.tokens[n]!;
      let status: 'open' | 'closed' | 'active' = 'active';
      let value = 0;
      if (matches(token, 'OPEN')) status = 'open';
      else if (matches(token, 'CLOSED')) status = 'closed';
      else value = this.number(line, S, n, 'setting', (v) => (v >= 0 ? undefined : 'must not be negative'));
      const targets: string[] = [];
      if (n === 1) {
        const id = line.tokens[0]!;
        if (!this.linkById.has(id)) this.fail(line, S, 'link', `unknown link '${id}'`);
        targets.push(id);
      } else {
        targets.push(...this.linkRange(line.tokens[0]!, line.tokens[1]!));
      }
      for (const id of targets) this.changeStatus(line, id, status, value);
    }
  }

  /** Links in an id range: numerically when both ends are numbers, else lexicographically (EPANET). */
  private linkRange(first: string, last: string): string[] {
    const a = Number.parseInt(first, 10);
    const b = Number.parseInt(last, 10);
    const ids = [...this.linkById.keys()];
    if (a > 0 && b > 0) return ids.filter((id) => Number.parseInt(id, 10) >= a && Number.parseInt(id, 10) <= b);
    return ids.filter((id) => first <= id && last >= id);
  }

  private changeStatus(line: InpLine, id: string, status: 'open' | 'closed' | 'active', value: number): void {
    const S = 'STATUS';
    const entry = this.linkById.get(id)!;
    if (entry.kind === 'pipe') {
      if (entry.link.status === 'cv') this.fail(line, S, 'link', `'${id}' is a check valve; its status cannot be set`);
      if (status !== 'active') entry.link.status = status;
    } else if (entry.kind === 'pump') {
      if (status === 'active') {
        entry.link.speed = value;
        entry.link.status = value === 0 ? 'closed' : 'open';
      } else if (status === 'open') {
        entry.link.speed = 1;
        entry.link.status = 'open';
      } else {
        entry.link.status = 'closed';
      }
    } else {
      const valve = entry.link;
      if (valve.type === 'GPV') {
        if (status === 'active') this.fail(line, S, 'setting', `'${id}' is a GPV: OPEN or CLOSED only`);
        valve.status = status;
      } else {
        if (status === 'active') valve.setting = this.valveSetting(valve.type, value);
        valve.status = status;
      }
    }
  }

  private readControls(): void {
    const S = 'CONTROLS';
    const u = this.units;
    for (let at = 0, lines = this.extentsOf('CONTROLS'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      const t = line.tokens;
      let n = t.length;
      let enabled = true;
      if (matches(t[n - 1], 'DISABLED')) {
        enabled = false;
        n--;
      }
      if (n < 6) this.fail(line, S, 'control', 'expected LINK id setting IF NODE id ABOVE|BELOW value, or LINK id setting AT TIME|CLOCKTIME value');
      const linkId = t[1]!;
      const entry = this.linkById.get(linkId);
      if (!entry) this.fail(line, S, 'link', `unknown link '${linkId}'`);
      if (entry.kind === 'pipe' && entry.link.status === 'cv') this.fail(line, S, 'link', `'${linkId}' is a check valve and cannot be controlled`);
      let action: SimpleControl['action'];
      if (matches(t[2], 'OPEN')) action = { status: 'open' };
      else if (matches(t[2], 'CLOSED')) action = { status: 'closed' };
      else {
        if (entry.kind === 'valve' && entry.link.type === 'GPV') this.fail(line, S, 'setting', 'a GPV takes OPEN or CLOSED only');
        const value = this.number(line, S, 2, 'setting');
        if (entry.kind !== 'valve' && value < 0) this.fail(line, S, 'setting', `${value} must not be negative`);
        action = { setting: entry.kind === 'valve' ? this.valveSetting(entry.link.type, value) : value };
      }
      let condition: SimpleControl['condition'];
      if (matches(t[4], 'TIME') || matches(t[4], 'CLOCKTIME')) {
        const clocktime = matches(t[4], 'CLOCKTIME');
        const y = n === 6 ? hours(t[5]!, '') : hours(t[5]!, t[6]!);
        if (y < 0) this.fail(line, S, 'time', `'${t.slice(5, n).join(' ')}' is not a time`);
        const seconds = Math.trunc(3600 * y);
        condition = clocktime ? { kind: 'clocktime', time: seconds % 86400 } : { kind: 'time', time: seconds };
      } else {
        if (n < 8) this.fail(line, S, 'control', 'expected IF NODE id ABOVE|BELOW value');
        const nodeId = this.node(line, S, 5, 'node');
        let comparison: 'above' | 'below';
        if (matches(t[6], 'BELOW')) comparison = 'below';
        else if (matches(t[6], 'ABOVE')) comparison = 'above';
        else this.fail(line, S, 'comparison', `'${t[6]}' is not ABOVE or BELOW`);
        const value = this.number(line, S, 7, 'value');
        // Tank (and reservoir) levels are lengths; junction values are pressures.
        const si = this.nodeKind.get(nodeId) === 'junction' ? (value / u.pressure) * this.rhoG : value / u.length;
        condition = { kind: 'node', node: nodeId, comparison, value: si };
      }
      this.model.controls.push({ link: linkId, action, condition, enabled });
    }
  }

  private qualityOptions: QualityOptions | undefined;

  private readQualitySections(): void {
    const copies = (section: 'QUALITY' | 'SOURCES' | 'REACTIONS' | 'MIXING') => {
      const out: InpLine[] = [];
      for (let at = 0, extents = this.extentsOf(section); at < extents.length; at += 4) {
        const line = this.lineAt(extents, at);
        if (line.tokens.length > 0) out.push({ line: line.line, tokens: [...line.tokens], comment: '' });
      }
      return out;
    };
    const nodeIds = () => [...this.nodeKind.keys()];
    const quality = readQuality(
      {
        lines: copies,
        fail: (line, section, field, message) => this.fail(line, section, field, message),
        nodeKind: (id) => this.nodeKind.get(id),
        nodeIds,
        pipeIds: () => this.model.pipes.map((p) => p.id),
        isPipe: (id) => this.linkById.get(id)?.kind === 'pipe',
        hasPattern: (id) => this.patternIds.has(id),
        lengthPerMetre: this.units.length,
        si: this.units.si,
      },
      this.qualityOptions ?? { parameter: 'none' },
    );
    if (quality) this.model.quality = quality;
  }

  /** [ENERGY]: GLOBAL and PUMP id PRICE / PATTERN / EFFIC, and DEMAND CHARGE (EPANET's energydata). */
  private readEnergy(): void {
    const S = 'ENERGY';
    for (let at = 0, lines = this.extentsOf('ENERGY'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      const t = line.tokens;
      const n = t.length;
      if (n < 3) this.fail(line, S, 'energy', 'expected GLOBAL or PUMP id with PRICE, PATTERN or EFFIC and a value, or DEMAND CHARGE value');
      const energy = (this.model.energy ??= {});
      if (matches(t[0], 'DEMAND')) {
        energy.demandCharge = this.number(line, S, 2, 'DEMAND CHARGE', mustNotBeNegative);
        continue;
      }
      let pump: Pump | undefined;
      if (matches(t[0], 'PUMP')) {
        if (n < 4) this.fail(line, S, 'PUMP', 'expected PUMP id PRICE|PATTERN|EFFIC value');
        const entry = this.linkById.get(t[1]!);
        if (entry?.kind !== 'pump') this.fail(line, S, 'PUMP', `'${t[1]}' is not a pump`);
        pump = entry.link;
      } else if (!matches(t[0], 'GLOB')) this.fail(line, S, 'energy', `'${t[0]}' is not GLOBAL, PUMP or DEMAND`);
      const key = t[n - 2];
      if (matches(key, 'PRICE')) {
        const price = this.number(line, S, n - 1, 'PRICE', mustNotBeNegative);
        if (pump) pump.energyPrice = price;
        else energy.price = price;
      } else if (matches(key, 'PATT')) {
        const pattern = this.pattern(line, S, n - 1, 'PATTERN');
        if (pump) pump.pricePattern = pattern;
        else energy.pricePattern = pattern;
      } else if (matches(key, 'EFFI')) {
        if (pump) pump.efficiencyCurve = this.curve(line, S, n - 1, 'EFFICIENCY', 'efficiency');
        else energy.efficiency = this.number(line, S, n - 1, 'EFFICIENCY', mustBePositive);
      } else this.fail(line, S, 'energy', `'${key}' is not PRICE, PATTERN or EFFICIENCY`);
    }
  }

  /** [RULES]: checked against the network here, kept as text (without comments) for the engine. */
  private readRules(): void {
    const lines: InpLine[] = [];
    for (let at = 0, extents = this.extentsOf('RULES'); at < extents.length; at += 4) {
      const line = this.lineAt(extents, at);
      if (line.tokens.length > 0) lines.push({ line: line.line, tokens: [...line.tokens], comment: '' });
    }
    if (lines.length === 0) return;
    const { errors } = readRules(lines, {
      nodeKind: (id) => this.nodeKind.get(id),
      linkKind: (id) => {
        const entry = this.linkById.get(id);
        if (!entry) return undefined;
        if (entry.kind === 'pipe') return entry.link.status === 'cv' ? 'cv' : 'pipe';
        if (entry.kind === 'valve') return entry.link.type === 'GPV' ? 'gpv' : 'valve';
        return 'pump';
      },
    });
    const first = errors[0];
    if (first) {
      const more = errors.length > 1 ? ` (and ${errors.length - 1} more: ${errors.slice(1, 4).map((e) => `line ${e.line}`).join(', ')})` : '';
      throw new InpParseError(first.line, 'RULES', 'rule', `${first.message}${more}`);
    }
    this.model.rules = lines.map((line) => line.tokens.map((token) => (/\s/.test(token) ? `"${token}"` : token)).join(' ')).join('\n');
  }

  private readCoordinates(): void {
    // Junctions are found in junctionById (built while reading them); the few other nodes here.
    const others = new Map<string, { position?: { x: number; y: number } }>();
    for (const r of this.model.reservoirs) others.set(r.id, r);
    for (const tk of this.model.tanks) others.set(tk.id, tk);
    for (let at = 0, lines = this.extentsOf('COORDINATES'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      const id = line.tokens[0]!;
      const node = this.junctionById.get(id) ?? others.get(id);
      const x = parseNumber(line.tokens[1]);
      const y = parseNumber(line.tokens[2]);
      if (!node || x === undefined || y === undefined) {
        this.warn(line.line, 'COORDINATES', `coordinates of '${line.tokens[0]}' ignored (unknown node or not numbers)`);
        continue;
      }
      node.position = { x, y };
    }
  }

  private readVertices(): void {
    for (let at = 0, lines = this.extentsOf('VERTICES'); at < lines.length; at += 4) {
      const line = this.lineAt(lines, at);
      const entry = this.linkById.get(line.tokens[0]!);
      const x = parseNumber(line.tokens[1]);
      const y = parseNumber(line.tokens[2]);
      if (!entry || x === undefined || y === undefined) {
        this.warn(line.line, 'VERTICES', `vertex of '${line.tokens[0]}' ignored (unknown link or not numbers)`);
        continue;
      }
      (entry.link.vertices ??= []).push({ x, y });
    }
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

/** Reads the text of an EPANET input file; NotInpFileError when the text is none at all. */
export function parseInp(text: string): InpImport {
  return new InpReader(text).read();
}
