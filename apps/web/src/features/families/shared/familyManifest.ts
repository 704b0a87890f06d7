// What a family folder declares to the rest of the app: the results view it draws, the series and
// fields that view takes over from the generic result cards, and the drawing of its parameters. The
// screens look a simulation's family up by its type (familyOf), never by the names of its results.
import type { ComponentType } from 'react';
import type { ResultsIndex, SimulationFamily } from '@simforge/contracts';

export type ResultKind = 'series' | 'fields';

export interface FamilyResultsEntry {
  /** Loaded lazily where it is used: the create screens share this manifest and draw no results. */
  View: ComponentType<{ simulationId: string; index: ResultsIndex }>;
  /** The results the view draws itself, so the generic cards leave them out. */
  claims: Record<ResultKind, RegExp>;
}

export interface FamilySchematicEntry {
  /** The parameters drawn (to scale where the family's sketch says so). */
  Sketch: ComponentType<{ type: string; parameters: Record<string, unknown>; compact?: boolean }>;
  /** A note under the schematic about a parameter outside its usual range, or null. */
  advice?: (parameters: Record<string, unknown>) => { text: string; outside: boolean } | null;
}

export interface FamilyManifest {
  family: SimulationFamily;
  /** The family's types this entry serves; every type of the family when absent. */
  types?: readonly string[];
  results?: FamilyResultsEntry;
  schematic?: FamilySchematicEntry;
}
