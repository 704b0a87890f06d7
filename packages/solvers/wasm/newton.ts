// AssemblyScript source of the per-cell loops of the implicit step's Newton iteration on the
// enthalpy (src/thermal/solver.ts advanceImplicit, one material), built into the same module as the
// conduction kernel. solver.ts keeps the TypeScript loops as the reference: each cell's values come
// from the same operations in the same order, with EnthalpyTable's enthalpyAt, capacityAt and
// temperatureAt written out below, so the iterates are bitwise the same (step-wasm.test.ts). The
// maxima (worst, scale) do not depend on the order of the cells.
//
// Layout: every array is in the imported memory at the byte offset passed in; `solid` lists the
// metal cells (i32, `count` of them), `mask` marks them (u8, 1 = metal); the table is the one
// useTable selected (wasm/table.ts).

import { capacityAt, enthalpyAt, temperatureAt } from './table';

const SOLID: u8 = 1;

@inline function at(p: usize): f64 { return load<f64>(p); }

/** The step's first iterate: T extrapolated in time (when extrapolation > 0), Tlast = T⁰, E(T). */
export function newtonStart(oT: usize, oTlast: usize, oEnthalpy: usize, oSolid: usize, count: i32, extrapolation: f64): void {
  for (let c = 0; c < count; c++) {
    const q = <usize>load<i32>(oSolid + (<usize>c << 2)) << 3;
    const t = at(oT + q);
    if (extrapolation > 0) store<f64>(oT + q, t + extrapolation * (t - at(oTlast + q)));
    store<f64>(oTlast + q, t);
    store<f64>(oEnthalpy + q, enthalpyAt(at(oT + q)));
  }
}

/** One iteration's linear system in the metal cells: slope, D, rhs, and Tnext = T (the CG start). */
export function newtonSystem(oT: usize, oPreviousT: usize, oEnthalpy: usize, oPreviousE: usize, oSlope: usize, oVolume: usize, oSums: usize, oEold: usize, oFluxOld: usize, oQ: usize, oD: usize, oRhs: usize, oTnext: usize, oSolid: usize, count: i32, secant: bool, dt: f64, theta: f64): void {
  for (let c = 0; c < count; c++) {
    const q = <usize>load<i32>(oSolid + (<usize>c << 2)) << 3;
    const t = at(oT + q);
    const change = t - at(oPreviousT + q);
    const s = secant && Math.abs(change) >= 1e-9 ? (at(oEnthalpy + q) - at(oPreviousE + q)) / change : capacityAt(t);
    store<f64>(oSlope + q, s);
    const a = (at(oVolume + q) * s) / dt;
    store<f64>(oD + q, a + theta * at(oSums + q));
    store<f64>(oRhs + q, a * t - (at(oVolume + q) * (at(oEnthalpy + q) - at(oEold + q))) / dt + at(oFluxOld + q) + at(oQ + q));
    store<f64>(oTnext + q, t);
  }
}

/**
 * The iterate after the linear solve (Voller–Swaminathan, or plain when `plain`); writes
 * max |E(T*) − E_linear| and max |E(T*) − E⁰| at oMaxima.
 */
export function newtonUpdate(oT: usize, oPreviousT: usize, oEnthalpy: usize, oPreviousE: usize, oSlope: usize, oEold: usize, oTnext: usize, oSolid: usize, count: i32, plain: bool, oMaxima: usize): void {
  let worst = 0.0;
  let scale = 0.0;
  for (let c = 0; c < count; c++) {
    const q = <usize>load<i32>(oSolid + (<usize>c << 2)) << 3;
    const now = at(oEnthalpy + q);
    const tNext = at(oTnext + q);
    const linear = now + at(oSlope + q) * (tNext - at(oT + q));
    const exact = enthalpyAt(tNext);
    worst = Math.max(worst, Math.abs(exact - linear));
    scale = Math.max(scale, Math.abs(exact - at(oEold + q)));
    if (plain) {
      store<f64>(oPreviousT + q, at(oT + q));
      store<f64>(oPreviousE + q, now);
      store<f64>(oEnthalpy + q, exact);
      store<f64>(oT + q, tNext);
      continue;
    }
    const low = now < exact ? now : exact;
    const high = now < exact ? exact : now;
    const bounded = linear < low ? low : linear > high ? high : linear;
    store<f64>(oEnthalpy + q, bounded);
    store<f64>(oT + q, temperatureAt(bounded, tNext));
  }
  store<f64>(oMaxima, worst);
  store<f64>(oMaxima + 8, scale);
}

/** The conservative update in the metal cells: E = E⁰ + Δt (θ flux + fluxOld + Q) / V, T = T(E). */
export function conservativeUpdate(oE: usize, oT: usize, oEold: usize, oFlux: usize, oFluxOld: usize, oQ: usize, oVolume: usize, oMask: usize, n: i32, dt: f64, theta: f64): void {
  for (let i = 0; i < n; i++) {
    if (load<u8>(oMask + <usize>i) != SOLID) continue;
    const q = <usize>i << 3;
    const E = at(oEold + q) + (dt * (theta * at(oFlux + q) + at(oFluxOld + q) + at(oQ + q))) / at(oVolume + q);
    store<f64>(oE + q, E);
    store<f64>(oT + q, temperatureAt(E, at(oT + q)));
  }
}

/**
 * The start of a backward-Euler step (θ = 1) over cells [from, to) (solver.ts advanceImplicit): E⁰
 * kept (Eold = E), no old-time flux, the matrix's off-diagonals the face conductances, and each cell
 * without metal a decoupled row that keeps its temperature (D = 1, rhs = Tnext = T). Copies only:
 * the TypeScript path's values bit for bit, and any two ranges can run on two threads.
 */
export function implicitStart(oE: usize, oEold: usize, oFluxOld: usize, oGx: usize, oGy: usize, oGz: usize, oOx: usize, oOy: usize, oOz: usize, oMask: usize, oT: usize, oD: usize, oRhs: usize, oTnext: usize, from: i32, to: i32): void {
  for (let i = from; i < to; i++) {
    const q = <usize>i << 3;
    store<f64>(oEold + q, at(oE + q));
    store<f64>(oFluxOld + q, 0.0);
    store<f64>(oOx + q, at(oGx + q));
    store<f64>(oOy + q, at(oGy + q));
    store<f64>(oOz + q, at(oGz + q));
    if (load<u8>(oMask + <usize>i) == SOLID) continue;
    const t = at(oT + q);
    store<f64>(oD + q, 1.0);
    store<f64>(oRhs + q, t);
    store<f64>(oTnext + q, t);
  }
}
