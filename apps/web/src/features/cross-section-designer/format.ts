/** A millimetre value for labels and the table: up to 3 decimals, no trailing zeros, a real minus sign. */
export function formatMm(value: number, decimals = 3): string {
  const f = 10 ** decimals;
  const r = Math.round(value * f) / f;
  return (Object.is(r, -0) ? 0 : r).toString().replace('-', '−');
}

/** An area in mm² with at most 4 significant digits above 1. */
export function formatArea(value: number): string {
  if (value === 0) return '0';
  return value >= 100 ? value.toFixed(1).replace(/\.0$/, '') : Number(value.toPrecision(4)).toString();
}
