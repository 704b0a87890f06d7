// The ten cwm welding types as solver modules for the registry.

import { catalogueEntry } from '@simforge/contracts';
import type { SolverModule } from '../../../run/solver-module.js';
import { estimateWelding } from '../estimate.js';
import { WELDING_JOINT_TYPES, type WeldingJointType } from '../geometry/joints.js';
import { readWeldingCase, weldingDefaults } from './parameters.js';
import { solveWelding } from './solver.js';

export function weldingSolver(joint: WeldingJointType): SolverModule {
  return {
    type: joint,
    model: 'cwm-thermal-3d',
    modelVersion: '1.0.0',
    title: `${catalogueEntry(joint)!.label}: 3-D transient conduction, moving Goldak source, bead activation, enthalpy latent heat`,
    parameterDefaults: weldingDefaults(joint),
    solve: (parameters, ctx) => solveWelding(readWeldingCase(joint, parameters), ctx),
    estimate: (parameters) => estimateWelding(joint, parameters, readWeldingCase(joint, parameters)),
  };
}

export const weldingSolvers: readonly SolverModule[] = WELDING_JOINT_TYPES.map(weldingSolver);

export { readWeldingCase, weldingDefaults, MESH_PRESETS, DEFAULT_WELD_LENGTH, type WeldingCase, type MeshPreset } from './parameters.js';
export { solveWelding, planSource, sectionAxis, MESH_PRESET_SIZES, HAZ_TEMPERATURE, type GoldakSize } from './solver.js';
