// Pipe leakage as EPANET 2.3 models it (leakage.c): the FAVAD law for a leak of area A₀ that opens
// by m per unit of pressure head h,
//
//   Q = C₀ (A₀ + m h) √h,   C₀ = 0.6 √(2g),
//
// split between a pipe's end junctions (half each, all of it at a junction whose other end is a
// reservoir or tank) and summed per junction into two equivalent emitters, one per term, inverted:
//
//   h = c_fa Q_fa²,   c_fa = 1 / (Σ C₀ A₀)²          (fixed area)
//   h = c_va Q_va^(2/3),  c_va = 1 / (Σ C₀ m)^(2/3)  (variable area)
//
// The global gradient algorithm carries them like emitters: a conductance on the junction's
// diagonal, a flow update after each head solve, and a convergence test of its own (the leakage a
// junction's pressure asks for within 0.0001 cfs of the iterate). A barrier term keeps the iterated
// flows from going negative. The arithmetic is EPANET's, in its units (ft, cfs), so the results
// match it; the hydraulic state is in SI and converts at the boundary.

import { CFS, FT } from '../units.js';
import type { HydraulicState } from './state.js';

/** Convergence of a junction's leakage, cfs (leakagehasconverged). */
const FLOW_TOLERANCE = 0.0001;


/** Head loss (ft) and its gradient (ft/cfs) of h = c q^(1/n), with the barrier against q < 0 (eval_leak_headloss). */
function inverted(q: number, c: number, n: number, out: { h: number; g: number }): void {
  const e = 1 / n;
  let g = e * c * Math.abs(q) ** (e - 1);
  let h = (g * q) / e;
  const a = 1e9 * q;
  const b = Math.sqrt(a * a + 1e-6);
  h += (a - b) / 2;
  g += (1e9 / 2) * (1 - a / b);
  out.h = h;
  out.g = g;
}

const fixed = { h: 0, g: 0 };
const variable = { h: 0, g: 0 };

/** Fills `fixed` and `variable` for junction i (a zero coefficient gives zeros). */
function headlosses(state: HydraulicState, i: number): void {
  const cfa = state.net.leakCfa[i]!;
  const cva = state.net.leakCva[i]!;
  if (cfa === 0) fixed.h = fixed.g = 0;
  else inverted(state.leakQfa[i]!, cfa, 0.5, fixed);
  if (cva === 0) variable.h = variable.g = 0;
  else inverted(state.leakQva[i]!, cva, 1.5, variable);
}

/** Adds each leaking junction's terms to the head equations (leakagecoeffs), in SI. */
export function leakageTerms(state: HydraulicState, aii: Float64Array, f: Float64Array, xflow: Float64Array): void {
  const { net, leaking } = state;
  for (let at = 0; at < leaking.length; at++) {
    const i = leaking[at]!;
    headlosses(state, i);
    const elevationFt = net.elevation[i]! / FT;
    // 1/g cfs per ft is CFS/FT m³/s per m; (h + El)/g cfs is CFS m³/s.
    if (fixed.g > 0) {
      aii[i]! += CFS / (fixed.g * FT);
      f[i]! += ((fixed.h + elevationFt) / fixed.g) * CFS;
    }
    if (variable.g > 0) {
      aii[i]! += CFS / (variable.g * FT);
      f[i]! += ((variable.h + elevationFt) / variable.g) * CFS;
    }
    xflow[i]! -= (state.leakQfa[i]! + state.leakQva[i]!) * CFS;
  }
}

/** New leakage flows from the new heads (newleakageflows); adds to the sums of the relative flow change (SI). */
export function updateLeakageFlows(state: HydraulicState, sums: { qsum: number; dqsum: number; maxFlowChange: number }): void {
  const { net, leaking, head } = state;
  const relax = state.relaxFactor;
  for (let at = 0; at < leaking.length; at++) {
    const i = leaking[at]!;
    headlosses(state, i);
    const h = (head[i]! - net.elevation[i]!) / FT;
    let dqfa = 0;
    if (fixed.g > 0) {
      dqfa = ((fixed.h - h) / fixed.g) * relax;
      state.leakQfa[i]! -= dqfa;
    }
    let dqva = 0;
    if (variable.g > 0) {
      dqva = ((variable.h - h) / variable.g) * relax;
      state.leakQva[i]! -= dqva;
    }
    state.leakageFlow[i] = (state.leakQfa[i]! + state.leakQva[i]!) * CFS;
    const dq = (dqfa + dqva) * CFS;
    if (dq === 0) continue;
    sums.qsum += Math.abs(state.leakageFlow[i]!);
    sums.dqsum += Math.abs(dq);
    sums.maxFlowChange = Math.max(sums.maxFlowChange, Math.abs(dq));
  }
}

/** Every leaking junction's iterated flow within 0.0001 cfs of what its pressure head asks for (leakagehasconverged). */
export function leakageConverged(state: HydraulicState): boolean {
  const { net, leaking, head } = state;
  for (let at = 0; at < leaking.length; at++) {
    const i = leaking[at]!;
    const h = (head[i]! - net.elevation[i]!) / FT;
    const cfa = net.leakCfa[i]!;
    const cva = net.leakCva[i]!;
    let reference = 0;
    if (h > 0) {
      if (cfa > 0) reference = Math.sqrt(h / cfa);
      if (cva > 0) reference += (h / cva) ** 1.5;
    }
    if (Math.abs(reference - (state.leakQfa[i]! + state.leakQva[i]!)) > FLOW_TOLERANCE) return false;
  }
  return true;
}
