// The language of EPANET's rule-based controls ([RULES], EPANET 2.3 rules.c), read into definitions
// that keep the file's units; the hydraulics compile them against the network (hydraulics/rules.ts).
//
//   RULE label
//   IF   <object> <id> <variable> <relation> <value>     (or: IF SYSTEM <variable> <relation> <value>)
//   AND | OR  ... further conditions
//   THEN LINK <id> STATUS|SETTING IS <value>
//   AND  ... further actions
//   ELSE LINK <id> ... actions when the conditions are false
//   PRIORITY <number>
//   DISABLED
//
// Keywords match by their leading letters, case-insensitively, as EPANET's match() does. Conditions
// combine left to right: AND binds a condition to the result so far, OR replaces a false result.

import { hours, matches, parseNumber, tokenize, type InpLine } from '../inp/tokens.js';
import type { NetworkModel } from '../model.js';

export type RuleVariable =
  | 'demand'
  | 'head'
  | 'grade'
  | 'level'
  | 'pressure'
  | 'flow'
  | 'status'
  | 'setting'
  | 'power'
  | 'time'
  | 'clocktime'
  | 'filltime'
  | 'draintime';
export type RuleRelation = '=' | '<>' | '<=' | '>=' | '<' | '>';
export type RuleStatus = 'open' | 'closed' | 'active';

export interface RulePremise {
  line: number;
  /** How the condition joins the result so far (the first is 'and'). */
  logic: 'and' | 'or';
  object: 'node' | 'link' | 'system';
  /** Node or link id (none for SYSTEM). */
  id?: string;
  variable: RuleVariable;
  relation: RuleRelation;
  /** A link status to compare with, or a number in the file's units (times and fill/drain times in s). */
  status?: RuleStatus;
  value?: number;
}

export interface RuleAction {
  line: number;
  link: string;
  /** New status, or a new setting in the file's units (pump speed, valve setting). */
  status?: RuleStatus;
  setting?: number;
}

export interface RuleDefinition {
  line: number;
  label: string;
  premises: RulePremise[];
  then: RuleAction[];
  else: RuleAction[];
  priority: number;
  enabled: boolean;
}

export interface RuleError {
  /** 1-based line number (in the file, or in the rules text). */
  line: number;
  message: string;
}

/** What the rules may name: the kind of each node and link of the network. */
export interface RuleNetwork {
  nodeKind(id: string): 'junction' | 'reservoir' | 'tank' | undefined;
  linkKind(id: string): 'pipe' | 'cv' | 'pump' | 'valve' | 'gpv' | undefined;
}

const OBJECTS: [string, RulePremise['object']][] = [
  ['JUNC', 'node'],
  ['RESER', 'node'],
  ['TANK', 'node'],
  ['PIPE', 'link'],
  ['PUMP', 'link'],
  ['VALVE', 'link'],
  ['NODE', 'node'],
  ['LINK', 'link'],
  ['SYSTEM', 'system'],
];
const VARIABLES: [string, RuleVariable][] = [
  ['DEMAND', 'demand'],
  ['HEAD', 'head'],
  ['GRADE', 'grade'],
  ['LEVEL', 'level'],
  ['PRESSURE', 'pressure'],
  ['FLOW', 'flow'],
  ['STATUS', 'status'],
  ['SETTING', 'setting'],
  ['POWER', 'power'],
  ['TIME', 'time'],
  ['CLOCKTIME', 'clocktime'],
  ['FILLTIME', 'filltime'],
  ['DRAINTIME', 'draintime'],
];
// "<=" and ">=" before "<" and ">": the first keyword that leads the token wins.
const RELATIONS: [string, RuleRelation][] = [
  ['=', '='],
  ['<>', '<>'],
  ['<=', '<='],
  ['>=', '>='],
  ['<', '<'],
  ['>', '>'],
  ['IS', '='],
  ['NOT', '<>'],
  ['BELOW', '<'],
  ['ABOVE', '>'],
];
const STATUSES: [string, RuleStatus][] = [
  ['OPEN', 'open'],
  ['CLOSED', 'closed'],
  ['ACTIVE', 'active'],
];
const NODE_VARIABLES = new Set<RuleVariable>(['demand', 'head', 'grade', 'level', 'pressure', 'filltime', 'draintime']);
const LINK_VARIABLES = new Set<RuleVariable>(['flow', 'status', 'setting']);
const SYSTEM_VARIABLES = new Set<RuleVariable>(['demand', 'time', 'clocktime']);

