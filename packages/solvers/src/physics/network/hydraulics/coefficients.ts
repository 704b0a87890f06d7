// The linearised equations of one Newton trial of the global gradient algorithm (Todini & Pilati
// 1988; EPANET's hydcoeffs.c). Each link k gets P = 1/(dh/dQ) and Y = h/(dh/dQ) at its current flow;
// the head equations of the junctions are then
//   Σ_k P_k·(H_i − H_j) = Σ_k (Y_k ∓ Q_k) − d_i,
// a symmetric positive definite system (the Schur complement of the flow–head system). Control valves
// add their own terms: an active PRV/PSV pins the head at its controlled node, an active FCV turns
// into a fixed demand upstream and supply downstream.

import { CFS, FT } from '../units.js';
import {
  ACTIVE,
  BARRIER_SLOPE,
  CBIG_CONDUCTANCE,
  CBIG_RESISTANCE,
  CLOSED,
  CONST_HP,
  CSMALL_RESISTANCE,
  CUSTOM,
  CVPIPE,
  FCV,
  GPV,
  PCV,
  MISSING,
  PBV,
  PIPE,
  PRV,
  PSV,
  PUMP,
  TCV,
  TINY_FLOW,
  minorLossResistance,
} from './constants.js';
import { LAMINAR_LIMIT, colebrook, swameeJain } from './friction.js';
import { curveSegment } from './pump-curve.js';
import { leakageTerms } from './leakage.js';
import { pcvLossCoefficient } from './pcv.js';
import { assembleDemandTerms } from './pressure-driven-demand.js';
import type { HydraulicState } from './state.js';

const TINY_GRADIENT = (1e-6 * FT) / CFS;

/** P and Y of every link at the current flows. */
export function headlossCoefficients(state: HydraulicState): void {
  const net = state.net;
  const { nLinks, linkType } = net;
  const powerLaw = net.options.formula !== 'D-W';
  if (powerLaw) powerLawPipes(state);
  for (let k = 0; k < nLinks; k++) {
    switch (linkType[k]) {
      case CVPIPE:
      case PIPE:
        if (!powerLaw) pipeCoefficients(state, k);
        break;
      case PUMP:
        pumpCoefficients(state, k);
        break;
      case PBV:
        pbvCoefficients(state, k);
        break;
      case TCV:
        valveCoefficients(state, k, state.setting[k] !== MISSING ? minorLossResistance(state.setting[k]!, net.diameter[k]!) : net.km[k]!);
        break;
      case GPV:
        gpvCoefficients(state, k);
        break;
      case PCV:
        valveCoefficients(state, k, state.setting[k] !== MISSING ? pcvLossCoefficient(net, k, state.setting[k]!) : net.km[k]!);
        break;
      default:
        // PRV, PSV, FCV: a fixed status behaves as an open or closed valve; otherwise see controlValveTerms.
        if (state.setting[k] === MISSING) valveCoefficients(state, k, net.km[k]!);
        else state.p[k] = 0;
    }
  }
}

/**
 * pipeCoefficients' Hazen–Williams and Chezy–Manning branch for every pipe in one loop, the same
 * arithmetic with the tables in locals instead of a call per pipe reloading them. The pow stays: the
 * EPANET-oracle tests tell exp(n·ln q), a few ulps off, from it.
 */
function powerLawPipes(state: HydraulicState): void {
  const net = state.net;
  const { nLinks, linkType, km, resistance } = net;
  const { status, flow, p, y } = state;
  const { hexp, rqtol } = net.options;
  const exponent = hexp - 1;
  for (let k = 0; k < nLinks; k++) {
    const type = linkType[k];
    if (type !== PIPE && type !== CVPIPE) continue;
    const f = flow[k]!;
    if (status[k]! <= CLOSED) {
      p[k] = 1 / CBIG_RESISTANCE;
      y[k] = f;
      continue;
    }
    const q = Math.abs(f);
    powerLawTerms(p, y, k, hexp * resistance[k]! * q ** exponent, q, f, km[k]!, hexp, rqtol);
  }
}

