// Pumping energy and its cost, as EPANET 2.3 accounts for them (hydraul.c getenergy, addenergy;
// output.c saveenergy).
//
// A running pump lifting Q through the head H at efficiency η draws P = ρ g Q H / η. EPANET evaluates
// it in its own units, P [kW] = H [ft] · Q [cfs] · SG / 8.814 / η · 0.7457 (8.814 ft·lbf/s per hp
// for water of 62.4 lb/ft³), which is kept here so that the figures match it. η is the network's
// efficiency, or the pump's efficiency curve at the flow scaled to speed 1 (Q/N), corrected for speed
// by Sarbu and Borza's η_N = 100 − (100 − η₁)·(1/N)^0.1, held within 1–100 %. Each hydraulic step
// adds its power times its length to the pump's energy and the price of the step's pattern period to
// its cost; the largest total power of the run sets the demand charge.

import { CFS, FT } from '../units.js';
import type { CompiledNetwork } from './compile.js';
import { CLOSED, QZERO } from './constants.js';
import { interpolate } from './interpolate.js';
import type { HydraulicState } from './state.js';

/** EPANET's constants: ft·lbf/s per hp over the weight of water (lb/ft³), and kW per hp. */
const HP_FACTOR = 8.814;
const KW_PER_HP = 0.7457;

export interface PumpEnergyReport {
  pump: string;
  /** Share of the run the pump ran, %. */
  utilisation: number;
  /** Time-averaged efficiency while running, %. */
  averageEfficiency: number;
  /** Energy per volume pumped, kWh/m³ (time-averaged P/Q). */
  kwhPerCubicMetre: number;
  averageKw: number;
  peakKw: number;
  /** Cost of a day at the run's average rate. */
  costPerDay: number;
}

export interface EnergyReport {
  pumps: PumpEnergyReport[];
  /** Largest total pumping power of the run, kW, times the demand charge. */
  demandCharge: number;
  peakKw: number;
  /** Σ pump cost per day + demand charge (EPANET's total). */
  totalCost: number;
}

/** Accumulates each pump's energy over the hydraulic steps of a run. */
export class EnergyMeter {
  private readonly power: Float64Array;
  private readonly efficiency: Float64Array;
  private readonly hours: Float64Array;
  private readonly efficiencyHours: Float64Array;
  private readonly kwPerFlowHours: Float64Array;
  private readonly kwh: Float64Array;
  private readonly peak: Float64Array;
  private readonly cost: Float64Array;
  private peakTotal = 0;

  constructor(private readonly net: CompiledNetwork) {
    const n = net.pumps.length;
    this.power = new Float64Array(n);
    this.efficiency = new Float64Array(n);
    this.hours = new Float64Array(n);
    this.efficiencyHours = new Float64Array(n);
    this.kwPerFlowHours = new Float64Array(n);
    this.kwh = new Float64Array(n);
    this.peak = new Float64Array(n);
    this.cost = new Float64Array(n);
  }

  /** Power (kW) and efficiency (fraction, 0 when off) of every pump at the current solution. */
  measure(state: HydraulicState): { power: Float64Array; efficiency: Float64Array } {
    const net = this.net;
    net.pumps.forEach((pump, j) => {
      const k = pump.link;
      if (state.status[k]! <= CLOSED) {
        this.power[j] = 0;
        this.efficiency[j] = 0;
        return;
      }
      const q = Math.abs(state.flow[k]!);
      const dh = Math.abs(state.head[net.linkFrom[k]!]! - state.head[net.linkTo[k]!]!);
      const curve = net.energy.pumps[j]?.curve;
      let e = net.energy.efficiency;
      if (curve) {
        const speed = state.setting[k]!;
        e = interpolate(curve.x, curve.y, q / speed);
        e = 100 - (100 - e) * (1 / speed) ** 0.1;
      }
      e = Math.max(Math.min(e, 100), 1) / 100;
      this.power[j] = (((dh / FT) * (q / CFS) * net.options.specificGravity) / HP_FACTOR / e) * KW_PER_HP;
      this.efficiency[j] = e;
    });
    return { power: this.power, efficiency: this.efficiency };
  }

  /** Adds the measured powers over a step of `hours` starting at `time` (s). */
  add(state: HydraulicState, hours: number): void {
    if (hours === 0) return;
    const net = this.net;
    const energy = net.energy;
    const period = Math.floor((state.time + net.times.patternStart) / net.times.patternStep);
    const factor = (pattern: number) => {
      const multipliers = net.patterns[pattern]!;
      return multipliers[period % multipliers.length]!;
    };
    const globalFactor = energy.pattern > 0 ? factor(energy.pattern) : 1;
    let total = 0;
    net.pumps.forEach((pump, j) => {
      if (this.efficiency[j] === 0) return;
      const q = Math.max(QZERO, Math.abs(state.flow[pump.link]!)) / CFS;
      const own = energy.pumps[j]!;
      let price = own.price > 0 ? own.price : energy.price;
      price *= own.pattern > 0 ? factor(own.pattern) : globalFactor;
      const p = this.power[j]!;
      total += p;
      this.hours[j]! += hours;
      this.efficiencyHours[j]! += this.efficiency[j]! * hours;
      this.kwPerFlowHours[j]! += (p / q) * hours;
      this.kwh[j]! += p * hours;
      this.peak[j] = Math.max(this.peak[j]!, p);
      this.cost[j]! += price * p * hours;
    });
    this.peakTotal = Math.max(this.peakTotal, total);
  }

  /** The run's figures per pump (EPANET's energy report), duration in s. */
  report(duration: number): EnergyReport {
    const hdur = duration / 3600;
    let costs = 0;
    const pumps = this.net.pumps.map((pump, j): PumpEnergyReport => {
      const t = this.hours[j]!;
      const averaged = (x: number) => (hdur > 0 && t > 0 ? x / t : x);
      const costPerDay = hdur === 0 ? this.cost[j]! * 24 : (this.cost[j]! * 24) / hdur;
      costs += costPerDay;
      return {
        pump: this.net.linkIds[pump.link]!,
        utilisation: (hdur === 0 ? t : t / hdur) * 100,
        averageEfficiency: averaged(this.efficiencyHours[j]!) * 100,
        // kW per cfs → kW per m³/s → kWh per m³.
        kwhPerCubicMetre: (averaged(this.kwPerFlowHours[j]!) / CFS) / 3600,
        averageKw: averaged(this.kwh[j]!),
        peakKw: this.peak[j]!,
        costPerDay,
      };
    });
    const demandCharge = this.peakTotal * this.net.energy.demandCharge;
    return { pumps, demandCharge, peakKw: this.peakTotal, totalCost: costs + demandCharge };
  }
}
