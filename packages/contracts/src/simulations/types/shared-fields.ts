// Fields that several families declare alike: the mesh choice and the alloys of the material lists.
// One declaration each keeps their labels and values the same wherever they are offered.

import { enumParameter } from '../parameters.js';

/** The mesh densities a solver offers, coarsest first. */
export const meshSizes = ['coarse', 'default', 'fine'] as const;
export type MeshSize = (typeof meshSizes)[number];

const meshSizeLabels: Record<MeshSize, string> = { coarse: 'Coarse (fast preview)', default: 'Default', fine: 'Fine (slow)' };

/** Coarse, default or fine: the solver's mesh density; `description` says what it sets for the family. */
export const meshSizeParameter = (description?: string) =>
  enumParameter({
    label: 'Mesh',
    options: meshSizes.map((value) => ({ value, label: meshSizeLabels[value] })),
    default: 'default',
    ...(description === undefined ? {} : { description }),
  });

const alloyNames = {
  S355: 'S355 structural steel',
  '316L': 'AISI 316L stainless steel',
  AA6061: 'Aluminium 6061-T6',
  Ti6Al4V: 'Ti-6Al-4V',
  IN625: 'Inconel 625',
} as const;

/** An alloy of the property library as a material choice; a `note` follows its name in brackets. */
export const alloyOption = <const A extends keyof typeof alloyNames>(value: A, note?: string) => ({
  value,
  label: note === undefined ? alloyNames[value] : `${alloyNames[value]} (${note})`,
});
