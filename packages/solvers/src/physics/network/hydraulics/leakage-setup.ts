// The setup of pipe leakage (leakage.ts has the law and its place in the Newton trials): each
// junction's equivalent-emitter coefficients from the leaking pipes around it (EPANET 2.3
// convert_pipe_to_node_leakage, init_node_leakage), in EPANET's units (ft, cfs).

import { FT } from '../units.js';

/** C₀ = 0.6 √(2g) with g in ft/s², times 10⁻⁶ m² per mm² (leakage.c). */
const ORIFICE = 4.8149766e-6;
/** The iterated leakage flows start here (cfs), as the solver needs them non-zero. */
const START_FLOW = 0.001;

export interface PipeLeak {
  /** mm² per 100 m of pipe. */
  leakArea?: number;
  /** mm² per m of pressure head per 100 m of pipe. */
  leakExpansion?: number;
  /** m */
  length: number;
}

/** Each junction's leakage coefficients c_fa and c_va (ft/cfs² and ft/cfs^(2/3)); all zero when no pipe leaks. */
export function junctionLeakage(pipes: readonly PipeLeak[], linkFrom: Int32Array, linkTo: Int32Array, nJunctions: number): { leakCfa: Float64Array; leakCva: Float64Array } {
  const cfa = new Float64Array(nJunctions);
  const cva = new Float64Array(nJunctions);
  pipes.forEach((pipe, k) => {
    const area = pipe.leakArea ?? 0;
    const expansion = pipe.leakExpansion ?? 0;
    if (area === 0 && expansion === 0) return;
    const n1 = linkFrom[k]!;
    const n2 = linkTo[k]!;
    // A pipe between two tanks or reservoirs: neither end can take a demand.
    if (n1 >= nJunctions && n2 >= nJunctions) return;
    // The model's per-100-m values are EPANET's per-100-ft ones times the length unit (input1.c);
    // leakage.c then divides the area by MperFT² and the expansion by MperFT.
    let cArea = (ORIFICE * area * FT) / (FT * FT);
    let cExpansion = (ORIFICE * expansion * FT) / FT;
    let sections = pipe.length / FT / 100;
    if (n1 < nJunctions && n2 < nJunctions) sections *= 0.5;
    cArea *= sections;
    cExpansion *= sections;
    for (const n of [n1, n2]) {
      if (n >= nJunctions) continue;
      cfa[n]! += cArea;
      cva[n]! += cExpansion;
    }
  });
  for (let i = 0; i < nJunctions; i++) {
    cfa[i] = cfa[i]! > 0 ? 1 / (cfa[i]! * cfa[i]!) : 0;
    cva[i] = cva[i]! > 0 ? 1 / cva[i]! ** (2 / 3) : 0;
  }
  return { leakCfa: cfa, leakCva: cva };
}

/** The junctions that leak, and their iterated flows at EPANET's start (init_node_leakage). */
export function leakingJunctions(leakCfa: Float64Array, leakCva: Float64Array): { leaking: Int32Array; qfa: Float64Array; qva: Float64Array } {
  const leaking: number[] = [];
  const qfa = new Float64Array(leakCfa.length);
  const qva = new Float64Array(leakCfa.length);
  for (let i = 0; i < leakCfa.length; i++) {
    if (leakCfa[i] === 0 && leakCva[i] === 0) continue;
    leaking.push(i);
    if (leakCfa[i]! > 0) qfa[i] = START_FLOW;
    if (leakCva[i]! > 0) qva[i] = START_FLOW;
  }
  return { leaking: Int32Array.from(leaking), qfa, qva };
}

