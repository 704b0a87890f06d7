// The results a question can name, by key, symbol or common name ("t8/5", "HAZ hardness",
// "penetration", "Nusselt", "pressure drop"), with what each means to an engineer and, where a
// published limit exists, a judgement of the run's value against it. The value itself always
// comes from the run the server stored.

import { formatQuantity, significant } from '../format.js';
import type { StoredScalarLike } from './results.js';

export interface ResultEntry {
  key: string;
  /** A short name (the card's). */
  name: string;
  /** Words or symbols that name the result in a question. */
  words: RegExp;
  meaning: string;
  /** A judgement against a cited limit or the case's own geometry; null when there is none to make. */
  judge?: (value: number | string, parameters: Record<string, unknown> | null) => string | null;
}

/**
 * EN ISO 15614-1:2017, Table 2 (hardness test of a procedure qualification), steel groups 1 and 2
 * (C-Mn and fine-grain steels such as S355, CR ISO 15608) without post-weld heat treatment:
 * at most 380 HV10 [RECALLED].
 */
const HAZ_HARDNESS_LIMIT_HV = 380;

const mm = (metres: number): string => `${significant(metres * 1000, 3)} mm`;
const numberOf = (value: number | string): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const thicknessOf = (parameters: Record<string, unknown> | null): number | null => {
  const geometry = parameters?.['geometry'] as Record<string, unknown> | undefined;
  const t = geometry?.['thickness'];
  return typeof t === 'number' && t > 0 ? t : null;
};

