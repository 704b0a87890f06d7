// The jets' RANS solver on two threads (docs/adr/0045-jet-solver-on-two-threads.md). The run's solver
// takes its fields and work arrays from a shared arena; a helper thread builds the same solver from
// the same case on those arrays (helper-task.ts) and then runs, on command, part 1 of each loop that
// splits (parts.ts: its bands of rows). The run's thread runs part 0 and waits. A part writes only its
// own rows, and the sums are added in one order, so one thread running both parts gives the bits of two.

import { CommandBlock } from '../../../run/command-block.js';
import type { HelperChannel, HelperThreads } from '../../../run/helper-threads.js';
import type { AbortCheck } from '../../../run/types.js';
import type { ImpingingJetOptions } from '../impinging-jet.js';
import { RECORD } from '../particles/tally.js';
import type { JetTracking, ParticleSplit } from '../particles/types.js';

export const JET_TEAM_TASK = 'jet-team';

/**
 * What the helper is given: the options of the flow case (plain data; the case itself holds functions,
 * and is built again from them), the shared arrays in allocation order, the command block.
 */
export interface JetTeamData {
  options: ImpingingJetOptions;
  buffers: SharedArrayBuffer[];
  control: SharedArrayBuffer;
  /** A case with particles: their tracking and the records of their flights (particles/tally.ts). */
  particles?: { tracking: JetTracking; records: SharedArrayBuffer };
}

/** The command that has the helper fly its part of the particles (above every loop's number). */
export const PARTICLES_OP = 1 << 30;

/** How long the run waits for the helper's copy of the solver before it goes on alone (ms). */
const READY_WITHIN_MS = 60_000;
const READY_POLL_MS = 20;

export class JetTeam {
  private open = true;
  /** Joins since the last lateShare(), and how many of them waited for a late helper. */
  private joins = 0;
  private late = 0;

  private constructor(
    private readonly block: CommandBlock,
    private readonly channel: HelperChannel,
    private readonly particleRecords: Float64Array | undefined,
  ) {}

  /**
   * A helper building the solver of `options`' flow case on `buffers`, or undefined where none can be
   * had; with `tracking`, it can fly half the particles afterwards (particleSplit()).
   */
  static start(helpers: HelperThreads, options: ImpingingJetOptions, buffers: SharedArrayBuffer[], tracking?: JetTracking): JetTeam | undefined {
    const block = new CommandBlock();
    const records = tracking ? new SharedArrayBuffer(8 * RECORD * tracking.settings.count) : undefined;
    const data: JetTeamData = { options, buffers, control: block.buffer, ...(tracking && records ? { particles: { tracking, records } } : {}) };
    let channel: HelperChannel | undefined;
    try {
      channel = helpers.start(JET_TEAM_TASK, data);
    } catch {
      return undefined;
    }
    return channel ? new JetTeam(block, channel, records && new Float64Array(records)) : undefined;
  }

  /** The particles on two threads: the helper flies its part into the shared records (undefined: no particles). */
  particleSplit(): ParticleSplit | undefined {
    const records = this.particleRecords;
    if (!records || !this.open) return undefined;
    return {
      records,
      post: () => this.post(PARTICLES_OP, []),
      join: () => void this.join(),
    };
  }

  /**
   * Waits until the helper serves (its solver built); false when it failed or took too long (the run
   * then goes on alone). `checkAbort` is polled while waiting.
   */
  waitReady(checkAbort: AbortCheck): boolean {
    const since = Date.now();
    while (Date.now() - since < READY_WITHIN_MS) {
      checkAbort();
      if (this.block.waitReady(READY_POLL_MS)) return true;
      if (this.block.failed) break;
    }
    this.stop(true);
    return false;
  }

  /** Posts the helper's part of loop `op`. */
  post(op: number, args: readonly number[]): void {
    this.block.post(op, args);
  }

  /** Waits for the helper's part; returns its results (partial sums). */
  join(): Float64Array {
    this.joins++;
    if (this.block.join()) this.late++;
    return this.block.results;
  }

  /** The share of the joins since the last call that waited for a late helper (0 without joins). */
  lateShare(): number {
    const share = this.joins > 0 ? this.late / this.joins : 0;
    this.joins = this.late = 0;
    return share;
  }

  /** Ends the helper's loop; `failed`: ends its thread too. */
  stop(failed = false): void {
    if (!this.open) return;
    this.open = false;
    this.block.stop();
    this.channel.close(failed || this.block.failed);
  }
}