/**
 * A power-law pipe's p = 1/h′ and y = h/h′ from its friction gradient h′ = n r |q|^(n−1) (below
 * rqtol held at rqtol/n, as EPANET does) and its minor loss ml q².
 */
function powerLawTerms(p: Float64Array, y: Float64Array, k: number, gradient: number, q: number, flow: number, ml: number, hexp: number, rqtol: number): void {
  let hgrad = gradient;
  let hloss: number;
  if (hgrad < rqtol) {
    hgrad = rqtol / hexp;
    hloss = hgrad * q;
  } else {
    hloss = (hgrad * q) / hexp;
  }
  if (ml > 0) {
    hloss += ml * q * q;
    hgrad += 2 * ml * q;
  }
  hloss *= Math.sign(flow) || 1;
  p[k] = 1 / hgrad;
  y[k] = hloss / hgrad;
}

function closedLink(state: HydraulicState, k: number): void {
  state.p[k] = 1 / CBIG_RESISTANCE;
  state.y[k] = state.flow[k]!;
}

function pipeCoefficients(state: HydraulicState, k: number): void {
  if (state.status[k]! <= CLOSED) {
    closedLink(state, k);
    return;
  }
  const net = state.net;
  const options = net.options;
  const flow = state.flow[k]!;
  const q = Math.abs(flow);
  const ml = net.km[k]!;
  const r = net.resistance[k]!;
  let hloss: number;
  let hgrad: number;
  if (options.formula === 'D-W') {
    const s = options.viscosity * net.diameter[k]!;
    if (q <= LAMINAR_LIMIT * s) {
      // Hagen–Poiseuille: f = 64/Re.
      const rl = 16 * Math.PI * s * r;
      hloss = flow * (rl + ml * q);
      hgrad = rl + 2 * ml * q;
    } else {
      const e = net.roughness[k]! / net.diameter[k]!;
      const { f, dfdq } = options.colebrook ? colebrook(q, e, s) : swameeJain(q, e, s);
      const r1 = f * r + ml;
      hloss = r1 * q * flow;
      hgrad = 2 * r1 * q + dfdq * r * q * q;
    }
  } else {
    powerLawTerms(state.p, state.y, k, options.hexp * r * q ** (options.hexp - 1), q, flow, ml, options.hexp, options.rqtol);
    return;
  }
  state.p[k] = 1 / hgrad;
  state.y[k] = hloss / hgrad;
}

function pumpCoefficients(state: HydraulicState, k: number): void {
  const net = state.net;
  const setting = state.setting[k]!;
  if (state.status[k]! <= CLOSED || setting === 0) {
    closedLink(state, k);
    return;
  }
  const flow = state.flow[k]!;
  const q = Math.abs(flow);
  const pump = net.pumps[net.linkPump[k]!]!;
  let hloss: number;
  let hgrad: number;
  if (pump.type === CUSTOM) {
    const segment = curveSegment(pump.curveX, pump.curveY, q / setting);
    hgrad = -segment.r * setting;
    hloss = -segment.h0 * setting * setting + hgrad * flow;
  } else {
    const h0 = setting * setting * pump.h0;
    let n = pump.n;
    if (Math.abs(n - 1) < 1e-6) n = 1;
    const r = pump.r * setting ** (2 - n);
    if (pump.type === CONST_HP) {
      hgrad = -r / q / q;
      if (hgrad > CBIG_RESISTANCE) {
        closedLink(state, k);
        return;
      }
      if (hgrad < CSMALL_RESISTANCE) {
        state.p[k] = 1 / CSMALL_RESISTANCE;
        state.y[k] = flow;
        return;
      }
      hloss = r / flow;
    } else if (n !== 1) {
      hgrad = n * r * q ** (n - 1);
      const rqtol = net.options.rqtol;
      if (hgrad < rqtol) {
        hgrad = rqtol;
        hloss = h0 + hgrad * flow;
      } else {
        hloss = h0 + (hgrad * flow) / n;
      }
    } else {
      hgrad = r;
      hloss = h0 + hgrad * flow;
    }
  }
  state.p[k] = 1 / hgrad;
  state.y[k] = hloss / hgrad;
}

