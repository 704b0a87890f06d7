// Status changes of check valves, pumps, control valves and links to full or empty tanks between
// Newton trials (EPANET's hydstatus.c), and pressure controls at junctions once a trial converges.

import { HILEVEL, LOWLEVEL } from './compile.js';
import {
  ACTIVE,
  CLOSED,
  CONST_HP,
  CVPIPE,
  FCV,
  MISSING,
  OPEN,
  PIPE,
  PRV,
  PSV,
  PUMP,
  TEMPCLOSED,
  TINY_FLOW,
  XFCV,
  XHEAD,
  XPRESSURE,
} from './constants.js';
import type { HydraulicState } from './state.js';

/** Updates PRVs and PSVs that are not fixed open or closed; true if any changed. */
export function valveStatus(state: HydraulicState): boolean {
  const net = state.net;
  let change = false;
  for (const k of net.valveLinks) {
    const setting = state.setting[k]!;
    if (setting === MISSING) continue;
    const type = net.linkType[k]!;
    if (type !== PRV && type !== PSV) continue;
    const n1 = net.linkFrom[k]!;
    const n2 = net.linkTo[k]!;
    const before = state.status[k]!;
    const h1 = state.head[n1]!;
    const h2 = state.head[n2]!;
    state.status[k] = type === PRV ? prvStatus(state, k, before, net.elevation[n2]! + setting, h1, h2) : psvStatus(state, k, before, net.elevation[n1]! + setting, h1, h2);
    if (state.status[k] !== before) change = true;
  }
  return change;
}

function prvStatus(state: HydraulicState, k: number, s: number, hset: number, h1: number, h2: number): number {
  const { htol, qtol } = state.net.options;
  const flow = state.flow[k]!;
  const hml = state.net.km[k]! * flow * flow;
  switch (s) {
    case ACTIVE:
      if (flow < -qtol) return CLOSED;
      if (h1 - hml < hset - htol) return OPEN;
      return ACTIVE;
    case OPEN:
      if (flow < -qtol) return CLOSED;
      if (h2 >= hset + htol) return ACTIVE;
      return OPEN;
    case CLOSED:
      if (h1 >= hset + htol && h2 < hset - htol) return ACTIVE;
      if (h1 < hset - htol && h1 > h2 + htol) return OPEN;
      return CLOSED;
    case XPRESSURE:
      if (flow < -qtol) return CLOSED;
      return s;
    default:
      return s;
  }
}

function psvStatus(state: HydraulicState, k: number, s: number, hset: number, h1: number, h2: number): number {
  const { htol, qtol } = state.net.options;
  const flow = state.flow[k]!;
  const hml = state.net.km[k]! * flow * flow;
  switch (s) {
    case ACTIVE:
      if (flow < -qtol) return CLOSED;
      if (h2 + hml > hset + htol) return OPEN;
      return ACTIVE;
    case OPEN:
      if (flow < -qtol) return CLOSED;
      if (h1 < hset - htol) return ACTIVE;
      return OPEN;
    case CLOSED:
      if (h2 > hset + htol && h1 > h2 + htol) return OPEN;
      if (h1 >= hset + htol && h1 > h2 + htol) return ACTIVE;
      return CLOSED;
    case XPRESSURE:
      if (flow < -qtol) return CLOSED;
      return s;
    default:
      return s;
  }
}

