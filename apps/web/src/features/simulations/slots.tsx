// The pieces of other features that the simulation screens show: export menu, compare buttons,
// family views, the 3-D part view, the assistant, image import ... Sibling features import this
// feature (its API, its result cards), so it may not import them back without an import circle.
// The route files in src/routes/ fill the slots in; a slot left empty renders nothing.
import { createContext, useContext, useMemo, type ComponentType, type ReactNode } from 'react';
import type { EstimateResponse, ResultsIndex, Simulation, SimulationRun, WeldingCrossSection } from '@simforge/contracts';
import type { ParameterFormValues } from './form/parameterForm';
import type { PreviewSnapshot } from './form/useEstimate';
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

export interface CrossSectionCardProps {
  type: string;
  /** The latest preview from the server (kept while later parameters are refused). */
  snapshot: PreviewSnapshot | null;
  status: 'current' | 'updating' | 'invalid';
  /** The custom section in the parameters, if any (metres). */
  value: WeldingCrossSection | undefined;
  onChange(value: WeldingCrossSection | undefined): void;
  /** The server's messages about the custom section (`cross_section.parts.0.points` -> message). */
  errors: Readonly<Record<string, string>>;
  disabled: boolean;
}

/** The welding family's pieces of the create and edit screens (features/families/welding/). */
export interface WeldingForm {
  /** The joint's small drawing on a type card (nothing for types without one). */
  JointSketch: ComponentType<{ type: string; label: string }>;
  hasJointSketch: (type: string) => boolean;
  /** The live cross-section preview and the custom section, before the geometry fields. */
  CrossSectionCard: ComponentType<CrossSectionCardProps>;
  /** The heat input under the process fields. */
  HeatInputLine: ComponentType<{ values: ParameterFormValues; estimate: EstimateResponse | null }>;
}

export interface SimulationSlots {
  // The view screen.
  ExportMenu: ComponentType<{ simulation: Simulation; runId: string | null }>;
  CompareWithButton: ComponentType<{ simulation: Simulation; runId: string | null }>;
  CompareRunsButton: ComponentType<{ simulationId: string; runs: readonly SimulationRun[] }>;
  VerificationReportLink: ComponentType<{ type: string }>;
  UnitSystemSwitch: ComponentType;
  /** Loaded lazily: the view screen wraps it in Suspense. */
  NetworkResultsView: ComponentType<{ simulationId: string; documentKey: string }>;
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
  weldingForm: WeldingForm;
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
  weldingForm: { JointSketch: Nothing, hasJointSketch: () => false, CrossSectionCard: Nothing, HeatInputLine: Nothing },
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
