// The extended-period loop of EPANET's hydraul.c: at each time, demands and pattern-driven settings,
// then simple controls, then a hydraulic balance; the next time is the hydraulic step cut short by the
// next pattern period, reporting time, tank filling or draining, or control action, and tank levels
// are integrated (explicit Euler on the tank volume) over it.

import { HILEVEL, LOWLEVEL, TIMEOFDAY, TIMER } from './compile.js';
import { CLOSED, OPEN, PIPE, PUMP, QZERO } from './constants.js';
import { resetPumpFlow, type HydraulicState } from './state.js';
import { ruleTimestep } from './rules.js';
import { tankGrade, tankVolume } from './tanks.js';

const SECONDS_PER_DAY = 86400;

/** EPANET's ROUND: to the nearest integer, halves away from zero. */
function round(x: number): number {
  return x >= 0 ? Math.floor(x + 0.5) : -Math.floor(-x + 0.5);
}

function patternPeriod(state: HydraulicState): number {
  const times = state.net.times;
  return Math.floor((state.time + times.patternStart) / times.patternStep);
}

/** Demands, reservoir heads and pump speeds of the current pattern period. */
export function applyPatterns(state: HydraulicState): void {
  const net = state.net;
  const period = patternPeriod(state);
  const factor = (pattern: number) => {
    const multipliers = net.patterns[pattern]!;
    return multipliers[period % multipliers.length]!;
  };
  const dmult = net.options.demandMultiplier;
  // Total of the positive demands (EPANET's Dsystem, a rule's SYSTEM DEMAND).
  let systemDemand = 0;
  for (let i = 0; i < net.nJunctions; i++) {
    let sum = 0;
    for (let d = net.demandStart[i]!; d < net.demandStart[i + 1]!; d++) {
      const demand = net.demandBase[d]! * factor(net.demandPattern[d]!) * dmult;
      if (demand > 0) systemDemand += demand;
      sum += demand;
    }
    state.fullDemand[i] = sum;
    state.demandFlow[i] = sum;
  }
  state.systemDemand = systemDemand;
  for (let f = 0; f < net.nNodes - net.nJunctions; f++) {
    const pattern = net.reservoirPattern[f]!;
    if (net.tankArea[f] === 0 && pattern > 0) {
      const node = net.nJunctions + f;
      state.head[node] = net.elevation[node]! * factor(pattern);
    }
  }
  for (const pump of net.pumps) {
    if (pump.pattern > 0) setPumpSpeed(state, pump.link, factor(pump.pattern));
  }
}

function setPumpSpeed(state: HydraulicState, k: number, speed: number): void {
  state.setting[k] = speed;
  if (speed > 0 && state.status[k]! <= CLOSED) {
    resetPumpFlow(state, k);
    state.status[k] = OPEN;
  }
  if (speed === 0 && state.status[k]! > CLOSED) state.status[k] = CLOSED;
}

/** Simple controls on tank levels and times (junction pressure controls act inside the balance). */
export function applyControls(state: HydraulicState): number {
  const net = state.net;
  const nJ = net.nJunctions;
  let actions = 0;
  for (const control of net.controls) {
    if (!control.enabled) continue;
    let reset = false;
    const n = control.node;
    if (n >= nJ) {
      const f = n - nJ;
      const vplus = Math.abs(state.nodeDemand[n]!);
      const v1 = tankVolume(net, f, state.head[n]!);
      const v2 = tankVolume(net, f, control.grade);
      if (control.type === LOWLEVEL && v1 <= v2 + vplus) reset = true;
      if (control.type === HILEVEL && v1 >= v2 - vplus) reset = true;
    }
    if (control.type === TIMER && control.time === state.time) reset = true;
    if (control.type === TIMEOFDAY && (state.time + net.times.startClockTime) % SECONDS_PER_DAY === control.time) reset = true;
    if (!reset) continue;
    const k = control.link;
    const type = net.linkType[k]!;
    const s1 = state.status[k]! <= CLOSED ? CLOSED : OPEN;
    const s2 = control.status;
    const k1 = state.setting[k]!;
    const k2 = type > PIPE ? control.setting : k1;
    if (type === PUMP && s1 === CLOSED && s2 === OPEN) resetPumpFlow(state, k);
    if (s1 !== s2 || k1 !== k2) {
      state.status[k] = s2;
      state.setting[k] = k2;
      actions++;
    }
  }
  return actions;
}

