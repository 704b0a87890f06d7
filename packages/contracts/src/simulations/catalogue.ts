// The simulation catalogue: one entry per type of the specification's table, with its family,
// label, description, whether it can be created and run yet, its parameter schema and defaults.
// Types whose family issue has not landed are listed with `available: false` and no schema; types
// whose schema exists but whose solver has not landed are `available: false` with it (solverPending).

import type { z } from 'zod';
import { familyOf, PIPE_NETWORK_2, simulationFamilies, simulationTypesByFamily, type SimulationFamily, type SimulationType } from '../catalogue.js';
import { parameterDefaults } from './parameters.js';
import { circularAnnulusParameters } from './types/circular-annulus.js';
import { circularPipeParameters } from './types/circular-pipe.js';
import { pipeNetworkParameters } from './types/pipe-network.js';
import { geothermalPlantParameters } from './types/geothermal-plant.js';
import { weldingJointTypes, weldingParameters } from './types/welding.js';
import { meltPoolParameters, meltPoolTypes } from './types/melt-pool.js';
import { jetParameters, jetTypes } from './types/jet.js';

export interface CatalogueEntry {
  type: SimulationType | typeof PIPE_NETWORK_2;
  /** `unknown` for PIPE_NETWORK_2 only (outside the specification's table). */
  family: SimulationFamily | 'unknown';
  label: string;
  description: string;
  /** Whether it can be created and run now. */
  available: boolean;
  /** The parameters' zod schema (SI); null until the type's family issue adds it. */
  parameters: z.ZodType<Record<string, unknown>> | null;
  /** A complete, valid parameter set (the create form's starting values); null when there is no schema. */
  defaults: Record<string, unknown> | null;
}

export const familyLabels: Record<SimulationFamily, string> = {
  cwm: 'Welding',
  pipe: 'Pipe flow',
  jet: 'Impinging jets',
  'melt-pool': 'Laser melt pool',
};

const descriptions: Record<SimulationType, [label: string, description: string]> = {
  SQUARE_BUTT_WELD: ['Square butt weld', 'Two plates butted with a gap, no groove.'],
  FILLET_ON_CORNER_WELD: ['Fillet on corner weld', 'Inside fillet on a corner joint.'],
  OUTSIDE_FILLET_ON_CORNER_WELD: ['Outside fillet on corner weld', 'Fillet on the outside of a corner joint.'],
  SINGLE_FILLET_LAP_JOINT: ['Single fillet lap joint', 'Overlapping plates, one fillet.'],
  DOUBLE_FILLET_LAP_JOINT: ['Double fillet lap joint', 'Overlapping plates, fillets on both edges.'],
  T_JOINT_FILLET_WELD: ['T-joint fillet weld', 'Fillet weld on a tee joint.'],
  BUTT_WELD: ['Butt weld (single-V)', 'Single-V groove butt weld.'],
  TEE_JOINT_WELD: ['Tee joint weld (full penetration)', 'Full-penetration tee joint.'],
  DOUBLE_V_BUTT_WELD: ['Double-V butt weld', 'Double-V groove butt weld.'],
  PIPE_TO_PLATE_FILLET_WELD: ['Pipe-to-plate fillet weld', 'Fillet weld around a pipe on a plate.'],
  CIRCULAR_PIPE: [
    'Circular pipe',
    'Developing laminar or turbulent flow and heat transfer from the inlet, solved along a round pipe: velocity and temperature profiles, pressure drop, local Nusselt number, entrance lengths. Or a 1-D march with local fluid properties for long pipes.',
  ],
  CIRCULAR_ANNULUS: [
    'Circular annulus',
    'Developing flow and heat transfer in the gap between two concentric tubes, each wall adiabatic, at a fixed temperature or a fixed heat flux: profiles, pressure drop, inner and outer Nusselt numbers.',
  ],
  PIPE_NETWORK: [
    'Pipe network',
    'An EPANET .inp network of pipes, pumps, valves, tanks and reservoirs, solved steady or over a day by the global gradient method: heads, pressures, flows and velocities over time, optional heat loss to the ground.',
  ],
  GEOTHERMAL_PLANT_TES: [
    'Geothermal plant with storage',
    'A geothermal well heats a stratified storage tank through a plate heat exchanger; the tank serves a district’s daily and seasonal demand (or a CSV profile) under charge control, over hours to a year: tank temperatures over height and time, power flows, energy delivered, unmet demand, storage efficiency, reinjection temperature.',
  ],
  JET_IMPINGING_SURFACE: [
    'Jet impinging on a surface',
    'A round or slot jet (turbulent k-ω SST or laminar RANS) onto a heated or cooled flat plate: Nusselt number, pressure and wall shear along the plate, velocity, temperature and stream-function fields, live residuals.',
  ],
  JET_WITH_PARTICLES_IMPINGING_SURFACE: [
    'Particle-laden jet on a surface',
    'The impinging jet with particles tracked through the converged flow: Stokes number, impaction efficiency, deposition and erosion (Finnie) along the plate, sampled tracks.',
  ],
  JET_IMPINGING_RIDGE: ['Jet impinging on a ridge', 'A slot jet onto a plate with a ridge (height and apex angle, or a drawn cross-section): heat transfer, pressure and wall shear over the ridge and the plate.'],
  JET_WITH_PARTICLES_IMPINGING_RIDGE: ['Particle-laden jet on a ridge', 'The slot jet on a ridge with particles: impaction on the ridge faces, deposition and erosion, sampled tracks.'],
  LASER_RIGID_PLATE: ['Laser on a rigid plate', 'Laser melt pool on a plate held in place.'],
  LASER_FLEXIBLE_PLATE: ['Laser on a flexible plate', 'Laser melt pool with thermal bending of the plate.'],
  LASER_PLASMA_RIGID_PLATE: ['Laser-plasma hybrid, rigid plate', 'Laser plus plasma arc on a plate held in place.'],
  LASER_PLASMA_FLEXIBLE_PLATE: ['Laser-plasma hybrid, flexible plate', 'Laser plus plasma arc with plate bending.'],
};

