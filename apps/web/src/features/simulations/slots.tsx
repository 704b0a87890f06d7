// The pieces of other features that the simulation screens show: export menu, compare buttons,
// family views, the 3-D part view, the assistant, image import ... Sibling features import this
// feature (its API, its result cards), so it may not import them back without an import circle.
// The route files in src/routes/ fill the slots in; a slot left empty renders nothing.
import { createContext, useContext, useMemo, type ComponentType, type ReactNode } from 'react';
import type { ResultsIndex, Simulation, SimulationRun } from '@simforge/contracts';
import type { FieldArray } from './results/fieldData';
import type { FieldExport } from './results/fieldViews';
import type { LiveResiduals } from './view/useSimulationLive';

/** A drawn cross-section as the API takes it: parts of points [y, z] in metres. */
export interface SectionData {
  parts: { points: [number, number][]; filler: boolean }[];
}

/**
 * The results a simulation's family draws itself (jet, melt pool, ..., chosen by the simulation's type)
 * and the residual history of an iterative run; which series and fields that leaves the generic cards.
 */
export interface FamilyResults {
  View: ComponentType<{ type: string; simulationId: string; index: ResultsIndex }>;
  /** Null when neither a family view nor the residual card takes anything of this run's results. */
  claimsOf: (type: string, index: ResultsIndex) => ((kind: 'series' | 'fields', name: string) => boolean) | null;
}

export interface FamilySchematics {
  /** The family's schematic beside the editor's parameters (nothing for families without one). */
  Schematic: ComponentType<{ type: string; parameters: Record<string, unknown> | null }>;
  /** The small sketch on a create screen's header. */
  Sketch: ComponentType<{ type: string; parameters: Record<string, unknown>; compact?: boolean }>;
  has: (type: string) => boolean;
}

export interface SimulationSlots {
  // The view screen.
  ExportMenu: ComponentType<{ simulation: Simulation; runId: string | null }>;
  CompareWithButton: ComponentType<{ simulation: Simulation; runId: string | null }>;
  CompareRunsButton: ComponentType<{ simulationId: string; runs: readonly SimulationRun[] }>;
  VerificationReportLink: ComponentType<{ type: string }>;
  UnitSystemSwitch: ComponentType;
  /** Loaded lazily: the view screen wraps it in Suspense. */
  NetworkResultsView: ComponentType<{ simulationId: string; inp: string; documentKey: string }>;
  familyResults: FamilyResults;
  LiveResidualPlot: ComponentType<{ residuals: LiveResiduals | null }>;
  /** Loaded lazily: the field card wraps it in Suspense. */
  PartView3D: ComponentType<{ array: FieldArray; label: string; onExport?: (target: FieldExport | null) => void }>;
  // The list screen.
  ImportButton: ComponentType;
  CompareSelectedButton: ComponentType<{ selected: readonly Simulation[] }>;
  // The create and edit screens.
  AssistantButton: ComponentType<{ screen: string; type: string; parameters: Record<string, unknown>; onImportCrossSection?: (data: SectionData) => void }>;
  /** Loaded lazily: the editor wraps it in Suspense. */
  NetworkInpDiagram: ComponentType<{ inp: string; onInpChange: (text: string) => void; onBlocked: (reason: string | null) => void; variant: 'v1' | 'v2'; disabled?: boolean }>;
  familySchematics: FamilySchematics;
  CrossSectionDesignerDialog: ComponentType<{ open: boolean; initial?: SectionData; onConfirm: (data: SectionData) => void; onClose: () => void }>;
  ImageImportDialog: ComponentType<{ open: boolean; target: 'cross-section' | 'ridge'; onAccept: (data: SectionData) => void; onClose: () => void }>;
}

const Nothing = () => null;

const empty: SimulationSlots = {
  ExportMenu: Nothing,
  CompareWithButton: Nothing,
  CompareRunsButton: Nothing,
  VerificationReportLink: Nothing,
  UnitSystemSwitch: Nothing,
  NetworkResultsView: Nothing,
  familyResults: { View: Nothing, claimsOf: () => null },
  LiveResidualPlot: Nothing,
  PartView3D: Nothing,
  ImportButton: Nothing,
  CompareSelectedButton: Nothing,
  AssistantButton: Nothing,
  NetworkInpDiagram: Nothing,
  familySchematics: { Schematic: Nothing, Sketch: Nothing, has: () => false },
  CrossSectionDesignerDialog: Nothing,
  ImageImportDialog: Nothing,
};

const SlotsContext = createContext<SimulationSlots>(empty);

export function SimulationSlotsProvider({ slots, children }: { slots: Partial<SimulationSlots>; children: ReactNode }) {
  const outer = useContext(SlotsContext);
  const value = useMemo(() => ({ ...outer, ...slots }), [outer, slots]);
  return <SlotsContext.Provider value={value}>{children}</SlotsContext.Provider>;
}

export function useSimulationSlots(): SimulationSlots {
  return useContext(SlotsContext);
}
