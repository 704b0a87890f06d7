// Rule-based controls in the extended period, as EPANET 2.3 runs them (hydraul.c ruletimestep,
// rules.c checkrules). After each balance the clock steps ahead in rule steps (1/10 of the hydraulic
// step unless given), moving the tank levels; at each rule step every enabled rule is evaluated and its
// THEN (or ELSE) actions join an action list, one action per link, a later rule taking a link over
// only with a strictly higher priority. The first rule step at which an action changes a link ends
// the hydraulic step there. Values are compared in the file's units with EPANET's tolerance of 0.001.

import { RULE_TOLERANCE as TOLERANCE, type CompiledAction, type CompiledPremise, type CompiledRule } from '../rules/compile.js';
import { CFS } from '../units.js';
import { ACTIVE, CLOSED, FCV, GPV, MISSING, OPEN, PUMP } from './constants.js';
import { resetPumpFlow, type HydraulicState } from './state.js';

const SECONDS_PER_DAY = 86400;
/** EPANET's TINY flow (1e-6 cfs), below which a tank is neither filling nor draining. */
const TINY_FLOW = 1e-6 * CFS;

/**
 * Steps from the current time to the end of the hydraulic step `tstep` in rule steps, moving the
 * tanks; returns the step, cut short where a rule acted. `moveTanks` integrates the tank levels.
 */
export function ruleTimestep(state: HydraulicState, tstep: number, moveTanks: (dt: number) => void): number {
  const ruleStep = state.net.times.ruleStep!;
  const tnow = state.time;
  const tmax = tnow + tstep;
  let dt = Math.min(ruleStep, tstep);
  let dt1 = Math.min(ruleStep - (tnow % ruleStep), tstep);
  if (dt1 === 0) dt1 = dt;
  do {
    state.time += dt1;
    moveTanks(dt1);
    if (checkRules(state, dt1) > 0) break;
    dt = Math.min(dt, tmax - state.time);
    dt1 = dt;
  } while (dt > 0);
  const step = state.time - tnow;
  state.time = tnow;
  return step;
}

/** Evaluates every rule at the current time (the interval since the last check is `dt`); returns the actions taken. */
export function checkRules(state: HydraulicState, dt: number): number {
  const rules = state.net.rules;
  const list: { action: CompiledAction; rule: CompiledRule }[] = [];
  const onList = (rule: CompiledRule, action: CompiledAction) => {
    for (const item of list) {
      if (item.action.link !== action.link) continue;
      if (rule.priority > item.rule.priority) {
        item.action = action;
        item.rule = rule;
      }
      return;
    }
    list.push({ action, rule });
  };
  const time1 = state.time - dt + 1;
  for (const rule of rules) {
    if (!rule.enabled) continue;
    const actions = premisesHold(state, rule, time1) ? rule.then : rule.else;
    for (const action of actions) onList(rule, action);
  }
  let taken = 0;
  for (const { action } of list) if (takeAction(state, action)) taken++;
  return taken;
}

function premisesHold(state: HydraulicState, rule: CompiledRule, time1: number): boolean {
  let result = true;
  for (const premise of rule.premises) {
    if (premise.or) {
      if (!result) result = checkPremise(state, premise, time1);
    } else {
      if (!result) return false;
      result = checkPremise(state, premise, time1);
    }
  }
  return result;
}

function checkPremise(state: HydraulicState, p: CompiledPremise, time1: number): boolean {
  if (p.variable === 'time' || p.variable === 'clocktime') return checkTime(state, p, time1);
  if (p.status !== null) {
    const s = state.status[p.index]!;
    const now = s <= CLOSED ? 'closed' : s === ACTIVE ? 'active' : 'open';
    return p.relation === '=' ? now === p.status : p.relation === '<>' ? now !== p.status : false;
  }
  const x = premiseValue(state, p);
  if (x === undefined) return false;
  switch (p.relation) {
    case '=':
      return Math.abs(x - p.value) <= TOLERANCE;
    case '<>':
      return Math.abs(x - p.value) >= TOLERANCE;
    case '<':
      return x <= p.value + TOLERANCE;
    case '<=':
      return x <= p.value - TOLERANCE;
    case '>':
      return x >= p.value - TOLERANCE;
    case '>=':
      return x >= p.value + TOLERANCE;
  }
}