/** Updates check valves, pumps, FCVs and links into full / out of empty tanks; true if any changed. */
export function linkStatus(state: HydraulicState): boolean {
  const net = state.net;
  const nJ = net.nJunctions;
  let change = false;
  for (let k = 0; k < net.nLinks; k++) {
    const n1 = net.linkFrom[k]!;
    const n2 = net.linkTo[k]!;
    const dh = state.head[n1]! - state.head[n2]!;
    const before = state.status[k]!;
    if (before === XHEAD || before === TEMPCLOSED) state.status[k] = OPEN;
    const type = net.linkType[k]!;
    if (type === CVPIPE) state.status[k] = cvStatus(state, state.status[k]!, dh, state.flow[k]!);
    if (type === PUMP && state.status[k]! >= OPEN && state.setting[k]! > 0) state.status[k] = pumpStatus(state, k, -dh);
    if (type === FCV && state.setting[k] !== MISSING) state.status[k] = fcvStatus(state, k, before, state.head[n1]!, state.head[n2]!);
    if (n1 >= nJ) tankLinkStatus(state, k, n1, state.flow[k]!);
    if (n2 >= nJ) tankLinkStatus(state, k, n2, -state.flow[k]!);
    if (state.status[k] !== before) change = true;
  }
  return change;
}

function cvStatus(state: HydraulicState, s: number, dh: number, q: number): number {
  const { htol, qtol } = state.net.options;
  if (Math.abs(dh) > htol) {
    if (dh < -htol) return CLOSED;
    if (q < -qtol) return CLOSED;
    return OPEN;
  }
  if (q < -qtol) return CLOSED;
  return s;
}

function pumpStatus(state: HydraulicState, k: number, headGain: number): number {
  const net = state.net;
  const pump = net.pumps[net.linkPump[k]!]!;
  let hmax: number;
  if (pump.type === CONST_HP) {
    hmax = Number.MAX_VALUE;
    if (state.flow[k]! < TINY_FLOW) return TEMPCLOSED;
  } else {
    const speed = state.setting[k]!;
    hmax = speed * speed * pump.hmax;
  }
  if (headGain > hmax + net.options.htol) return XHEAD;
  return OPEN;
}

function fcvStatus(state: HydraulicState, k: number, s: number, h1: number, h2: number): number {
  const { htol, qtol } = state.net.options;
  const flow = state.flow[k]!;
  if (h1 - h2 < -htol) return XFCV;
  if (flow < -qtol) return XFCV;
  if (s === XFCV && flow >= state.setting[k]!) return ACTIVE;
  // An active valve cannot lose less head than when fully open.
  if (s === ACTIVE && (h1 - h2) / (flow * flow) < state.net.km[k]!) return XFCV;
  return s;
}

/** Closes a link that would fill a full tank (unless it overflows) or drain an empty one; q is the flow out of the tank. */
function tankLinkStatus(state: HydraulicState, k: number, n: number, q: number): void {
  if (state.status[k]! <= CLOSED) return;
  const net = state.net;
  const f = n - net.nJunctions;
  if (net.tankArea[f] === 0) return;
  const h = state.head[n]!;
  if (h >= net.tankHmax[f]! && q < 0 && !net.tankOverflow[f]) state.status[k] = TEMPCLOSED;
  else if (h <= net.tankHmin[f]! && q > 0) state.status[k] = TEMPCLOSED;
}

/** Applies controls on junction pressures after convergence (EPANET's pswitch); true if any acted. */
export function pressureControls(state: HydraulicState): boolean {
  const net = state.net;
  let anyChange = false;
  for (const control of net.controls) {
    const n = control.node;
    if (!control.enabled || n < 0 || n >= net.nJunctions) continue;
    const k = control.link;
    const h = state.head[n]!;
    const htol = net.options.htol;
    const reset = (control.type === LOWLEVEL && h <= control.grade + htol) || (control.type === HILEVEL && h >= control.grade - htol);
    if (!reset) continue;
    const type = net.linkType[k]!;
    const s = state.status[k]!;
    let change = false;
    if (type === PIPE && s !== control.status) change = true;
    if (type === PUMP && state.setting[k] !== control.setting) change = true;
    if (type >= PRV) {
      if (state.setting[k] !== control.setting) change = true;
      else if (state.setting[k] === MISSING && s !== control.status) change = true;
    }
    if (change) {
      state.status[k] = control.status;
      if (type > PIPE) state.setting[k] = control.setting;
      anyChange = true;
    }
  }
  return anyChange;
}

