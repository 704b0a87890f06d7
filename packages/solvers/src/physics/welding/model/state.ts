// The state the welding model's phases share (solver.ts runs geometry, mesh and solve; results.ts
// reads it; distortion.ts takes the peak field).

import type { SolverOutput } from '../../../run/types.js';
import type { StructuredMesh, ThermalSolver } from '../../../thermal/index.js';
import type { FrameSchedule } from './frames.js';
import type { WeldingCase } from './parameters.js';
import type { Plan } from './plan.js';
import type { TopFrame, VolumeFrame } from './views.js';

/** What happened in one pass (filled in by the solve phase). */
export interface PassRecord {
  /** Time the torch starts, and the time it leaves the part. */
  start: number;
  end: number;
  /** Slice-history window: its initial state and one past its last step (before the next pass). */
  from: number;
  to: number;
  /** Hottest metal temperature when the pass starts (K). */
  startTemperature: number;
  /** Peak temperature of every cell over the pass and its cooling (or interpass wait). */
  peak: Float64Array;
  sourcePower: number;
  dtPass: number;
  /** Ledger totals (J) over the pass's window: source into the part, bead enthalpy. */
  sourceIn: number;
  deposited: number;
  /** How the wait after it ended: the interpass temperature reached, the longest wait, or the last pass's cooling. */
  waitEnd: 'temperature' | 'time' | 'cooling';
}

export interface State {
  c: WeldingCase;
  plans?: Plan[];
  mesh?: StructuredMesh;
  solver?: ThermalSolver;
  /** −1 for base metal (or void), k for a cell of pass k's bead. */
  cellPass?: Int8Array;
  /** Filler cells to activate, per pass, per x column. */
  fillerByColumn?: number[][][];
  passTime?: number;
  midColumn?: number;
  /** Mid-length slice temperatures (ny·nz) after each step. */
  sliceHistory: Float64Array[];
  /** Ledger snapshots after each step. */
  ledgerHistory: { time: number; sourceIn: number; deposited: number; surfaceLoss: number; evaporated: number; storedChange: number }[];
  topAtPassEnd?: number[];
  passes: PassRecord[];
  /** When the view frames of the first pass are taken (frames.ts). */
  schedule?: FrameSchedule;
  /** Top-surface snapshots for the animated map (topSurface per chosen step). */
  topFrames: TopFrame[];
  /** Whole-part snapshots for the 3-D view: T per cell (mesh order), NO_METAL where there is no metal. */
  volumeFrames: VolumeFrame[];
  output?: SolverOutput;
}
