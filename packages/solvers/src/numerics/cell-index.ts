// Which cell of a one-dimensional grid holds a value: a binary search of the grid's sorted faces.

/**
 * The cell c with faces[c] ≤ value < faces[c + 1], clamped to the grid's cells 0 … faces.length − 2
 * (a value below the first face is in cell 0, one at or past the last face in the last cell).
 */
export function cellIndex(faces: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = faces.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (faces[mid]! <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
