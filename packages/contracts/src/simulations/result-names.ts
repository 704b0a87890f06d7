// The short name of every key result (at most six words: what a card shows). The solver's label is
// its definition (how it is read, where, by which model): shown behind the card's info icon, in the
// PDF and to the assistant. One home for the short names; a result without one is shortened from
// its label.

export const resultShortNames: Readonly<Record<string, string>> = {
  // Welding
  heat_input: 'Heat input',
  peak_temperature: 'Peak temperature',
  fusion_zone_width: 'Fusion-zone width',
  penetration_depth: 'Penetration depth',
  haz_width: 'HAZ width',
  t8_5: 't8/5 cooling time',
  max_haz_hardness: 'Maximum HAZ hardness',
  energy_balance_error: 'Energy balance error',
  fusion_zone_area: 'Fused area',
  angular_distortion: 'Angular distortion',
  longitudinal_shrinkage: 'Longitudinal shrinkage',
  // Melt pool
  melt_pool_width: 'Melt-pool width',
  melt_pool_depth: 'Melt-pool depth',
  melt_pool_length: 'Melt-pool length',
  cooling_rate: 'Cooling rate G·R',
  thermal_gradient: 'Thermal gradient G',
  solidification_rate: 'Solidification rate R',
  normalized_enthalpy: 'Normalised enthalpy ΔH/h_s',
  regime: 'Melting regime',
  solidus_temperature: 'Solidus',
  liquidus_temperature: 'Liquidus',
  // Pipes and annuli
  reynolds_number: 'Reynolds number',
  flow_regime: 'Flow regime',
  friction_factor: 'Darcy friction factor',
  pressure_drop: 'Pressure drop',
  mean_velocity: 'Mean velocity',
  entrance_length: 'Entrance length',
  nusselt_number: 'Nusselt number',
  nusselt_number_inner: 'Inner-wall Nusselt number',
  nusselt_number_outer: 'Outer-wall Nusselt number',
  outlet_temperature: 'Outlet temperature',
  heat_transfer_rate: 'Heat transfer rate',
  thermal_entrance_length: 'Thermal entrance length',
  mean_nusselt_number: 'Mean Nusselt number',
  apparent_friction_factor: 'Apparent friction factor',
  max_velocity_fully_developed: 'Maximum velocity',
  prandtl_number: 'Prandtl number',
  mass_flow_rate: 'Mass flow rate',
  outlet_pressure: 'Outlet pressure',
  hydraulic_diameter: 'Hydraulic diameter',
  // Pipe networks
  min_pressure: 'Lowest junction pressure',
  max_velocity: 'Highest velocity',
  total_demand: 'Total demand',
  iterations: 'Iterations',
  unbalanced: 'Unconverged steps',
  // Geothermal plant
  energy_delivered: 'Heat delivered',
  unmet_demand: 'Unmet demand',
  storage_efficiency: 'Storage efficiency',
  max_tank_temperature: 'Highest store temperature',
  reinjection_temperature: 'Reinjection temperature',
  min_reinjection_temperature: 'Lowest reinjection temperature',
  energy_demand: 'Heat demand',
  demand_coverage: 'Demand coverage',
  well_heat: 'Heat from the well',
  tank_heat_loss: 'Store heat loss',
  stored_energy_change: 'Change of stored heat',
  well_operating_time: 'Well operating time',
  well_starts: 'Well starts',
  heat_exchanger_effectiveness: 'Heat-exchanger effectiveness',
  mean_delivered_power: 'Mean delivered power',
  // Jets
  stagnation_nusselt: 'Stagnation Nusselt number',
  average_nusselt: 'Average Nusselt number',
  stagnation_pressure: 'Stagnation pressure',
  max_wall_shear: 'Largest wall shear',
  converged: 'Converged',
  jet_velocity: 'Jet velocity',
  stagnation_pressure_coefficient: 'Stagnation pressure coefficient',
  max_first_cell_y_plus: 'Largest first-cell y⁺',
  stokes_number: 'Stokes number',
  impaction_efficiency: 'Impaction efficiency',
  max_erosion_rate: 'Largest erosion rate',
  capture_efficiency: 'Capture efficiency',
  escaped_fraction: 'Escaped fraction',
  particle_response_time: 'Particle response time',
  slip_correction: 'Slip correction',
  mean_impact_speed: 'Mean impact speed',
  mean_impact_angle: 'Mean impact angle',
};

/** At most this many words on a card. */
export const RESULT_NAME_MAX_WORDS = 6;

/** A key result's short name: its own, else its label up to the first bracket, colon or semicolon, at most six words. */
export function resultShortName(key: string, label: string): string {
  const own = resultShortNames[key];
  if (own) return own;
  // Up to a bracket, semicolon or comma; a colon too, unless it ends a short lead-in ("Pass 2: …").
  let head = label.split(/\s\(|;|, /)[0]!.trim();
  const colon = head.indexOf(':');
  if (colon >= 0 && head.slice(0, colon).trim().split(/\s+/).length > 2) head = head.slice(0, colon).trim();
  const words = head.split(/\s+/);
  return words.length <= RESULT_NAME_MAX_WORDS ? head : `${words.slice(0, RESULT_NAME_MAX_WORDS).join(' ')} …`;
}
