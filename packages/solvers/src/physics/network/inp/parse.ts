// Reads an EPANET `.inp` file into a NetworkModel (SI). Values are converted with EPANET's own unit
// factors, so the model solves to EPANET's answer. Sections the engine does not use (report options,
// labels, backdrop, tags...) are listed in the warnings with their line numbers; a value that cannot be
// read stops the import with an InpParseError naming the line, the section and the field.
//
// The reader comes in three layers: line-reader.ts splits the file into its sections and holds the
// model, the id maps and the checks; element-sections.ts reads the nodes and links; this file reads
// the options, times, patterns, curves, controls, rules, energy and quality, in EPANET's order.

import { InpParseError } from '../errors.js';
import type { Curve, CurveKind, HeadlossFormula, NetworkModel, Pump, SimpleControl } from '../model.js';
import { EPANET_VISCOSITY, isFlowUnits, pascalsPerMetre, unitSystem, type FlowUnits, type PressureUnits } from '../units.js';
import { readRules } from '../rules/parse.js';
import { InpElementReader } from './element-sections.js';
import { mustBePositive, mustNotBeNegative, type InpWarning } from './line-reader.js';
import { readQuality, readQualityOption, type QualityOptions } from './quality-sections.js';
import { hours, matches, parseNumber, type InpLine } from './tokens.js';

/** EPANET's least gap between the minimum and required pressures of pressure-driven demand (file units). */
const PDA_MIN_DIFFERENCE = 0.1;

export type { InpWarning } from './line-reader.js';

export interface InpImport {
  network: NetworkModel;
  warnings: InpWarning[];
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

class InpReader extends InpElementReader {
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
}

/** Reads the text of an EPANET input file; NotInpFileError when the text is none at all. */
export function parseInp(text: string): InpImport {
  return new InpReader(text).read();
}