export const RESULT_GLOSSARY: ResultEntry[] = [
  // Welding
  { key: 'heat_input', name: 'Heat input', words: /heat input|arc energy|line energy|kj\/mm/i, meaning: 'the net arc power per unit length of weld, η·U·I/v: the quantity t8/5, hardness and the fused area follow.' },
  {
    key: 't8_5',
    name: 't8/5 cooling time',
    words: /t\s?8\s?\/\s?5|t85|cooling time/i,
    meaning: 'the time the weld takes to cool from 800 °C to 500 °C (EN 1011-2), where the steel transforms: a short t8/5 gives a hard, brittle HAZ, a long one a soft, coarse-grained one.',
  },
  {
    key: 'max_haz_hardness',
    name: 'Maximum HAZ hardness',
    words: /hardness|\bhv\b|hv10/i,
    meaning: 'the highest hardness expected in the heat-affected zone (Düren 1986 from the carbon equivalent and the simulated t8/5).',
    judge: (value) => {
      const hv = numberOf(value);
      if (hv === null) return null;
      const verdict = hv <= HAZ_HARDNESS_LIMIT_HV ? 'within' : 'above';
      const advice = hv <= HAZ_HARDNESS_LIMIT_HV ? '' : ' A longer t8/5 lowers it: more heat input (slower travel or more current) or preheat.';
      return `Judgement: ${significant(hv, 3)} HV is **${verdict}** the limit of ${HAZ_HARDNESS_LIMIT_HV} HV10 of EN ISO 15614-1 (Table 2, steel groups 1 and 2 such as S355, no post-weld heat treatment).${advice}`;
    },
  },
  {
    key: 'penetration_depth',
    name: 'Penetration depth',
    words: /penetrat(e|ed|ion)|fusion depth|weld depth|depth of fusion|how deep/i,
    meaning: 'how deep the fused metal reaches below the bead surface along the torch axis.',
    judge: (value, parameters) => {
      const depth = numberOf(value);
      const thickness = thicknessOf(parameters);
      if (depth === null || thickness === null) return null;
      const share = depth / thickness;
      return share >= 0.999
        ? `It reaches through the ${mm(thickness)} plate: full penetration.`
        : `That is ${significant(100 * share, 3)} % of the ${mm(thickness)} plate: partial penetration.`;
    },
  },
  { key: 'fusion_zone_width', name: 'Fusion-zone width', words: /fusion[- ]zone width|weld width|bead width|fusion width/i, meaning: 'the width of the fused metal on the surface the torch faces (peak temperature at or above the solidus).' },
  { key: 'fusion_zone_area', name: 'Fused area', words: /fus(ed|ion[- ]zone) area|weld area|area of the weld/i, meaning: 'the area of the cross-section that melted, weld and base metal: it follows the heat input most directly.' },
  { key: 'haz_width', name: 'HAZ width', words: /haz width|heat[- ]affected zone width|width of the haz|how wide is the haz/i, meaning: 'the width of the heat-affected zone on one side, from the fusion line to where the peak stays below Ac1.' },
  { key: 'angular_distortion', name: 'Angular distortion', words: /angular distortion|distortion|bending angle|rotation of the plate/i, meaning: 'the rotation of the plate edges about the weld line from the weld’s transverse shrinkage (inherent strain on an elastic plate).' },
  { key: 'longitudinal_shrinkage', name: 'Longitudinal shrinkage', words: /shrinkage|shortening/i, meaning: 'the shortening along the weld from the plastic zone’s tendon force.' },
  // Melt pool
  { key: 'melt_pool_width', name: 'Melt-pool width', words: /melt[- ]?pool width|pool width|track width|how wide/i, meaning: 'the width of the molten track on the surface (solidus isotherm).' },
  { key: 'melt_pool_depth', name: 'Melt-pool depth', words: /melt[- ]?pool depth|pool depth|how deep/i, meaning: 'how deep the solidus isotherm reaches below the surface.' },
  { key: 'melt_pool_length', name: 'Melt-pool length', words: /melt[- ]?pool length|pool length|how long is the (melt )?pool/i, meaning: 'the length of the molten pool on the surface, along the track.' },
  {
    key: 'regime',
    name: 'Melting regime',
    words: /regime|keyhole|conduction mode/i,
    meaning: 'conduction, transition or keyhole, from the normalised enthalpy ΔH/h_s (King et al. 2014): above the onset of boiling the vapour opens a depression and the pool deepens.',
  },
  { key: 'normalized_enthalpy', name: 'Normalised enthalpy', words: /normali[sz]ed enthalpy|δh\/h_?s|dh\/hs|delta ?h/i, meaning: 'ΔH/h_s, the absorbed energy per melted volume against the enthalpy at melting: about 6 marks the onset of boiling, 30 the keyhole (King et al. 2014).' },
  { key: 'cooling_rate', name: 'Cooling rate G·R', words: /cooling rate|g\s?[·x*]\s?r\b/i, meaning: 'the product of the thermal gradient and the solidification rate at the pool’s trailing edge: it sets the size of the solidification structure.' },
  { key: 'thermal_gradient', name: 'Thermal gradient G', words: /thermal gradient|temperature gradient/i, meaning: 'the temperature gradient across the mushy zone at the trailing edge.' },
  { key: 'solidification_rate', name: 'Solidification rate R', words: /solidification (rate|velocity|speed)/i, meaning: 'the speed of the solidification front at the trailing edge (the scan speed on the centreline).' },
  // Both thermal families
  { key: 'peak_temperature', name: 'Peak temperature', words: /peak temp|maximum temperature|max(imum)? temp|hottest|how hot/i, meaning: 'the highest temperature the model reached anywhere in the part.' },
  // Pipes and annuli
  { key: 'pressure_drop', name: 'Pressure drop', words: /pressure (drop|loss)|head loss|Δp|\bdp\b/i, meaning: 'inlet minus outlet pressure: friction, the entrance region and the elevation change.' },
  { key: 'friction_factor', name: 'Darcy friction factor', words: /friction factor|darcy|\bf\b(?= factor)/i, meaning: 'the fully developed Darcy friction factor, to compare with the Moody chart (Colebrook-White).' },
  { key: 'reynolds_number', name: 'Reynolds number', words: /reynolds|\bre\b/i, meaning: 'inertia against viscosity on the hydraulic diameter: below about 2300 the flow is laminar in a pipe.' },
  { key: 'flow_regime', name: 'Flow regime', words: /laminar|turbulent|flow regime/i, meaning: 'laminar or turbulent, from the Reynolds number.' },
  { key: 'nusselt_number', name: 'Nusselt number', words: /nusselt|\bnu\b/i, meaning: 'the dimensionless heat-transfer coefficient h·D_h/k of the fully developed flow.' },
  { key: 'mean_nusselt_number', name: 'Mean Nusselt number', words: /(mean|average) nusselt/i, meaning: 'the local Nusselt number averaged over the length, entrance region included.' },
  { key: 'outlet_temperature', name: 'Outlet temperature', words: /outlet temp|exit temp|leaving temp|outlet bulk/i, meaning: 'the mixed-mean (bulk) temperature at the outlet.' },
  { key: 'heat_transfer_rate', name: 'Heat transfer rate', words: /heat (transfer )?rate|how much heat|heat flow|heat transferred/i, meaning: 'the heat passed between the wall (or target) and the fluid.' },
  { key: 'mean_velocity', name: 'Mean velocity', words: /mean velocity|flow velocity|how fast/i, meaning: 'the volumetric flow over the flow area.' },
  { key: 'entrance_length', name: 'Entrance length', words: /entrance length|entry length|develop(ed|ing) length/i, meaning: 'the distance from the inlet after which the velocity profile is fully developed (99 %).' },
  // Pipe networks
  { key: 'min_pressure', name: 'Lowest junction pressure', words: /(min(imum)?|lowest) pressure|pressure at the (worst|farthest)|low pressure/i, meaning: 'the lowest pressure at any junction over the reporting times: the customers worst served.' },
  { key: 'max_velocity', name: 'Highest pipe velocity', words: /(max(imum)?|highest) velocity|fastest pipe/i, meaning: 'the highest mean velocity in any pipe or valve over the reporting times.' },
  { key: 'total_demand', name: 'Total demand', words: /total demand|how much water|consumption/i, meaning: 'the junctions’ demand, mean over the reporting times.' },
  // Geothermal plant
  { key: 'demand_coverage', name: 'Demand coverage', words: /coverage|share of (the )?demand|demand (was |is )?(met|covered)|covered/i, meaning: 'the share of the year’s heat demand the plant delivered.' },
  { key: 'unmet_demand', name: 'Unmet demand', words: /unmet|not met|shortfall/i, meaning: 'the heat the district asked for and did not get (store too cold or flow limit).' },
  { key: 'storage_efficiency', name: 'Storage efficiency', words: /storage efficiency|store efficiency|tank efficiency/i, meaning: '(heat delivered + change of stored heat) / heat charged: what the store loses to its surroundings.' },
  { key: 'reinjection_temperature', name: 'Reinjection temperature', words: /reinjection|re-injection/i, meaning: 'the brine’s temperature back into the ground, mean while the well runs.' },
  { key: 'well_operating_time', name: 'Well operating time', words: /operating time|running time|how long (did|does) the well run|well hours/i, meaning: 'the time the production well pumped over the simulated period.' },
  { key: 'heat_exchanger_effectiveness', name: 'Heat-exchanger effectiveness', words: /effectiveness/i, meaning: 'the heat passed over the most the exchanger could pass (ε-NTU, counterflow).' },
  { key: 'tank_heat_loss', name: 'Store heat loss', words: /heat loss|losses|lost heat|\blose\b|\blost\b/i, meaning: 'the heat the store lost to the ambient over the period.' },
  // Jets
  { key: 'stagnation_nusselt', name: 'Stagnation Nusselt number', words: /stagnation nusselt|nusselt (number )?at the stagnation/i, meaning: 'the Nusselt number where the jet’s axis meets the target.' },
  { key: 'average_nusselt', name: 'Average Nusselt number', words: /average nusselt|mean nusselt|nusselt|\bnu\b/i, meaning: 'the area-averaged Nusselt number over the averaging radius, to compare with Martin’s correlation.' },
  { key: 'stagnation_pressure', name: 'Stagnation pressure', words: /stagnation pressure/i, meaning: 'the pressure above ambient at the stagnation point.' },
  { key: 'max_wall_shear', name: 'Largest wall shear', words: /wall shear|shear stress/i, meaning: 'the largest shear stress the flow exerts on the target.' },
  { key: 'impaction_efficiency', name: 'Impaction efficiency', words: /impaction efficiency|how many particles (hit|reach)|particles? (hit|reach)/i, meaning: 'the mass share of the particles that hit the target.' },
  { key: 'capture_efficiency', name: 'Capture efficiency', words: /capture efficiency|captured|deposit(ed|ion)/i, meaning: 'the mass share that stays on the target.' },
  { key: 'stokes_number', name: 'Stokes number', words: /stokes/i, meaning: 'the particles’ response time against the jet’s time scale D/U: above about 0.24 a round jet deposits most of them (Marple).' },
  { key: 'max_erosion_rate', name: 'Largest erosion rate', words: /erosion/i, meaning: 'the fastest surface recession by particle impacts (Finnie 1960).' },
  // Every family
  {
    key: 'energy_balance_error',
    name: 'Energy balance error',
    words: /energy balance|conserv/i,
    meaning: 'what the solution fails to conserve, relative to the energy handled: a check of the numerics.',
    judge: (value) => {
      const e = numberOf(value);
      if (e === null) return null;
      return Math.abs(e) < 1e-6 ? 'It is at round-off: energy is conserved.' : `It is ${significant(100 * Math.abs(e), 2)} % of the energy handled: larger than round-off, look at the time step or mesh.`;
    },
  },
  { key: 'converged', name: 'Converged', words: /converge/i, meaning: 'whether every normalised residual fell below the tolerance.' },
];

/** The results of `summary` a question names, most specific first, at most `limit`. */
export function namedResults(question: string, summary: Record<string, StoredScalarLike>, limit = 4): ResultEntry[] {
  const found = RESULT_GLOSSARY.filter((entry) => entry.key in summary && (entry.words.test(question) || new RegExp(`\\b${entry.key}\\b`, 'i').test(question)));
  return found.slice(0, limit);
}

export function answerNamedResults(entries: ResultEntry[], summary: Record<string, StoredScalarLike>, parameters: Record<string, unknown> | null, title: string): string {
  const lines = [`From the run of **${title}**:`, ''];
  for (const entry of entries) {
    const stored = summary[entry.key]!;
    lines.push(`- **${entry.name}**: **${formatQuantity(stored.value, stored.unit)}**. It is ${entry.meaning}`);
    const judgement = entry.judge?.(stored.value, parameters);
    if (judgement) lines.push(`  ${judgement}`);
  }
  return lines.join('\n');
}
