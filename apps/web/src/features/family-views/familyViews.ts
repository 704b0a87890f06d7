// Which family view draws a run's results, told from the results themselves (the names are the
// contract of simulations.md), and which series and fields it takes over from the generic cards.
import type { ResultsIndex } from '@simforge/contracts';

export type FamilyView = 'jet' | 'melt-pool' | 'geothermal';

type IndexNames = Pick<ResultsIndex, 'series' | 'fields'>;

const has = (list: readonly { name: string }[], name: string) => list.some((e) => e.name === name);

export function familyViewOf(index: IndexNames): FamilyView | null {
  if (has(index.fields, 'streamfunction') && has(index.fields, 'velocity_magnitude')) return 'jet';
  if (has(index.series, 'solidification_map') || (has(index.fields, 'top_temperature') && has(index.fields, 'cross_section_temperature'))) return 'melt-pool';
  if (has(index.fields, 'tank_temperature')) return 'geothermal';
  return null;
}

const claimed: Record<FamilyView, { series: RegExp; fields: RegExp }> = {
  jet: {
    series: /^(nusselt_number|pressure_coefficient|martin_average_nusselt|deposition|erosion|particle_track_\d+)$/,
    fields: /^(velocity_magnitude|axial_velocity|radial_velocity|temperature|pressure|turbulent_viscosity|streamfunction|solid)$/,
  },
  'melt-pool': { series: /^solidification_map$/, fields: /^(top_temperature|cross_section_temperature|longitudinal_temperature)$/ },
  geothermal: { series: /^$/, fields: /^tank_temperature$/ },
};

/** The residual history of any iterative solver is drawn by the residual card (log scale). */
export const RESIDUAL_SERIES = 'residuals';

/** Whether the generic cards leave this result to the family view (or the residual card). */
export function claimedByFamilyView(view: FamilyView | null, kind: 'series' | 'fields', name: string): boolean {
  if (kind === 'series' && name === RESIDUAL_SERIES) return true;
  return view !== null && claimed[view][kind].test(name);
}
