export { CrossSectionDesigner, type CrossSectionDesignerProps } from './CrossSectionDesigner';
export { CrossSectionDesignerDialog, type CrossSectionDesignerDialogProps } from './CrossSectionDesignerDialog';
export { exampleVGroove } from './examples';
export type { CrossSectionData, PartMm, PointMm } from './geometry';
