// The energy ledger: what the sources put in, what left through the faces, what filler brought in,
// what evaporation took out, and the stored enthalpy change:
// input + deposited + fixed-temperature inflow − lost − evaporated − Δstored ≈ 0.

export interface EnergyLedger {
  /** J put into solid cells by the sources. */
  sourceIn: number;
  /** J the sources carried but that fell outside the solid (clipped). */
  sourceClipped: number;
  /** J lost by convection and radiation (positive = out). */
  surfaceLoss: number;
  /** J that entered through fixed-temperature faces (positive = in). */
  fixedTemperatureIn: number;
  /** J of enthalpy that activated filler cells brought in. */
  deposited: number;
  /** J that evaporation from hot surfaces took out (positive = out). */
  evaporated: number;
  /** Σ V E now minus at the start (J). */
  storedChange: number;
}

export function emptyLedger(): EnergyLedger {
  return { sourceIn: 0, sourceClipped: 0, surfaceLoss: 0, fixedTemperatureIn: 0, deposited: 0, evaporated: 0, storedChange: 0 };
}

/** (in − lost − Δstored) / max(in scale, |Δstored|): 0 when the books close. */
export function balanceError(ledger: EnergyLedger): number {
  const net = ledger.sourceIn + ledger.fixedTemperatureIn + ledger.deposited - ledger.surfaceLoss - ledger.evaporated;
  const scale = Math.max(Math.abs(ledger.sourceIn) + Math.abs(ledger.fixedTemperatureIn) + Math.abs(ledger.deposited) + Math.abs(ledger.surfaceLoss) + Math.abs(ledger.evaporated), Math.abs(ledger.storedChange), 1e-300);
  return (net - ledger.storedChange) / scale;
}
