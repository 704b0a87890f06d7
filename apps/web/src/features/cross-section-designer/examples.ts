import { toWire, type CrossSectionData } from './geometry';

/** A single-V butt joint (10 mm plates, 60° included angle, 2 mm root face, 2 mm gap) with its bead. */
export const exampleVGroove: CrossSectionData = toWire([
  { points: [[-25, 0], [-1, 0], [-1, 2], [-5.6, 10], [-25, 10]], filler: false },
  { points: [[1, 0], [25, 0], [25, 10], [5.6, 10], [1, 2]], filler: false },
  { points: [[-1, 0], [1, 0], [1, 2], [5.6, 10], [6.5, 10.5], [0, 11.8], [-6.5, 10.5], [-5.6, 10], [-1, 2]], filler: true },
]);
