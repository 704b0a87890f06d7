// Face coordinates of graded axes for flow grids, beside the thermal core's uniform, graded,
// refined, joined and reversed axes (re-exported here).

import { gradedAxis, joinAxes, reversedAxis, type AxisFaces } from '../../../thermal/mesh.js';

export { uniformAxis, gradedAxis, refinedAxis, joinAxes, reversedAxis, type AxisFaces } from '../../../thermal/mesh.js';

/**
 * An axis clustered symmetrically at both ends (a channel between two walls): `cells` (even) cells,
 * widths growing by `ratio` from each end to the middle.
 */
export function clusteredAxis(options: { from: number; to: number; cells: number; ratio: number }): AxisFaces {
  const { from, to, cells, ratio } = options;
  if (cells % 2 !== 0) throw new RangeError('clusteredAxis: the number of cells must be even');
  const middle = 0.5 * (from + to);
  const half = gradedAxis({ from, to: middle, cells: cells / 2, ratio });
  return joinAxes(half, reversedAxis(half, middle));
}