function find<T>(token: string | undefined, table: [string, T][]): T | undefined {
  return table.find(([keyword]) => matches(token, keyword))?.[1];
}

class RuleSyntaxError extends Error {
  constructor(readonly text: string) {
    super(text);
  }
}

function fail(message: string): never {
  throw new RuleSyntaxError(message);
}

type Clause = 'none' | 'rule' | 'if' | 'then' | 'else' | 'priority';

/** Reads tokenized rule lines; every error is reported with its line, as EPANET's error 200 list. */
export function readRules(lines: readonly InpLine[], network: RuleNetwork): { rules: RuleDefinition[]; errors: RuleError[] } {
  const rules: RuleDefinition[] = [];
  const errors: RuleError[] = [];
  let clause: Clause = 'none';
  let rule: RuleDefinition | undefined;
  for (const line of lines) {
    const t = line.tokens;
    if (t.length === 0) continue;
    try {
      const key = t[0]!;
      if (matches(key, 'RULE')) {
        if (t.length !== 2) fail('RULE takes one label: RULE <label>');
        rule = { line: line.line, label: t[1]!, premises: [], then: [], else: [], priority: 0, enabled: true };
        rules.push(rule);
        clause = 'rule';
      } else if (!rule) {
        fail(`'${key}' before the first RULE`);
      } else if (matches(key, 'IF')) {
        if (clause !== 'rule') fail('IF must follow the RULE line');
        clause = 'if';
        rule.premises.push(readPremise(line, 'and', network));
      } else if (matches(key, 'AND')) {
        if (clause === 'if') rule.premises.push(readPremise(line, 'and', network));
        else if (clause === 'then') rule.then.push(readAction(line, network));
        else if (clause === 'else') rule.else.push(readAction(line, network));
        else fail('AND must follow an IF, THEN or ELSE clause');
      } else if (matches(key, 'OR')) {
        if (clause !== 'if') fail('OR must follow an IF clause');
        rule.premises.push(readPremise(line, 'or', network));
      } else if (matches(key, 'THEN')) {
        if (clause !== 'if') fail('THEN must follow the IF clause');
        clause = 'then';
        rule.then.push(readAction(line, network));
      } else if (matches(key, 'ELSE')) {
        if (clause !== 'then') fail('ELSE must follow the THEN clause');
        clause = 'else';
        rule.else.push(readAction(line, network));
      } else if (matches(key, 'PRIO')) {
        if (clause !== 'then' && clause !== 'else') fail('PRIORITY must follow the THEN or ELSE clause');
        clause = 'priority';
        const value = parseNumber(t[1]);
        if (value === undefined) fail(`'${t[1] ?? ''}' is not a number (PRIORITY <number>)`);
        rule.priority = value;
      } else if (matches(key, 'DISABLED')) {
        if (clause !== 'then' && clause !== 'else' && clause !== 'priority') fail('DISABLED must follow the THEN, ELSE or PRIORITY clause');
        rule.enabled = false;
      } else {
        fail(`'${key}' is not RULE, IF, AND, OR, THEN, ELSE, PRIORITY or DISABLED`);
      }
    } catch (error) {
      if (!(error instanceof RuleSyntaxError)) throw error;
      errors.push({ line: line.line, message: `${rule ? `rule ${rule.label}: ` : ''}${error.text}` });
    }
  }
  return { rules, errors };
}

