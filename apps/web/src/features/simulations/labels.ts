import { catalogueEntry, familyLabels, type SimulationFamily } from '@simforge/contracts';

export function familyLabel(family: string): string {
  return familyLabels[family as SimulationFamily] ?? 'Unknown';
}

export function typeLabel(type: string): string {
  return catalogueEntry(type)?.label ?? type;
}