/** An open, closed or throttled valve: minor loss km·Q² (km on a Q² basis). */
function valveCoefficients(state: HydraulicState, k: number, km: number): void {
  const flow = state.flow[k]!;
  if (state.status[k]! <= CLOSED) {
    closedLink(state, k);
    return;
  }
  if (km > 0) {
    const rqtol = state.net.options.rqtol;
    let hgrad = 2 * km * Math.abs(flow);
    let hloss: number;
    if (hgrad < rqtol) {
      hgrad = rqtol / 2;
      hloss = flow * hgrad;
    } else {
      hloss = (flow * hgrad) / 2;
    }
    state.p[k] = 1 / hgrad;
    state.y[k] = hloss / hgrad;
  } else {
    state.p[k] = 1 / CSMALL_RESISTANCE;
    state.y[k] = flow;
  }
}

function pbvCoefficients(state: HydraulicState, k: number): void {
  const setting = state.setting[k]!;
  const km = state.net.km[k]!;
  const flow = state.flow[k]!;
  if (setting === MISSING || setting === 0 || km * flow * flow > setting) {
    valveCoefficients(state, k, km);
  } else {
    // Force the head loss across the valve to equal its setting.
    state.p[k] = CBIG_CONDUCTANCE;
    state.y[k] = setting * CBIG_CONDUCTANCE;
  }
}

function gpvCoefficients(state: HydraulicState, k: number): void {
  if (state.status[k] === CLOSED) {
    valveCoefficients(state, k, state.net.km[k]!);
    return;
  }
  const curve = state.net.gpvCurve[k]!;
  const flow = state.flow[k]!;
  const q = Math.max(Math.abs(flow), TINY_FLOW);
  const segment = curveSegment(curve.x, curve.y, q);
  const r = Math.max(segment.r, TINY_GRADIENT);
  state.p[k] = 1 / r;
  state.y[k] = (segment.h0 / r + q) * (Math.sign(flow) || 1);
}

/** Emitter head loss h = Ke·q^qexp and its gradient at the current emitter flow of junction i; without
 * backflow, EPANET's lower barrier (hydcoeffs.c addlowerbarrier, in ft and cfs) holds q at or above 0. */
export function emitterHeadloss(state: HydraulicState, i: number): { hloss: number; hgrad: number } {
  const options = state.net.options;
  const qexp = options.qexp;
  const ke = Math.max((1e-6 * FT) / CFS ** qexp, state.net.emitterKe[i]!);
  const q = state.emitterFlow[i]!;
  let hgrad = qexp * ke * Math.abs(q) ** (qexp - 1);
  let hloss: number;
  if (hgrad < options.rqtol) {
    hgrad = options.rqtol / qexp;
    hloss = hgrad * q;
  } else {
    hloss = (hgrad * q) / qexp;
  }
  if (!options.emitterBackflow) {
    const a = (BARRIER_SLOPE * q) / CFS;
    const b = Math.sqrt(a * a + 1e-6);
    hloss += (FT * (a - b)) / 2;
    hgrad += ((FT / CFS) * BARRIER_SLOPE * (1 - a / b)) / 2;
  }
  return { hloss, hgrad };
}

