// The plate heat exchanger between the geothermal brine and the plant water, by the
// effectiveness-NTU method for pure counterflow (the usual arrangement of plate exchangers):
//
//   NTU = UA / C_min,   C_r = C_min / C_max,   C = ṁ c_p
//   ε = (1 - exp(-NTU (1 - C_r))) / (1 - C_r exp(-NTU (1 - C_r)))     (C_r < 1)
//   ε = NTU / (1 + NTU)                                                  (C_r = 1)
//   Q = ε C_min (T_hot,in - T_cold,in)
//
// (F. P. Incropera, D. P. DeWitt et al., "Fundamentals of Heat and Mass Transfer", 6th ed., 2007,
// Table 11.3, counterflow.) UA is taken as constant (no change with flow or temperature).

/** Below this |1 - C_r| the balanced-flow limit is used (the general form loses digits there). */
const BALANCED_TOLERANCE = 1e-9;

export function counterflowEffectiveness(ntu: number, capacityRatio: number): number {
  if (!(ntu > 0)) return 0;
  const oneMinus = 1 - capacityRatio;
  if (Math.abs(oneMinus) < BALANCED_TOLERANCE) return ntu / (1 + ntu);
  const e = Math.exp(-ntu * oneMinus);
  return (1 - e) / (1 - capacityRatio * e);
}

export interface HeatExchangerStreams {
  /** UA, W/K. */
  conductance: number;
  /** ṁ c_p of the hot (brine) and cold (plant) streams, W/K. */
  hotCapacityRate: number;
  coldCapacityRate: number;
}

export interface HeatExchangerRating {
  effectiveness: number;
  ntu: number;
  /** ε C_min, W/K: Q = ε C_min (T_hot,in - T_cold,in). */
  effectiveConductance: number;
}

export function rateHeatExchanger(streams: HeatExchangerStreams): HeatExchangerRating {
  const cMin = Math.min(streams.hotCapacityRate, streams.coldCapacityRate);
  const cMax = Math.max(streams.hotCapacityRate, streams.coldCapacityRate);
  if (!(cMin > 0)) return { effectiveness: 0, ntu: 0, effectiveConductance: 0 };
  const ntu = streams.conductance / cMin;
  const effectiveness = counterflowEffectiveness(ntu, cMin / cMax);
  return { effectiveness, ntu, effectiveConductance: effectiveness * cMin };
}
