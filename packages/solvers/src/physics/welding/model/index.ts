// The ten cwm welding types as solver modules for the registry.

import type { SolverModule } from '../../../run/solver-module.js';
import { estimateWelding } from '../estimate.js';
import { WELDING_JOINT_TYPES, type WeldingJointType } from '../geometry/joints.js';
import { readWeldingCase, weldingDefaults } from './parameters.js';
import { solveWelding } from './solver.js';

const TITLES: Record<WeldingJointType, string> = {
  SQUARE_BUTT_WELD: 'Square butt weld',
  FILLET_ON_CORNER_WELD: 'Fillet on corner weld',
  OUTSIDE_FILLET_ON_CORNER_WELD: 'Outside fillet on corner weld',
  SINGLE_FILLET_LAP_JOINT: 'Single fillet lap joint',
  DOUBLE_FILLET_LAP_JOINT: 'Double fillet lap joint',
  T_JOINT_FILLET_WELD: 'T-joint fillet weld',
  BUTT_WELD: 'Butt weld (single-V)',
  TEE_JOINT_WELD: 'Tee joint weld (full penetration)',
  DOUBLE_V_BUTT_WELD: 'Double-V butt weld',
  PIPE_TO_PLATE_FILLET_WELD: 'Pipe-to-plate fillet weld',
};

export function weldingSolver(joint: WeldingJointType): SolverModule {
  return {
    type: joint,
    model: 'cwm-thermal-3d',
    modelVersion: '1.0.0',
    title: `${TITLES[joint]}: 3-D transient conduction, moving Goldak source, bead activation, enthalpy latent heat`,
    parameterDefaults: weldingDefaults(joint),
    solve: (parameters, ctx) => solveWelding(readWeldingCase(joint, parameters), ctx),
    estimate: (parameters) => estimateWelding(joint, parameters, readWeldingCase(joint, parameters)),
  };
}

export const weldingSolvers: readonly SolverModule[] = WELDING_JOINT_TYPES.map(weldingSolver);

export { readWeldingCase, weldingDefaults, MESH_PRESETS, DEFAULT_WELD_LENGTH, type WeldingCase, type MeshPreset } from './parameters.js';
export { solveWelding, planSource, sectionAxis, MESH_PRESET_SIZES, HAZ_TEMPERATURE, type GoldakSize } from './solver.js';
