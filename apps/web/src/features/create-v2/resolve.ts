// What the create-v2 address names: `create-v2`, `create-v2/{family_or_type}`,
// `create-v2/{family}/{type}`, each part in upper or lower case.
import { catalogueEntry, PIPE_NETWORK_2, simulationFamilies, type CatalogueEntry, type SimulationFamily } from '@simforge/contracts';
import { paths } from '../../lib/redirects';

export type CreateV2Target =
  | { kind: 'catalogue' }
  | { kind: 'family'; family: SimulationFamily }
  | { kind: 'type'; family: SimulationFamily | 'unknown'; entry: CatalogueEntry }
  | { kind: 'unknown'; message: string; family?: SimulationFamily };

function familyNamed(name: string): SimulationFamily | undefined {
  const lower = name.toLowerCase();
  return simulationFamilies.find((f) => f === lower);
}

export function resolveCreateV2(familyOrType: string | undefined, simulationType: string | undefined): CreateV2Target {
  if (!familyOrType) return { kind: 'catalogue' };
  const family = familyNamed(familyOrType);
  if (simulationType === undefined) {
    if (family) return { kind: 'family', family };
    const entry = catalogueEntry(familyOrType.toUpperCase());
    if (entry) return { kind: 'type', family: entry.family, entry };
    return { kind: 'unknown', message: `Unknown simulation family or type: ${familyOrType}. Choose one from the catalogue.` };
  }
  if (!family) return { kind: 'unknown', message: `Unknown simulation family: ${familyOrType}. Choose one from the catalogue.` };
  const entry = catalogueEntry(simulationType.toUpperCase());
  if (!entry) return { kind: 'unknown', family, message: `Unknown simulation type: ${simulationType}. Choose one from the catalogue.` };
  // PIPE_NETWORK_2 has no family in the specification's table, but it is a pipe network: under pipe it is at home.
  if (entry.type === PIPE_NETWORK_2 && family === 'pipe') return { kind: 'type', family, entry };
  if (entry.family !== family) {
    const home = entry.family === 'unknown' ? 'it has no family: open it on its own' : `it belongs to ${entry.family}`;
    return { kind: 'unknown', family, message: `${entry.type} is not a type of the ${family} family (${home}). Choose one from the catalogue.` };
  }
  return { kind: 'type', family, entry };
}

/** The canonical create-v2 address of a family or type (lower-case family, upper-case type), with a query. */
export function createV2Path(family?: SimulationFamily | 'unknown', type?: string, query?: string): string {
  // A type outside the families (PIPE_NETWORK_2) is named on its own.
  const path = [paths.createV2, family === 'unknown' ? undefined : family, type].filter(Boolean).join('/');
  return query ? `${path}?${query}` : path;
}
