// Rules resolved against the network: ids to indexes, values kept in the file's units with the factor
// that turns an engine value (SI) into them, action settings turned into engine units. The engine
// evaluates them in hydraulics/rules.ts.

import { CFS, FT, type UnitSystem } from '../units.js';
import { FCV, GPV, MISSING, PBV, PIPE, PRV, PSV, PUMP } from '../hydraulics/constants.js';
import { readRulesText, type RuleDefinition, type RuleError, type RuleNetwork, type RuleRelation, type RuleVariable } from './parse.js';

/** EPANET compares rule values with a tolerance of 0.001 (in the file's units, or its own for settings). */
export const RULE_TOLERANCE = 1e-3;

export interface CompiledPremise {
  or: boolean;
  variable: RuleVariable;
  system: boolean;
  /** Node or link index (-1 for SYSTEM). */
  index: number;
  relation: RuleRelation;
  /** Status to compare with, or null for a number. */
  status: 'open' | 'closed' | 'active' | null;
  /** Value in the file's units (times in s). */
  value: number;
  /** File units per engine unit of the variable. */
  factor: number;
}

export interface CompiledAction {
  link: number;
  status: 'open' | 'closed' | 'active' | null;
  /** Setting in engine units (m of head for pressure valves, m³/s for FCVs), or MISSING. */
  setting: number;
  /** EPANET's 0.001 in its own units (ft, cfs) for a setting change to count. */
  tolerance: number;
}

export interface CompiledRule {
  label: string;
  priority: number;
  enabled: boolean;
  premises: CompiledPremise[];
  then: CompiledAction[];
  else: CompiledAction[];
}

interface RuleRefs {
  nodeIndex: Map<string, number>;
  linkIndex: Map<string, number>;
  linkType: Uint8Array;
  nJunctions: number;
  tankArea: Float64Array;
  units: UnitSystem;
}

/** Reads and resolves a model's rules text; syntax errors come back with their line numbers. */
export function compileRules(text: string | undefined, refs: RuleRefs): { rules: CompiledRule[]; errors: RuleError[] } {
  if (!text || text.trim() === '') return { rules: [], errors: [] };
  const { rules, errors } = readRulesText(text, ruleNetwork(refs));
  if (errors.length > 0) return { rules: [], errors };
  return { rules: rules.map((rule) => compileRule(rule, refs)), errors: [] };
}

function ruleNetwork(refs: RuleRefs): RuleNetwork {
  return {
    nodeKind(id) {
      const n = refs.nodeIndex.get(id);
      if (n === undefined) return undefined;
      if (n < refs.nJunctions) return 'junction';
      return refs.tankArea[n - refs.nJunctions] === 0 ? 'reservoir' : 'tank';
    },
    linkKind(id) {
      const k = refs.linkIndex.get(id);
      if (k === undefined) return undefined;
      const type = refs.linkType[k]!;
      return type === 0 ? 'cv' : type === PIPE ? 'pipe' : type === PUMP ? 'pump' : type === GPV ? 'gpv' : 'valve';
    },
  };
}

function compileRule(rule: RuleDefinition, refs: RuleRefs): CompiledRule {
  const u = refs.units;
  const premises = rule.premises.map((p): CompiledPremise => {
    const index = p.object === 'system' ? -1 : p.object === 'node' ? refs.nodeIndex.get(p.id!)! : refs.linkIndex.get(p.id!)!;
    let factor = 1;
    if (p.variable === 'demand' || p.variable === 'flow') factor = u.flow;
    else if (p.variable === 'head' || p.variable === 'grade' || p.variable === 'level') factor = u.length;
    else if (p.variable === 'pressure') factor = u.pressure;
    else if (p.variable === 'setting') factor = settingFactor(refs.linkType[index]!, u);
    return { or: p.logic === 'or', variable: p.variable, system: p.object === 'system', index, relation: p.relation, status: p.status ?? null, value: p.value ?? 0, factor };
  });
  const action = (a: RuleDefinition['then'][number]): CompiledAction => {
    const link = refs.linkIndex.get(a.link)!;
    const type = refs.linkType[link]!;
    const factor = settingFactor(type, u);
    const tolerance = type === PRV || type === PSV || type === PBV ? RULE_TOLERANCE * FT : type === FCV ? RULE_TOLERANCE * CFS : RULE_TOLERANCE;
    return { link, status: a.status ?? null, setting: a.setting !== undefined ? a.setting / factor : MISSING, tolerance };
  };
  return { label: rule.label, priority: rule.priority, enabled: rule.enabled, premises, then: rule.then.map(action), else: rule.else.map(action) };
}

/** File units per engine unit of a link setting: pressure valves in pressure, FCVs in flow. */
function settingFactor(type: number, u: UnitSystem): number {
  if (type === PRV || type === PSV || type === PBV) return u.pressure;
  if (type === FCV) return u.flow;
  return 1;
}
