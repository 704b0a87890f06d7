// EPANET's water-quality input (the QUALITY, DIFFUSIVITY and TOLERANCE options and the [QUALITY],
// [SOURCES], [REACTIONS] and [MIXING] sections; input3.c qualdata, sourcedata, reactdata, mixingdata)
// read into the model's one NetworkQuality. Wall coefficients and the roughness correlation are
// turned from the file's length unit into metres; everything else keeps the file's quality units.

import type { NetworkQuality, QualitySource, TankMixingModel } from '../model.js';
import { EPANET_DIFFUSIVITY } from '../units.js';
import { matches, parseNumber, type InpLine } from './tokens.js';

export interface QualityReadContext {
  /** Lines of a section (copies the reader may keep). */
  lines(section: 'QUALITY' | 'SOURCES' | 'REACTIONS' | 'MIXING'): InpLine[];
  fail(line: InpLine, section: string, field: string, message: string): never;
  nodeKind(id: string): 'junction' | 'reservoir' | 'tank' | undefined;
  /** Node ids in the model's order, and pipe ids. */
  nodeIds(): string[];
  pipeIds(): string[];
  isPipe(id: string): boolean;
  hasPattern(id: string): boolean;
  /** File length unit per m. */
  lengthPerMetre: number;
  si: boolean;
}

/** The QUALITY option, DIFFUSIVITY, TOLERANCE as read from [OPTIONS]. */
export interface QualityOptions {
  line?: InpLine;
  parameter: NetworkQuality['parameter'];
  chemical?: string;
  units?: string;
  traceNode?: string;
  diffusivity?: number;
  tolerance?: number;
}

/** The QUALITY option's words: NONE, CHEMICAL, AGE, TRACE node, or a chemical's name and units. */
export function readQualityOption(t: string[]): Omit<QualityOptions, 'line' | 'diffusivity' | 'tolerance'> {
  if (t.length < 2) return { parameter: 'none' };
  if (matches(t[1], 'NONE')) return { parameter: 'none' };
  if (matches(t[1], 'CHEM')) return { parameter: 'chemical', ...(t[2] ? { units: t[2] } : {}) };
  if (matches(t[1], 'AGE')) return { parameter: 'age' };
  if (matches(t[1], 'TRACE')) return { parameter: 'trace', traceNode: t[2] ?? '' };
  return { parameter: 'chemical', chemical: t[1]!, ...(t[2] ? { units: t[2] } : {}) };
}

/** Ids within a range as EPANET reads one: numeric when both ends are numbers, otherwise by text. */
function inRange(ids: string[], from: string, to: string): string[] {
  const a = Number.parseInt(from, 10);
  const b = Number.parseInt(to, 10);
  if (a > 0 && b > 0) return ids.filter((id) => Number.parseInt(id, 10) >= a && Number.parseInt(id, 10) <= b);
  return ids.filter((id) => from <= id && to >= id);
}

export function readQuality(ctx: QualityReadContext, options: QualityOptions): NetworkQuality | undefined {
  const quality: NetworkQuality = { parameter: options.parameter };
  if (options.chemical) quality.chemical = options.chemical;
  if (options.units) quality.units = options.units;
  if (options.parameter === 'trace') {
    const node = options.traceNode ?? '';
    if (!ctx.nodeKind(node)) ctx.fail(options.line!, 'OPTIONS', 'QUALITY TRACE', `unknown trace node '${node}'`);
    quality.traceNode = node;
  }
  if (options.diffusivity !== undefined) {
    // EPANET: a value above 1e-4 multiplies chlorine's diffusivity; a smaller one is the diffusivity (ft²/s or m²/s).
    const d = options.diffusivity;
    quality.diffusivity = d > 1e-4 ? d * EPANET_DIFFUSIVITY : d / (ctx.lengthPerMetre * ctx.lengthPerMetre);
  }
  if (options.tolerance !== undefined) quality.tolerance = options.tolerance;
  readInitial(ctx, quality);
  readSources(ctx, quality);
  readReactions(ctx, quality);
  readMixing(ctx, quality);
  const hasData = quality.initial || quality.sources || quality.bulk || quality.wall || quality.mixing || quality.globalBulk !== undefined || quality.globalWall !== undefined;
  return quality.parameter === 'none' && !hasData ? undefined : quality;
}

function readInitial(ctx: QualityReadContext, quality: NetworkQuality): void {
  const S = 'QUALITY';
  for (const line of ctx.lines(S)) {
    const t = line.tokens;
    if (t.length < 2) continue;
    const valueAt = t.length === 2 ? 1 : 2;
    const value = parseNumber(t[valueAt]);
    if (value === undefined) ctx.fail(line, S, 'quality', `'${t[valueAt]}' is not a number`);
    if (value < 0) ctx.fail(line, S, 'quality', `${value} must not be negative`);
    let ids: string[];
    if (t.length === 2) {
      if (!ctx.nodeKind(t[0]!)) ctx.fail(line, S, 'node', `unknown node '${t[0]}'`);
      ids = [t[0]!];
    } else ids = inRange(ctx.nodeIds(), t[0]!, t[1]!);
    for (const id of ids) (quality.initial ??= {})[id] = value;
  }
}

