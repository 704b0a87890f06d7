// The simulation families and their types, exactly as the specification's table (section 3).

export const simulationTypesByFamily = {
  cwm: [
    'SQUARE_BUTT_WELD',
    'FILLET_ON_CORNER_WELD',
    'OUTSIDE_FILLET_ON_CORNER_WELD',
    'SINGLE_FILLET_LAP_JOINT',
    'DOUBLE_FILLET_LAP_JOINT',
    'T_JOINT_FILLET_WELD',
    'BUTT_WELD',
    'TEE_JOINT_WELD',
    'DOUBLE_V_BUTT_WELD',
    'PIPE_TO_PLATE_FILLET_WELD',
  ],
  pipe: ['CIRCULAR_PIPE', 'CIRCULAR_ANNULUS', 'PIPE_NETWORK', 'GEOTHERMAL_PLANT_TES'],
  jet: [
    'JET_IMPINGING_SURFACE',
    'JET_WITH_PARTICLES_IMPINGING_SURFACE',
    'JET_IMPINGING_RIDGE',
    'JET_WITH_PARTICLES_IMPINGING_RIDGE',
  ],
  'melt-pool': ['LASER_RIGID_PLATE', 'LASER_FLEXIBLE_PLATE', 'LASER_PLASMA_RIGID_PLATE', 'LASER_PLASMA_FLEXIBLE_PLATE'],
} as const;

export type SimulationFamily = keyof typeof simulationTypesByFamily;
export type SimulationType = (typeof simulationTypesByFamily)[SimulationFamily][number];

export const simulationFamilies = Object.keys(simulationTypesByFamily) as SimulationFamily[];

/** Offered on the create-pipe-v2 screen; runs on the PIPE_NETWORK engine but has family `unknown` (spec section 3). */
export const PIPE_NETWORK_2 = 'PIPE_NETWORK_2';

const familyByType = new Map<string, SimulationFamily>(
  simulationFamilies.flatMap((family) => simulationTypesByFamily[family].map((type) => [type, family] as const)),
);

export function familyOf(type: string): SimulationFamily | 'unknown' {
  return familyByType.get(type) ?? 'unknown';
}
