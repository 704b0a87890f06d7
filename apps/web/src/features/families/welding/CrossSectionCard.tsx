// The welding create/edit screen's cross-section: the live preview of the section the solver would
// mesh (from the fast estimate), and the custom section drawn in the polygon designer, which then
// replaces the joint's parametric one (`cross_section`, metres) until "Use the parametric joint".
// "Import from image" analyses a picture and opens its outline in the designer, to be confirmed there.
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { Icon } from '@mdi/react';
import { mdiImageSearchOutline, mdiUndoVariant, mdiVectorPolygon } from '@mdi/js';
import type { CrossSectionPreview, WeldingCrossSection } from '@simforge/contracts';
import { formatNumber } from '../../../lib/displayUnits';
import { SectionDialogs, type SectionDialog } from '../../simulations/form/SectionDialogs';
import type { CrossSectionCardProps, SectionData } from '../../simulations/slots';
import { CrossSectionDrawing } from './CrossSectionDrawing';
import { area } from '../../cross-section-designer/geometry';
import { boxOf, previewToMm, type GeometrySI, type SectionView } from './sectionDrawing';

type WeldLines = NonNullable<WeldingCrossSection['weld_lines']>;

/**
 * The weld lines to keep with a section saved from the designer (which edits the parts only): those
 * of the section it started from while each still aims inside the new section's extent (1 mm
 * margin); otherwise none, and the solver aims the torch straight down onto the top of the bead.
 */
export function carryWeldLines(lines: WeldLines | undefined, data: SectionData): WeldLines | undefined {
  if (!lines || lines.length === 0) return undefined;
  const box = boxOf(data.parts.flatMap((p) => p.points));
  if (!box) return undefined;
  const margin = 0.001;
  const inside = ([y, z]: readonly [number, number]) => y >= box.minY - margin && y <= box.maxY + margin && z >= box.minZ - margin && z <= box.maxZ + margin;
  return lines.every((line) => inside(line.point)) ? lines : undefined;
}

function summary(preview: CrossSectionPreview): string {
  const section = previewToMm(preview);
  const box = boxOf(section.parts.flatMap((p) => p.points));
  if (!box) return '';
  const bead = section.parts.filter((p) => p.filler).reduce((sum, p) => sum + area(p.points), 0);
  const torch = section.weldLines[0];
  const angle = torch ? Math.round((Math.atan2(Math.abs(torch.direction[0]), -torch.direction[1]) * 180) / Math.PI) : null;
  return [
    `Section ${formatNumber(box.maxY - box.minY, 4)} × ${formatNumber(box.maxZ - box.minZ, 4)} mm (y × z)`,
    `bead area ${formatNumber(bead, 3)} mm²`,
    ...(angle !== null ? [`torch ${angle}° from vertical`] : []),
  ].join(', ');
}

function partLabel(path: string): string {
  const match = /^cross_section\.parts\.(\d+)(?:\.(\w+))?/.exec(path);
  if (match) return `Part ${Number(match[1]) + 1}${match[2] === 'filler' ? ' (material)' : ''}`;
  return path === 'cross_section' ? 'Cross-section' : path.replace(/^cross_section\./, '').replace(/\./g, ' ');
}

export function CrossSectionCard({ type, snapshot, status, value, onChange, errors, disabled }: CrossSectionCardProps) {
  const [view, setView] = useState<SectionView>('joint');
  const [dialog, setDialog] = useState<SectionDialog>(null);
  const custom = value !== undefined;
  const drawn = snapshot?.preview;
  const geometry = snapshot && snapshot.parameters.cross_section === undefined ? (snapshot.parameters.geometry as GeometrySI | undefined) : undefined;
  const snapshotCustom = snapshot ? snapshot.parameters.cross_section !== undefined : false;
  const messages = Object.entries(errors);
  // The designer starts from the custom section, else from the section now shown.
  const initial: SectionData | undefined = value ? { parts: value.parts } : drawn ? { parts: drawn.parts } : undefined;
  const startLines: WeldLines | undefined = value ? value.weld_lines : drawn?.weld_lines;

  return (
    <Card component="section" aria-labelledby="cross-section-title">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 0.5 }}>
          <Typography id="cross-section-title" variant="h3" component="h2" sx={{ flexGrow: 1 }}>
            Cross-section
          </Typography>
          <Chip size="small" variant="outlined" color={custom ? 'warning' : 'default'} label={custom ? 'Custom section' : 'Parametric joint'} data-testid="cross-section-kind" />
          <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, next: SectionView | null) => next && setView(next)} aria-label="Preview extent">
            <ToggleButton value="joint" sx={{ py: 0.25, px: 1 }}>
              Joint detail
            </ToggleButton>
            <ToggleButton value="whole" sx={{ py: 0.25, px: 1 }}>
              Whole section
            </ToggleButton>
          </ToggleButtonGroup>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {custom
            ? 'The section drawn in the designer replaces the joint dimensions below; the weld length still applies.'
            : 'The section the solver will mesh, redrawn as you change the joint dimensions (y across the weld, z up, in mm).'}
        </Typography>
        <Box sx={{ border: 1, borderColor: 'surface.border', borderRadius: 1, bgcolor: 'surface.raised', p: 0.5, minHeight: 120, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          {drawn ? (
            <CrossSectionDrawing type={type} preview={drawn} geometry={geometry} custom={snapshotCustom} view={view} status={status} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {status === 'invalid' ? 'No preview: correct the highlighted fields.' : 'Drawing the cross-section…'}
            </Typography>
          )}
        </Box>
        {drawn ? (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }} data-testid="cross-section-summary">
            {summary(drawn)}
          </Typography>
        ) : null}
        {status === 'invalid' && drawn ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="cross-section-stale">
            Showing the last valid cross-section: correct the highlighted values to redraw it.
          </Typography>
        ) : null}
        {messages.length > 0 ? (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="cross-section-errors">
            {messages.map(([path, message]) => (
              <div key={path}>
                {partLabel(path)}: {message}
              </div>
            ))}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
          <Button variant="outlined" size="small" disabled={disabled || !initial} onClick={() => setDialog('designer')} startIcon={<Icon path={mdiVectorPolygon} size={0.75} aria-hidden />}>
            Design cross-section
          </Button>
          <Button variant="outlined" size="small" disabled={disabled} onClick={() => setDialog('image')} startIcon={<Icon path={mdiImageSearchOutline} size={0.75} aria-hidden />}>
            Import from image
          </Button>
          {custom ? (
            <Button size="small" disabled={disabled} onClick={() => onChange(undefined)} startIcon={<Icon path={mdiUndoVariant} size={0.75} aria-hidden />}>
              Use the parametric joint
            </Button>
          ) : null}
        </Box>
      </CardContent>
      <SectionDialogs
        target="cross-section"
        open={dialog}
        onOpen={setDialog}
        initial={initial}
        onConfirm={(data, fromImage) => {
          // A picture's section keeps no weld lines of the section it replaces (as the assistant's import).
          const lines = fromImage ? undefined : carryWeldLines(startLines, data);
          onChange({ parts: data.parts, ...(lines ? { weld_lines: lines } : {}) });
        }}
      />
    </Card>
  );
}
