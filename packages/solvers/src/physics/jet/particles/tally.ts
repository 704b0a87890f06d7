// What one particle's flight leaves behind, as a fixed record of numbers, and the tally of all the
// records in particle order. A particle's flight depends on nothing but its own start and its own
// random stream (tracking.ts), so the particles can fly on two threads (threads/team.ts: the helper
// takes every other one, into a shared buffer of records); the sums are then added here in the one
// order of the particles, impact by impact, so that one thread and two give the same bits.

/** A record's fields (float64 each): how the flight ended, its impacts, where it was captured. */
const FATE = 0;
const IMPACTS = 1;
/** Speed (m/s) and angle to the surface (rad) at the first impact. */
const FIRST_SPEED = 2;
const FIRST_ANGLE = 3;
const CAPTURE_BIN = 4;
/** Then per impact: the bin it struck and the volume it eroded per second (m³/s). */
const EVENTS = 5;

export const MAX_IMPACTS = 20;
/** Numbers per particle. */
export const RECORD = EVENTS + 2 * MAX_IMPACTS;

export type Fate = 'captured' | 'escaped' | 'lost';
const FATES: readonly Fate[] = ['lost', 'captured', 'escaped'];

/** One particle's record, written as it flies: record `p` of `records`. */
export class FlightRecord {
  private readonly at: number;

  constructor(
    private readonly records: Float64Array,
    p: number,
  ) {
    this.at = p * RECORD;
    records.fill(0, this.at, this.at + RECORD);
  }

  get impacts(): number {
    return this.records[this.at + IMPACTS]!;
  }

  /** An impact on bin `bin` that eroded `volume` (m³/s); the first one keeps its speed and angle. */
  impact(bin: number, volume: number, speed: number, angle: number): void {
    const { records, at } = this;
    const k = records[at + IMPACTS]!;
    if (k === 0) {
      records[at + FIRST_SPEED] = speed;
      records[at + FIRST_ANGLE] = angle;
    }
    records[at + EVENTS + 2 * k] = bin;
    records[at + EVENTS + 2 * k + 1] = volume;
    records[at + IMPACTS] = k + 1;
  }

  capture(bin: number): void {
    this.records[this.at + FATE] = 1;
    this.records[this.at + CAPTURE_BIN] = bin;
  }

  escape(): void {
    this.records[this.at + FATE] = 2;
  }

  get fate(): Fate {
    return FATES[this.records[this.at + FATE]!]!;
  }
}

export interface Tally {
  /** Mass shares: that hit the target, captured, escaped, still airborne. */
  impacted: number;
  captured: number;
  escaped: number;
  lost: number;
  /** Share-weighted sums of the speed and angle at the first impact. */
  impactSpeed: number;
  impactAngle: number;
  /** Per bin: captured mass flow (kg/s) and eroded volume (m³/s). */
  depositionMass: Float64Array;
  erodedVolume: Float64Array;
}

/** The records of `shares.length` particles added in particle order (`massFlow`: the particles' total, kg/s). */
export function tallyFlights(records: Float64Array, shares: Float64Array, massFlow: number, bins: number): Tally {
  const tally: Tally = { impacted: 0, captured: 0, escaped: 0, lost: 0, impactSpeed: 0, impactAngle: 0, depositionMass: new Float64Array(bins), erodedVolume: new Float64Array(bins) };
  for (let p = 0; p < shares.length; p++) {
    const at = p * RECORD;
    const share = shares[p]!;
    const impacts = records[at + IMPACTS]!;
    for (let k = 0; k < impacts; k++) tally.erodedVolume[records[at + EVENTS + 2 * k]!] += records[at + EVENTS + 2 * k + 1]!;
    if (impacts > 0) {
      tally.impacted += share;
      tally.impactSpeed += share * records[at + FIRST_SPEED]!;
      tally.impactAngle += share * records[at + FIRST_ANGLE]!;
    }
    const fate = records[at + FATE]!;
    if (fate === 1) {
      tally.depositionMass[records[at + CAPTURE_BIN]!] += share * massFlow;
      tally.captured += share;
    } else if (fate === 2) tally.escaped += share;
    else tally.lost += share;
  }
  return tally;
}