function readPremise(line: InpLine, logic: RulePremise['logic'], network: RuleNetwork): RulePremise {
  const t = line.tokens;
  if (t.length !== 5 && t.length !== 6) fail('a condition is <object> <id> <variable> <relation> <value> or SYSTEM <variable> <relation> <value>');
  const object = find(t[1], OBJECTS);
  if (!object) fail(`'${t[1]}' is not JUNCTION, RESERVOIR, TANK, NODE, PIPE, PUMP, VALVE, LINK or SYSTEM`);
  let id: string | undefined;
  let variable: RuleVariable | undefined;
  if (object === 'system') {
    variable = find(t[2], VARIABLES);
    if (!variable || !SYSTEM_VARIABLES.has(variable)) fail(`SYSTEM has DEMAND, TIME and CLOCKTIME, not '${t[2]}'`);
  } else {
    id = t[2]!;
    variable = find(t[3], VARIABLES);
    if (!variable) fail(`'${t[3]}' is not a variable`);
    if (object === 'node') {
      const kind = network.nodeKind(id);
      if (!kind) fail(`unknown node '${id}'`);
      if (!NODE_VARIABLES.has(variable)) fail(`a node has DEMAND, HEAD, GRADE, LEVEL, PRESSURE, FILLTIME and DRAINTIME, not '${t[3]}'`);
      if ((variable === 'filltime' || variable === 'draintime') && kind === 'junction') fail(`${t[3]!.toUpperCase()} needs a tank; '${id}' is a junction`);
    } else {
      if (!network.linkKind(id)) fail(`unknown link '${id}'`);
      if (!LINK_VARIABLES.has(variable)) fail(`a link has FLOW, STATUS and SETTING, not '${t[3]}'`);
    }
  }
  const at = object === 'system' ? 3 : 4;
  const relation = find(t[at], RELATIONS);
  if (!relation) fail(`'${t[at] ?? ''}' is not a relation (=, <>, <, >, <=, >=, IS, NOT, BELOW, ABOVE)`);
  const premise: RulePremise = { line: line.line, logic, object, ...(id !== undefined ? { id } : {}), variable, relation };
  if (variable === 'time' || variable === 'clocktime') {
    const h = t.length === 6 ? hours(t[4]!, t[5]!) : hours(t[4]!, '');
    if (h < 0) fail(`'${t.slice(4).join(' ')}' is not a time`);
    premise.value = h * 3600;
    return premise;
  }
  const last = t[t.length - 1];
  const status = find(last, STATUSES);
  if (status) {
    if (variable !== 'status') fail(`${t[3]!.toUpperCase()} is a number, not '${last}'`);
    premise.status = status;
    return premise;
  }
  const value = parseNumber(last);
  if (value === undefined) fail(`'${last}' is not a number`);
  premise.value = variable === 'filltime' || variable === 'draintime' ? value * 3600 : value;
  return premise;
}

function readAction(line: InpLine, network: RuleNetwork): RuleAction {
  const t = line.tokens;
  if (t.length !== 6) fail('an action is LINK <id> STATUS IS <OPEN|CLOSED|ACTIVE> or LINK <id> SETTING IS <value>');
  const link = t[2]!;
  const kind = network.linkKind(link);
  if (!kind) fail(`unknown link '${link}'`);
  if (kind === 'cv') fail(`'${link}' is a check valve and cannot be controlled`);
  const status = find(t[5], STATUSES);
  if (status) return { line: line.line, link, status };
  const value = parseNumber(t[5]);
  if (value === undefined || value < 0) fail(`'${t[5]}' is not OPEN, CLOSED, ACTIVE or a setting of 0 or more`);
  if (kind === 'gpv') fail(`'${link}' is a GPV: it takes OPEN or CLOSED only`);
  // A pipe's setting opens (non-zero) or closes (zero) it, as EPANET reads it.
  if (kind === 'pipe') return { line: line.line, link, status: value === 0 ? 'closed' : 'open' };
  return { line: line.line, link, setting: value };
}

/** Rules stored as text (a model's `rules`): tokenized by EPANET's rules, lines numbered from 1. */
export function readRulesText(text: string, network: RuleNetwork): { rules: RuleDefinition[]; errors: RuleError[] } {
  const lines = text.split(/\r?\n/).map((source, i) => tokenize(source, i + 1));
  return readRules(lines, network);
}

/**
 * What a model's rules may name, from its element lists: the kinds the compiler gives them (a pipe
 * with status 'cv' is a check valve, a GPV takes OPEN or CLOSED only), so that a document's rules can
 * be checked before a run, with the messages the run would give.
 */
export function modelRuleNetwork(model: Pick<NetworkModel, 'junctions' | 'reservoirs' | 'tanks' | 'pipes' | 'pumps' | 'valves'>): RuleNetwork {
  const nodes = new Map<string, 'junction' | 'reservoir' | 'tank'>();
  for (const j of model.junctions) nodes.set(j.id, 'junction');
  for (const r of model.reservoirs) nodes.set(r.id, 'reservoir');
  for (const t of model.tanks) nodes.set(t.id, 'tank');
  const links = new Map<string, 'pipe' | 'cv' | 'pump' | 'valve' | 'gpv'>();
  for (const p of model.pipes) links.set(p.id, p.status === 'cv' ? 'cv' : 'pipe');
  for (const p of model.pumps) links.set(p.id, 'pump');
  for (const v of model.valves) links.set(v.id, v.type === 'GPV' ? 'gpv' : 'valve');
  return { nodeKind: (id) => nodes.get(id), linkKind: (id) => links.get(id) };
}
