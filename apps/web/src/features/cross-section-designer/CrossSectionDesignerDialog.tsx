import { Dialog, DialogContent, DialogTitle, IconButton } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiClose } from '@mdi/js';
import { CrossSectionDesigner } from './CrossSectionDesigner';
import type { CrossSectionData } from './geometry';

export interface CrossSectionDesignerDialogProps {
  open: boolean;
  /** The cross-section to start from (metres); none: an empty base-metal part. */
  initial?: CrossSectionData;
  /** A valid cross-section (metres). The dialog does not close itself: the caller does in onConfirm. */
  onConfirm(data: CrossSectionData): void;
  onClose(): void;
}

/** The designer as a modal (welding and jet-ridge create screens). Its state starts afresh on each opening. */
export function CrossSectionDesignerDialog({ open, initial, onConfirm, onClose }: CrossSectionDesignerDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xl" aria-labelledby="cross-section-designer-title">
      <DialogTitle id="cross-section-designer-title" sx={{ pr: 6 }}>
        Cross-section designer
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <Icon path={mdiClose} size={0.9} aria-hidden />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>{open ? <CrossSectionDesigner initial={initial} onConfirm={onConfirm} onCancel={onClose} canvasHeight={420} /> : null}</DialogContent>
    </Dialog>
  );
}