/** The schemas of the types that can run now. Family issues add theirs here. */
const schemas: Partial<Record<SimulationType, z.ZodType<Record<string, unknown>>>> = {
  CIRCULAR_PIPE: circularPipeParameters as unknown as z.ZodType<Record<string, unknown>>,
  CIRCULAR_ANNULUS: circularAnnulusParameters as unknown as z.ZodType<Record<string, unknown>>,
  PIPE_NETWORK: pipeNetworkParameters as unknown as z.ZodType<Record<string, unknown>>,
  GEOTHERMAL_PLANT_TES: geothermalPlantParameters as unknown as z.ZodType<Record<string, unknown>>,
  ...Object.fromEntries(weldingJointTypes.map((type) => [type, weldingParameters[type] as unknown as z.ZodType<Record<string, unknown>>])),
  ...Object.fromEntries(meltPoolTypes.map((type) => [type, meltPoolParameters[type] as unknown as z.ZodType<Record<string, unknown>>])),
  ...Object.fromEntries(jetTypes.map((type) => [type, jetParameters[type] as unknown as z.ZodType<Record<string, unknown>>])),
};

/** Types with a schema whose solver has not landed yet: listed with their schema, not runnable (none now: the welding solver landed). */
const solverPending = new Set<SimulationType>([]);

export const simulationCatalogue: readonly CatalogueEntry[] = simulationFamilies.flatMap((family) =>
  simulationTypesByFamily[family].map((type): CatalogueEntry => {
    const schema = schemas[type] ?? null;
    const [label, description] = descriptions[type];
    return { type, family, label, description, available: schema !== null && !solverPending.has(type), parameters: schema, defaults: schema ? parameterDefaults(schema) : null };
  }),
);

/**
 * PIPE_NETWORK_2: the create-pipe-v2 screen's type. Outside the specification's table (family
 * `unknown`, so not listed with the pipe types), it takes PIPE_NETWORK's parameters and runs on its engine.
 */
export const pipeNetwork2Entry: CatalogueEntry = {
  type: PIPE_NETWORK_2,
  family: familyOf(PIPE_NETWORK_2),
  label: 'Pipe network (diagram editor v2)',
  description: 'A pipe network drawn in the second-generation diagram editor (or imported from EPANET), solved on the PIPE_NETWORK engine: heads, pressures, flows and velocities over time.',
  available: true,
  parameters: pipeNetworkParameters as unknown as z.ZodType<Record<string, unknown>>,
  defaults: parameterDefaults(pipeNetworkParameters as unknown as z.ZodType<Record<string, unknown>>),
};

const entriesByType = new Map<string, CatalogueEntry>([...simulationCatalogue, pipeNetwork2Entry].map((entry) => [entry.type, entry]));

/** The catalogue entry of a type, or undefined for a type outside the specification's table. */
export function catalogueEntry(type: string): CatalogueEntry | undefined {
  return entriesByType.get(type);
}

/** A fresh copy of a type's default parameters (null when the type is not available). */
export function defaultParametersOf(type: string): Record<string, unknown> | null {
  const entry = catalogueEntry(type);
  return entry?.defaults ? (JSON.parse(JSON.stringify(entry.defaults)) as Record<string, unknown>) : null;
}

export type TypeAvailability =
  | { ok: true; entry: CatalogueEntry & { available: true; parameters: z.ZodType<Record<string, unknown>> } }
  | { ok: false; message: string };

/** Whether a type can be created and run, with the sentence to show when it cannot. */
export function checkTypeAvailable(type: string): TypeAvailability {
  const entry = catalogueEntry(type);
  if (entry?.available && entry.parameters) return { ok: true, entry: entry as CatalogueEntry & { available: true; parameters: z.ZodType<Record<string, unknown>> } };
  if (entry) {
    return { ok: false, message: `The simulation type ${type} is not available yet` };
  }
  return { ok: false, message: `Unknown simulation type ${type} (family ${familyOf(type)})` };
}

export function availableTypes(): CatalogueEntry['type'][] {
  return [...simulationCatalogue, pipeNetwork2Entry].filter((entry) => entry.available).map((entry) => entry.type);
}
