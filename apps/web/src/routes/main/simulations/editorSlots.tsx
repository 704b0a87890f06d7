// What the create and edit screens show of other features.
import { lazy } from 'react';
import { AssistantButton } from '../../../features/chat';
import { CrossSectionDesignerDialog } from '../../../features/cross-section-designer';
import { FamilySchematic, FamilySketch, hasFamilySchematic } from '../../../features/families/FamilySchematic';
import { weldingForm } from '../../../features/families/welding/weldingForm';
import type { SimulationSlots } from '../../../features/simulations/slots';
import { ImageImportDialog } from '../../../features/uploads/ImageImportDialog';

// The pipe diagram (networks' `.inp` text), loaded with its canvas library only where it is used.
const NetworkInpDiagram = lazy(() => import('../../../features/pipe-diagram-editor/NetworkInpDiagram'));

export const editorSlots: Partial<SimulationSlots> = {
  AssistantButton,
  NetworkInpDiagram,
  CrossSectionDesignerDialog,
  ImageImportDialog,
  familySchematics: { Schematic: FamilySchematic, Sketch: FamilySketch, has: hasFamilySchematic },
  weldingForm,
};
