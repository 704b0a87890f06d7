// The two ways to a drawn section, shared by the jet's ridge and the welding cross-section: the
// designer, and the image import that opens the picture's outline in the designer, to be confirmed
// (or changed) there before it is used.
import { useState } from 'react';
import { useSimulationSlots, type SectionData } from '../slots';

/** Which of the two dialogs is open. */
export type SectionDialog = 'designer' | 'image' | null;

interface Props {
  /** What the picture shows, for the image analysis. */
  target: 'cross-section' | 'ridge';
  open: SectionDialog;
  onOpen(dialog: SectionDialog): void;
  /** The section the designer starts from when no picture was imported. */
  initial: SectionData | undefined;
  /** The designer's section; `fromImage` when it started from an imported picture. */
  onConfirm(data: SectionData, fromImage: boolean): void;
}

export function SectionDialogs({ target, open, onOpen, initial, onConfirm }: Props) {
  const { CrossSectionDesignerDialog, ImageImportDialog } = useSimulationSlots();
  /** An outline accepted from a picture: the designer opens with it instead of the current section. */
  const [fromImage, setFromImage] = useState<SectionData | null>(null);
  const close = () => {
    onOpen(null);
    setFromImage(null);
  };
  return (
    <>
      <ImageImportDialog
        open={open === 'image'}
        target={target}
        onClose={() => onOpen(null)}
        onAccept={(data) => {
          setFromImage(data);
          onOpen('designer');
        }}
      />
      <CrossSectionDesignerDialog
        open={open === 'designer'}
        initial={fromImage ?? initial}
        onClose={close}
        onConfirm={(data) => {
          close();
          onConfirm(data, fromImage !== null);
        }}
      />
    </>
  );
}
