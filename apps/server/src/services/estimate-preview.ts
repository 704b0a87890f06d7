// The cross-section preview of the fast estimate (welding types): the section the solver would mesh
// for these parameters, read by the same code as the solver (`welding.readWeldingSection`: the
// joint's parametric section, or the custom one given in `cross_section`), in the API's shape.

import type { CrossSectionPreview } from '@simforge/contracts';
import { welding } from '@simforge/solvers';

/** The preview for types with a cross-section; undefined for the others. Throws the solver's InvalidParametersError. */
export function sectionPreview(type: string, parameters: Record<string, unknown>): CrossSectionPreview | undefined {
  if (!welding.isWeldingJointType(type)) return undefined;
  const section = welding.readWeldingSection(type, parameters);
  const part = (filler: boolean) => (polygon: readonly (readonly [number, number])[]) => ({ points: polygon.map(([y, z]): [number, number] => [y, z]), filler });
  return {
    parts: [...section.plates.map(part(false)), ...section.fillers.map(part(true))],
    weld_lines: section.weldLines.map((line) => ({ point: [line.point[0], line.point[1]], torch_direction: [line.torchDirection[0], line.torchDirection[1]] })),
  };
}