/** The premise's variable now, in the file's units (undefined: the premise cannot hold). */
function premiseValue(state: HydraulicState, p: CompiledPremise): number | undefined {
  const net = state.net;
  const i = p.index;
  const bottom = (n: number) => (n < net.nJunctions ? net.elevation[n]! : net.tankBottom[n - net.nJunctions]!);
  switch (p.variable) {
    case 'demand':
      return (p.system ? state.systemDemand : state.nodeDemand[i]!) * p.factor;
    case 'head':
    case 'grade':
      return state.head[i]! * p.factor;
    case 'pressure':
    case 'level':
      return (state.head[i]! - bottom(i)) * p.factor;
    case 'flow':
      return Math.abs(state.flow[i]!) * p.factor;
    case 'setting':
      return state.setting[i] === MISSING ? undefined : state.setting[i]! * p.factor;
    case 'filltime':
    case 'draintime': {
      const f = i - net.nJunctions;
      if (f < 0 || net.tankArea[f] === 0) return undefined;
      const q = state.nodeDemand[i]!;
      if (p.variable === 'filltime') return q <= TINY_FLOW ? undefined : (net.tankVmax[f]! - state.tankVolume[f]!) / q;
      return q >= -TINY_FLOW ? undefined : (net.tankVmin[f]! - state.tankVolume[f]!) / q;
    }
    default:
      return undefined;
  }
}

function checkTime(state: HydraulicState, p: CompiledPremise, time1: number): boolean {
  let t1 = time1;
  let t2 = state.time;
  if (p.variable === 'clocktime') {
    const start = state.net.times.startClockTime;
    t1 = (t1 + start) % SECONDS_PER_DAY;
    t2 = (t2 + start) % SECONDS_PER_DAY;
  }
  const x = Math.trunc(p.value);
  switch (p.relation) {
    case '<':
      return t2 < x;
    case '<=':
      return t2 <= x;
    case '>':
      return t2 > x;
    case '>=':
      return t2 >= x;
    case '=':
    case '<>': {
      const within = t2 < t1 ? x >= t1 || x <= t2 : x >= t1 && x <= t2;
      return p.relation === '=' ? within : !within;
    }
  }
}

/** EPANET's takeactions with setlinkstatus and setlinksetting; true if the link changed. */
function takeAction(state: HydraulicState, a: CompiledAction): boolean {
  const k = a.link;
  const type = state.net.linkType[k]!;
  const s = state.status[k]!;
  if (a.status === 'open' && s <= CLOSED) {
    if (type === PUMP) {
      state.setting[k] = 1;
      if (s === CLOSED) resetPumpFlow(state, k);
    }
    if (type > PUMP && type !== GPV) state.setting[k] = MISSING;
    state.status[k] = OPEN;
    return true;
  }
  if (a.status === 'closed' && s > CLOSED) {
    if (type === PUMP) state.setting[k] = 0;
    if (type > PUMP && type !== GPV) state.setting[k] = MISSING;
    state.status[k] = CLOSED;
    return true;
  }
  if (a.setting === MISSING || Math.abs(a.setting - state.setting[k]!) <= a.tolerance) return false;
  const x = a.setting;
  if (type === PUMP) {
    state.setting[k] = x;
    if (x > 0 && s <= CLOSED) {
      resetPumpFlow(state, k);
      state.status[k] = OPEN;
    }
    if (x === 0 && s > CLOSED) state.status[k] = CLOSED;
  } else if (type === FCV) {
    state.setting[k] = x;
    state.status[k] = ACTIVE;
  } else {
    if (state.setting[k] === MISSING && s <= CLOSED) state.status[k] = OPEN;
    state.setting[k] = x;
  }
  return true;
}
