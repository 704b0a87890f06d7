// The order key results are shown in: the summary keys of simulations.md per family, in the order
// the document lists them (the API's JSON object order is the database's, not a reading order).
// Keys not listed follow alphabetically; the first three are the "key values" of the run history.
import { familyOf, type ScalarResult } from '@simforge/contracts';

const documentedOrder: Record<string, readonly string[]> = {
  cwm: ['heat_input', 'peak_temperature', 'fusion_zone_width', 'penetration_depth', 'haz_width', 't8_5', 'max_haz_hardness', 'angular_distortion', 'longitudinal_shrinkage'],
  'melt-pool': [
    'melt_pool_width',
    'melt_pool_depth',
    'melt_pool_length',
    'peak_temperature',
    'cooling_rate',
    'thermal_gradient',
    'solidification_rate',
    'normalized_enthalpy',
    'regime',
    'max_deflection',
    'residual_deflection',
  ],
  jet: ['stagnation_nusselt', 'average_nusselt', 'stagnation_pressure', 'max_wall_shear', 'iterations', 'converged', 'stokes_number', 'impaction_efficiency', 'max_erosion_rate'],
  CIRCULAR_PIPE: ['pressure_drop', 'outlet_temperature', 'reynolds_number', 'flow_regime', 'friction_factor', 'mean_velocity', 'entrance_length', 'nusselt_number', 'heat_transfer_rate'],
  CIRCULAR_ANNULUS: ['pressure_drop', 'outlet_temperature', 'reynolds_number', 'flow_regime', 'friction_factor', 'mean_velocity', 'entrance_length', 'nusselt_number', 'heat_transfer_rate'],
  PIPE_NETWORK: ['min_pressure', 'max_velocity', 'total_demand', 'iterations', 'unbalanced'],
  PIPE_NETWORK_2: ['min_pressure', 'max_velocity', 'total_demand', 'iterations', 'unbalanced'],
  GEOTHERMAL_PLANT_TES: ['energy_delivered', 'unmet_demand', 'storage_efficiency', 'max_tank_temperature', 'reinjection_temperature', 'energy_balance_error'],
};

function orderFor(type: string): readonly string[] {
  return documentedOrder[type] ?? documentedOrder[familyOf(type)] ?? [];
}

/** The summary's entries in reading order. */
export function orderedSummary(type: string, summary: Record<string, ScalarResult> | null | undefined): [string, ScalarResult][] {
  if (!summary) return [];
  const order = orderFor(type);
  const rank = (key: string) => {
    const i = order.indexOf(key);
    return i === -1 ? order.length : i;
  };
  return Object.entries(summary).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The few values that characterise a run (history table, dashboard). */
export function keyResults(type: string, summary: Record<string, ScalarResult> | null | undefined, count = 3): [string, ScalarResult][] {
  return orderedSummary(type, summary).slice(0, count);
}
