// Flow regimes of a circular duct by Reynolds number: laminar below 2300, turbulent above 4000, and a
// transition band between them where every quantity is interpolated linearly in Re between its
// laminar value at Re = 2300 and its turbulent value at Re = 4000. This is Gnielinski's interpolation
// for the transition region (V. Gnielinski, "On heat transfer in tubes", Int. J. Heat Mass Transfer
// 63 (2013) 134-140, Eq. (13), there between 2300 and 1e4; here with the product's band 2300-4000 so
// that both ends stay inside the validity of their correlations). The flow is intermittent in the
// band and no correlation is accurate there: results carry a large uncertainty (±30 % and more).

export const LAMINAR_REYNOLDS_LIMIT = 2300;
export const TURBULENT_REYNOLDS_LIMIT = 4000;

export type FlowRegime = 'laminar' | 'transitional' | 'turbulent';

export function flowRegime(reynolds: number): FlowRegime {
  if (reynolds < LAMINAR_REYNOLDS_LIMIT) return 'laminar';
  if (reynolds > TURBULENT_REYNOLDS_LIMIT) return 'turbulent';
  return 'transitional';
}

/** Interpolation weight of the turbulent value: 0 at Re <= 2300, 1 at Re >= 4000, linear between. */
export function turbulentWeight(reynolds: number): number {
  const w = (reynolds - LAMINAR_REYNOLDS_LIMIT) / (TURBULENT_REYNOLDS_LIMIT - LAMINAR_REYNOLDS_LIMIT);
  return Math.min(1, Math.max(0, w));
}

/**
 * A quantity over all regimes: `laminar(Re)` below 2300, `turbulent(Re)` above 4000, and the linear
 * interpolation between laminar(2300) and turbulent(4000) in the transition band.
 */
export function acrossRegimes(reynolds: number, laminar: (re: number) => number, turbulent: (re: number) => number): number {
  const regime = flowRegime(reynolds);
  if (regime === 'laminar') return laminar(reynolds);
  if (regime === 'turbulent') return turbulent(reynolds);
  const w = turbulentWeight(reynolds);
  return (1 - w) * laminar(LAMINAR_REYNOLDS_LIMIT) + w * turbulent(TURBULENT_REYNOLDS_LIMIT);
}
