// Where each family is created, and where a simulation is edited: the family's create screen with
// `?edit={id}` (every create route of the spec stays as it is; the form is the same for both).
import { familyOf, PIPE_NETWORK_2, type SimulationFamily } from '@simforge/contracts';
import { paths } from '../../lib/redirects';

export const createPathOf: Record<SimulationFamily, string> = {
  cwm: paths.create,
  pipe: paths.createPipe,
  jet: paths.createJet,
  'melt-pool': paths.createMeltPool,
};

export const EDIT_PARAM = 'edit';

export function createPathForType(type: string): string {
  if (type === PIPE_NETWORK_2) return paths.createPipeV2;
  const family = familyOf(type);
  return family === 'unknown' ? paths.createV2 : `${createPathOf[family]}?type=${encodeURIComponent(type)}`;
}

export function editPath(simulation: { id: string; type: string }): string {
  const family = familyOf(simulation.type);
  const base = simulation.type === PIPE_NETWORK_2 ? paths.createPipeV2 : family === 'unknown' ? paths.createPipe : createPathOf[family];
  return `${base}?${EDIT_PARAM}=${encodeURIComponent(simulation.id)}`;
}
