// The impingement target's wall (the plate, or the ridge and the plate beside it) as one profile
// ordered by the distance s from the jet axis across the plate, with the averages the summary needs.
//
//   Nu_avg(r) = Σ_{s ≤ r} Nu A / Σ_{s ≤ r} A     (A the face areas: ∝ r dr for a round jet, the
//                                                 surface length per metre for a slot; faces whose
//                                                 centre lies within r)
//
// Nusselt numbers of slot jets are based on the slot's hydraulic diameter 2W, as Martin's (1977)
// slot correlation; those of round jets on the diameter D.

import type { FlowSolution, WallProfile } from '../post.js';

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

/** The plate's and the obstacle's faces, sorted by s (then from the top down). */
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
 * these say whether a run's walls were within that treatment's range.
 */
export function wallYPlus(solution: FlowSolution): { wall: 'plate' | 'ridge faces'; max: number; mean: number }[] {
  return solution.walls
    .filter((w) => w.side === 'xmax' || w.side === 'obstacle')
    .map((w) => {
      let [max, sum, area] = [0, 0, 0];
      for (let m = 0; m < w.s.length; m++) {
        max = Math.max(max, w.yPlus[m]!);
        sum += w.yPlus[m]! * w.area[m]!;
        area += w.area[m]!;
      }
      return { wall: w.side === 'xmax' ? ('plate' as const) : ('ridge faces' as const), max, mean: area > 0 ? sum / area : 0 };
    });
}
