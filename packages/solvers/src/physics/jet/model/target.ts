// The impingement target's wall (the plate, or the ridge and the plate beside it) as one profile
// ordered by the distance s from the jet axis across the plate, with the averages the summary needs.
//
//   Nu_avg(r) = Σ_{s ≤ r} Nu A / Σ_{s ≤ r} A     (A the face areas: ∝ r dr for a round jet, the
//                                                 surface length per metre for a slot; faces whose
//                                                 centre lies within r)
//
// Nusselt numbers of slot jets are based on the slot's hydraulic diameter 2W, as Martin's (1977)
// slot correlation; those of round jets on the diameter D.

import type { FlowSolution, WallProfile } from '../post/post.js';

export interface TargetProfile {
  /** Distance from the jet axis across the plate (m), face heights above the plate (m). */
  s: number[];
  height: number[];
  area: number[];
  nusselt: number[];
  heatFlux: number[];
  pressure: number[];
  pressureCoefficient: number[];
  shear: number[];
  yPlus: number[];
}

/**
 * The plate's and the obstacle's faces, sorted by s (then from the top down). On a σ grid the ridge's
 * faces are the xmax wall's raised part (no obstacle): the same sort, heights from their midpoints, and
 * areas the surface's true arc length (a staircase's are its steps' treads and risers).
 */
export function targetProfile(solution: FlowSolution, options: { plateX: number; nusseltScale: number }): TargetProfile {
  const walls = solution.walls.filter((w) => w.side === 'xmax' || w.side === 'obstacle');
  const rows: { s: number; x: number; m: number; wall: WallProfile }[] = [];
  for (const wall of walls) for (let m = 0; m < wall.s.length; m++) rows.push({ s: wall.y[m]!, x: wall.x[m]!, m, wall });
  rows.sort((a, b) => a.s - b.s || a.x - b.x);
  const pick = (key: 'area' | 'nusselt' | 'heatFlux' | 'pressure' | 'pressureCoefficient' | 'shear' | 'yPlus', scale = 1): number[] => rows.map((row) => row.wall[key][row.m]! * scale);
  return {
    s: rows.map((row) => row.s),
    height: rows.map((row) => options.plateX - row.x),
    area: pick('area'),
    nusselt: pick('nusselt', options.nusseltScale),
    heatFlux: pick('heatFlux'),
    pressure: pick('pressure'),
    pressureCoefficient: pick('pressureCoefficient'),
    shear: pick('shear'),
    yPlus: pick('yPlus'),
  };
}

/** Area-averaged Nusselt number over the faces with s ≤ r (the first face's when r lies inside it). */
export function averageNusselt(target: TargetProfile, r: number): number {
  let sum = 0;
  let area = 0;
  for (let m = 0; m < target.s.length && target.s[m]! <= r; m++) {
    sum += target.nusselt[m]! * target.area[m]!;
    area += target.area[m]!;
  }
  return area > 0 ? sum / area : target.nusselt[0]!;
}

/** The running area average Nu_avg(s_m) at every face. */
export function runningAverageNusselt(target: TargetProfile): number[] {
  let sum = 0;
  let area = 0;
  return target.s.map((_, m) => {
    sum += target.nusselt[m]! * target.area[m]!;
    area += target.area[m]!;
    return sum / area;
  });
}

/**
 * First-cell y⁺ of the plate and of the obstacle's faces: the largest and the area mean. The flow
 * solver's walls are wall-resolved (linear laws over the first half cell, Menter's ω on the face), so
 * these say whether a run's walls were within that treatment's range. On a terrain-following (σ) grid
 * (a curvilinear solution) the ridge's faces are part of the xmax wall: its faces above the plate
 * (height plateX − x > 0, given `plateX`) are the ridge faces, the rest the plate.
 */
export function wallYPlus(solution: FlowSolution, plateX?: number): { wall: 'plate' | 'ridge faces'; max: number; mean: number }[] {
  const out: { wall: 'plate' | 'ridge faces'; max: number; mean: number }[] = [];
  const plate = solution.centroids !== undefined ? plateX : undefined;
  const add = (wall: 'plate' | 'ridge faces', profile: WallProfile, take: (m: number) => boolean) => {
    let [max, sum, area] = [0, 0, 0];
    for (let m = 0; m < profile.s.length; m++) {
      if (!take(m)) continue;
      max = Math.max(max, profile.yPlus[m]!);
      sum += profile.yPlus[m]! * profile.area[m]!;
      area += profile.area[m]!;
    }
    if (area > 0 || plate === undefined) out.push({ wall, max, mean: area > 0 ? sum / area : 0 });
  };
  for (const w of solution.walls) {
    if (w.side === 'obstacle') add('ridge faces', w, () => true);
    else if (w.side === 'xmax' && plate === undefined) add('plate', w, () => true);
    else if (w.side === 'xmax' && plate !== undefined) {
      const raised = (m: number) => raisedAbovePlate(plate, w.x[m]!);
      add('plate', w, (m) => !raised(m));
      add('ridge faces', w, raised);
    }
  }
  return out;
}

/**
 * Whether a wall point at x lies above the plate at plateX (a ridge face). The σ grid puts the plate's
 * corners at x_top + 1·(plate − x_top), so a plate face may sit round-off away from plateX.
 */
export function raisedAbovePlate(plateX: number, x: number): boolean {
  return plateX - x > 1e-12 * plateX;
}
