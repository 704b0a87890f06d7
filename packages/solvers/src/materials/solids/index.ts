// The solid-material library of the thermal core: built-in alloys by id, or a user-defined object.

import type { ParameterChecker } from '../../run/parameters.js';
import { readBuiltInOrCustom } from '../built-in-or-custom.js';
import { aa6061 } from './aa6061.js';
import { readCustomSolid } from './custom.js';
import { in625 } from './in625.js';
import { s355 } from './s355.js';
import type { SolidMaterial } from './solid.js';
import { stainless316L } from './stainless-316l.js';
import { ti6al4v } from './ti6al4v.js';

export type { SolidMaterial, SolidMechanicalProperties } from './solid.js';
export { liquidFraction, clampedTable, MECHANICAL_SOURCE_KEYS } from './solid.js';
export { s355, en1993Conductivity, en1993SpecificHeat, en1993ThermalElongation } from './s355.js';
export { stainless316L } from './stainless-316l.js';
export { aa6061 } from './aa6061.js';
export { ti6al4v } from './ti6al4v.js';
export { in625 } from './in625.js';
export { customSolid, readCustomSolid, CUSTOM_SOLID_KEYS } from './custom.js';

export const builtInSolids: Readonly<Record<string, SolidMaterial>> = {
  S355: s355,
  '316L': stainless316L,
  AA6061: aa6061,
  Ti6Al4V: ti6al4v,
  IN625: in625,
};

/** Resolves the `material` parameter: a built-in id or an object of properties. */
export function readSolidMaterial(input: unknown, path: string, checker: ParameterChecker): SolidMaterial | undefined {
  return readBuiltInOrCustom(input, path, checker, { kind: 'material', builtIns: builtInSolids, readCustom: readCustomSolid, accepted: 'a material id or an object of properties' });
}
