// "Import from image" in the designers: pick or drop a PNG, JPEG or WebP picture, optionally give
// its scale (px per mm, or a known length and its length in pixels), have the server analyse it
// (POST /simulations/analyze-image), then see the outline over the picture with the suggested joint
// type and accept it or cancel. A picture the browser cannot read says `Failed to read file`; what
// the server refuses says so with the field's label.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiClose, mdiImagePlus } from '@mdi/js';
import type { ImageAnalysisResponse } from '@simforge/contracts';
import type { CrossSectionData } from '../cross-section-designer';
import { errorDetail, type ErrorDetail } from '../../lib/errorDetail';
import { READ_FILE_ERROR, type UploadedImage } from '../../lib/readImageFile';
import { analyzeImage, type ImageScaleInput } from './analyzeImage';
import { ImageAnalysisPreview } from './ImageAnalysisPreview';
import type { ImageImportTarget } from './imageOutline';
import { ACCEPTED_IMAGES, uploadImage } from './uploadImage';

type ScaleMode = 'none' | 'px_per_mm' | 'known_length';

export interface ImageImportDialogProps {
  open: boolean;
  target: ImageImportTarget;
  /** The accepted outline (metres, the designer's format); the caller closes the dialog. */
  onAccept(data: CrossSectionData): void;
  onClose(): void;
}

function scaleInput(mode: ScaleMode, values: Required<ImageScaleInput>): ImageScaleInput {
  if (mode === 'px_per_mm') return { px_per_mm: values.px_per_mm };
  if (mode === 'known_length') return { known_length_mm: values.known_length_mm, known_length_px: values.known_length_px };
  return {};
}

function ScaleFields({ mode, onMode, values, onValues, errors }: { mode: ScaleMode; onMode(mode: ScaleMode): void; values: Required<ImageScaleInput>; onValues(values: Required<ImageScaleInput>): void; errors: Record<string, string> }) {
  const field = (name: keyof ImageScaleInput, label: string) => (
    <TextField
      size="small"
      type="number"
      label={label}
      value={values[name]}
      onChange={(e) => onValues({ ...values, [name]: e.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      sx={{ width: 170 }}
      slotProps={{ htmlInput: { step: 'any', min: 0 } }}
    />
  );
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        Scale of the picture (optional: without one, give it after the analysis)
      </Typography>
      <ToggleButtonGroup size="small" exclusive value={mode} onChange={(_, next: ScaleMode | null) => next && onMode(next)} aria-label="Scale of the picture">
        <ToggleButton value="none">No scale</ToggleButton>
        <ToggleButton value="px_per_mm">Pixels per mm</ToggleButton>
        <ToggleButton value="known_length">A known length</ToggleButton>
      </ToggleButtonGroup>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {mode === 'px_per_mm' ? field('px_per_mm', 'Scale (px per mm)') : null}
        {mode === 'known_length' ? (
          <>
            {field('known_length_mm', 'Known length (mm)')}
            {field('known_length_px', 'Known length (px)')}
          </>
        ) : null}
      </Stack>
    </Stack>
  );
}

/** Where the picture is chosen or dropped; while it is analysed, the picture and a spinner. */
function PictureDropZone({ target, busy, picture, onFile }: { target: ImageImportTarget; busy: boolean; picture: UploadedImage | null; onFile(file: File | undefined): void }) {
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    onFile(event.dataTransfer.files[0]);
  }

  return (
    <Box
      data-testid="image-drop-zone"
      onDragOver={(e: DragEvent) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      sx={{ border: 2, borderStyle: 'dashed', borderColor: dragging ? 'primary.main' : 'divider', borderRadius: 1, p: 3, textAlign: 'center', bgcolor: dragging ? 'action.hover' : undefined }}
    >
      {busy ? (
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          {picture ? <Box component="img" src={picture.dataUrl} alt={picture.fileName} sx={{ maxWidth: 240, maxHeight: 160 }} /> : null}
          <CircularProgress size={24} aria-label="Analysing the picture" />
        </Stack>
      ) : (
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2">Drop a PNG, JPEG or WebP picture of the {target === 'ridge' ? 'ridge' : 'cross-section'} here (at most 10 MB), or</Typography>
          <Button variant="outlined" onClick={() => fileInput.current?.click()} startIcon={<Icon path={mdiImagePlus} size={0.8} aria-hidden />}>
            Choose picture
          </Button>
        </Stack>
      )}
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPTED_IMAGES}
        hidden
        aria-label="Picture file"
        data-testid="image-import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          onFile(file);
        }}
      />
    </Box>
  );
}

function ImageImport({ target, onAccept, onClose }: Omit<ImageImportDialogProps, 'open'>) {
  const [mode, setMode] = useState<ScaleMode>('none');
  const [values, setValues] = useState<Required<ImageScaleInput>>({ px_per_mm: '', known_length_mm: '', known_length_px: '' });
  const [picture, setPicture] = useState<UploadedImage | null>(null);
  const [analysis, setAnalysis] = useState<ImageAnalysisResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorDetail | null>(null);
  const pending = useRef<AbortController | null>(null);

  useEffect(() => () => pending.current?.abort(), []);

  async function analyse(file: File | undefined) {
    if (!file || busy) return;
    setError(null);
    setAnalysis(null);
    let read: UploadedImage;
    try {
      read = await uploadImage(file);
    } catch {
      setPicture(null);
      setError({ message: READ_FILE_ERROR, fields: {}, status: null });
      return;
    }
    setPicture(read);
    setBusy(true);
    pending.current = new AbortController();
    try {
      setAnalysis(await analyzeImage(file, scaleInput(mode, values), pending.current.signal));
    } catch (failure) {
      if (!pending.current.signal.aborted) setError(errorDetail(failure));
    } finally {
      setBusy(false);
    }
  }

  if (analysis) {
    return (
      <DialogContent dividers>
        <Stack spacing={1.5}>
          <Typography variant="body2" color="text.secondary">
            {picture?.fileName}: the detected outline over the picture. Accepting opens it in the designer; nothing changes until you confirm it there.
          </Typography>
          <ImageAnalysisPreview analysis={analysis} picture={picture?.dataUrl} target={target} height={360} acceptLabel="Use this outline" onAccept={onAccept} onCancel={onClose} />
          <Box>
            <Button size="small" onClick={() => setAnalysis(null)}>
              Choose another picture
            </Button>
          </Box>
        </Stack>
      </DialogContent>
    );
  }

  return (
    <>
      <DialogContent dividers>
        <Stack spacing={2}>
          <ScaleFields mode={mode} onMode={setMode} values={values} onValues={setValues} errors={error?.fields ?? {}} />
          <PictureDropZone target={target} busy={busy} picture={picture} onFile={(file) => void analyse(file)} />
          {error ? (
            <Alert severity="error" role="alert" data-testid="image-import-error" onClose={() => setError(null)}>
              {error.message}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </>
  );
}

/** The import as a modal (welding cross-section and jet ridge); its state starts afresh on each opening. */
export function ImageImportDialog({ open, target, onAccept, onClose }: ImageImportDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="image-import-title">
      <DialogTitle id="image-import-title" sx={{ pr: 6 }}>
        {target === 'ridge' ? 'Import the ridge from an image' : 'Import the cross-section from an image'}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <Icon path={mdiClose} size={0.9} aria-hidden />
        </IconButton>
      </DialogTitle>
      {open ? <ImageImport target={target} onAccept={onAccept} onClose={onClose} /> : null}
    </Dialog>
  );
}