/** Assembles the head equations of the junctions (EPANET's matrixcoeffs). */
export function assembleHeadEquations(state: HydraulicState): void {
  const net = state.net;
  const nJ = net.nJunctions;
  const { system, p, y, flow, head, xflow } = state;
  const aii = system.diagonal;
  const aij = system.offDiagonal;
  const f = system.rhs;
  system.clear();
  xflow.fill(0);

  // The network's arrays in locals: a property load per link is slow while this runs interpreted.
  const { nLinks, linkFrom, linkTo, linkEdge } = net;
  for (let k = 0; k < nLinks; k++) {
    const pk = p[k]!;
    if (pk === 0) continue;
    const n1 = linkFrom[k]!;
    const n2 = linkTo[k]!;
    const q = flow[k]!;
    xflow[n1]! -= q;
    xflow[n2]! += q;
    const edge = linkEdge[k]!;
    if (edge >= 0) aij[edge]! -= pk;
    if (n1 < nJ) {
      aii[n1]! += pk;
      f[n1]! += y[k]!;
    } else if (n2 < nJ) {
      f[n2]! += pk * head[n1]!;
    }
    if (n2 < nJ) {
      aii[n2]! += pk;
      f[n2]! -= y[k]!;
    } else if (n1 < nJ) {
      f[n1]! += pk * head[n2]!;
    }
  }

  for (let i = 0; i < nJ; i++) {
    if (net.emitterKe[i] === 0) continue;
    const { hloss, hgrad } = emitterHeadloss(state, i);
    aii[i]! += 1 / hgrad;
    f[i]! += (hloss + net.elevation[i]!) / hgrad;
    xflow[i]! -= state.emitterFlow[i]!;
  }
  assembleDemandTerms(state, aii, f);
  leakageTerms(state, aii, f, xflow);

  for (let i = 0; i < nJ; i++) {
    xflow[i]! -= state.demandFlow[i]!;
    f[i]! += xflow[i]!;
  }

  controlValveTerms(state);
}

/** Terms of PRVs, PSVs and FCVs that are not fixed open or closed (EPANET's valvecoeffs). */
function controlValveTerms(state: HydraulicState): void {
  const net = state.net;
  const { system, xflow, p, y, flow } = state;
  const aii = system.diagonal;
  const aij = system.offDiagonal;
  const f = system.rhs;
  for (const k of net.valveLinks) {
    const setting = state.setting[k]!;
    if (setting === MISSING) continue;
    const type = net.linkType[k]!;
    if (type !== PRV && type !== PSV && type !== FCV) continue;
    const n1 = net.linkFrom[k]!;
    const n2 = net.linkTo[k]!;
    const edge = net.linkEdge[k]!;
    const active = state.status[k] === ACTIVE;
    if (type === PRV && active) {
      // Downstream head pinned at the setting; the valve carries the downstream node's flow excess.
      p[k] = 0;
      y[k] = flow[k]! + xflow[n2]!;
      f[n2]! += (net.elevation[n2]! + setting) * CBIG_CONDUCTANCE;
      aii[n2]! += CBIG_CONDUCTANCE;
      if (xflow[n2]! < 0) f[n1]! += xflow[n2]!;
      continue;
    }
    if (type === PSV && active) {
      // Upstream head pinned at the setting; the valve carries the upstream node's flow excess.
      p[k] = 0;
      y[k] = flow[k]! - xflow[n1]!;
      f[n1]! += (net.elevation[n1]! + setting) * CBIG_CONDUCTANCE;
      aii[n1]! += CBIG_CONDUCTANCE;
      if (xflow[n1]! > 0) f[n2]! += xflow[n1]!;
      aij[edge]! -= 1 / CBIG_RESISTANCE;
      aii[n2]! += 1 / CBIG_RESISTANCE;
      continue;
    }
    if (type === FCV && active) {
      // The flow setting becomes a demand upstream and a supply downstream.
      xflow[n1]! -= setting;
      xflow[n2]! += setting;
      y[k] = flow[k]! - setting;
      f[n1]! -= setting;
      f[n2]! += setting;
      p[k] = 1 / CBIG_RESISTANCE;
      aij[edge]! -= p[k]!;
      aii[n1]! += p[k]!;
      aii[n2]! += p[k]!;
      continue;
    }
    // Open, closed or unable to hold its setting: an ordinary valve.
    valveCoefficients(state, k, net.km[k]!);
    aij[edge]! -= p[k]!;
    aii[n1]! += p[k]!;
    aii[n2]! += p[k]!;
    f[n1]! += y[k]! - flow[k]!;
    f[n2]! -= y[k]! - flow[k]!;
  }
}
