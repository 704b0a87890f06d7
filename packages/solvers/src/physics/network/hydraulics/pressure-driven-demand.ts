// Pressure-driven demand, as EPANET 2.3 solves it (hydcoeffs.c demandcoeffs, hydsolver.c
// newdemandflows and pdaconverged).
//
// A junction with full demand D delivers d(p) = D·((p − pmin) / (preq − pmin))^e for pmin < p < preq,
// nothing at or below pmin and D at or above preq (Wagner et al. 1988). The delivered demand is
// carried like an emitter: a virtual link from the junction to a reservoir at elevation + pmin whose
// head loss is the inverted demand function h(d) = (preq − pmin)·(d / D)^(1/e), with barriers that
// hold d between 0 and D. Each trial adds 1/h′ to the junction's diagonal and updates d by Newton's
// step from the new head, limited to 40 % of D.

import type { HydraulicState } from './state.js';
import { BARRIER_SLOPE, PDA_MIN_RANGE, PDA_QTOL } from './constants.js';
import { CFS, FT } from '../units.js';

/** Head loss in ft per cfs of EPANET's barriers, in m per m³/s. */
const GRADIENT = FT / CFS;

/** Head loss h and gradient h′ of delivering demand d of full demand dfull over pressure range dp (m). */
export function demandHeadloss(d: number, dfull: number, dp: number, n: number): { hloss: number; hgrad: number } {
  const r = Math.abs(d) / dfull;
  let hgrad = (n * dp * r ** (n - 1)) / dfull;
  let hloss = (hgrad * d) / n;
  // EPANET's lower barrier at d = 0 and upper barrier at d = dfull, in its units (ft, cfs).
  let a = (BARRIER_SLOPE * d) / CFS;
  let b = Math.sqrt(a * a + 1e-6);
  hloss += (FT * (a - b)) / 2;
  hgrad += (GRADIENT * BARRIER_SLOPE * (1 - a / b)) / 2;
  a = (BARRIER_SLOPE * (d - dfull)) / CFS;
  b = Math.sqrt(a * a + 1e-6);
  hloss += (FT * (a + b)) / 2;
  hgrad += (GRADIENT * BARRIER_SLOPE * (1 + a / b)) / 2;
  return { hloss, hgrad };
}

/** Adds the demand terms to the head equations (before the nodal flow balance is added). */
export function assembleDemandTerms(state: HydraulicState, diagonal: Float64Array, rhs: Float64Array): void {
  const pda = state.net.options.pda;
  if (!pda) return;
  const dp = pda.preq - pda.pmin;
  const n = 1 / pda.pexp;
  const { fullDemand, demandFlow } = state;
  const elevation = state.net.elevation;
  for (let i = 0; i < state.net.nJunctions; i++) {
    const dfull = fullDemand[i]!;
    if (dfull <= 0) continue;
    const { hloss, hgrad } = demandHeadloss(demandFlow[i]!, dfull, dp, n);
    if (hgrad > 0) {
      diagonal[i]! += 1 / hgrad;
      rhs[i]! += (hloss + elevation[i]! + pda.pmin) / hgrad;
    }
  }
}

/** Newton update of the delivered demands from new heads; adds to the flow sums of the trial. */
export function updateDemandFlows(state: HydraulicState, sums: { qsum: number; dqsum: number; maxFlowChange: number }): void {
  const pda = state.net.options.pda;
  if (!pda) return;
  const dp = Math.max(pda.preq - pda.pmin, PDA_MIN_RANGE);
  const n = 1 / pda.pexp;
  const { fullDemand, demandFlow, head } = state;
  const elevation = state.net.elevation;
  for (let i = 0; i < state.net.nJunctions; i++) {
    const dfull = fullDemand[i]!;
    if (dfull <= 0) continue;
    const { hloss, hgrad } = demandHeadloss(demandFlow[i]!, dfull, dp, n);
    const dh = head[i]! - elevation[i]! - pda.pmin;
    let dq = ((hloss - dh) / hgrad) * state.relaxFactor;
    if (Math.abs(dq) > 0.4 * dfull) dq = 0.4 * Math.sign(dq) * dfull;
    demandFlow[i]! -= dq;
    sums.qsum += Math.abs(demandFlow[i]!);
    sums.dqsum += Math.abs(dq);
    sums.maxFlowChange = Math.max(sums.maxFlowChange, Math.abs(dq));
  }
}

/** Demand the pressure function gives at the current heads, m³/s. */
export function demandAtPressure(state: HydraulicState, i: number): number {
  const pda = state.net.options.pda!;
  const dfull = state.fullDemand[i]!;
  const p = state.head[i]! - state.net.elevation[i]!;
  if (p <= pda.pmin) return 0;
  if (p >= pda.preq) return dfull;
  return dfull * ((p - pda.pmin) / (pda.preq - pda.pmin)) ** pda.pexp;
}

/** EPANET's extra test: every delivered demand within 1e-4 cfs of the demand at its pressure. */
export function demandsConverged(state: HydraulicState): boolean {
  if (!state.net.options.pda) return true;
  for (let i = 0; i < state.net.nJunctions; i++) {
    if (state.fullDemand[i]! <= 0) continue;
    if (Math.abs(demandAtPressure(state, i) - state.demandFlow[i]!) > PDA_QTOL) return false;
  }
  return true;
}