/** Length of the next hydraulic step from the current time; also integrates the tank levels over it. */
export function advanceTime(state: HydraulicState, nextReportTime: number): number {
  const times = state.net.times;
  let tstep = times.hydraulicStep;
  const nextPeriod = Math.floor((state.time + times.patternStart) / times.patternStep) + 1;
  let t = nextPeriod * times.patternStep - state.time;
  if (t > 0 && t < tstep) tstep = t;
  t = nextReportTime - state.time;
  if (t > 0 && t < tstep) tstep = t;
  tstep = tankTimestep(state, tstep);
  tstep = controlTimestep(state, tstep);
  // Rules step through the interval and move the tanks themselves, possibly ending it early.
  if (state.net.rules.length > 0) return ruleTimestep(state, tstep, (dt) => updateTankLevels(state, dt));
  updateTankLevels(state, tstep);
  return tstep;
}

function tankTimestep(state: HydraulicState, tstep: number): number {
  const net = state.net;
  for (let f = 0; f < net.nNodes - net.nJunctions; f++) {
    if (net.tankArea[f] === 0) continue;
    const n = net.nJunctions + f;
    const h = state.head[n]!;
    const q = state.nodeDemand[n]!;
    if (Math.abs(q) <= QZERO) continue;
    let v: number;
    if (q > 0 && h < net.tankHmax[f]!) v = net.tankVmax[f]! - state.tankVolume[f]!;
    else if (q < 0 && h > net.tankHmin[f]!) v = net.tankVmin[f]! - state.tankVolume[f]!;
    else continue;
    const xt = v / q;
    if (Math.abs(xt) > tstep + 1) continue;
    const t = round(xt);
    if (t > 0 && t < tstep) tstep = t;
  }
  return tstep;
}

function controlTimestep(state: HydraulicState, tstep: number): number {
  const net = state.net;
  const nJ = net.nJunctions;
  for (const control of net.controls) {
    if (!control.enabled) continue;
    let t = 0;
    const n = control.node;
    if (n >= 0) {
      if (n < nJ) continue;
      const f = n - nJ;
      const h = state.head[n]!;
      const q = state.nodeDemand[n]!;
      if (Math.abs(q) <= QZERO) continue;
      if ((h < control.grade && control.type === HILEVEL && q > 0) || (h > control.grade && control.type === LOWLEVEL && q < 0)) {
        t = round((tankVolume(net, f, control.grade) - state.tankVolume[f]!) / q);
      }
    }
    if (control.type === TIMER && control.time > state.time) t = control.time - state.time;
    if (control.type === TIMEOFDAY) {
      const t1 = (state.time + net.times.startClockTime) % SECONDS_PER_DAY;
      const t2 = control.time;
      t = t2 >= t1 ? t2 - t1 : SECONDS_PER_DAY - t1 + t2;
    }
    if (t > 0 && t < tstep) {
      const k = control.link;
      if ((net.linkType[k]! > PIPE && state.setting[k] !== control.setting) || state.status[k] !== control.status) tstep = t;
    }
  }
  return tstep;
}

function updateTankLevels(state: HydraulicState, tstep: number): void {
  const net = state.net;
  for (let f = 0; f < net.nNodes - net.nJunctions; f++) {
    if (net.tankArea[f] === 0) continue;
    const n = net.nJunctions + f;
    const q = state.nodeDemand[n]!;
    if (Math.abs(q) <= QZERO) continue;
    let v = state.tankVolume[f]! + q * tstep;
    // Full or empty within the next second.
    if (v + q >= net.tankVmax[f]!) v = net.tankVmax[f]!;
    else if (v - q <= net.tankVmin[f]!) v = net.tankVmin[f]!;
    state.tankVolume[f] = v;
    state.head[n] = tankGrade(net, f, v);
  }
}
