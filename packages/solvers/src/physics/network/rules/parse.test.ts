// The rule language read as EPANET reads it, and every mistake reported on its line.

import { describe, expect, it } from 'vitest';
import { InpParseError } from '../errors.js';
import { parseInp } from '../inp/parse.js';
import { NET1_INP } from '../../../../test/networks.js';
import { modelRuleNetwork, readRulesText, type RuleNetwork } from './parse.js';

const NETWORK: RuleNetwork = {
  nodeKind: (id) => (({ J1: 'junction', T1: 'tank', R1: 'reservoir' }) as const)[id as 'J1'],
  linkKind: (id) => (({ P1: 'pipe', CV1: 'cv', PU1: 'pump', V1: 'valve', G1: 'gpv' }) as const)[id as 'P1'],
};

describe('reading rules', () => {
  it('reads conditions, actions, priorities and abbreviated keywords', () => {
    const { rules, errors } = readRulesText(
      [
        'RULE 1',
        'IF TANK T1 LEVEL BELOW 2.5',
        'OR SYSTEM CLOCKTIME >= 10:30 PM',
        'AND junc J1 pressure <> 30',
        'THEN PUMP PU1 STATUS IS OPEN',
        'AND PIPE P1 SETTING IS 0',
        'ELSE VALVE V1 SETTING IS 42.5',
        'PRIO 3',
        'RULE 2',
        'IF TANK T1 FILLTIME < 2',
        'THEN LINK PU1 STATUS IS CLOSED',
        'DISABLED',
      ].join('\n'),
      NETWORK,
    );
    expect(errors).toEqual([]);
    expect(rules).toHaveLength(2);
    const [first, second] = rules;
    expect(first!.premises.map((p) => [p.logic, p.object, p.variable, p.relation, p.value])).toEqual([
      ['and', 'node', 'level', '<', 2.5],
      ['or', 'system', 'clocktime', '>=', 22.5 * 3600],
      ['and', 'node', 'pressure', '<>', 30],
    ]);
    expect(first!.then).toEqual([
      { line: 5, link: 'PU1', status: 'open' },
      { line: 6, link: 'P1', status: 'closed' },
    ]);
    expect(first!.else).toEqual([{ line: 7, link: 'V1', setting: 42.5 }]);
    expect(first!.priority).toBe(3);
    expect(second!.premises[0]!.value).toBe(7200);
    expect(second!.enabled).toBe(false);
  });

  it('names the line and the fault of every mistake', () => {
    const { errors } = readRulesText(
      [
        'IF TANK T1 LEVEL < 2', // 1: before any RULE
        'RULE a',
        'IF TANK T9 LEVEL < 2', // 3: unknown node
        'AND NODE J1 FILLTIME < 2', // 4: fill time of a junction
        'THEN LINK CV1 STATUS IS OPEN', // 5: check valve
        'AND LINK G1 SETTING IS 3', // 6: GPV setting
        'OR LINK P1 FLOW > 3', // 7: OR after THEN
        'PRIORITY high', // 8: not a number
        'RULE b c', // 9: two labels
        'RULE d',
        'IF SYSTEM LEVEL > 3', // 11: not a system variable
        'THEN LINK PU1 SPEED IS -1', // 12: negative
      ].join('\n'),
      NETWORK,
    );
    expect(errors.map((e) => e.line)).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 11, 12]);
    expect(errors[1]!.message).toBe("rule a: unknown node 'T9'");
    expect(errors[3]!.message).toContain('check valve');
  });

  it('an .inp file with a faulty rule stops with the line and section', () => {
    const text = NET1_INP.replace('[RULES]\n', '[RULES]\nRULE 1\nIF TANK 2 LEVEL BELOW 110\nTHEN PUMP 99 STATUS IS OPEN\n');
    const line = text.split('\n').findIndex((l) => l.includes('PUMP 99')) + 1;
    let error: unknown;
    try {
      parseInp(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InpParseError);
    expect((error as InpParseError).line).toBe(line);
    expect((error as InpParseError).section).toBe('RULES');
    expect((error as InpParseError).message).toContain("unknown link '99'");
  });

  it('a model names its elements with the kinds the compiler gives them (check valves, GPVs)', () => {
    const model = parseInp(NET1_INP).network;
    model.pipes = model.pipes.map((p) => (p.id === '10' ? { ...p, status: 'cv' as const } : p));
    model.valves = [{ id: 'G1', from: '21', to: '22', type: 'GPV', diameter: 0.3, setting: 0, headlossCurve: '1', minorLoss: 0, status: 'active' }];
    const net = modelRuleNetwork(model);
    expect([net.nodeKind('10'), net.nodeKind('9'), net.nodeKind('2'), net.nodeKind('99')]).toEqual(['junction', 'reservoir', 'tank', undefined]);
    expect([net.linkKind('10'), net.linkKind('11'), net.linkKind('9'), net.linkKind('G1'), net.linkKind('99')]).toEqual(['cv', 'pipe', 'pump', 'gpv', undefined]);
    const { errors } = readRulesText(['RULE 1', 'IF TANK 2 LEVEL ABOVE 140', 'THEN PUMP 9 STATUS IS CLOSED', 'AND PIPE 10 STATUS IS CLOSED'].join('\n'), net);
    expect(errors).toEqual([{ line: 4, message: "rule 1: '10' is a check valve and cannot be controlled" }]);
  });
});