function readSources(ctx: QualityReadContext, quality: NetworkQuality): void {
  const S = 'SOURCES';
  const types: [string, QualitySource['type']][] = [
    ['CONCEN', 'concen'],
    ['MASS', 'mass'],
    ['SETPOINT', 'setpoint'],
    ['FLOWPACED', 'flowpaced'],
  ];
  for (const line of ctx.lines(S)) {
    const t = line.tokens;
    if (t.length < 2) ctx.fail(line, S, 'source', 'expected node, type, strength and an optional pattern');
    if (!ctx.nodeKind(t[0]!)) ctx.fail(line, S, 'node', `unknown node '${t[0]}'`);
    const type = types.find(([keyword]) => matches(t[1], keyword))?.[1];
    const at = type ? 2 : 1;
    const strength = parseNumber(t[at]);
    if (strength === undefined) ctx.fail(line, S, 'strength', `'${t[at] ?? ''}' is not a number`);
    const source: QualitySource = { type: type ?? 'concen', strength };
    const pattern = t[at + 1];
    if (pattern !== undefined && pattern !== '' && pattern !== '*') {
      if (!ctx.hasPattern(pattern)) ctx.fail(line, S, 'pattern', `unknown pattern '${pattern}'`);
      source.pattern = pattern;
    }
    (quality.sources ??= {})[t[0]!] = source;
  }
}

function readReactions(ctx: QualityReadContext, quality: NetworkQuality): void {
  const S = 'REACTIONS';
  const pipeWall: { ids: string[]; value: number }[] = [];
  let globalWall: number | undefined;
  let correlation: number | undefined;
  for (const line of ctx.lines(S)) {
    const t = line.tokens;
    const n = t.length;
    if (n < 3) continue;
    const value = parseNumber(t[n - 1]);
    if (value === undefined) ctx.fail(line, S, t[0]!, `'${t[n - 1]}' is not a number`);
    const key = t[0]!;
    if (matches(key, 'ORDER')) {
      if (matches(t[1], 'BULK')) quality.bulkOrder = value;
      else if (matches(t[1], 'TANK')) quality.tankOrder = value;
      else if (matches(t[1], 'WALL')) {
        if (value !== 0 && value !== 1) ctx.fail(line, S, 'ORDER WALL', 'a wall reaction is of order 0 or 1');
        quality.wallOrder = value;
      } else ctx.fail(line, S, 'ORDER', `'${t[1]}' is not BULK, WALL or TANK`);
    } else if (matches(key, 'ROUGHNESS')) correlation = value;
    else if (matches(key, 'LIMITING')) quality.limitingConcentration = value;
    else if (matches(key, 'GLOBAL')) {
      if (matches(t[1], 'BULK')) quality.globalBulk = value;
      else if (matches(t[1], 'WALL')) globalWall = value;
      else ctx.fail(line, S, 'GLOBAL', `'${t[1]}' is not BULK or WALL`);
    } else if (matches(key, 'BULK') || matches(key, 'WALL') || matches(key, 'TANK')) {
      const tank = matches(key, 'TANK');
      const ids = n === 3 ? [t[1]!] : inRange(tank ? ctx.nodeIds() : ctx.pipeIds(), t[1]!, t[2]!);
      for (const id of ids) {
        if (tank ? ctx.nodeKind(id) !== 'tank' : !ctx.isPipe(id)) continue;
        if (matches(key, 'WALL')) pipeWall.push({ ids: [id], value });
        else (quality.bulk ??= {})[id] = value;
      }
    } else ctx.fail(line, S, key, `'${key}' is not ORDER, GLOBAL, BULK, WALL, TANK, LIMITING or ROUGHNESS`);
  }
  // Wall coefficients are lengths per day (order 1) or masses per area per day (order 0): to metres.
  const order = quality.wallOrder ?? 1;
  const toSi = (v: number) => (order === 0 ? v * ctx.lengthPerMetre * ctx.lengthPerMetre : v / ctx.lengthPerMetre);
  for (const { ids, value } of pipeWall) for (const id of ids) (quality.wall ??= {})[id] = toSi(value);
  if (globalWall !== undefined) quality.globalWall = toSi(globalWall);
  if (correlation !== undefined) quality.roughnessCorrelation = toSi(correlation);
}

function readMixing(ctx: QualityReadContext, quality: NetworkQuality): void {
  const S = 'MIXING';
  const models: [string, TankMixingModel][] = [
    ['MIXED', 'mixed'],
    ['2COMP', '2comp'],
    ['FIFO', 'fifo'],
    ['LIFO', 'lifo'],
  ];
  for (const line of ctx.lines(S)) {
    const t = line.tokens;
    if (t.length < 2) continue;
    const kind = ctx.nodeKind(t[0]!);
    if (!kind) ctx.fail(line, S, 'tank', `unknown node '${t[0]}'`);
    if (kind !== 'tank') continue;
    const model = models.find(([keyword]) => matches(t[1], keyword))?.[1];
    if (!model) ctx.fail(line, S, 'model', `'${t[1]}' is not MIXED, 2COMP, FIFO or LIFO`);
    let fraction = 1;
    if (model === '2comp' && t.length === 3) {
      const value = parseNumber(t[2]);
      if (value === undefined) ctx.fail(line, S, 'fraction', `'${t[2]}' is not a number`);
      fraction = value === 0 ? 1 : value;
    }
    (quality.mixing ??= {})[t[0]!] = model === '2comp' ? { model, fraction } : { model };
  }
}
